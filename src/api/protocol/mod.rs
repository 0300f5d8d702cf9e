//! HTTP protocol helpers: authentication, extractors and parameters,
//! conditional requests and caching, `Link`s to neighbouring pages,
//! `Idempotency-Key`s, and running a
//! unit of work of the Games layer for a request.

pub mod auth;
pub mod caching;
pub mod conditional;
pub mod extractors;
pub mod idempotency;
pub mod links;
pub mod offload;
pub mod params;
pub mod prefer;
pub mod query_values;
pub mod search_pool;
pub mod strict_query;
pub mod transition;
