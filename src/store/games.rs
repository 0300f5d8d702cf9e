//! Games and their moves.
//!
//! A game row carries everything needed to answer `GET /v1/games/{id}`
//! without replaying: the resolved ruleset, seats, current position and
//! result. Writers lock the row ([`WriteTx::lock_game`]) and save it
//! conditionally on its `version`, in the transaction that inserts the move.

use chrono::{DateTime, Utc};

use super::StoreError;
use crate::domain::{GameId, GameStatus, PlayerId, TimeControl};
use crate::engine::{EndReason, MandarinSetup, Outcome, RefillShortfall, RuleParams, Rules, Seat};

/// A player in a seat, with the name to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
    /// The search level of a built-in bot; `None` for a person.
    pub bot_level: Option<u8>,
}

impl PlayerRef {
    pub fn is_bot(&self) -> bool {
        self.bot_level.is_some()
    }
}

impl From<&super::Player> for PlayerRef {
    fn from(player: &super::Player) -> Self {
        PlayerRef {
            id: player.id.clone(),
            name: player.name.clone(),
            bot_level: player.bot_level(),
        }
    }
}

/// A stored bot level as the store hands it out (`None` for a person, or
/// for a level out of range, which the migration's check forbids).
pub(super) fn bot_level(stored: Option<i32>) -> Option<u8> {
    stored.and_then(|level| u8::try_from(level).ok())
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub id: GameId,
    pub status: GameStatus,
    pub rules: Rules,
    pub rated: bool,
    pub created_by: PlayerId,
    pub south: Option<PlayerRef>,
    pub north: Option<PlayerRef>,
    pub reserved_for: Option<PlayerRef>,
    pub first: Seat,
    pub custom_start: bool,
    pub start_position: String,
    pub position: String,
    /// The number of the next move (the position's ply).
    pub ply: u32,
    pub to_move: Seat,
    pub result: Option<Outcome>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The names an imported record gives South and North, shown as given
    /// and linked to no account (its seats hold no player); `None` for a
    /// game played here.
    pub recorded_names: Option<[String; 2]>,
    pub timing: Timing,
    /// Why an `aborted` game was aborted.
    pub abort_reason: Option<String>,
    /// Why a game asked for as rated does not count (`rated` is false).
    pub unrated_reason: Option<String>,
}

/// A game's time control and clocks, as the Games layer keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// `None`: unlimited.
    pub control: Option<TimeControl>,
    /// South's and North's time left in milliseconds as of
    /// `turn_started_at`; `None` for an untimed game.
    pub clock_ms: Option<[i64; 2]>,
    /// When the side to move began thinking.
    pub turn_started_at: Option<DateTime<Utc>>,
    /// When the game must be looked at again without anyone asking: a
    /// flag falls, a first move is overdue, a waiting game expires.
    pub deadline_at: Option<DateTime<Utc>>,
    /// When a waiting game expires.
    pub expires_at: Option<DateTime<Utc>>,
}

impl Game {
    pub fn seat_of(&self, player: &PlayerId) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&seat| self.player(seat).is_some_and(|p| &p.id == player))
    }

    pub fn player(&self, seat: Seat) -> Option<&PlayerRef> {
        match seat {
            Seat::South => self.south.as_ref(),
            Seat::North => self.north.as_ref(),
        }
    }

    /// The number of the first move: the start position's ply (1 unless
    /// the game began from a custom position).
    pub fn start_ply(&self) -> u32 {
        self.start_position
            .rsplit(' ')
            .next()
            .and_then(|p| p.parse::<u32>().ok())
            .filter(|&p| p >= 1)
            .unwrap_or(1)
    }

    /// The ply of the last move played, or `start_ply() - 1` before any.
    pub fn last_ply(&self) -> u32 {
        self.ply.saturating_sub(1)
    }

    /// Records the end of the game.
    pub fn finish(&mut self, outcome: Outcome, at: DateTime<Utc>) {
        self.status = GameStatus::Finished;
        self.result = Some(outcome);
        self.finished_at = Some(at);
        self.updated_at = at;
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Option<PlayerRef> {
        match seat {
            Seat::South => &mut self.south,
            Seat::North => &mut self.north,
        }
    }
}

row_struct! {
    pub(super) struct GameRow {
        pub(super) id: String,
        status: String,
        /// Read only by `oanquan verify`: the rules below are what counts.
        pub(super) preset: Option<String>,
        mandarin_setup: String,
        mandarin_value: i32,
        empty_mandarin_is_gap: bool,
        young_mandarin_min: i32,
        first_move_mandarin_ban: bool,
        refill_shortfall: String,
        max_plies: i32,
        rated: bool,
        created_by: String,
        south_id: Option<String>,
        south_name: Option<String>,
        south_bot_level: Option<i32>,
        north_id: Option<String>,
        north_name: Option<String>,
        north_bot_level: Option<i32>,
        reserved_for: Option<String>,
        reserved_name: Option<String>,
        reserved_bot_level: Option<i32>,
        first_seat: String,
        custom_start: bool,
        start_position: String,
        position: String,
        ply: i32,
        to_move: String,
        winner: Option<String>,
        end_reason: Option<String>,
        score_south: Option<i32>,
        score_north: Option<i32>,
        version: i64,
        created_at: DateTime<Utc>,
        updated_at: DateTime<Utc>,
        started_at: Option<DateTime<Utc>>,
        finished_at: Option<DateTime<Utc>>,
        south_record_name: Option<String>,
        north_record_name: Option<String>,
        tc_initial_s: Option<i32>,
        tc_increment_s: Option<i32>,
        tc_days_per_move: Option<i32>,
        clock_south_ms: Option<i64>,
        clock_north_ms: Option<i64>,
        turn_started_at: Option<DateTime<Utc>>,
        deadline_at: Option<DateTime<Utc>>,
        expires_at: Option<DateTime<Utc>>,
        abort_reason: Option<String>,
        unrated_reason: Option<String>,
    }
}

impl GameRow {
    /// A player id whose name the join did not find.
    pub(super) fn lacks_a_name(&self) -> bool {
        (self.south_id.is_some() && self.south_name.is_none())
            || (self.north_id.is_some() && self.north_name.is_none())
            || (self.reserved_for.is_some() && self.reserved_name.is_none())
    }
}

pub(super) fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

pub(super) fn seat(raw: &str) -> Result<Seat, StoreError> {
    raw.parse().map_err(corrupt)
}

fn player_ref(
    id: Option<String>,
    name: Option<String>,
    level: Option<i32>,
) -> Result<Option<PlayerRef>, StoreError> {
    match (id, name) {
        (Some(id), Some(name)) => Ok(Some(PlayerRef {
            id: PlayerId::parse(&id).map_err(corrupt)?,
            name,
            bot_level: bot_level(level),
        })),
        (None, _) => Ok(None),
        (Some(id), None) => Err(corrupt(format!("player {id} has no name"))),
    }
}

impl TryFrom<GameRow> for Game {
    type Error = StoreError;

    fn try_from(row: GameRow) -> Result<Game, StoreError> {
        let rules = Rules::new(RuleParams {
            mandarin_setup: MandarinSetup::from_name(&row.mandarin_setup)
                .ok_or_else(|| corrupt(&row.mandarin_setup))?,
            mandarin_value: row.mandarin_value as u32,
            empty_mandarin_is_gap: row.empty_mandarin_is_gap,
            young_mandarin_min: row.young_mandarin_min as u32,
            first_move_mandarin_ban: row.first_move_mandarin_ban,
            refill_shortfall: RefillShortfall::from_name(&row.refill_shortfall)
                .ok_or_else(|| corrupt(&row.refill_shortfall))?,
            max_plies: row.max_plies as u32,
        })
        .map_err(corrupt)?;
        let result = match (row.winner, row.end_reason) {
            (Some(winner), Some(reason)) => Some(Outcome {
                winner: match winner.as_str() {
                    "draw" => None,
                    other => Some(seat(other)?),
                },
                reason: EndReason::from_name(&reason).ok_or_else(|| corrupt(&reason))?,
                scores: [
                    row.score_south.unwrap_or_default(),
                    row.score_north.unwrap_or_default(),
                ],
            }),
            _ => None,
        };
        Ok(Game {
            id: GameId::parse(&row.id).map_err(corrupt)?,
            status: GameStatus::parse(&row.status).ok_or_else(|| corrupt(&row.status))?,
            rules,
            rated: row.rated,
            created_by: PlayerId::parse(&row.created_by).map_err(corrupt)?,
            south: player_ref(row.south_id, row.south_name, row.south_bot_level)?,
            north: player_ref(row.north_id, row.north_name, row.north_bot_level)?,
            reserved_for: player_ref(row.reserved_for, row.reserved_name, row.reserved_bot_level)?,
            first: seat(&row.first_seat)?,
            custom_start: row.custom_start,
            start_position: row.start_position,
            position: row.position,
            ply: row.ply as u32,
            to_move: seat(&row.to_move)?,
            result,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            recorded_names: match (row.south_record_name, row.north_record_name) {
                (Some(south), Some(north)) => Some([south, north]),
                (None, None) => None,
                _ => return Err(corrupt(format!("game {}: one recorded name", row.id))),
            },
            timing: Timing {
                control: match (row.tc_initial_s, row.tc_increment_s, row.tc_days_per_move) {
                    (None, None, None) => None,
                    (Some(initial), increment, None) => Some(TimeControl::RealTime {
                        initial_s: initial as u32,
                        increment_s: increment.unwrap_or(0) as u32,
                    }),
                    (None, None, Some(days)) => Some(TimeControl::Correspondence {
                        days_per_move: days as u32,
                    }),
                    _ => return Err(corrupt(format!("game {}: time control", row.id))),
                },
                clock_ms: match (row.clock_south_ms, row.clock_north_ms) {
                    (Some(south), Some(north)) => Some([south, north]),
                    _ => None,
                },
                turn_started_at: row.turn_started_at,
                deadline_at: row.deadline_at,
                expires_at: row.expires_at,
            },
            abort_reason: row.abort_reason,
            unrated_reason: row.unrated_reason,
        })
    }
}

/// The game row with the names of its players, as a literal so that the
/// fixed queries below are built at compile time, not per request.
macro_rules! select_game {
    () => {
        "SELECT g.*, s.name AS south_name, s.bot_level AS south_bot_level, \
            n.name AS north_name, n.bot_level AS north_bot_level, \
            r.name AS reserved_name, r.bot_level AS reserved_bot_level \
         FROM games g \
         LEFT JOIN players s ON s.id = g.south_id \
         LEFT JOIN players n ON n.id = g.north_id \
         LEFT JOIN players r ON r.id = g.reserved_for"
    };
}

pub(super) const SELECT_GAME: &str = select_game!();
pub(super) const GAME_BY_ID: &str = concat!(select_game!(), " WHERE g.id = $1");
pub(super) const LOCK_GAME_BY_ID: &str =
    concat!(select_game!(), " WHERE g.id = $1 FOR UPDATE OF g");

/// The holder of the token whose hash is `$1`, with the game `$2` joined
/// (its columns null when no game has that id); no row when no token has
/// that hash. `$lock` locks the game (PostgreSQL).
macro_rules! game_for_token {
    ($lock:literal) => {
        concat!(
            "SELECT t.player_id AS caller_id, t.id AS token_id, \
                t.last_used_at AS token_last_used_at, game.* \
             FROM player_tokens t LEFT JOIN (",
            select_game!(),
            " WHERE g.id = $2",
            $lock,
            ") game ON TRUE WHERE t.token_hash = $1"
        )
    };
}

pub(super) const GAME_FOR_TOKEN: &str = game_for_token!("");
pub(super) const LOCK_GAME_FOR_TOKEN: &str = game_for_token!(" FOR UPDATE OF g");
pub(super) const DUE_GAME_BY_ID: &str =
    concat!(select_game!(), " WHERE g.id = $1 AND g.deadline_at <= $2");
pub(super) const LOCK_DUE_GAME_BY_ID: &str = concat!(
    select_game!(),
    " WHERE g.id = $1 AND g.deadline_at <= $2 FOR UPDATE OF g SKIP LOCKED"
);

impl super::Store {
    pub async fn game_by_id(&self, id: &GameId) -> Result<Option<Game>, StoreError> {
        let row = self
            .read_optional::<GameRow>(GAME_BY_ID, &[id.as_str().into()])
            .await?;
        row.map(Game::try_from).transpose()
    }
}
