//! `oanquan verify`: replays every stored game from its ruleset and start
//! position and checks every stored position, each move's clock (against
//! the time control), the game's current state and its outcome against the
//! replay.
//!
//! Games are read a page at a time (by id) and each game's moves on their
//! own, so memory stays flat however large the database is.

use std::fmt;

use crate::domain::GameStatus;
use crate::engine::{EndReason, Move, Outcome, Position};
use crate::games::{Game, GamesError};
use crate::record::{ClockCheck, RecordMove};
use crate::store::{MoveRecord, Store, StoreError, StoredGame};

/// Games read per query.
const PAGE: u32 = 200;

/// One disagreement between what is stored and what the replay gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub game: String,
    /// The move concerned, if the mismatch is about one.
    pub ply: Option<u32>,
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "game {} ply {ply}: {}", self.game, self.what),
            None => write!(f, "game {}: {}", self.game, self.what),
        }
    }
}

/// What a run looked at and found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub moves: u64,
    pub mismatches: u64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "verified {} games, {} moves: {} mismatch{}",
            self.games,
            self.moves,
            self.mismatches,
            if self.mismatches == 1 { "" } else { "es" }
        )
    }
}

/// Checks every game in `store`, calling `report` for each mismatch as it
/// is found. Fails only when the database cannot be read; a row that
/// cannot be decoded is a mismatch.
pub async fn verify(
    store: &Store,
    mut report: impl FnMut(&Mismatch),
) -> Result<Summary, StoreError> {
    let mut summary = Summary::default();
    let mut after: Option<String> = None;
    loop {
        let page = store.games_by_id_after(after.as_deref(), PAGE).await?;
        let Some(last) = page.last() else {
            break;
        };
        after = Some(last.id.clone());
        for StoredGame { id, preset, row } in page {
            summary.games += 1;
            let found = match Game::try_from(row) {
                Ok(game) => match store.moves_between(&game.id, 0, u32::MAX).await {
                    Ok(moves) => {
                        summary.moves += moves.len() as u64;
                        let mut found = check_game(&game, &moves);
                        let expected = game.rules.preset().map(|p| p.name().to_owned());
                        if preset != expected {
                            found.push(mismatch(
                                &id,
                                None,
                                format!("stored preset {preset:?}, its rules are {expected:?}"),
                            ));
                        }
                        found
                    }
                    Err(StoreError::Corrupt(what)) => vec![mismatch(&id, None, what)],
                    Err(error) => return Err(error),
                },
                Err(GamesError::Store(StoreError::Corrupt(what))) => {
                    vec![mismatch(
                        &id,
                        None,
                        format!("the row cannot be read: {what}"),
                    )]
                }
                Err(GamesError::Store(error)) => return Err(error),
                Err(other) => return Err(StoreError::Corrupt(other.to_string())),
            };
            for found in &found {
                summary.mismatches += 1;
                report(found);
            }
        }
    }
    Ok(summary)
}

fn mismatch(game: &str, ply: Option<u32>, what: impl Into<String>) -> Mismatch {
    Mismatch {
        game: game.to_owned(),
        ply,
        what: what.into(),
    }
}

/// Every mismatch between `game`, its `moves` (in ply order) and their replay.
pub fn check_game(game: &Game, moves: &[MoveRecord]) -> Vec<Mismatch> {
    let id = game.id.as_str();
    let mut found = Vec::new();
    let start = match crate::games::positions::start_position(game) {
        Ok(start) => start,
        Err(e) => return vec![mismatch(id, None, format!("start position: {e}"))],
    };
    if start.turn() != game.first {
        found.push(mismatch(
            id,
            None,
            format!(
                "first is {} but the start has {} to move",
                game.first,
                start.turn()
            ),
        ));
    }
    // The clocks each move stored, against the game's time control.
    let mut clocks = match ClockCheck::new(game.timing.control) {
        Ok(clocks) => Some(clocks),
        Err(e) => {
            found.push(mismatch(id, None, format!("time control: {e}")));
            None
        }
    };
    let mut position = start;
    for record in moves {
        let ply = position.ply();
        let at = |what: String| mismatch(id, Some(record.ply), what);
        if record.ply != ply {
            found.push(at(format!(
                "stored as ply {} where ply {ply} comes next",
                record.ply
            )));
            return found;
        }
        if record.seat != position.turn() {
            found.push(at(format!(
                "stored as {}'s move, but it is {}'s turn",
                record.seat,
                position.turn()
            )));
        }
        if game.recorded_names.is_none() {
            let seated = game.player(position.turn()).map(|p| &p.id);
            if record.player_id.as_ref() != seated {
                found.push(at(format!(
                    "played by {:?}, who does not sit {}",
                    record.player_id.as_ref().map(|p| p.as_str()),
                    position.turn()
                )));
            }
        }
        let stated = RecordMove {
            think_ms: record.think_ms,
            clock_ms: record.clock_ms,
            ..RecordMove::default()
        };
        if let Some(Err(e)) = clocks
            .as_mut()
            .map(|c| c.check(&record.notation, record.seat, &stated))
        {
            found.push(at(format!("clock: {e}")));
            clocks = None;
        }
        let after = match record.notation.parse::<Move>() {
            Err(e) => Err(e.to_string()),
            Ok(m) => position.play(m).map_err(|e| e.to_string()),
        };
        let after = match after {
            Ok(after) => after,
            Err(e) => {
                found.push(at(format!("{} does not replay: {e}", record.notation)));
                return found;
            }
        };
        let last = record.ply + 1 == game.ply;
        let outcome = if last { game.result } else { None };
        if let Err(e) = Position::restore(&record.position_after, game.rules, outcome) {
            found.push(at(format!("stored position does not read back: {e}")));
        }
        if record.position_after != after.to_string() {
            found.push(at(format!(
                "stored position {:?}, replay gives {:?}",
                record.position_after,
                after.to_string()
            )));
        }
        position = after;
    }
    check_state(game, moves.len(), &position, &mut found);
    found
}

/// The game row's own state against the last replayed position.
fn check_state(game: &Game, moves: usize, last: &Position, found: &mut Vec<Mismatch>) {
    let id = game.id.as_str();
    let mut note = |what: String| found.push(mismatch(id, None, what));
    if let Err(e) = crate::games::positions::current_position(game) {
        note(format!("stored current position does not read back: {e}"));
    }
    if game.position != last.to_string() {
        note(format!(
            "stored current position {:?}, replay gives {:?}",
            game.position,
            last.to_string()
        ));
    }
    if game.ply != last.ply() || game.to_move != last.turn() {
        note(format!(
            "stored ply {} with {} to move, replay gives ply {} with {} to move",
            game.ply,
            game.to_move,
            last.ply(),
            last.turn()
        ));
    }
    let expected = match (last.outcome(), game.result) {
        (Some(reached), _) => Some(reached),
        (None, Some(stored))
            if matches!(stored.reason, EndReason::Resignation | EndReason::Timeout) =>
        {
            // A flag fall ends the game as a resignation does: scores as they stand.
            match stored.winner.and_then(|w| last.resign(w.other()).ok()) {
                Some(resigned) => resigned.outcome().map(|o| Outcome {
                    reason: stored.reason,
                    ..o
                }),
                None => {
                    note("a resignation without a winner".to_owned());
                    return;
                }
            }
        }
        (None, _) => None,
    };
    if game.result != expected {
        note(format!(
            "stored result {}, replay gives {}",
            outcome_text(game.result),
            outcome_text(expected)
        ));
    }
    let status_fits = match game.status {
        GameStatus::Finished => expected.is_some(),
        GameStatus::Waiting | GameStatus::Cancelled | GameStatus::Expired => {
            expected.is_none() && moves == 0
        }
        GameStatus::Aborted => expected.is_none() && game.south.is_some() && game.north.is_some(),
        GameStatus::Active => expected.is_none() && game.south.is_some() && game.north.is_some(),
        GameStatus::Archived => expected.is_none() && game.recorded_names.is_some(),
    };
    if !status_fits {
        note(format!(
            "status {} does not fit {moves} moves and result {}",
            game.status,
            outcome_text(expected)
        ));
    }
    if game.rated && game.recorded_names.is_some() {
        note("an imported game is rated".to_owned());
    }
}

fn outcome_text(outcome: Option<crate::engine::Outcome>) -> String {
    match outcome {
        None => "none".to_owned(),
        Some(o) => format!(
            "{} by {} ({}-{})",
            o.winner.map_or("draw", |w| w.name()),
            o.reason.name(),
            o.scores[0],
            o.scores[1]
        ),
    }
}
