pub mod api;
pub mod domain;
pub mod engine;
pub mod ratings;
pub mod settings;
pub mod startup;
pub mod store;
pub mod telemetry;
