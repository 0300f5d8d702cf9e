//! Challenges: a game created for a named person (`opponent`), which that
//! person accepts (takes the reserved seat) or declines (the game is
//! cancelled, with their reason). The challenger withdraws one by
//! cancelling it.

use super::{clock, lock, save, GameEvent, Games, GamesError, Transition};
use crate::domain::{GameId, GameStatus, PlayerId, PlayerRef};
use crate::store::{Store, WriteTx};

/// Why a challenge was declined, as Lichess's decline reasons, in
/// snake case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeclineReason {
    #[default]
    Generic,
    Later,
    TooFast,
    TooSlow,
    TimeControl,
    Rated,
    Casual,
    Rules,
    NoBot,
    OnlyBot,
}

impl DeclineReason {
    pub const ALL: [DeclineReason; 10] = [
        DeclineReason::Generic,
        DeclineReason::Later,
        DeclineReason::TooFast,
        DeclineReason::TooSlow,
        DeclineReason::TimeControl,
        DeclineReason::Rated,
        DeclineReason::Casual,
        DeclineReason::Rules,
        DeclineReason::NoBot,
        DeclineReason::OnlyBot,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DeclineReason::Generic => "generic",
            DeclineReason::Later => "later",
            DeclineReason::TooFast => "too_fast",
            DeclineReason::TooSlow => "too_slow",
            DeclineReason::TimeControl => "time_control",
            DeclineReason::Rated => "rated",
            DeclineReason::Casual => "casual",
            DeclineReason::Rules => "rules",
            DeclineReason::NoBot => "no_bot",
            DeclineReason::OnlyBot => "only_bot",
        }
    }

    pub fn from_name(name: &str) -> Option<DeclineReason> {
        DeclineReason::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl Games {
    /// Up to `limit` waiting challenges to or from `player`, newest first.
    pub async fn pending_challenges(
        &self,
        store: &Store,
        player: &PlayerId,
        limit: u32,
    ) -> Result<Vec<super::Game>, GamesError> {
        super::model::from_rows(store.pending_challenges(player, limit).await?)
    }

    /// The person challenged takes the reserved seat: the game is active.
    pub async fn accept(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerRef,
    ) -> Result<Transition, GamesError> {
        let game = lock(tx, id).await?;
        challenged(&game, &player.id)?;
        self.join(tx, id, player).await
    }

    /// The person challenged declines: the game is cancelled, with the
    /// reason.
    pub async fn decline(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
        reason: DeclineReason,
    ) -> Result<Transition, GamesError> {
        let mut game = lock(tx, id).await?;
        challenged(&game, player)?;
        game.status = GameStatus::Cancelled;
        game.decline_reason = Some(reason.name().to_owned());
        game.updated_at = self.time.now();
        clock::stop(&mut game);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, reason = reason.name(), "challenge declined");
        let events = vec![GameEvent::Declined {
            version: game.version,
            reason: reason.name().to_owned(),
        }];
        Ok(Transition { game, events })
    }
}

/// Refuses anyone but the person an open challenge is for.
fn challenged(game: &super::Game, player: &PlayerId) -> Result<(), GamesError> {
    if game.challenge_to.as_ref() != Some(player) {
        return Err(GamesError::NotChallenged);
    }
    if game.status != GameStatus::Waiting {
        return Err(GamesError::GameNotWaiting(game.status));
    }
    Ok(())
}
