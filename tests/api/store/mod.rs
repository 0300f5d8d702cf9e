//! The write path and what is stored: SQLite on the request's thread, the
//! WAL under load, locks on one game, writes cancelled mid-commit, rows that
//! always read back, saved idempotent answers and their expiry, and the
//! database going away.

mod cancelled_writes;
mod direct_sqlite;
mod idempotency_expiry;
mod outages;
mod saved_answers;
mod store_locks;
mod stored_bounds;
mod write_path;
