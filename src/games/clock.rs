//! Time controls and clocks. The server is the only timekeeper: a move's
//! think time runs from the commit that gave the mover the turn to the
//! time the move is played, both read from the layer's time source.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Serialize, Serializer};

use crate::domain::{GameStatus, TimeControl};
use crate::engine::Seat;
use crate::games::Game;

/// Both sides' time left and who is thinking. `south_ms` and `north_ms`
/// are as of the game's last change; `deadline` is when the running side's
/// flag falls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockState {
    pub south_ms: i64,
    pub north_ms: i64,
    #[serde(serialize_with = "running_seat")]
    pub running: Option<Seat>,
    pub deadline: Option<DateTime<Utc>>,
}

fn running_seat<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => s.serialize_str(seat.name()),
        None => s.serialize_none(),
    }
}

/// The rules of time that are the server's to choose.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// How long each side of a real-time game has for its first move.
    pub first_move_window: TimeDelta,
    /// How long a game waits for its second player.
    pub waiting_expiry: TimeDelta,
    /// Rated games between one pair that count per 24 hours.
    pub pair_rated_limit: u32,
    /// Games against bots, waiting or active, a player may have at once.
    pub max_bot_games: u32,
    /// Games one player may keep waiting for an opponent; 0: no cap.
    pub max_waiting_games: u32,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            first_move_window: TimeDelta::seconds(60),
            waiting_expiry: TimeDelta::hours(24),
            pair_rated_limit: 10,
            max_bot_games: 3,
            max_waiting_games: 10,
        }
    }
}

/// The clock a rated game gets when its creator asks for none: ten
/// minutes each, five seconds more per move.
pub const DEFAULT_RATED: TimeControl = TimeControl::RealTime {
    initial_s: 600,
    increment_s: 5,
};

/// The number of moves `seat` has made in `game`.
pub fn moves_by(game: &Game, seat: Seat) -> u32 {
    let played = game.ply.saturating_sub(game.start_ply());
    let by_first = played.div_ceil(2);
    if seat == game.first {
        by_first
    } else {
        played - by_first
    }
}

/// Whether the game is still too short to count: fewer than two moves by
/// one side. Such a game can be aborted, and ends aborted however it ends.
pub fn too_short(game: &Game) -> bool {
    Seat::ALL.into_iter().any(|seat| moves_by(game, seat) < 2)
}

/// When the side to move of an active game runs out of time.
fn flag_time(game: &Game, policy: &Policy) -> Option<DateTime<Utc>> {
    let control = game.timing.control?;
    let started = game.timing.turn_started_at?;
    let left = game.timing.clock_ms?[game.to_move.index()];
    let first_move = moves_by(game, game.to_move) == 0;
    Some(match control {
        TimeControl::RealTime { .. } if first_move => started + policy.first_move_window,
        _ => started + TimeDelta::milliseconds(left.max(0)),
    })
}

/// Starts the clocks of a game that just became active at `now`.
pub(super) fn start(game: &mut Game, now: DateTime<Utc>, policy: &Policy) {
    game.timing.expires_at = None;
    if let Some(control) = game.timing.control {
        game.timing.clock_ms = Some([control.initial_ms(); 2]);
        game.timing.turn_started_at = Some(now);
    }
    game.timing.deadline_at = flag_time(game, policy);
}

/// Stops the clocks of a game that is over: nothing is due any more.
pub(super) fn stop(game: &mut Game) {
    game.timing.deadline_at = None;
    game.timing.expires_at = None;
}

/// What a move did to the clock: the mover's think time and time left.
pub(super) struct Punched {
    pub think_ms: i64,
    pub left_ms: i64,
}

/// When the mover's time for this turn began: when the turn came, or for
/// a bot the later time its search began (`searching_since`), since the
/// wait for a search slot is not the bot's to pay.
fn charged_from(game: &Game, searching_since: Option<DateTime<Utc>>) -> Option<DateTime<Utc>> {
    let started = game.timing.turn_started_at?;
    Some(searching_since.map_or(started, |since| since.max(started)))
}

/// When the side to move runs out of time if its time counts from
/// `searching_since` ([`charged_from`]): the stored deadline, moved on by
/// the time not charged.
pub(super) fn deadline_from(
    game: &Game,
    searching_since: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    let deadline = game.timing.deadline_at?;
    let started = game.timing.turn_started_at?;
    Some(deadline + (charged_from(game, searching_since)? - started))
}

/// Charges `seat`'s think time up to `now` for the move it just made and
/// gives the other side the turn. `game.to_move` must already be the next
/// mover and `game.ply` the next ply. The time counts from the turn's
/// start, or for a bot from `searching_since` ([`charged_from`]). `None`
/// for an untimed game.
pub(super) fn punch(
    game: &mut Game,
    seat: Seat,
    now: DateTime<Utc>,
    searching_since: Option<DateTime<Utc>>,
    policy: &Policy,
) -> Option<Punched> {
    let control = game.timing.control?;
    let started = charged_from(game, searching_since)?;
    let mut clock = game.timing.clock_ms?;
    let think_ms = (now - started).num_milliseconds().max(0);
    let first_move = moves_by(game, seat) == 1;
    match control {
        TimeControl::RealTime { increment_s, .. } => {
            if !first_move {
                clock[seat.index()] -= think_ms;
            }
            clock[seat.index()] += i64::from(increment_s) * 1000;
        }
        TimeControl::Correspondence { .. } => clock = [control.initial_ms(); 2],
    }
    let left_ms = clock[seat.index()];
    game.timing.clock_ms = Some(clock);
    game.timing.turn_started_at = Some(now);
    game.timing.deadline_at = flag_time(game, policy);
    Some(Punched { think_ms, left_ms })
}

/// Charges the side to move of `game` its time up to `now` (as a move
/// would, without an increment); call it before a takeback changes the
/// game's ply and side to move.
pub(super) fn charge_running(game: &mut Game, now: DateTime<Utc>) {
    let (Some(TimeControl::RealTime { .. }), Some(mut clock), Some(started)) = (
        game.timing.control,
        game.timing.clock_ms,
        game.timing.turn_started_at,
    ) else {
        return;
    };
    let seat = game.to_move;
    if moves_by(game, seat) > 0 {
        let spent = (now - started).num_milliseconds().max(0);
        clock[seat.index()] = (clock[seat.index()] - spent).max(0);
    }
    game.timing.clock_ms = Some(clock);
}

/// Starts the turn of `game`'s side to move at `now` (after a takeback):
/// each side keeps the time it has.
pub(super) fn restart_turn(game: &mut Game, now: DateTime<Utc>, policy: &Policy) {
    if game.timing.control.is_some() {
        if let Some(TimeControl::Correspondence { .. }) = game.timing.control {
            game.timing.clock_ms = game.timing.control.map(|c| [c.initial_ms(); 2]);
        }
        game.timing.turn_started_at = Some(now);
    }
    game.timing.deadline_at = flag_time(game, policy);
}

/// Sets the clock of `game` (whose `ply` and `to_move` are already the
/// next mover's) as a stored move left it: `seat` moved at `at` with
/// `left_ms` left after the move and its increment, and the other side's
/// time runs from then. What [`punch`] did, read back from the move's row.
pub(super) fn after_stored_move(
    game: &mut Game,
    seat: Seat,
    left_ms: i64,
    at: DateTime<Utc>,
    policy: &Policy,
) {
    if let Some(clock) = game.timing.clock_ms.as_mut() {
        clock[seat.index()] = left_ms;
    }
    game.timing.turn_started_at = Some(at);
    game.timing.deadline_at = flag_time(game, policy);
}

/// The clock as the API shows it; `None` for an untimed game.
pub fn state(game: &Game) -> Option<ClockState> {
    let clock = game
        .timing
        .clock_ms
        .or_else(|| game.timing.control.map(|control| [control.initial_ms(); 2]))?;
    let running = (game.status == GameStatus::Active).then_some(game.to_move);
    Some(ClockState {
        south_ms: clock[0],
        north_ms: clock[1],
        running,
        deadline: running.and(game.timing.deadline_at),
    })
}
