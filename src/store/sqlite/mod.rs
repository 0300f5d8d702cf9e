//! The SQLite driver: statements called on the caller's thread
//! ([`direct`]), the reads that use it ([`direct_reads`]), the queue of
//! writers for the one write lock with its group commit
//! ([`writer_queue`]), the WAL checkpoints ([`checkpoints`]) and the
//! connections to the file ([`connections`]).

pub mod checkpoints;
mod connections;
#[macro_use]
pub mod direct;
mod direct_reads;
#[doc(hidden)]
pub mod replay;
pub mod writer_queue;
