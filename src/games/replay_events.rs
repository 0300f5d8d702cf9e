//! The events of a stored game after a version, rebuilt from the game and
//! its moves, for a stream that resumes (`Last-Event-ID`) or falls behind.
//!
//! Versions: 1 at creation, then +1 per saved transition (joined, each
//! move, a resignation or cancellation); a move that ends the game is one
//! transition (its `move` and `ended` events share a version).
//!
//! A timed game's events carry its clock after each change, which this
//! rebuild does not reconstruct yet: for such a game, and for an ending it
//! does not know (aborted, expired), it answers `None` and the stream sends
//! a fresh snapshot, which is complete though not incremental.

use super::{position_of, GameEvent, GamesError, PlayedMove};
use crate::domain::GameStatus;
use crate::engine::{Move, Seat};
use crate::replay;
use crate::store::{Game, Store};

/// The events with a version above `since`, in commit order; `None` when
/// the stored game does not account for its version (a transition this
/// rebuild does not know): the caller then sends a fresh snapshot.
pub async fn events_after(
    store: &Store,
    game: &Game,
    since: i64,
) -> Result<Option<Vec<GameEvent>>, GamesError> {
    if since >= game.version {
        return Ok(Some(Vec::new()));
    }
    if game.timing.control.is_some() {
        return Ok(None);
    }
    let all = all_events(store, game).await?;
    if all.last().map(GameEvent::version) != Some(game.version) {
        return Ok(None);
    }
    Ok(Some(
        all.into_iter().filter(|e| e.version() > since).collect(),
    ))
}

async fn all_events(store: &Store, game: &Game) -> Result<Vec<GameEvent>, GamesError> {
    let mut events = vec![GameEvent::Created { version: 1 }];
    if game.status == GameStatus::Cancelled {
        events.push(GameEvent::Cancelled { version: 2 });
        return Ok(events);
    }
    let Some(started_at) = game.started_at else {
        return Ok(events);
    };
    let Some(joined_seat) = game.seat_of(&game.created_by).map(Seat::other) else {
        return Ok(events);
    };
    let Some(joiner) = game.player(joined_seat).cloned() else {
        return Ok(events);
    };
    events.push(GameEvent::Joined {
        version: 2,
        seat: joined_seat,
        player: joiner,
        status: GameStatus::Active,
        started_at: Some(started_at),
        clock: None,
    });
    let mut position = replay::start_position(game)
        .map_err(|e| GamesError::internal(format!("game {}: start: {e}", game.id)))?;
    let records = store
        .moves_between(&game.id, game.start_ply(), game.last_ply())
        .await?;
    let mut version = 2;
    for record in records {
        let m: Move = record
            .notation
            .parse()
            .map_err(|e| GamesError::internal(format!("game {}: move: {e}", game.id)))?;
        let (after, trace) = position
            .play_traced(m)
            .map_err(|e| GamesError::internal(format!("game {}: replay: {e}", game.id)))?;
        version += 1;
        let over = after.outcome();
        events.push(GameEvent::Move {
            version,
            played: PlayedMove {
                ply: record.ply,
                seat: record.seat,
                notation: record.notation,
                trace,
                position_after: record.position_after,
                played_at: record.played_at.unwrap_or(game.updated_at),
                think_ms: record.think_ms,
                clock_ms: record.clock_ms,
            },
            ply: after.ply(),
            to_move: after.turn(),
            scores: after.scores(),
            clock: None,
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
    if game.status == GameStatus::Finished && !position.is_over() {
        let result = game
            .result
            .or_else(|| position_of(game).ok().and_then(|p| p.outcome()))
            .ok_or_else(|| GamesError::internal(format!("game {}: no result", game.id)))?;
        events.push(ended(game, version + 1, result));
    }
    Ok(events)
}

fn ended(game: &Game, version: i64, result: crate::engine::Outcome) -> GameEvent {
    GameEvent::Ended {
        version,
        status: game.status,
        result,
        clock: None,
    }
}
