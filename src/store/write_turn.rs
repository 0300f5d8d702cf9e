//! SQLite writers of this process take turns before `BEGIN IMMEDIATE`.
//!
//! SQLite has one write lock per database file. Writers that find it taken
//! sleep in SQLite's busy handler (1, 2, 5, 10 … 100 ms) and retry, so under
//! load most of them sleep while the lock is free, and the lock goes to
//! whoever happens to wake. Queueing this process's writers on an async
//! mutex first hands the lock over in arrival order with no sleeping; the
//! busy timeout still covers writers in other processes. The mutex guards
//! no data, so nodes stay stateless.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use sqlx::sqlite::SqlitePool;
use sqlx::{Sqlite, SqliteConnection, Transaction};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

use super::{StoreError, SQLITE_BUSY_TIMEOUT};

/// A SQLite write transaction holding this process's turn at the write lock.
/// Dereferences to the connection, like a `Transaction`.
#[derive(Debug)]
pub struct SqliteWrite {
    // Dropped first: a transaction dropped without commit rolls back before
    // the next writer's turn is given.
    tx: Transaction<'static, Sqlite>,
    _turn: OwnedMutexGuard<()>,
}

impl SqliteWrite {
    /// Waits for this process's turn (as long as the busy timeout would),
    /// then `BEGIN IMMEDIATE`.
    pub(super) async fn begin(pool: &SqlitePool) -> Result<SqliteWrite, StoreError> {
        let turn = tokio::time::timeout(SQLITE_BUSY_TIMEOUT, turns_for(pool).lock_owned())
            .await
            .map_err(|_| StoreError::Database(sqlx::Error::PoolTimedOut))?;
        // Begun, committed and rolled back in a task of their own: a caller
        // dropped while one of them is under way (an HTTP client that left)
        // must not hand back to the pool a connection that sqlx believes
        // in, or out of, a transaction it is not, which left every later
        // write on it failing ("begin_with at non-zero transaction depth")
        // and the database's write lock held.
        let pool = pool.clone();
        let tx = detached(async move { pool.begin_with("BEGIN IMMEDIATE").await }).await?;
        Ok(SqliteWrite { tx, _turn: turn })
    }

    pub(super) async fn commit(self) -> Result<(), StoreError> {
        self.end(true).await
    }

    pub(super) async fn rollback(self) -> Result<(), StoreError> {
        self.end(false).await
    }

    /// Commits or rolls back, then gives up the write turn — in a task of
    /// its own, so that it completes even if the caller is dropped.
    async fn end(self, commit: bool) -> Result<(), StoreError> {
        let SqliteWrite { tx, _turn } = self;
        detached(async move {
            let ended = if commit {
                tx.commit().await
            } else {
                tx.rollback().await
            };
            drop(_turn);
            ended
        })
        .await?;
        Ok(())
    }
}

impl Deref for SqliteWrite {
    type Target = SqliteConnection;

    fn deref(&self) -> &SqliteConnection {
        &self.tx
    }
}

impl DerefMut for SqliteWrite {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.tx
    }
}

/// Runs `work` to its end even if the caller stops waiting for it.
async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, sqlx::Error>> + Send + 'static,
) -> Result<T, sqlx::Error> {
    tokio::spawn(work).await.unwrap_or_else(|joined| {
        tracing::error!(%joined, "a SQLite transaction step panicked");
        Err(sqlx::Error::WorkerCrashed)
    })
}

/// The queue of the database file `pool` opens; one per file per process.
pub(super) fn turns_for(pool: &SqlitePool) -> Arc<AsyncMutex<()>> {
    static TURNS: OnceLock<Mutex<HashMap<PathBuf, Arc<AsyncMutex<()>>>>> = OnceLock::new();
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut turns = TURNS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    turns.entry(file).or_default().clone()
}
