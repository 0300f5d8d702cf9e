//! A tournament to create, as asked, and the checks it passes.

use chrono::{DateTime, Utc};

use super::model::{ARENA, REGISTERING, ROUND_ROBIN, SWISS};
use super::TournamentsError;
use crate::domain::{GameId, PlayerId, TimeControl};
use crate::engine::Preset;
use crate::store::TournamentRow;

/// The most players a tournament takes.
pub const MAX_PLAYERS: u32 = 32;
/// The players a tournament takes when its creator names no number.
pub const DEFAULT_MAX_PLAYERS: u32 = 16;
/// The most rounds of a Swiss.
pub const MAX_SWISS_ROUNDS: u32 = 15;
/// The longest arena, in minutes.
pub const MAX_ARENA_MINUTES: u32 = 720;
/// The longest name of a tournament, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// A tournament to create, as asked.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub name: String,
    pub format: String,
    /// A round-robin played twice, the seats swapped.
    pub double: bool,
    pub preset: Preset,
    pub initial_s: u32,
    pub increment_s: u32,
    pub rounds: Option<u32>,
    /// An arena's length.
    pub duration_min: Option<u32>,
    pub starts_at: Option<DateTime<Utc>>,
    pub max_players: Option<u32>,
    pub rated: bool,
    /// Built-in bots entered by the creator.
    pub bots: Vec<PlayerId>,
}

/// The row of a tournament asked for, or why it cannot be.
pub(super) fn check_new(
    asked: &NewTournament,
    creator: &PlayerId,
    now: DateTime<Utc>,
) -> Result<TournamentRow, TournamentsError> {
    let invalid = |detail: &str| Err(TournamentsError::Invalid(detail.to_owned()));
    let name = asked.name.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(char::is_control)
    {
        return invalid("name: 1 to 64 characters, none of them a control character");
    }
    if asked.duration_min.is_some() && asked.format != ARENA {
        return invalid("duration_min: only an arena has a duration");
    }
    match (asked.format.as_str(), asked.rounds) {
        (ARENA, Some(_)) => {
            return invalid("rounds: an arena has no rounds; it lasts duration_min minutes")
        }
        (ARENA, None) if asked.double => return invalid("double: an arena is never double"),
        (ARENA, None) => match asked.duration_min {
            Some(1..=MAX_ARENA_MINUTES) => {}
            _ => return invalid("duration_min: an arena lasts 1 to 720 minutes"),
        },
        (SWISS, Some(1..=MAX_SWISS_ROUNDS)) if !asked.double => {}
        (SWISS, _) => return invalid("rounds: a Swiss has 1 to 15 rounds, and is never double"),
        (ROUND_ROBIN, None) => {}
        (ROUND_ROBIN, Some(_)) => {
            return invalid(
                "rounds: a round-robin has as many rounds as its players make; leave it out",
            )
        }
        _ => return invalid("format: round_robin, swiss or arena"),
    }
    TimeControl::RealTime {
        initial_s: asked.initial_s,
        increment_s: asked.increment_s,
    }
    .check()
    .map_err(|e| TournamentsError::Invalid(format!("clock: {e}")))?;
    let max_players = asked.max_players.unwrap_or(DEFAULT_MAX_PLAYERS);
    if !(2..=MAX_PLAYERS).contains(&max_players) {
        return invalid("max_players: 2 to 32");
    }
    if asked.bots.len() > max_players as usize {
        return invalid("bots: more than max_players");
    }
    let mut bots = asked.bots.clone();
    bots.sort();
    bots.dedup();
    if bots.len() != asked.bots.len() {
        return invalid("bots: a bot is entered once");
    }
    if asked.starts_at.is_some_and(|at| at <= now) {
        return invalid("starts_at: a time to come");
    }
    Ok(TournamentRow {
        id: GameId::generate().to_string(),
        name: name.to_owned(),
        format: asked.format.clone(),
        double_round: asked.double,
        status: REGISTERING.to_owned(),
        preset: asked.preset.name().to_owned(),
        initial_s: asked.initial_s as i32,
        increment_s: asked.increment_s as i32,
        rounds: asked.rounds.map(|r| r as i32),
        round: 0,
        starts_at: asked.starts_at,
        max_players: max_players as i32,
        rated: asked.rated,
        created_by: creator.to_string(),
        created_at: now,
        started_at: None,
        finished_at: None,
        duration_min: asked.duration_min.map(|m| m as i32),
        ends_at: None,
    })
}
