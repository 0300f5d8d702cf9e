//! Games and their moves.
//!
//! A game row carries everything needed to answer `GET /v1/games/{id}`
//! without replaying: the resolved ruleset, seats, current position and
//! result. Writers lock the row ([`WriteTx::lock_game`]) and save it
//! conditionally on its `version`, in the transaction that inserts the move.

use chrono::{DateTime, Utc};

use super::StoreError;
use crate::domain::GameId;
use crate::engine::Seat;

row_struct! {
    /// A game's row, with the names and levels of the players in its seats
    /// (read through joins, ignored on writes). The fields are in the
    /// order of the SQLite table's columns.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct GameRow {
        pub id: String,
        pub status: String,
        /// Read only by `oanquan verify`: the rules below are what counts.
        pub preset: Option<String>,
        pub mandarin_setup: String,
        pub mandarin_value: i32,
        pub empty_mandarin_is_gap: bool,
        pub young_mandarin_min: i32,
        pub first_move_mandarin_ban: bool,
        pub refill_shortfall: String,
        pub max_plies: i32,
        pub rated: bool,
        pub created_by: String,
        pub south_id: Option<String>,
        pub north_id: Option<String>,
        pub reserved_for: Option<String>,
        pub first_seat: String,
        pub custom_start: bool,
        pub start_position: String,
        pub position: String,
        pub ply: i32,
        pub to_move: String,
        pub winner: Option<String>,
        pub end_reason: Option<String>,
        pub score_south: Option<i32>,
        pub score_north: Option<i32>,
        pub version: i64,
        pub created_at: DateTime<Utc>,
        pub updated_at: DateTime<Utc>,
        pub started_at: Option<DateTime<Utc>>,
        pub finished_at: Option<DateTime<Utc>>,
        pub south_record_name: Option<String>,
        pub north_record_name: Option<String>,
        pub tc_initial_s: Option<i32>,
        pub tc_increment_s: Option<i32>,
        pub tc_days_per_move: Option<i32>,
        pub clock_south_ms: Option<i64>,
        pub clock_north_ms: Option<i64>,
        pub turn_started_at: Option<DateTime<Utc>>,
        pub deadline_at: Option<DateTime<Utc>>,
        pub expires_at: Option<DateTime<Utc>>,
        pub abort_reason: Option<String>,
        pub unrated_reason: Option<String>,
        /// The player a challenge was made to (kept once accepted).
        pub challenge_to: Option<String>,
        /// Why the player challenged declined.
        pub decline_reason: Option<String>,
        /// The seat whose takeback offer stands, and the ply it stands for.
        pub takeback_offer_by: Option<String>,
        pub takeback_offer_ply: Option<i32>,
        /// The seat whose rematch offer stands.
        pub rematch_offer_by: Option<String>,
        /// The game an accepted rematch made.
        pub rematch_id: Option<String>,
        // The seats' players, joined: last, as `select_game!` lists them, so
        // that every field is read from the column after the previous one.
        pub south_name: Option<String>,
        pub south_bot_level: Option<i32>,
        pub north_name: Option<String>,
        pub north_bot_level: Option<i32>,
        pub reserved_name: Option<String>,
        pub reserved_bot_level: Option<i32>,
        pub south_bot_account: Option<bool>,
        pub north_bot_account: Option<bool>,
        pub reserved_bot_account: Option<bool>,
    }
}

impl GameRow {
    /// A player id whose name the join did not find.
    pub fn lacks_a_name(&self) -> bool {
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

/// The game row's columns with the names of its players (`g` joined to
/// [`game_joins!`]), as a literal so that the fixed queries below are
/// built at compile time, not per request.
macro_rules! game_columns {
    () => {
        "g.*, s.name AS south_name, s.bot_level AS south_bot_level, \
            n.name AS north_name, n.bot_level AS north_bot_level, \
            r.name AS reserved_name, r.bot_level AS reserved_bot_level, \
            s.bot_account AS south_bot_account, n.bot_account AS north_bot_account, \
            r.bot_account AS reserved_bot_account"
    };
}

/// The players in the seats of game `g`.
macro_rules! game_joins {
    () => {
        " LEFT JOIN players s ON s.id = g.south_id \
         LEFT JOIN players n ON n.id = g.north_id \
         LEFT JOIN players r ON r.id = g.reserved_for"
    };
}

/// The game row with the names of its players.
macro_rules! select_game {
    () => {
        concat!("SELECT ", game_columns!(), " FROM games g", game_joins!())
    };
}

pub(super) const SELECT_GAME: &str = select_game!();
pub(super) const GAME_BY_ID: &str = concat!(select_game!(), " WHERE g.id = $1");
pub(super) const LOCK_GAME_BY_ID: &str =
    concat!(select_game!(), " WHERE g.id = $1 FOR UPDATE OF g");

/// The token `t` may play (its scopes include `play`): a token that may
/// not is, to a move's statement, no token at all.
macro_rules! token_may_play {
    () => {
        " AND ' ' || t.scopes || ' ' LIKE '% play %'"
    };
}
pub(super) use token_may_play;

/// The holder of the token whose hash is `$1`, with the game `$2` joined
/// (its columns null when no game has that id); no row when no token has
/// that hash, or when it may not play. PostgreSQL locks the game, in a
/// subquery: `FOR UPDATE` cannot lock the nullable side of an outer join.
pub(super) const LOCK_GAME_FOR_TOKEN: &str = concat!(
    "SELECT t.player_id AS caller_id, t.id AS token_id, \
        t.last_used_at AS token_last_used_at, game.* \
     FROM player_tokens t LEFT JOIN (",
    select_game!(),
    " WHERE g.id = $2 FOR UPDATE OF g) game ON TRUE WHERE t.token_hash = $1",
    token_may_play!()
);
/// [`LOCK_GAME_FOR_TOKEN`] for SQLite, whose write lock is the
/// transaction's: the game joined directly, which SQLite reads in place
/// (the subquery it would copy into a temporary table first, every move).
pub(super) const GAME_FOR_TOKEN: &str = concat!(
    "SELECT t.player_id AS caller_id, t.id AS token_id, \
        t.last_used_at AS token_last_used_at, ",
    game_columns!(),
    " FROM player_tokens t LEFT JOIN games g ON g.id = $2",
    game_joins!(),
    " WHERE t.token_hash = $1",
    token_may_play!()
);
/// The holder of a token and, locked, only the version of game `$2`:
/// what a move needs when this process kept the game as it committed it.
/// (PostgreSQL's `FOR UPDATE` that waited re-reads the locked row, so the
/// version is the latest committed; SQLite's transaction holds the
/// database's write lock already.)
pub(super) const VERSION_FOR_TOKEN: &str = concat!(
    "SELECT t.player_id AS caller_id, t.id AS token_id, \
        t.last_used_at AS token_last_used_at, g.version AS game_version \
     FROM player_tokens t LEFT JOIN (SELECT version FROM games WHERE id = $2 FOR UPDATE) g ON TRUE \
     WHERE t.token_hash = $1",
    token_may_play!()
);
/// [`VERSION_FOR_TOKEN`] for SQLite, which has no `FOR UPDATE` and reads a
/// joined table in place.
pub(super) const SQLITE_VERSION_FOR_TOKEN: &str = concat!(
    "SELECT t.player_id AS caller_id, t.id AS token_id, \
        t.last_used_at AS token_last_used_at, g.version AS game_version \
     FROM player_tokens t LEFT JOIN games g ON g.id = $2 WHERE t.token_hash = $1",
    token_may_play!()
);
/// No bot is to move in `g` (its flag is not the sweeper's to call).
macro_rules! no_bot_to_move {
    () => {
        " AND NOT ((g.to_move = 'south' AND s.bot_level IS NOT NULL) \
           OR (g.to_move = 'north' AND n.bot_level IS NOT NULL))"
    };
}

pub(super) const DUE_GAME_BY_ID: &str = concat!(
    select_game!(),
    " WHERE g.id = $1 AND g.deadline_at <= $2",
    no_bot_to_move!()
);
pub(super) const LOCK_DUE_GAME_BY_ID: &str = concat!(
    select_game!(),
    " WHERE g.id = $1 AND g.deadline_at <= $2",
    no_bot_to_move!(),
    " FOR UPDATE OF g SKIP LOCKED"
);
/// Games whose deadline passed, with no bot to move, the most overdue first.
pub(super) const DUE_GAMES: &str = concat!(
    "SELECT g.id FROM games g \
     LEFT JOIN players s ON s.id = g.south_id \
     LEFT JOIN players n ON n.id = g.north_id \
     WHERE g.deadline_at IS NOT NULL AND g.deadline_at <= $1",
    no_bot_to_move!(),
    " ORDER BY g.deadline_at LIMIT $2"
);

impl super::Store {
    pub async fn game_by_id(&self, id: &GameId) -> Result<Option<GameRow>, StoreError> {
        self.read_optional::<GameRow>(GAME_BY_ID, &[id.as_str().into()])
            .await
    }
}
