//! The events of a stored game after a version, rebuilt from the game and
//! its moves, for a stream that resumes (`Last-Event-ID`) or falls behind.
//!
//! Versions: 1 at creation, then +1 per saved transition (joined, each
//! move, a resignation, an abort, a flag fall, a cancellation or expiry);
//! a move that ends the game is one transition (its `move` and `ended`
//! events share a version).
//!
//! A timed game's clock after each change is rebuilt from what each move
//! row stores (migration 0006: the mover's time left after it, and when it
//! was played): the same clock the live event carried, deadline included,
//! under the server's current [`Policy`] (its first-move window). When the
//! stored game does not account for its version, the answer is `None` and
//! the stream sends a fresh snapshot, which is complete though not
//! incremental.

use super::clock::{self, Policy};
use super::{position_of, GameEvent, GamesError, PlayedMove};
use crate::domain::GameStatus;
use crate::engine::{Move, Seat};
use crate::games::positions;
use crate::games::Game;
use crate::store::Store;

/// The events with a version above `since`, in commit order; `None` when
/// the stored game does not account for its version (a transition this
/// rebuild does not know): the caller then sends a fresh snapshot.
pub async fn events_after(
    store: &Store,
    game: &Game,
    since: i64,
    policy: &Policy,
) -> Result<Option<Vec<GameEvent>>, GamesError> {
    if since >= game.version {
        return Ok(Some(Vec::new()));
    }
    let Some(all) = all_events(store, game, policy).await? else {
        return Ok(None);
    };
    if all.last().map(GameEvent::version) != Some(game.version) {
        return Ok(None);
    }
    Ok(Some(
        all.into_iter().filter(|e| e.version() > since).collect(),
    ))
}

async fn all_events(
    store: &Store,
    game: &Game,
    policy: &Policy,
) -> Result<Option<Vec<GameEvent>>, GamesError> {
    let mut events = vec![GameEvent::Created { version: 1 }];
    match game.status {
        GameStatus::Cancelled => events.push(match &game.decline_reason {
            Some(reason) => GameEvent::Declined {
                version: 2,
                reason: reason.clone(),
            },
            None => GameEvent::Cancelled { version: 2 },
        }),
        GameStatus::Expired if game.started_at.is_none() => {
            events.push(GameEvent::Expired { version: 2 })
        }
        _ => {}
    }
    let Some(started_at) = game.started_at else {
        return Ok(Some(events));
    };
    let Some(joined_seat) = game.seat_of(&game.created_by).map(Seat::other) else {
        return Ok(Some(events));
    };
    let Some(joiner) = game.player(joined_seat).cloned() else {
        return Ok(Some(events));
    };
    let internal = |what: &str, e: &dyn std::fmt::Display| {
        GamesError::internal(format!("game {}: {what}: {e}", game.id))
    };
    let mut position = positions::start_position(game).map_err(|e| internal("start", &e))?;
    // The game as it stood after each change, for its clock.
    let mut then = game.clone();
    then.status = GameStatus::Active;
    then.ply = position.ply();
    then.to_move = position.turn();
    clock::start(&mut then, started_at, policy);
    events.push(GameEvent::Joined {
        version: 2,
        seat: joined_seat,
        player: joiner,
        status: GameStatus::Active,
        started_at: Some(started_at),
        clock: clock::state(&then),
    });
    let records = store
        .moves_between(&game.id, game.start_ply(), game.last_ply())
        .await?;
    let mut version = 2;
    for record in records {
        let m: Move = record.notation.parse().map_err(|e| internal("move", &e))?;
        let (after, trace) = position
            .play_traced(m)
            .map_err(|e| internal("replay", &e))?;
        version += 1;
        let played_at = record.played_at.unwrap_or(game.updated_at);
        let over = after.outcome();
        then.ply = after.ply();
        then.to_move = after.turn();
        if then.timing.control.is_some() {
            let Some(left_ms) = record.clock_ms else {
                return Ok(None);
            };
            clock::after_stored_move(&mut then, record.seat, left_ms, played_at, policy);
        }
        events.push(GameEvent::Move {
            version,
            played: PlayedMove {
                ply: record.ply,
                seat: record.seat,
                notation: record.notation,
                trace,
                position_after: record.position_after,
                played_at,
                think_ms: record.think_ms,
                clock_ms: record.clock_ms,
            },
            ply: after.ply(),
            to_move: after.turn(),
            scores: after.scores(),
            // A move that ended the game stopped the clock with it.
            clock: clock::state(if over.is_some() { game } else { &then }),
            legal_moves: if over.is_some() {
                Vec::new()
            } else {
                after.legal_moves().iter().copied().collect()
            },
        });
        if let Some(result) = over {
            events.push(ended(game, version, result));
        }
        position = after;
    }
    if !position.is_over() {
        match game.status {
            GameStatus::Finished => {
                let result = game
                    .result
                    .or_else(|| position_of(game).ok().and_then(|p| p.outcome()))
                    .ok_or_else(|| GamesError::internal(format!("game {}: no result", game.id)))?;
                events.push(ended(game, version + 1, result));
            }
            GameStatus::Aborted => events.push(GameEvent::Aborted {
                version: version + 1,
                reason: game.abort_reason.clone().unwrap_or_default(),
            }),
            _ => {}
        }
    }
    Ok(Some(events))
}

fn ended(game: &Game, version: i64, result: crate::engine::Outcome) -> GameEvent {
    GameEvent::Ended {
        version,
        status: game.status,
        result,
        clock: clock::state(game),
    }
}
