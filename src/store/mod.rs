//! Persistence: SQL only, on SQLite or PostgreSQL, chosen by the URL scheme.
//!
//! Queries are SQL with `$1` placeholders (valid on both backends) read
//! into row structs (`row_struct!`). One method body serves both backends:
//! reads on the pool through [`with_pool!`] (sqlx on either), writes
//! through [`WriteTx::execute`] and its `fetch_*` siblings, which run
//! SQLite's statements on the caller's thread ([`direct`]) and
//! PostgreSQL's through sqlx. SQL is written per backend only where the
//! dialects differ.

use std::str::FromStr;
use std::time::Duration;

use sqlx::pool::{PoolConnectionMetadata, PoolOptions};
use sqlx::postgres::{PgConnectOptions, PgPool};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqliteSynchronous};
use sqlx::{Connection, Postgres, Sqlite};

pub use announcements::PgWrite;

/// Runs `$body` with `$pool` bound to the `&SqlitePool` or the `&PgPool` of a
/// [`Store`]. The body is compiled once per backend, so it may only use SQL
/// and types that both accept.
macro_rules! with_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match $store {
            $crate::store::Store::Sqlite($pool) => $body,
            $crate::store::Store::Postgres($pool) => $body,
        }
    };
}

#[macro_use]
mod rows;
#[macro_use]
pub mod sqlite;
mod announcements;
mod bot_accounts;
mod bots;
mod challenges;
mod citus;
mod explorer;
mod explorer_counts;
mod explorer_pending;
mod game_locks;
mod game_writes;
#[macro_use]
mod games;
mod gauges;
mod history;
mod idempotency;
mod leaderboards;
mod limits;
mod lost;
mod migrations;
mod moves_write;
mod offers;
mod players;
mod rating_queries;
mod ratings;
mod rebuild;
pub mod settings;
mod stream_reads;
mod stream_tickets;
mod tokens;
mod tournaments;
mod webhook_deliveries;
mod webhooks;

pub use bots::{bot_id, bot_name};
pub use citus::{Distributed, Worker, DISTRIBUTED_TABLES, REFERENCE_TABLES};
pub use explorer::{ExplorerCounts, ExplorerFilter, ExplorerRow, MAX_ROWS_COUNTED};
pub use explorer_counts::{cut_inside_a_bucket, ExplorerCount};
pub use explorer_pending::Claim;
pub use game_locks::Caller;
pub use games::GameRow;
pub use gauges::PoolUse;
pub use history::{GameFilter, HistoryKey, RulesFilter, StoredGame};
pub use idempotency::{KeyScope, SavedResponse};
pub use leaderboards::{LeaderboardFilter, LeaderboardRow, PageStart, RankKey};
pub use limits::RecentRegistrations;
pub use migrations::Schema;
pub use moves_write::{AfterMove, MoveRecord};
pub use players::{NameKeysFilled, Player, Registered};
pub use rating_queries::BotRecord;
pub use ratings::{ChangeToStore, HeadToHead, PresetStanding, RatedGame, RatingChange, Record};
pub use rebuild::RebuildSummary;
pub use settings::{Backend, DatabaseSettings, DatabaseUrl, GroupCommitSettings, SqliteSettings};
pub use sqlite::checkpoints::{Checkpoints, WalPlan};
pub use sqlite::writer_queue::{GroupCommit, SqliteWrite};
pub use stream_reads::{ChangeListener, Heard, WebhookDisabled};
pub use tokens::{use_is_due, TokenHolder, TokenRecord, LAST_USED_PRECISION};
pub use tournaments::{EntrantRow, PairingRow, TournamentRow};
pub use webhook_deliveries::{AttemptOutcome, Attempted};
pub use webhooks::{DeliveryRow, EndpointRow};

/// What [`Store::migrate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Migrated {
    /// Migrations applied by this call.
    pub applied: u64,
    /// The schema's version now (the newest migration applied).
    pub version: i64,
}

/// How long a request waits for a pooled connection before giving up.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a SQLite writer waits for the write lock held by another.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// A pooled connection idle this long is pinged before it is handed out, to
/// replace one the database dropped. sqlx's default pings before every
/// acquire: under load that was one extra round trip per query, a quarter
/// of a move submission's and half of a `GET /v1/games/{id}`'s.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(10);

/// A connection pool on one of the two backends. Cheap to clone.
#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A write transaction. Dropping it without [`WriteTx::commit`] rolls back.
#[derive(Debug)]
pub enum WriteTx {
    Sqlite(SqliteWrite),
    Postgres(PgWrite),
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[source] sqlx::Error),
    /// An error of a statement run on SQLite directly ([`direct`]).
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// The SQLite transaction this write shared with others (group commit)
    /// did not commit, or was lost: nothing of it is stored; it may be
    /// tried again.
    #[error("the write was not committed: {0}")]
    NotCommitted(String),
    /// A stored value this build cannot read back: a server fault.
    #[error("stored data is not valid: {0}")]
    Corrupt(String),
}

/// Every sqlx error a store call meets passes here: one that lost its
/// connection marks the pool's idle connections for a check
/// ([`lost::connection_lost`]).
impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        if lost::ended_its_connection(&error) {
            lost::connection_lost();
        }
        StoreError::Database(error)
    }
}

impl StoreError {
    /// True when the database could not be reached, went away or is locked
    /// past the busy timeout (as opposed to a statement failing): nothing
    /// was done, and the same request may succeed later, so the caller
    /// answers 503 rather than 500.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Database(error) => lost::is_unavailable(error),
            StoreError::Sqlite(error) => error
                .sqlite_error_code()
                .is_some_and(lost::sqlite_unavailable),
            StoreError::NotCommitted(_) => true,
            StoreError::Migration(_) | StoreError::Corrupt(_) => false,
        }
    }

    /// True for a unique or primary-key violation.
    pub fn is_unique_violation(&self) -> bool {
        match self {
            StoreError::Database(sqlx::Error::Database(e)) => {
                e.is_unique_violation() || citus::is_wrapped_unique_violation(e.as_ref())
            }
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => matches!(
                e.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                    | rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            ),
            _ => false,
        }
    }
}

impl Store {
    /// Opens a pool; for SQLite the file is created if missing, and SQLite
    /// checkpoints inside the commit ([`WalPlan::SQLITE_DEFAULT`]).
    pub async fn connect(settings: &DatabaseSettings) -> Result<Self, StoreError> {
        Self::connect_with(settings, WalPlan::SQLITE_DEFAULT).await
    }

    /// Opens a pool whose SQLite connections follow `wal` (start its
    /// checkpoints with [`Store::start_checkpoints`]); PostgreSQL ignores it.
    pub async fn connect_with(
        settings: &DatabaseSettings,
        wal: WalPlan,
    ) -> Result<Self, StoreError> {
        let url = settings.url.as_str();
        match settings.url.backend() {
            Backend::Sqlite => {
                // WAL lets readers run beside the single writer. With WAL,
                // synchronous = NORMAL stays consistent and loses nothing on a
                // process crash; only a power loss or OS crash may drop the
                // last few committed transactions. FULL would fsync on every
                // commit, which costs more than a game server's last moves
                // are worth.
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .busy_timeout(SQLITE_BUSY_TIMEOUT)
                    .foreign_keys(true);
                let options = wal.applied_to(options);
                let pool = pool_options::<Sqlite>(settings)
                    .connect_with(options)
                    .await?;
                if wal.every.is_some() {
                    sqlite::writer_queue::set_checkpoints_apart(&pool);
                }
                Ok(Store::Sqlite(pool))
            }
            Backend::Postgres => {
                let options = PgConnectOptions::from_str(url)?;
                let pool = pool_options::<Postgres>(settings)
                    .connect_with(options)
                    .await?;
                Ok(Store::Postgres(pool))
            }
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            Store::Sqlite(_) => Backend::Sqlite,
            Store::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies this backend's embedded migrations (never the other's), then
    /// fills what SQL alone cannot: the name keys of players registered
    /// before migration 0005 ([`Store::fill_name_keys`]). Says what it did.
    pub async fn migrate(&self) -> Result<Migrated, StoreError> {
        let before = self.applied_migrations().await;
        match self {
            Store::Sqlite(pool) => Schema::Sqlite.run(pool).await?,
            Store::Postgres(pool) => Schema::Postgres.run(pool).await?,
        }
        let after = self.applied_migrations().await;
        let filled = self.fill_name_keys().await?;
        if filled.players > 0 {
            tracing::info!(
                players = filled.players,
                disambiguated = filled.disambiguated,
                "name keys filled for players registered before migration 0005"
            );
        }
        Ok(Migrated {
            applied: after.0.saturating_sub(before.0),
            version: after.1,
        })
    }

    /// How many migrations the database records as applied, and the newest.
    async fn applied_migrations(&self) -> (u64, i64) {
        const APPLIED: &str =
            "SELECT COUNT(*), COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success";
        let applied: Result<(i64, i64), sqlx::Error> =
            with_pool!(self, |pool| sqlx::query_as(APPLIED).fetch_one(pool).await);
        // No table yet: nothing applied.
        applied.map_or((0, 0), |(count, newest)| (count as u64, newest))
    }

    /// Round-trips `SELECT 1`.
    pub async fn ping(&self) -> Result<(), StoreError> {
        with_pool!(self, |pool| sqlx::query("SELECT 1")
            .execute(pool)
            .await
            .map(drop))?;
        Ok(())
    }

    /// Starts a transaction that will write. On SQLite it takes the write
    /// lock up front (`BEGIN IMMEDIATE`): a deferred transaction that reads
    /// first and then writes can fail with SQLITE_BUSY on upgrade, without
    /// the busy timeout helping; this process's writers queue for it first
    /// (see [`SqliteWrite`]). On PostgreSQL it is a plain `BEGIN`; lock
    /// the rows you will change with `SELECT … FOR UPDATE`.
    pub async fn begin_write(&self) -> Result<WriteTx, StoreError> {
        let started = std::time::Instant::now();
        let tx = match self {
            Store::Sqlite(pool) => WriteTx::Sqlite(SqliteWrite::begin(pool).await?),
            Store::Postgres(pool) => WriteTx::Postgres(PgWrite::begin(pool).await?),
        };
        // A pooled connection, and on SQLite the write lock: the queue of writers.
        metrics::histogram!("oanquan_db_write_begin_seconds")
            .record(started.elapsed().as_secs_f64());
        Ok(tx)
    }

    /// How this process's SQLite writers share transactions (group commit,
    /// see [`SqliteWrite`]); a store starts with [`GroupCommit::OFF`].
    /// PostgreSQL ignores it.
    pub fn set_group_commit(&self, limits: GroupCommit) {
        if let Store::Sqlite(pool) = self {
            sqlite::writer_queue::set_group_commit(pool, limits);
        }
    }

    /// Closes the pool (waits for checked-out connections to come back)
    /// and, on SQLite, this process's own connections to the file.
    pub async fn close(&self) {
        if let Store::Sqlite(pool) = self {
            sqlite::writer_queue::close(pool).await;
        }
        with_pool!(self, |pool| pool.close().await)
    }
}

/// A row struct both backends read (`row_struct!` declares them).
pub(crate) trait FetchedRow:
    sqlite::direct::FromDirect + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin
{
}

impl<T> FetchedRow for T where
    T: sqlite::direct::FromDirect + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin
{
}

/// The pool settings both backends share.
fn pool_options<DB: sqlx::Database>(settings: &DatabaseSettings) -> PoolOptions<DB> {
    PoolOptions::new()
        .max_connections(settings.max_connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| Box::pin(ping_if_idle(conn, meta)))
}

async fn ping_if_idle<C: Connection>(
    conn: &mut C,
    meta: PoolConnectionMetadata,
) -> Result<bool, sqlx::Error> {
    if meta.idle_for >= PING_IF_IDLE_FOR || lost::idle_since_a_loss(meta.idle_for) {
        conn.ping().await?;
    }
    Ok(true)
}

impl WriteTx {
    pub async fn commit(self) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        match self {
            WriteTx::Sqlite(tx) => tx.commit().await?,
            WriteTx::Postgres(tx) => tx.commit().await?,
        }
        metrics::histogram!("oanquan_db_commit_seconds").record(started.elapsed().as_secs_f64());
        Ok(())
    }

    /// Records that game `id` is at `version` once this transaction
    /// commits: PostgreSQL announces it to every node then
    /// ([`announcements`]); SQLite is served by one process.
    pub(crate) fn changed(&mut self, id: &str, version: i64) {
        if let WriteTx::Postgres(write) = self {
            write.changed(id, version);
        }
    }

    /// Runs one statement without parameters (a tool's or a test's own SQL);
    /// the rows it changed.
    pub async fn execute_sql(&mut self, sql: &str) -> Result<u64, StoreError> {
        self.execute(sql, &[]).await
    }

    /// Runs a statement; the rows it changed.
    pub(crate) async fn execute(
        &mut self,
        sql: &str,
        params: &[sqlite::direct::Param<'_>],
    ) -> Result<u64, StoreError> {
        match self {
            WriteTx::Sqlite(write) => Ok(sqlite::direct::execute(write.connection(), sql, params)?),
            WriteTx::Postgres(tx) => Ok(sqlite::direct::pg_query(sql, params)
                .execute(&mut **tx)
                .await?
                .rows_affected()),
        }
    }

    /// Up to `limit` rows of a query.
    async fn fetch_up_to<R: FetchedRow>(
        &mut self,
        sql: &str,
        params: &[sqlite::direct::Param<'_>],
        limit: usize,
    ) -> Result<Vec<R>, StoreError> {
        match self {
            WriteTx::Sqlite(write) => Ok(sqlite::direct::query(
                write.connection(),
                sql,
                params,
                limit,
            )?),
            WriteTx::Postgres(tx) => {
                let query = sqlite::direct::pg_query(sql, params);
                let rows = if limit == 1 {
                    query.fetch_optional(&mut **tx).await?.into_iter().collect()
                } else {
                    query.fetch_all(&mut **tx).await?
                };
                rows.iter()
                    .map(|row| R::from_row(row).map_err(StoreError::from))
                    .collect()
            }
        }
    }

    /// Every row of a query.
    pub(crate) async fn fetch_all<R: FetchedRow>(
        &mut self,
        sql: &str,
        params: &[sqlite::direct::Param<'_>],
    ) -> Result<Vec<R>, StoreError> {
        self.fetch_up_to(sql, params, usize::MAX).await
    }

    /// The first row of a query, if any.
    pub(crate) async fn fetch_optional<R: FetchedRow>(
        &mut self,
        sql: &str,
        params: &[sqlite::direct::Param<'_>],
    ) -> Result<Option<R>, StoreError> {
        Ok(self.fetch_up_to(sql, params, 1).await?.pop())
    }

    /// The first row of a query, which must return one.
    pub(crate) async fn fetch_one<R: FetchedRow>(
        &mut self,
        sql: &str,
        params: &[sqlite::direct::Param<'_>],
    ) -> Result<R, StoreError> {
        self.fetch_optional(sql, params)
            .await?
            .ok_or(StoreError::Database(sqlx::Error::RowNotFound))
    }

    /// Rolls back now. Dropping a transaction only queues its rollback for
    /// the connection's next use, so its row locks outlive it: a writer
    /// that gives up and then wants the rows (`SKIP LOCKED`) must roll back
    /// first.
    pub async fn rollback(self) -> Result<(), StoreError> {
        match self {
            WriteTx::Sqlite(tx) => tx.rollback().await?,
            WriteTx::Postgres(tx) => tx.rollback().await?,
        }
        Ok(())
    }
}
