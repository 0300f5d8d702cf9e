//! The server's integration tests, one binary (`cargo test --test api`):
//! each starts the real application on a free port over a fresh database
//! ([`helpers`]) and speaks HTTP to it. One module per area, named after the
//! file it was before, so `cargo test --test api moves::` runs what
//! `--test moves` did. The harness is compiled and linked once instead of
//! once per file.
//!
//! Elsewhere: `tests/metrics.rs` and `tests/group_commit.rs` (each needs the
//! process's metrics recorder to itself), the engine's differential and
//! allocation tests in `crates/engine/tests/`, the record's fuzz regressions
//! in `crates/record/tests/`.

#[macro_use]
mod helpers;

mod accounts;
mod analysis;
mod analysis_best;
mod bots;
mod bots_queue;
mod clocks;
mod explorer;
mod explorer_queue;
mod export;
mod games;
mod history;
mod http;
mod leaderboard_ranks;
mod leaderboards;
mod moves;
mod platform;
mod play;
mod ratings;
mod ratings_rebuild;
mod records;
mod replay;
mod search;
mod spec;
mod store;
mod streams;
mod tournaments;
mod tournaments_arena;
mod tournaments_crash;
mod tournaments_nodes;
mod tournaments_run;
mod tournaments_stream;
mod verify;
mod web;
mod webhooks;
