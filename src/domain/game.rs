opaque_id! {
    /// An opaque game id: 10 random base62 characters.
    GameId, InvalidGameId, "game id"
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Created; a seat is still open.
    Waiting,
    /// Both seats taken; moves are being played.
    Active,
    Finished,
    /// Withdrawn by its creator before anyone joined.
    Cancelled,
    /// An imported record that does not reach an end: read-only, for study.
    Archived,
}

impl GameStatus {
    pub const ALL: [GameStatus; 5] = [
        GameStatus::Waiting,
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Cancelled,
        GameStatus::Archived,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
            GameStatus::Archived => "archived",
        }
    }

    pub fn parse(raw: &str) -> Option<GameStatus> {
        GameStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// Whether nothing about the game can change any more.
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            GameStatus::Finished | GameStatus::Cancelled | GameStatus::Archived
        )
    }
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
