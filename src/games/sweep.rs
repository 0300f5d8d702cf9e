//! Games nobody has to ask to end: flags that fell, first moves that never
//! came, waiting games nobody joined. A bot's flag is not the sweeper's to
//! call: the store leaves out games with a bot to move, whose time runs
//! only while its search does (a node's queue of bot moves is not in the
//! database); a bot that overspends loses when it moves ([`Games::play_as_bot`]). Every process sweeps; on PostgreSQL
//! a game another transaction holds is skipped (`FOR UPDATE SKIP LOCKED`),
//! so of several sweepers and a move racing them exactly one transition
//! happens, and the others find the game settled or no longer due.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::clock::{self, moves_by};
use super::lifecycle::{abort, end};
use super::Game;
use super::{position_of, save, Done, GameEvent, Games, GamesError, Transition};
use crate::domain::{GameId, GameStatus};
use crate::engine::{EndReason, Outcome};
use crate::store::{Store, WriteTx};

/// Games settled per look at the database.
const BATCH: i64 = 100;

impl Games {
    /// Settles every game whose deadline has passed, each in its own
    /// transaction, and publishes what it did. Returns how many it settled.
    pub async fn sweep(&self, store: &Store) -> Result<usize, GamesError> {
        metrics::counter!("oanquan_sweeper_runs_total").increment(1);
        let mut settled = 0;
        loop {
            let now = self.time.now();
            let due = store.due_games(now, BATCH).await?;
            let mut progress = 0;
            for id in &due {
                if self.settle_due(store, id).await?.is_some() {
                    progress += 1;
                }
            }
            settled += progress;
            metrics::counter!("oanquan_sweeper_games_settled_total").increment(progress as u64);
            if (due.len() as i64) < BATCH || progress == 0 {
                return Ok(settled);
            }
        }
    }

    /// Settles one game if its deadline has passed and nobody else holds
    /// it; `None` when there was nothing to do.
    pub async fn settle_due(
        &self,
        store: &Store,
        id: &GameId,
    ) -> Result<Option<Arc<Transition>>, GamesError> {
        let now = self.time.now();
        let settled = self
            .run_unkeyed::<_, GamesError>(store, async |_, tx| {
                let Some(game) = super::model::from_row(tx.lock_due_game(id, now).await?)? else {
                    return Ok(Done::value(false));
                };
                Ok(match settle(tx, game, now).await? {
                    Some(transition) => Done::with(true, transition),
                    None => Done::value(false),
                })
            })
            .await?;
        Ok(settled.value.then_some(settled.transition).flatten())
    }
}

/// The transition a locked game is due at `now`, if any.
async fn settle(
    tx: &mut WriteTx,
    mut game: Game,
    now: DateTime<Utc>,
) -> Result<Option<Transition>, GamesError> {
    let event = match game.status {
        GameStatus::Waiting if game.timing.expires_at.is_some_and(|at| at <= now) => {
            game.status = GameStatus::Expired;
            game.updated_at = now;
            clock::stop(&mut game);
            save(tx, &mut game).await?;
            tracing::info!(game_id = %game.id, "waiting game expired");
            GameEvent::Expired {
                version: game.version,
            }
        }
        GameStatus::Active if game.timing.deadline_at.is_some_and(|at| at <= now) => {
            flag(tx, &mut game, now).await?
        }
        _ => return Ok(None),
    };
    Ok(Some(Transition {
        game,
        events: vec![event],
    }))
}

/// Ends an active game whose side to move ran out of time at `now`: lost
/// on time, or aborted if that side never moved.
pub(super) async fn flag(
    tx: &mut WriteTx,
    game: &mut Game,
    now: DateTime<Utc>,
) -> Result<GameEvent, GamesError> {
    let flagged = game.to_move;
    tracing::info!(game_id = %game.id, seat = %flagged, "flag fell");
    if moves_by(game, flagged) == 0 {
        return abort(tx, game, "no_first_move", now).await;
    }
    // The flag fell: the game ends with no time left on it.
    if let Some(clock) = game.timing.clock_ms.as_mut() {
        clock[flagged.index()] = 0;
    }
    let outcome = Outcome {
        winner: Some(flagged.other()),
        reason: EndReason::Timeout,
        scores: position_of(game)?.scores(),
    };
    end(tx, game, outcome, "timeout", now).await
}
