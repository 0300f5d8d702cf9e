//! Replaying stored games: the position after any ply, and moves with their
//! event traces.
//!
//! Plies are the moves' own numbers (RULES.md: the ply of the position a
//! move was played in), so "the position after ply `p`" is the position in
//! which move `p + 1` is played. A game from the standard start begins at
//! ply 1 and its start is "after ply 0"; a game from a custom position at
//! ply `s` has its start after ply `s - 1`, and 0 names that start too.
//!
//! Every move row stores the position after it, so a position is one row
//! away; [`replayed_position`] recomputes it from the start instead (see
//! BENCHMARKS.md, "Replay", for why the stored one is served).

use super::Game;
use crate::engine::{Event, Move, Position, PositionError, Seat};
use crate::store::{MoveRecord, Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// What is stored does not replay: a server fault (`oanquan verify`
    /// reports it).
    #[error("game {game}: {what}")]
    Corrupt { game: String, what: String },
}

/// A stored move with the events it caused, recomputed from the stored
/// position before it.
#[derive(Clone, Debug)]
pub struct TracedMove {
    pub record: MoveRecord,
    pub events: Vec<Event>,
}

fn corrupt(game: &Game, what: impl std::fmt::Display) -> TraceError {
    TraceError::Corrupt {
        game: game.id.to_string(),
        what: what.to_string(),
    }
}

/// The ply of the start position: one before the first move.
pub fn start_ply(game: &Game) -> u32 {
    game.start_ply() - 1
}

/// The ply `asked` names in `game` (0 is the start), if that position
/// exists: from the start up to the last move played.
pub fn resolve_ply(game: &Game, asked: u32) -> Option<u32> {
    let start = start_ply(game);
    let ply = if asked == 0 { start } else { asked };
    (start..=game.last_ply()).contains(&ply).then_some(ply)
}

/// The game's current position, as every reader of a stored game (the API,
/// `oanquan verify`) parses it.
pub fn current_position(game: &Game) -> Result<Position, PositionError> {
    Position::restore(&game.position, game.rules, game.result)
}

/// The game's start, as stored (refilled already, so held to the stored
/// bounds: a start at the request bounds may hold 5 stones more).
pub fn start_position(game: &Game) -> Result<Position, PositionError> {
    Position::restore(&game.start_position, game.rules, None)
}

/// Parses a stored position; the game's result applies to its last one.
fn restore(game: &Game, text: &str, ply: u32) -> Result<Position, TraceError> {
    let outcome = if ply == game.last_ply() {
        game.result
    } else {
        None
    };
    Position::restore(text, game.rules, outcome)
        .map_err(|e| corrupt(game, format_args!("position after ply {ply}: {e}")))
}

/// The position after `ply` (as [`resolve_ply`] gives it), as stored.
pub async fn stored_position(store: &Store, game: &Game, ply: u32) -> Result<Position, TraceError> {
    if ply == game.last_ply() {
        return restore(game, &game.position, ply);
    }
    if ply == start_ply(game) {
        return restore(game, &game.start_position, ply);
    }
    let record = store
        .move_at(&game.id, ply)
        .await?
        .ok_or_else(|| corrupt(game, format_args!("no move at ply {ply}")))?;
    restore(game, &record.position_after, ply)
}

fn parse_move(game: &Game, record: &MoveRecord) -> Result<Move, TraceError> {
    record
        .notation
        .parse()
        .map_err(|e| corrupt(game, format_args!("move at ply {}: {e}", record.ply)))
}

/// The position after `ply`, recomputed by replaying every move from the
/// start (and the resignation, if the game ended by one there).
pub async fn replayed_position(
    store: &Store,
    game: &Game,
    ply: u32,
) -> Result<Position, TraceError> {
    let start =
        start_position(game).map_err(|e| corrupt(game, format_args!("start position: {e}")))?;
    let mut position = start;
    for record in store.moves_between(&game.id, game.start_ply(), ply).await? {
        let m = parse_move(game, &record)?;
        position = position
            .play(m)
            .map_err(|e| corrupt(game, format_args!("move at ply {}: {e}", record.ply)))?;
    }
    if ply == game.last_ply() && !position.is_over() {
        if let Some(winner) = game.result.and_then(|o| o.winner) {
            position = position
                .resign(Seat::other(winner))
                .map_err(|e| corrupt(game, e))?;
        }
    }
    Ok(position)
}

/// The moves with `from <= ply <= to`, each with its event trace computed
/// from the stored position before it.
pub async fn traced_moves(
    store: &Store,
    game: &Game,
    from: u32,
    to: u32,
) -> Result<Vec<TracedMove>, TraceError> {
    let (before, records) = moves_to_trace(store, game, from, to).await?;
    trace(game, before, records)
}

/// What [`trace`] needs for the moves with `from <= ply <= to`: the stored
/// position before the first and the move rows (none if the range is empty).
pub async fn moves_to_trace(
    store: &Store,
    game: &Game,
    from: u32,
    to: u32,
) -> Result<(String, Vec<MoveRecord>), TraceError> {
    let from = from.max(game.start_ply());
    let to = to.min(game.last_ply());
    if from > to {
        return Ok((String::new(), Vec::new()));
    }
    let mut records = store.moves_between(&game.id, from - 1, to).await?;
    let before = if from == game.start_ply() {
        game.start_position.clone()
    } else if records.first().is_some_and(|r| r.ply == from - 1) {
        records.remove(0).position_after
    } else {
        return Err(corrupt(game, format_args!("no move at ply {}", from - 1)));
    };
    Ok((before, records))
}

/// Each move with the events it caused, replayed from the stored position
/// before it: CPU only, so a caller may run it off the async workers.
pub fn trace(
    game: &Game,
    mut before: String,
    records: Vec<MoveRecord>,
) -> Result<Vec<TracedMove>, TraceError> {
    let mut traced = Vec::with_capacity(records.len());
    for record in records {
        let position = Position::restore(&before, game.rules, None).map_err(|e| {
            corrupt(
                game,
                format_args!("position before ply {}: {e}", record.ply),
            )
        })?;
        let (_, events) = position
            .play_traced(parse_move(game, &record)?)
            .map_err(|e| corrupt(game, format_args!("move at ply {}: {e}", record.ply)))?;
        before.clone_from(&record.position_after);
        traced.push(TracedMove { record, events });
    }
    Ok(traced)
}
