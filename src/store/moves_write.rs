//! Moves: read one, and write one with the game's new state.
//!
//! A move that does not end the game changes only the game's position,
//! ply, side to move, clocks, deadline, `updated_at` and `version`: that is
//! all [`WriteTx::play_move`] writes. On PostgreSQL the game's update and
//! the move's insert are one statement (a data-modifying CTE): the move is
//! inserted from the `RETURNING` of the update, so a stale version inserts
//! nothing. SQLite has no data-modifying CTEs: there they are two
//! statements in the writer queue, the insert first (its `(game_id, ply)`
//! key is the last guard on both backends).

use chrono::{DateTime, Utc};

use sqlx::FromRow;

use super::announcements::AnnounceOnDrop;
use super::game_locks::{Caller, CallerRow};
use super::games::{corrupt, seat};
use super::sqlite::direct::Param;
use super::{StoreError, WriteTx};
use crate::domain::{GameId, PlayerId, TokenHash};
use crate::engine::Seat;

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

pub(super) const INSERT_MOVE: &str = "\
    INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at, \
        think_ms, clock_ms) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// The columns a move changes, written over the row read at `$2`.
macro_rules! update_after_move {
    () => {
        "UPDATE games SET position = $3, ply = $4, to_move = $5, version = $2 + 1, \
            updated_at = $6, clock_south_ms = $7, clock_north_ms = $8, turn_started_at = $9, \
            deadline_at = $10 \
         WHERE id = $1 AND version = $2"
    };
}

/// What a move that does not end its game changes of the game's row,
/// written over the row read at `version`.
#[derive(Clone, Copy, Debug)]
pub struct AfterMove<'a> {
    pub id: &'a GameId,
    pub version: i64,
    pub position: &'a str,
    pub ply: u32,
    pub to_move: Seat,
    pub updated_at: DateTime<Utc>,
    pub clock_ms: Option<[i64; 2]>,
    pub turn_started_at: Option<DateTime<Utc>>,
    pub deadline_at: Option<DateTime<Utc>>,
}

/// `$1` to `$10` of [`update_after_move!`].
fn after_move<'a>(game: &AfterMove<'a>) -> [Param<'a>; 10] {
    params![
        game.id.as_str(),
        game.version,
        game.position,
        game.ply as i32,
        game.to_move.name(),
        game.updated_at,
        game.clock_ms.map(|c| c[0]),
        game.clock_ms.map(|c| c[1]),
        game.turn_started_at,
        game.deadline_at,
    ]
}

/// SQLite: the game's part of a move, after [`INSERT_MOVE`].
pub(super) const SAVE_AFTER_MOVE: &str = update_after_move!();

/// PostgreSQL: the game's update and the move's insert in one statement
/// (one round trip instead of two); the move takes the game's id from the
/// updated row, so a version that moved on inserts no move.
const PLAY_MOVE: &str = concat!(
    "WITH saved AS (",
    update_after_move!(),
    " RETURNING id) \
     INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at, \
         think_ms, clock_ms) \
     SELECT id, $11, $12, $13, $14, $15, $16, $17, $18 FROM saved"
);

/// PostgreSQL, one autocommit statement: authenticates (the token whose
/// hash is `$19` must be player `$20`'s, and may play), writes the game's part of the
/// move over version `$2` (the `UPDATE` takes the row's lock; a row that
/// moved on, or a token that is not the player's, updates nothing),
/// inserts the move from the update's `RETURNING`, and returns the
/// token's holder: one row when the move was stored, none otherwise.
/// A player of the game with an enabled webhook endpoint subscribed to
/// `game.move` stores nothing either: that move's outbox row is written
/// by the webhooks' hook, in a unit of work.
const PLAY_MOVE_FOR_TOKEN: &str = concat!(
    "WITH caller AS (\
        SELECT t.player_id AS caller_id, t.id AS token_id, t.last_used_at AS token_last_used_at \
        FROM player_tokens t WHERE t.token_hash = $19 AND t.player_id = $20",
    super::games::token_may_play!(),
    "), \
     saved AS (",
    update_after_move!(),
    " AND EXISTS (SELECT 1 FROM caller) \
       AND NOT EXISTS (SELECT 1 FROM webhook_endpoints w \
           WHERE w.player_id IN (games.south_id, games.north_id) AND w.enabled \
             AND w.events LIKE '%,game.move,%') \
       RETURNING id), \
     played AS (\
        INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at, \
            think_ms, clock_ms) \
        SELECT id, $11, $12, $13, $14, $15, $16, $17, $18 FROM saved RETURNING game_id) \
     SELECT caller.* FROM caller, played"
);

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

/// A move's columns after its game id, in `INSERT_MOVE`'s order
/// (`PLAY_MOVE` takes them in the same order after the game's).
fn move_columns(record: &MoveRecord) -> [Param<'_>; 8] {
    params![
        record.ply as i32,
        record.seat.name(),
        record.notation.as_str(),
        record.player_id.as_ref().map(PlayerId::as_str),
        record.position_after.as_str(),
        record.played_at,
        record.think_ms,
        record.clock_ms,
    ]
}

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
}

impl super::Store {
    /// Whether this backend can play a move in one statement
    /// ([`super::Store::play_move_for_token`]).
    pub fn plays_at_once(&self) -> bool {
        matches!(self, super::Store::Postgres(_))
    }

    /// Plays a move that does not end the game in one autocommit statement
    /// ([`PLAY_MOVE_FOR_TOKEN`]), for the holder of the token whose hash
    /// is `token`, who must be `player`; then queues its announcement.
    /// The holder when it was stored; `None` when nothing was written (the
    /// row moved on from `game.version`, the token is not `player`'s, the
    /// ply was played already) or on SQLite.
    pub async fn play_move_for_token(
        &self,
        token: &TokenHash,
        player: &PlayerId,
        game: &AfterMove<'_>,
        record: &MoveRecord,
    ) -> Result<Option<Caller>, StoreError> {
        let super::Store::Postgres(pool) = self else {
            return Ok(None);
        };
        let mut params = after_move(game).to_vec();
        params.extend(move_columns(record));
        params.extend(params![token.as_str(), player.as_str()]);
        // Announced however the statement ends, unless it surely wrote
        // nothing: a dropped one may have committed.
        let mut announce = AnnounceOnDrop {
            pool: pool.clone(),
            changed: vec![(game.id.as_str().to_owned(), game.version + 1)],
        };
        let started = std::time::Instant::now();
        let row = super::sqlite::direct::pg_query(PLAY_MOVE_FOR_TOKEN, &params)
            .fetch_optional(pool)
            .await
            .map_err(StoreError::from);
        let row = match row {
            Ok(Some(row)) => row,
            Ok(None) => {
                announce.changed.clear();
                return Ok(None);
            }
            Err(error) if error.is_unique_violation() => {
                announce.changed.clear();
                return Ok(None);
            }
            Err(error) => return Err(error),
        };
        metrics::histogram!("oanquan_db_move_statement_seconds")
            .record(started.elapsed().as_secs_f64());
        Ok(Some(CallerRow::from_row(&row)?.caller()?))
    }
}

impl WriteTx {
    /// Inserts a move; `false` when its ply was already played.
    pub async fn insert_move(&mut self, record: &MoveRecord) -> Result<bool, StoreError> {
        let mut params = vec![Param::from(record.game_id.as_str())];
        params.extend(move_columns(record));
        written(self.execute(INSERT_MOVE, &params).await.map(|_| true))
    }

    /// Writes a move that does not end the game: `record`, and `game`'s new
    /// position, ply, side to move, clocks and deadline over the row read
    /// at `game.version` (whose stored version it bumps; `game` must differ
    /// from that row in nothing else). `false` when the version moved on
    /// or the ply was played already: PostgreSQL has then written nothing,
    /// SQLite the move's row, and the caller rolls back.
    pub async fn play_move(
        &mut self,
        game: &AfterMove<'_>,
        record: &MoveRecord,
    ) -> Result<bool, StoreError> {
        if let WriteTx::Postgres(_) = self {
            let mut params = after_move(game).to_vec();
            params.extend(move_columns(record));
            let done = self.execute(PLAY_MOVE, &params).await;
            let played = written(done.map(|rows| rows == 1))?;
            if played {
                self.changed(game.id.as_str(), game.version + 1);
            }
            return Ok(played);
        }
        if !self.insert_move(record).await? {
            return Ok(false);
        }
        let saved = self.execute(SAVE_AFTER_MOVE, &after_move(game)).await?;
        Ok(saved == 1)
    }
}

/// A write that a unique violation on `(game_id, ply)` refuses: the ply
/// was played already.
fn written(done: Result<bool, StoreError>) -> Result<bool, StoreError> {
    match done {
        Err(e) if e.is_unique_violation() => Ok(false),
        done => done,
    }
}
