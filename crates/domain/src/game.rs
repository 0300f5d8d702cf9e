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
    /// Ended before each side made two moves (abandoned, or asked for):
    /// never rated.
    Aborted,
    /// Nobody joined in time.
    Expired,
}

impl GameStatus {
    pub const ALL: [GameStatus; 7] = [
        GameStatus::Waiting,
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Cancelled,
        GameStatus::Archived,
        GameStatus::Aborted,
        GameStatus::Expired,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
            GameStatus::Archived => "archived",
            GameStatus::Aborted => "aborted",
            GameStatus::Expired => "expired",
        }
    }

    pub fn parse(raw: &str) -> Option<GameStatus> {
        GameStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// Whether nothing about the game can change any more.
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            GameStatus::Finished
                | GameStatus::Cancelled
                | GameStatus::Archived
                | GameStatus::Aborted
                | GameStatus::Expired
        )
    }
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game is timed, chosen at creation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Each side has `initial_s` for the game, and gains `increment_s`
    /// after each of their moves (Fischer).
    RealTime { initial_s: u32, increment_s: u32 },
    /// Each move must come within `days_per_move` days.
    Correspondence { days_per_move: u32 },
}

impl TimeControl {
    /// The longest a side may have for a real-time game: a day.
    pub const MAX_INITIAL_S: u32 = 24 * 3600;
    pub const MAX_INCREMENT_S: u32 = 3600;
    pub const MAX_DAYS_PER_MOVE: u32 = 30;

    /// Checks the bounds; the reason names the field.
    pub fn check(self) -> Result<TimeControl, String> {
        match self {
            TimeControl::RealTime {
                initial_s,
                increment_s,
            } => {
                if !(1..=Self::MAX_INITIAL_S).contains(&initial_s) {
                    return Err(format!(
                        "clock.initial_s must be 1 to {}",
                        Self::MAX_INITIAL_S
                    ));
                }
                if increment_s > Self::MAX_INCREMENT_S {
                    return Err(format!(
                        "clock.increment_s must be 0 to {}",
                        Self::MAX_INCREMENT_S
                    ));
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                if !(1..=Self::MAX_DAYS_PER_MOVE).contains(&days_per_move) {
                    return Err(format!(
                        "clock.days_per_move must be 1 to {}",
                        Self::MAX_DAYS_PER_MOVE
                    ));
                }
            }
        }
        Ok(self)
    }

    /// The time each side starts with, in milliseconds.
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::RealTime { initial_s, .. } => i64::from(initial_s) * 1000,
            TimeControl::Correspondence { days_per_move } => i64::from(days_per_move) * 86_400_000,
        }
    }
}
