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
        let tx = pool.begin_with("BEGIN IMMEDIATE").await?;
        Ok(SqliteWrite { tx, _turn: turn })
    }

    pub(super) async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        Ok(())
    }

    pub(super) async fn rollback(self) -> Result<(), StoreError> {
        self.tx.rollback().await?;
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

/// The queue of the database file `pool` opens; one per file per process.
fn turns_for(pool: &SqlitePool) -> Arc<AsyncMutex<()>> {
    static TURNS: OnceLock<Mutex<HashMap<PathBuf, Arc<AsyncMutex<()>>>>> = OnceLock::new();
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut turns = TURNS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    turns.entry(file).or_default().clone()
}
