//! Which database errors mean the database is unavailable (gone, not yet
//! back, refusing sessions, locked past the busy timeout) rather than a
//! statement failing, and the memory of the last lost connection that
//! keeps the pool from handing out the connections lost with it.
//!
//! The pool pings a connection before handing it out only when it has
//! been idle for a while (a ping before every statement cost a round trip
//! each). After PostgreSQL restarts, every pooled connection is dead, but
//! only the first statement on each would find out. So when a statement
//! loses its connection, every connection that was idle since before
//! that moment is pinged before its next use, and a dead one replaced.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use sqlx::error::DatabaseError;
use sqlx::postgres::PgDatabaseError;
use sqlx::sqlite::SqliteError;

/// True when `error` says the database cannot serve the statement now.
pub(super) fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        sqlx::Error::Database(database) => {
            if let Some(pg) = database.try_downcast_ref::<PgDatabaseError>() {
                postgres_unavailable(pg.code())
            } else if let Some(sqlite) = database.try_downcast_ref::<SqliteError>() {
                sqlite
                    .code()
                    .and_then(|code| code.parse().ok())
                    .is_some_and(|code| sqlite_unavailable(rusqlite::ffi::Error::new(code).code))
            } else {
                false
            }
        }
        other => ended_its_connection(other),
    }
}

/// SQLSTATEs of a database that is not there for us: a connection
/// exception (class 08), the server shutting down or crashed (57P01,
/// 57P02), not accepting sessions yet (57P03), a session ended by the
/// server (57P05, idle session timeout) or no session slot free (53300).
fn postgres_unavailable(sqlstate: &str) -> bool {
    sqlstate.starts_with("08")
        || matches!(sqlstate, "57P01" | "57P02" | "57P03" | "57P05" | "53300")
}

/// SQLite's: the file is locked by another past the busy timeout, cannot
/// be opened, read or written, or its disk is full.
pub(super) fn sqlite_unavailable(code: rusqlite::ErrorCode) -> bool {
    matches!(
        code,
        rusqlite::ErrorCode::DatabaseBusy
            | rusqlite::ErrorCode::DatabaseLocked
            | rusqlite::ErrorCode::SystemIoFailure
            | rusqlite::ErrorCode::DiskFull
            | rusqlite::ErrorCode::CannotOpen
    )
}

/// True when `error` ended the connection it ran on.
pub(super) fn ended_its_connection(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(database) => database
            .try_downcast_ref::<PgDatabaseError>()
            .is_some_and(|pg| {
                pg.code().starts_with("08") || matches!(pg.code(), "57P01" | "57P02" | "57P05")
            }),
        _ => false,
    }
}

/// When a statement last lost its connection, in milliseconds since
/// [`epoch`] plus one; 0: never. One for the process: a second pool in it
/// (a test's) at worst pings a few connections more.
static LOST_AT: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now() -> u64 {
    epoch().elapsed().as_millis() as u64 + 1
}

/// Notes that a statement lost its connection just now.
pub(super) fn connection_lost() {
    LOST_AT.fetch_max(now(), Ordering::Relaxed);
}

/// True for a connection idle for `idle_for` if it was already idle when
/// a connection was last lost: it may have been lost too.
pub(super) fn idle_since_a_loss(idle_for: Duration) -> bool {
    let lost = LOST_AT.load(Ordering::Relaxed);
    let idle_since = now().saturating_sub(idle_for.as_millis() as u64);
    lost != 0 && idle_since <= lost
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_going_away_is_unavailable_and_a_failing_statement_is_not() {
        for sqlstate in [
            "08000", "08003", "08006", "57P01", "57P02", "57P03", "53300",
        ] {
            assert!(postgres_unavailable(sqlstate), "{sqlstate}");
        }
        // unique_violation, serialization_failure, syntax_error, query_canceled
        for sqlstate in ["23505", "40001", "42601", "57014"] {
            assert!(!postgres_unavailable(sqlstate), "{sqlstate}");
        }
    }

    #[test]
    fn pool_and_socket_errors_are_unavailable() {
        assert!(is_unavailable(&sqlx::Error::PoolTimedOut));
        assert!(is_unavailable(&sqlx::Error::PoolClosed));
        let reset = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        assert!(is_unavailable(&sqlx::Error::Io(reset)));
        assert!(!is_unavailable(&sqlx::Error::RowNotFound));
        assert!(!is_unavailable(&sqlx::Error::ColumnNotFound("id".into())));
    }

    #[test]
    fn a_connection_idle_since_before_a_loss_is_checked() {
        connection_lost();
        // Idle for a minute: it was idle when the connection was lost.
        assert!(idle_since_a_loss(Duration::from_secs(60)));
        std::thread::sleep(Duration::from_millis(5));
        // Released 1 ms ago, after the loss: not suspect.
        assert!(!idle_since_a_loss(Duration::from_millis(1)));
    }
}
