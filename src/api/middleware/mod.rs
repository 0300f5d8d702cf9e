//! HTTP middleware: the admission gate in front of the database, the body
//! read ahead of it, connection caps, CORS, rate limits, metrics, `HEAD`, the query guard and the
//! answers to requests no route takes.

pub mod admission;
pub mod connections;
pub mod cors;
pub mod fallback;
pub mod head;
pub mod metrics;
pub mod query_guard;
pub mod rate_limit;
pub mod read_ahead;
