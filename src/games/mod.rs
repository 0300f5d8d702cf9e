//! The life of a game: every transition (create, join, play, resign,
//! cancel …) is one function here, run inside the caller's store
//! transaction, reading the time from the layer's [`TimeSource`] and
//! returning the game after it with the [`GameEvent`]s it caused. The HTTP
//! handlers, the load generator and background tasks call the same
//! functions; after committing they hand the [`Transition`] to
//! [`Games::publish`] for whoever follows the game.

pub mod bots;
pub mod clock;
pub mod error;
pub mod events;
mod lifecycle;
mod play;
pub mod replay_events;
mod sweep;
#[cfg(test)]
mod tests;
pub mod time;

use std::sync::Arc;

use tokio::sync::broadcast;

pub use clock::{ClockState, Policy, DEFAULT_RATED};
pub use error::GamesError;
pub use events::{GameEvent, PlayedMove};
pub use lifecycle::{new_game, GameSpec};
pub use time::{ManualTime, SharedTime, SystemTime, TimeSource};

use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Position, Seat};
use crate::store::{Game, WriteTx};

/// How many published transitions a slow subscriber may lag behind.
const PUBLISHED_BACKLOG: usize = 1024;

/// A game after a transition, with what the transition did.
#[derive(Clone, Debug)]
pub struct Transition {
    pub game: Game,
    pub events: Vec<GameEvent>,
}

impl Transition {
    /// The move a play transition made.
    pub fn played(&self) -> Option<&PlayedMove> {
        self.events.iter().find_map(|event| match event {
            GameEvent::Move { played, .. } => Some(played),
            _ => None,
        })
    }
}

/// The Games layer of one process: its time source, and the channel that
/// carries committed transitions to subscribers. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Games {
    time: SharedTime,
    policy: Policy,
    published: broadcast::Sender<Arc<Transition>>,
}

impl Games {
    /// The layer with the default [`Policy`].
    pub fn new(time: SharedTime) -> Games {
        Games::with_policy(time, Policy::default())
    }

    pub fn with_policy(time: SharedTime, policy: Policy) -> Games {
        let (published, _) = broadcast::channel(PUBLISHED_BACKLOG);
        Games {
            time,
            policy,
            published,
        }
    }

    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    pub fn time(&self) -> &SharedTime {
        &self.time
    }

    /// The events of a stored game after version `since`, rebuilt under
    /// this layer's policy ([`replay_events::events_after`]).
    pub async fn events_after(
        &self,
        store: &crate::store::Store,
        game: &Game,
        since: i64,
    ) -> Result<Option<Vec<GameEvent>>, GamesError> {
        replay_events::events_after(store, game, since, &self.policy).await
    }

    /// Committed transitions, in commit order per game, from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Transition>> {
        self.published.subscribe()
    }

    /// Hands a committed transition to the subscribers. Call it only after
    /// the transaction that made it committed.
    pub fn publish(&self, transition: Transition) {
        if transition.events.is_empty() {
            return;
        }
        if transition.played().is_some() {
            metrics::counter!("oanquan_moves_played_total").increment(1);
        }
        // No subscriber is not an error.
        let _ = self.published.send(Arc::new(transition));
    }
}

/// The current position of a stored game (finished or not).
pub fn position_of(game: &Game) -> Result<Position, GamesError> {
    crate::replay::current_position(game)
        .map_err(|e| GamesError::internal(format!("game {}: stored position: {e}", game.id)))
}

/// Locks the game for a write, or says it does not exist.
pub(crate) async fn lock(tx: &mut WriteTx, id: &GameId) -> Result<Game, GamesError> {
    tx.lock_game(id)
        .await?
        .ok_or_else(|| GamesError::GameNotFound(id.clone()))
}

/// Locks an active game for one of its players: the game and their seat.
pub(crate) async fn lock_seated(
    tx: &mut WriteTx,
    id: &GameId,
    player: &PlayerId,
) -> Result<(Game, Seat), GamesError> {
    seated(lock(tx, id).await?, player)
}

/// An active game and the seat of one of its players in it.
pub(crate) fn seated(game: Game, player: &PlayerId) -> Result<(Game, Seat), GamesError> {
    let seat = game
        .seat_of(player)
        .ok_or_else(|| GamesError::NotAPlayer(game.id.clone()))?;
    if game.status != GameStatus::Active {
        return Err(GamesError::GameNotActive(game.status));
    }
    Ok((game, seat))
}

/// Saves the game and bumps its version.
pub(crate) async fn save(tx: &mut WriteTx, game: &mut Game) -> Result<(), GamesError> {
    if !tx.save_game(game).await? {
        return Err(GamesError::internal(format!(
            "game {} changed under its row lock",
            game.id
        )));
    }
    game.version += 1;
    Ok(())
}
