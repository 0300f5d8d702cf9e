pub mod accounts;
pub mod api;
pub mod bots;
pub mod config;
pub mod explorer;
/// Validated domain values, a crate of its own (crates/domain).
pub use oanquan_domain as domain;
/// The rules engine, a crate of its own (crates/engine); every
/// `oanquan::engine::…` path is the same as before the move.
pub use oanquan_engine as engine;
pub mod games;
pub mod live;
/// Glicko-2 ratings, a crate of its own (crates/ratings).
pub use oanquan_ratings as ratings;
/// Game records, a crate of its own (crates/record).
pub use oanquan_record as record;
pub mod search;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod tournaments;
pub mod verify;
pub mod web;
pub mod webhooks;
