//! This process's own connections to a SQLite file, beside sqlx's pool:
//! the one writer (held by the writer queue, [`super::writer_queue`]) and the
//! readers of [`super::direct_reads`], both called on the caller's thread
//! ([`super::direct`]).

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::super::StoreError;

/// Which connection [`open`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::store) enum Access {
    Write,
    Read,
}

/// How long a reader may wait in SQLite's busy handler. Readers of a WAL
/// database wait only in rare moments (a WAL being recovered or started
/// over), so this bounds a rare stall of the caller's thread.
const READER_BUSY_TIMEOUT: Duration = Duration::from_millis(100);

/// A connection to `file`, configured as the pool's are. The writer's busy
/// timeout is zero: its statements run on the caller's thread, which must
/// not sleep in SQLite's busy handler while another process holds the
/// write lock; its `BEGIN IMMEDIATE` is retried asleep instead.
pub(in crate::store) fn open(
    file: &Path,
    access: Access,
    checkpoints_apart: bool,
) -> Result<Connection, StoreError> {
    let flags = match access {
        Access::Write => OpenFlags::SQLITE_OPEN_READ_WRITE,
        Access::Read => OpenFlags::SQLITE_OPEN_READ_ONLY,
    } | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(file, flags)?;
    conn.set_prepared_statement_cache_capacity(64);
    conn.execute_batch("PRAGMA foreign_keys = ON")?;
    match access {
        Access::Write => {
            conn.busy_timeout(Duration::ZERO)?;
            conn.execute_batch("PRAGMA synchronous = NORMAL")?;
            if checkpoints_apart {
                conn.execute_batch("PRAGMA wal_autocheckpoint = 0")?;
            }
        }
        Access::Read => conn.busy_timeout(READER_BUSY_TIMEOUT)?,
    }
    Ok(conn)
}

/// True for SQLite's "another connection holds the lock".
pub(in crate::store) fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// Idle read-only connections to one file. A reader is taken for one
/// statement, with no await in between, so there are at most as many as
/// threads that read at once.
#[derive(Debug, Default)]
pub(in crate::store) struct Readers {
    idle: Mutex<Vec<Connection>>,
}

impl Readers {
    /// Runs `read` on an idle reader, or on a new one.
    pub(in crate::store) fn with<T>(
        &self,
        file: &Path,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let reader = match self.lock().pop() {
            Some(reader) => reader,
            None => open(file, Access::Read, false)?,
        };
        let read = read(&reader)?;
        // A reader whose statement failed is dropped, not kept.
        self.lock().push(reader);
        Ok(read)
    }

    /// Closes the idle readers.
    pub(in crate::store) fn close(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Connection>> {
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
