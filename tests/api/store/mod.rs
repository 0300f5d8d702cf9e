//! The write path and what is stored: SQLite on the request's thread, the
//! WAL under load, locks on one game, writes cancelled mid-commit, rows that
//! always read back, and saved idempotent answers and their expiry.

mod cancelled_writes;
mod direct_sqlite;
mod idempotency_expiry;
mod saved_answers;
mod store_locks;
mod stored_bounds;
mod write_path;
