//! Game records: what an export writes and an import reads, as JSON (see
//! `api::views::record`) or as the PGN-like text of [`text`].
//!
//! A [`Record`] is what a record says; [`Record::replay`] checks it with
//! the engine, move by move, and says what it amounts to. Pure: no I/O.

use chrono::{DateTime, Datelike, Utc};

use oanquan_domain::{PlayerName, TimeControl};
use oanquan_engine::{EndReason, Move, Outcome, Position, Rules, Seat};

mod clock;
pub mod text;

pub use clock::{ClockCheck, MAX_CLOCK_MS};

/// The name a record gives a seat it does not name (PGN's convention).
pub const UNKNOWN_NAME: &str = "?";

/// What a record says about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: Rules,
    /// South's and North's names as given; `None` when not given.
    pub names: [Option<String>; 2],
    /// The seats' player ids here, in an export; an import never reads them.
    pub player_ids: [Option<String>; 2],
    /// The position before the first move; the standard start when `None`.
    pub start_position: Option<String>,
    /// Who moves first from the standard start (default South); with a
    /// `start_position` it must agree with the position's side to move.
    pub first: Option<Seat>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// How the game was timed; `None` for an unlimited game (or a record
    /// that does not say).
    pub time_control: Option<TimeControl>,
    pub moves: Vec<RecordMove>,
    pub result: StatedResult,
}

/// A move as a record gives it. Everything but the notation is optional,
/// and checked against the replay when given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordMove {
    pub notation: String,
    pub ply: Option<u32>,
    pub seat: Option<Seat>,
    pub position_after: Option<String>,
    pub played_at: Option<DateTime<Utc>>,
    /// How long the mover thought, in milliseconds (timed games).
    pub think_ms: Option<i64>,
    /// The mover's time left after the move and its increment (timed games).
    pub clock_ms: Option<i64>,
}

/// The result a record states; each part is checked when given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatedResult {
    /// `Some(None)` states a draw.
    pub winner: Option<Option<Seat>>,
    pub reason: Option<EndReason>,
    pub scores: Option<[i32; 2]>,
}

impl From<Option<Outcome>> for StatedResult {
    fn from(outcome: Option<Outcome>) -> Self {
        outcome.map_or_else(StatedResult::default, |o| StatedResult {
            winner: Some(o.winner),
            reason: Some(o.reason),
            scores: Some(o.scores),
        })
    }
}

/// Why a record was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// It cannot be read: bad syntax, an unknown tag, a value out of range.
    #[error("{0}")]
    Invalid(String),
    /// It reads, but the moves contradict it: the first bad move, or the
    /// stated result the moves disagree with.
    #[error("{0}")]
    Inconsistent(String),
}

/// A record that replays: every position, and how (whether) it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub start: Position,
    /// Whether `start` is other than the standard start for its side to move.
    pub custom_start: bool,
    /// The moves, each with the position after it.
    pub moves: Vec<(Move, Position)>,
    /// The end the moves reach, or the stated resignation; `None` leaves
    /// the game unfinished.
    pub outcome: Option<Outcome>,
    /// The names to show, [`UNKNOWN_NAME`] where none was given.
    pub names: [String; 2],
}

impl Replayed {
    /// The position after the last move (the start if there is none).
    pub fn last(&self) -> &Position {
        self.moves.last().map_or(&self.start, |(_, p)| p)
    }
}

fn invalid(what: impl Into<String>) -> RecordError {
    RecordError::Invalid(what.into())
}

fn inconsistent(what: impl Into<String>) -> RecordError {
    RecordError::Inconsistent(what.into())
}

fn winner_text(winner: Option<Seat>) -> String {
    winner.map_or_else(|| "a draw".to_owned(), |seat| format!("{seat} winning"))
}

impl Record {
    /// Replays the record with the engine and checks everything it states.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        let names = self.checked_names()?;
        self.check_times()?;
        let start = self.start()?;
        let custom_start = start != Position::start(self.rules, start.turn());
        let mut clocks = clock::ClockCheck::new(self.time_control)?;
        let mut position = start;
        let mut moves = Vec::with_capacity(self.moves.len());
        for given in &self.moves {
            let ply = position.ply();
            let name = format!("move {ply} ({})", given.notation);
            let m: Move = given
                .notation
                .parse()
                .map_err(|e| invalid(format!("{name}: {e}")))?;
            if let Some(stated) = given.ply.filter(|&p| p != ply) {
                return Err(inconsistent(format!(
                    "{name}: the record numbers it ply {stated}, but it is ply {ply}"
                )));
            }
            if let Some(outcome) = position.outcome() {
                return Err(inconsistent(format!(
                    "{name}: the game already ended at ply {} ({})",
                    ply - 1,
                    outcome.reason.name()
                )));
            }
            if let Some(seat) = given.seat.filter(|&s| s != position.turn()) {
                return Err(inconsistent(format!(
                    "{name}: the record has {seat} play it, but it is {}'s turn",
                    position.turn()
                )));
            }
            clocks.check(&name, position.turn(), given)?;
            let after = position
                .play(m)
                .map_err(|e| inconsistent(format!("{name}: illegal: {e}")))?;
            if let Some(stated) = given.position_after.as_deref() {
                if stated != after.to_string() {
                    return Err(inconsistent(format!(
                        "{name}: the record gives the position after it as {stated:?}, \
                         but the move leads to {:?}",
                        after.to_string()
                    )));
                }
            }
            moves.push((m, after));
            position = after;
        }
        let outcome = self.outcome(&position)?;
        Ok(Replayed {
            start,
            custom_start,
            moves,
            outcome,
            names,
        })
    }

    /// Times a database of either kind stores and reads back alike.
    fn check_times(&self) -> Result<(), RecordError> {
        let given = [
            ("started_at", self.started_at),
            ("finished_at", self.finished_at),
        ]
        .into_iter()
        .map(|(what, at)| (what.to_owned(), at))
        .chain(
            self.moves
                .iter()
                .enumerate()
                .map(|(i, m)| (format!("the played_at of move {}", i + 1), m.played_at)),
        );
        for (what, at) in given {
            if at.is_some_and(|at| !(1..=9999).contains(&at.year())) {
                return Err(invalid(format!("{what}: a year outside 1 to 9999")));
            }
        }
        Ok(())
    }

    fn checked_names(&self) -> Result<[String; 2], RecordError> {
        let mut names = [UNKNOWN_NAME.to_owned(), UNKNOWN_NAME.to_owned()];
        for seat in Seat::ALL {
            if let Some(raw) = &self.names[seat.index()] {
                let name = PlayerName::parse_unclaimed(raw)
                    .map_err(|e| invalid(format!("{seat}: {e}")))?;
                names[seat.index()] = name.as_str().to_owned();
            }
        }
        Ok(names)
    }

    fn start(&self) -> Result<Position, RecordError> {
        let Some(text) = &self.start_position else {
            return Ok(Position::start(
                self.rules,
                self.first.unwrap_or(Seat::South),
            ));
        };
        let start = Position::from_notation(text, self.rules)
            .map_err(|e| invalid(format!("start position: {e}")))?;
        if let Some(first) = self.first.filter(|&f| f != start.turn()) {
            return Err(invalid(format!(
                "first is {first} but the start position has {} to move",
                start.turn()
            )));
        }
        if start.is_over() {
            return Err(invalid(
                "start position: the side to move cannot refill its empty row and forfeits at once",
            ));
        }
        Ok(start)
    }

    /// The outcome: the end the moves reach, which the stated result must
    /// match, or a stated resignation after the last move.
    fn outcome(&self, last: &Position) -> Result<Option<Outcome>, RecordError> {
        let stated = self.result;
        let outcome = match (last.outcome(), stated.reason, stated.winner) {
            (Some(reached), _, _) => reached,
            (None, None | Some(EndReason::Resignation), Some(Some(winner))) => last
                .resign(winner.other())
                .ok()
                .and_then(|p| p.outcome())
                .ok_or_else(|| inconsistent("the game cannot be resigned here"))?,
            (None, Some(EndReason::Timeout), Some(Some(winner))) => {
                // A flag fall ends the game as a resignation of the side to
                // move would: scores as they stand.
                if winner == last.turn() {
                    return Err(inconsistent(format!(
                        "the record has {winner} win on time, but {winner} is to move: \
                         only the side to move can run out of time"
                    )));
                }
                let resigned = last
                    .resign(last.turn())
                    .ok()
                    .and_then(|p| p.outcome())
                    .ok_or_else(|| inconsistent("the game cannot end on time here"))?;
                Outcome {
                    reason: EndReason::Timeout,
                    ..resigned
                }
            }
            (
                None,
                Some(reason @ (EndReason::Resignation | EndReason::Timeout)),
                None | Some(None),
            ) => {
                return Err(inconsistent(format!(
                    "the record ends by {} but names no winner",
                    reason.name()
                )))
            }
            (None, Some(reason), _) => {
                return Err(inconsistent(format!(
                    "the record says the game ended by {}, but the moves do not end it",
                    reason.name()
                )))
            }
            (None, None, Some(None)) => {
                return Err(inconsistent(
                    "the record states a draw, but the moves do not end the game \
                     (a draw only comes from the final count)",
                ))
            }
            (None, None, None) => {
                if stated.scores.is_some() {
                    return Err(inconsistent(
                        "the record states final scores, but the moves do not end the game",
                    ));
                }
                return Ok(None);
            }
        };
        let end = format!(
            "the moves end the game at ply {} by {} with {}",
            last.ply() - 1,
            outcome.reason.name(),
            winner_text(outcome.winner)
        );
        if let Some(reason) = stated.reason.filter(|&r| r != outcome.reason) {
            return Err(inconsistent(format!(
                "the record says the game ended by {}, but {end}",
                reason.name()
            )));
        }
        if let Some(winner) = stated.winner.filter(|&w| w != outcome.winner) {
            return Err(inconsistent(format!(
                "the record states {}, but {end}",
                winner_text(winner)
            )));
        }
        if let Some(scores) = stated.scores.filter(|&s| s != outcome.scores) {
            return Err(inconsistent(format!(
                "the record states the scores {}-{}, but the moves give {}-{} (South-North)",
                scores[0], scores[1], outcome.scores[0], outcome.scores[1]
            )));
        }
        Ok(Some(outcome))
    }
}

#[cfg(test)]
mod tests;
