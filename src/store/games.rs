//! Games and their moves.
//!
//! A game row carries everything needed to answer `GET /v1/games/{id}`
//! without replaying: the resolved ruleset, seats, current position and
//! result. Writers lock the row ([`WriteTx::lock_game`]) and save it
//! conditionally on its `version`, in the transaction that inserts the move.

use chrono::{DateTime, Utc};

use super::{StoreError, WriteTx};
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

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub game_id: GameId,
    pub ply: u32,
    pub seat: Seat,
    pub notation: String,
    pub player_id: Option<PlayerId>,
    pub position_after: String,
    /// `None` only for a move of an imported record that gave no times.
    pub played_at: Option<DateTime<Utc>>,
    /// How long the mover thought, on the server's clock (timed games).
    pub think_ms: Option<i64>,
    /// The mover's time left after the move and its increment.
    pub clock_ms: Option<i64>,
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
    fn lacks_a_name(&self) -> bool {
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
const GAME_BY_ID: &str = concat!(select_game!(), " WHERE g.id = $1");
const LOCK_GAME_BY_ID: &str = concat!(select_game!(), " WHERE g.id = $1 FOR UPDATE OF g");

const INSERT_GAME: &str = "\
    INSERT INTO games (id, status, preset, mandarin_setup, mandarin_value, empty_mandarin_is_gap, \
        young_mandarin_min, first_move_mandarin_ban, refill_shortfall, max_plies, rated, created_by, \
        south_id, north_id, reserved_for, first_seat, custom_start, start_position, position, ply, \
        to_move, winner, end_reason, score_south, score_north, version, created_at, updated_at, \
        started_at, finished_at, south_record_name, north_record_name, tc_initial_s, tc_increment_s, \
        tc_days_per_move, clock_south_ms, clock_north_ms, turn_started_at, deadline_at, expires_at, \
        abort_reason, unrated_reason) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, \
        $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, \
        $38, $39, $40, $41, $42)";

/// Saves every field that play changes, if nobody saved since `version` was read.
const SAVE_GAME: &str = "\
    UPDATE games SET status = $3, south_id = $4, north_id = $5, reserved_for = $6, position = $7, \
        ply = $8, to_move = $9, winner = $10, end_reason = $11, score_south = $12, \
        score_north = $13, version = $2 + 1, updated_at = $14, started_at = $15, finished_at = $16, \
        rated = $17, clock_south_ms = $18, clock_north_ms = $19, turn_started_at = $20, \
        deadline_at = $21, expires_at = $22, abort_reason = $23, unrated_reason = $24 \
    WHERE id = $1 AND version = $2";

const INSERT_MOVE: &str = "\
    INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at, \
        think_ms, clock_ms) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

enum Column {
    InitialS,
    IncrementS,
    DaysPerMove,
}

fn control_column(game: &Game, column: Column) -> Option<i32> {
    let value = match (game.timing.control?, column) {
        (TimeControl::RealTime { initial_s, .. }, Column::InitialS) => initial_s,
        (TimeControl::RealTime { increment_s, .. }, Column::IncrementS) => increment_s,
        (TimeControl::Correspondence { days_per_move }, Column::DaysPerMove) => days_per_move,
        _ => return None,
    };
    Some(value as i32)
}

fn winner_name(outcome: &Outcome) -> &'static str {
    outcome.winner.map_or("draw", Seat::name)
}

row_struct! {
    pub(super) struct MoveRow {
        game_id: String,
        ply: i32,
        seat: String,
        notation: String,
        player_id: Option<String>,
        position_after: String,
        played_at: Option<DateTime<Utc>>,
        think_ms: Option<i64>,
        clock_ms: Option<i64>,
    }
}

impl TryFrom<MoveRow> for MoveRecord {
    type Error = StoreError;

    fn try_from(row: MoveRow) -> Result<MoveRecord, StoreError> {
        Ok(MoveRecord {
            game_id: GameId::parse(&row.game_id).map_err(corrupt)?,
            ply: row.ply as u32,
            seat: seat(&row.seat)?,
            notation: row.notation,
            player_id: row
                .player_id
                .map(|id| PlayerId::parse(&id).map_err(corrupt))
                .transpose()?,
            position_after: row.position_after,
            played_at: row.played_at,
            think_ms: row.think_ms,
            clock_ms: row.clock_ms,
        })
    }
}

const SELECT_MOVE: &str = "\
    SELECT game_id, ply, seat, notation, player_id, position_after, played_at, think_ms, clock_ms \
    FROM moves \
    WHERE game_id = $1 AND ply = $2";

impl super::Store {
    pub async fn move_at(&self, game: &GameId, ply: u32) -> Result<Option<MoveRecord>, StoreError> {
        let row = with_pool!(self, |pool| {
            sqlx::query_as::<_, MoveRow>(SELECT_MOVE)
                .bind(game.as_str())
                .bind(ply as i32)
                .fetch_optional(pool)
                .await
        })?;
        row.map(MoveRecord::try_from).transpose()
    }

    pub async fn game_by_id(&self, id: &GameId) -> Result<Option<Game>, StoreError> {
        let row = with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(GAME_BY_ID)
                .bind(id.as_str())
                .fetch_optional(pool)
                .await
        })?;
        row.map(Game::try_from).transpose()
    }
}

impl WriteTx {
    /// Reads a game and locks it until the transaction ends, so that writers
    /// of one game queue up. SQLite's `BEGIN IMMEDIATE` already holds the
    /// database's write lock. PostgreSQL locks and reads in one statement
    /// (one round trip per write saved), but a `FOR UPDATE` that waited
    /// re-reads only the locked row, not the rows joined to it: a seat
    /// filled by the transaction it waited for comes back without its
    /// player's name. Then the row is read again, under the lock now held.
    pub async fn lock_game(&mut self, id: &GameId) -> Result<Option<Game>, StoreError> {
        self.lock_one(LOCK_GAME_BY_ID, GAME_BY_ID, id, None).await
    }

    /// [`WriteTx::lock_game`] with the lock statement for PostgreSQL and the
    /// plain read that follows it (or serves SQLite); `due` is bound as `$2`
    /// when both statements take it.
    async fn lock_one(
        &mut self,
        lock: &'static str,
        read: &'static str,
        id: &GameId,
        due: Option<DateTime<Utc>>,
    ) -> Result<Option<Game>, StoreError> {
        if let WriteTx::Postgres(tx) = self {
            let query = sqlx::query_as::<_, GameRow>(lock).bind(id.as_str());
            let query = match due {
                Some(now) => query.bind(now),
                None => query,
            };
            match query.fetch_optional(&mut **tx).await? {
                Some(row) if row.lacks_a_name() => {}
                row => return row.map(Game::try_from).transpose(),
            }
        }
        let row = with_tx!(self, |conn| {
            let query = sqlx::query_as::<_, GameRow>(read).bind(id.as_str());
            let query = match due {
                Some(now) => query.bind(now),
                None => query,
            };
            query.fetch_optional(conn).await
        })?;
        row.map(Game::try_from).transpose()
    }

    /// Inserts a new game (its `version` is taken as given).
    pub async fn insert_game(&mut self, game: &Game) -> Result<(), StoreError> {
        let params = game.rules.params();
        with_tx!(self, |conn| {
            sqlx::query(INSERT_GAME)
                .bind(game.id.as_str())
                .bind(game.status.as_str())
                .bind(game.rules.preset().map(|p| p.name()))
                .bind(params.mandarin_setup.name())
                .bind(params.mandarin_value as i32)
                .bind(params.empty_mandarin_is_gap)
                .bind(params.young_mandarin_min as i32)
                .bind(params.first_move_mandarin_ban)
                .bind(params.refill_shortfall.name())
                .bind(params.max_plies as i32)
                .bind(game.rated)
                .bind(game.created_by.as_str())
                .bind(game.south.as_ref().map(|p| p.id.as_str()))
                .bind(game.north.as_ref().map(|p| p.id.as_str()))
                .bind(game.reserved_for.as_ref().map(|p| p.id.as_str()))
                .bind(game.first.name())
                .bind(game.custom_start)
                .bind(&game.start_position)
                .bind(&game.position)
                .bind(game.ply as i32)
                .bind(game.to_move.name())
                .bind(game.result.as_ref().map(winner_name))
                .bind(game.result.as_ref().map(|o| o.reason.name()))
                .bind(game.result.as_ref().map(|o| o.scores[0]))
                .bind(game.result.as_ref().map(|o| o.scores[1]))
                .bind(game.version)
                .bind(game.created_at)
                .bind(game.updated_at)
                .bind(game.started_at)
                .bind(game.finished_at)
                .bind(game.recorded_names.as_ref().map(|[south, _]| south))
                .bind(game.recorded_names.as_ref().map(|[_, north]| north))
                .bind(control_column(game, Column::InitialS))
                .bind(control_column(game, Column::IncrementS))
                .bind(control_column(game, Column::DaysPerMove))
                .bind(game.timing.clock_ms.map(|c| c[0]))
                .bind(game.timing.clock_ms.map(|c| c[1]))
                .bind(game.timing.turn_started_at)
                .bind(game.timing.deadline_at)
                .bind(game.timing.expires_at)
                .bind(&game.abort_reason)
                .bind(&game.unrated_reason)
                .execute(conn)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(())
    }

    /// Saves `game`'s changes over the row read at `game.version`, and
    /// bumps the stored version. `false` when the row moved on meanwhile
    /// (which the row lock makes a server fault, not a race to expect).
    pub async fn save_game(&mut self, game: &Game) -> Result<bool, StoreError> {
        let saved = with_tx!(self, |conn| {
            sqlx::query(SAVE_GAME)
                .bind(game.id.as_str())
                .bind(game.version)
                .bind(game.status.as_str())
                .bind(game.south.as_ref().map(|p| p.id.as_str()))
                .bind(game.north.as_ref().map(|p| p.id.as_str()))
                .bind(game.reserved_for.as_ref().map(|p| p.id.as_str()))
                .bind(&game.position)
                .bind(game.ply as i32)
                .bind(game.to_move.name())
                .bind(game.result.as_ref().map(winner_name))
                .bind(game.result.as_ref().map(|o| o.reason.name()))
                .bind(game.result.as_ref().map(|o| o.scores[0]))
                .bind(game.result.as_ref().map(|o| o.scores[1]))
                .bind(game.updated_at)
                .bind(game.started_at)
                .bind(game.finished_at)
                .bind(game.rated)
                .bind(game.timing.clock_ms.map(|c| c[0]))
                .bind(game.timing.clock_ms.map(|c| c[1]))
                .bind(game.timing.turn_started_at)
                .bind(game.timing.deadline_at)
                .bind(game.timing.expires_at)
                .bind(&game.abort_reason)
                .bind(&game.unrated_reason)
                .execute(conn)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(saved == 1)
    }

    /// Inserts a move; `false` when its ply was already played.
    pub async fn insert_move(&mut self, record: &MoveRecord) -> Result<bool, StoreError> {
        let inserted = with_tx!(self, |conn| {
            sqlx::query(INSERT_MOVE)
                .bind(record.game_id.as_str())
                .bind(record.ply as i32)
                .bind(record.seat.name())
                .bind(&record.notation)
                .bind(record.player_id.as_ref().map(PlayerId::as_str))
                .bind(&record.position_after)
                .bind(record.played_at)
                .bind(record.think_ms)
                .bind(record.clock_ms)
                .execute(conn)
                .await
                .map(|done| done.rows_affected())
        });
        match inserted {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
}

const DUE_GAMES: &str = "\
    SELECT id FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= $1 \
    ORDER BY deadline_at LIMIT $2";
const DUE_GAME_BY_ID: &str = concat!(select_game!(), " WHERE g.id = $1 AND g.deadline_at <= $2");
const LOCK_DUE_GAME_BY_ID: &str = concat!(
    select_game!(),
    " WHERE g.id = $1 AND g.deadline_at <= $2 FOR UPDATE OF g SKIP LOCKED"
);
const RATED_GAMES_BETWEEN: &str = "\
    SELECT COUNT(*) FROM games WHERE rated AND id <> $3 AND started_at >= $4 \
    AND ((south_id = $1 AND north_id = $2) OR (south_id = $2 AND north_id = $1))";

impl super::Store {
    /// Games whose deadline is at or before `now`, the most overdue first.
    pub async fn due_games(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<(String,)> = with_pool!(self, |pool| {
            sqlx::query_as(DUE_GAMES)
                .bind(now)
                .bind(limit)
                .fetch_all(pool)
                .await
        })?;
        game_ids(ids)
    }
}

/// Game ids as a one-column query returns them.
pub(super) fn game_ids(rows: Vec<(String,)>) -> Result<Vec<GameId>, StoreError> {
    rows.into_iter()
        .map(|(id,)| GameId::parse(&id).map_err(corrupt))
        .collect()
}

impl WriteTx {
    /// Locks a game whose deadline is at or before `now`, unless another
    /// transaction holds it (PostgreSQL skips it; SQLite's write lock
    /// already serialises writers). `None` when it is not due or is taken.
    pub async fn lock_due_game(
        &mut self,
        id: &GameId,
        now: DateTime<Utc>,
    ) -> Result<Option<Game>, StoreError> {
        self.lock_one(LOCK_DUE_GAME_BY_ID, DUE_GAME_BY_ID, id, Some(now))
            .await
    }

    /// Rated games between two players started since `since`, other than `except`.
    pub async fn rated_games_between(
        &mut self,
        a: &PlayerId,
        b: &PlayerId,
        except: &GameId,
        since: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let (count,): (i64,) = with_tx!(self, |conn| {
            sqlx::query_as(RATED_GAMES_BETWEEN)
                .bind(a.as_str())
                .bind(b.as_str())
                .bind(except.as_str())
                .bind(since)
                .fetch_one(conn)
                .await
        })?;
        Ok(count as u64)
    }
}
