//! One module per resource, each with a `configure` that registers its
//! handlers (and so their OpenAPI paths).

pub mod analysis;
pub mod analysis_best;
pub mod analysis_table;
pub mod bot_accounts;
pub mod bots;
pub mod challenges;
pub mod explorer;
pub mod export;
pub mod games;
pub mod health;
pub mod history;
mod history_query;
pub mod leaderboards;
pub mod me_stream;
pub mod moves;
pub mod offers;
pub mod players;
pub mod problems;
pub mod ratings;
pub mod records;
pub mod replay;
pub mod streams;
pub mod tokens;
pub mod tournaments;
pub mod webhooks;
