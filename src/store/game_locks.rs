//! Reading games for a write: locked until the transaction ends, and the
//! games whose deadline has come.

use chrono::{DateTime, Utc};

use sqlx::{FromRow, Row};

use super::sqlite::direct::{Columns, FromDirect, Param};

use super::games::{
    corrupt, GameRow, DUE_GAMES, DUE_GAME_BY_ID, GAME_BY_ID, GAME_FOR_TOKEN, LOCK_DUE_GAME_BY_ID,
    LOCK_GAME_BY_ID, LOCK_GAME_FOR_TOKEN, SQLITE_VERSION_FOR_TOKEN, VERSION_FOR_TOKEN,
};
use super::{StoreError, WriteTx};
use crate::domain::{GameId, PlayerId, TokenHash, TokenId};

/// Who sent a request, as [`WriteTx::lock_game_for_token`] reads it from
/// their bearer token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub player_id: PlayerId,
    pub token_id: TokenId,
    pub last_used_at: Option<DateTime<Utc>>,
}

row_struct! {
    pub(super) struct CallerRow {
        caller_id: String,
        token_id: TokenId = parsed,
        token_last_used_at: Option<DateTime<Utc>>,
    }
}

impl CallerRow {
    pub(super) fn caller(self) -> Result<Caller, StoreError> {
        Ok(Caller {
            player_id: PlayerId::parse(&self.caller_id).map_err(corrupt)?,
            token_id: self.token_id,
            last_used_at: self.token_last_used_at,
        })
    }
}

row_struct! {
    /// A token's holder and, when the game exists, its stored version.
    struct CallerAndVersion {
        caller_id: String,
        token_id: TokenId = parsed,
        token_last_used_at: Option<DateTime<Utc>>,
        game_version: Option<i64>,
    }
}

/// A token's holder and, when the game exists, the game: one row.
struct CallerAndGame {
    caller: CallerRow,
    game: Option<GameRow>,
}

impl CallerAndGame {
    fn new<E>(
        caller: CallerRow,
        game_id: Option<String>,
        game: impl FnOnce() -> Result<GameRow, E>,
    ) -> Result<Self, E> {
        let game = match game_id {
            Some(_) => Some(game()?),
            None => None,
        };
        Ok(CallerAndGame { caller, game })
    }
}

impl<'r> FromRow<'r, sqlx::postgres::PgRow> for CallerAndGame {
    fn from_row(row: &'r sqlx::postgres::PgRow) -> sqlx::Result<Self> {
        let game_id = row.try_get::<Option<String>, _>("id")?;
        CallerAndGame::new(CallerRow::from_row(row)?, game_id, || {
            GameRow::from_row(row)
        })
    }
}

impl FromDirect for CallerAndGame {
    fn from_columns(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self> {
        let caller = CallerRow::from_columns(columns)?;
        let game_id = columns.get::<Option<String>>("id")?;
        CallerAndGame::new(caller, game_id, || GameRow::from_columns(columns))
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
    pub async fn lock_game(&mut self, id: &GameId) -> Result<Option<GameRow>, StoreError> {
        self.lock_one(LOCK_GAME_BY_ID, GAME_BY_ID, id, None).await
    }

    /// Authenticates and locks in one statement: the holder of the token
    /// whose hash is `token`, and the game `id` locked as by
    /// [`WriteTx::lock_game`] (`None` when no game has that id). `None`
    /// when no token has that hash (the game is then not read).
    pub async fn lock_game_for_token(
        &mut self,
        token: &TokenHash,
        id: &GameId,
    ) -> Result<Option<(Caller, Option<GameRow>)>, StoreError> {
        let found = self
            .for_token::<CallerAndGame>([LOCK_GAME_FOR_TOKEN, GAME_FOR_TOKEN], token, id)
            .await?
            .map(|found| (found.caller, found.game));
        let Some((caller, game)) = found else {
            return Ok(None);
        };
        let caller = caller.caller()?;
        let game = match game {
            // See `lock_game`: the lock is held now, the names are read again.
            Some(row) if row.lacks_a_name() => self.read_game(GAME_BY_ID, id, None).await?,
            row => row,
        };
        Ok(Some((caller, game)))
    }

    /// [`WriteTx::lock_game_for_token`] without reading the game: the
    /// holder of the token whose hash is `token`, and the version of game
    /// `id` as stored, locked (`None` when no game has that id). `None`
    /// when no token has that hash.
    pub async fn lock_version_for_token(
        &mut self,
        token: &TokenHash,
        id: &GameId,
    ) -> Result<Option<(Caller, Option<i64>)>, StoreError> {
        let statements = [VERSION_FOR_TOKEN, SQLITE_VERSION_FOR_TOKEN];
        let Some(found) = self
            .for_token::<CallerAndVersion>(statements, token, id)
            .await?
        else {
            return Ok(None);
        };
        let caller = CallerRow {
            caller_id: found.caller_id,
            token_id: found.token_id,
            token_last_used_at: found.token_last_used_at,
        };
        Ok(Some((caller.caller()?, found.game_version)))
    }

    /// The row of `statements` (PostgreSQL's, SQLite's) for the token whose
    /// hash is `token` (`$1`) and game `id` (`$2`).
    async fn for_token<R: super::FetchedRow>(
        &mut self,
        statements: [&'static str; 2],
        token: &TokenHash,
        id: &GameId,
    ) -> Result<Option<R>, StoreError> {
        let statement = match self {
            WriteTx::Postgres(_) => statements[0],
            WriteTx::Sqlite(_) => statements[1],
        };
        self.fetch_optional::<R>(statement, &params![token.as_str(), id.as_str()])
            .await
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
    ) -> Result<Option<GameRow>, StoreError> {
        if let WriteTx::Postgres(_) = self {
            match self
                .fetch_optional::<GameRow>(lock, &game_params(id, due))
                .await?
            {
                Some(row) if row.lacks_a_name() => {}
                row => return Ok(row),
            }
        }
        self.read_game(read, id, due).await
    }

    /// Reads a game with `read`, binding `due` as `$2` if given.
    async fn read_game(
        &mut self,
        read: &'static str,
        id: &GameId,
        due: Option<DateTime<Utc>>,
    ) -> Result<Option<GameRow>, StoreError> {
        self.fetch_optional::<GameRow>(read, &game_params(id, due))
            .await
    }
}

/// `$1` the game's id, and `$2` the time a deadline is due by, if given.
fn game_params(id: &GameId, due: Option<DateTime<Utc>>) -> Vec<Param<'_>> {
    let mut params = vec![Param::from(id.as_str())];
    params.extend(due.map(Param::from));
    params
}

const RATED_GAMES_BETWEEN: &str = "\
    SELECT COUNT(*) FROM games WHERE rated AND id <> $3 AND started_at >= $4 \
    AND ((south_id = $1 AND north_id = $2) OR (south_id = $2 AND north_id = $1))";

impl super::Store {
    /// Games whose deadline is at or before `now`, the most overdue
    /// first; none with a bot to move.
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
    /// Locks a game whose deadline is at or before `now` and no bot is to
    /// move in, unless another
    /// transaction holds it (PostgreSQL skips it; SQLite's write lock
    /// already serialises writers). `None` when it is not due or is taken.
    pub async fn lock_due_game(
        &mut self,
        id: &GameId,
        now: DateTime<Utc>,
    ) -> Result<Option<GameRow>, StoreError> {
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
        let (count,): (i64,) = self
            .fetch_one(
                RATED_GAMES_BETWEEN,
                &params![a.as_str(), b.as_str(), except.as_str(), since],
            )
            .await?;
        Ok(count as u64)
    }
}
