//! Cross-origin requests from the browser pages of the configured origins
//! (`--cors-allowed-origins`). With no origin configured
//! the middleware is not installed and no CORS header is ever sent.

use actix_cors::Cors;
use actix_web::http::{header, Method};

use crate::api::protocol::prefer::PREFERENCE_APPLIED;
use crate::api::settings::OperationsSettings;
use crate::telemetry::REQUEST_ID_HEADER;

/// The methods the API's routes take (and `OPTIONS`, the preflight itself).
const METHODS: [Method; 5] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::DELETE,
    Method::PATCH,
];

/// The request headers a client of the API sends beyond the safelisted ones.
const REQUEST_HEADERS: [&str; 7] = [
    "authorization",
    "content-type",
    "if-match",
    "if-none-match",
    "idempotency-key",
    "last-event-id",
    "prefer",
];

/// How long a browser may keep a preflight's answer.
const PREFLIGHT_MAX_AGE_SECS: usize = 3600;

/// The CORS middleware for `settings`, `None` when no origin is allowed.
pub fn middleware(settings: &OperationsSettings) -> Option<Cors> {
    if settings.cors_allowed_origins.is_empty() {
        return None;
    }
    let cors = settings
        .cors_allowed_origins
        .iter()
        .fold(Cors::default(), |cors, origin| {
            cors.allowed_origin(origin.trim())
        })
        .allowed_methods(METHODS)
        .allowed_headers(REQUEST_HEADERS)
        .expose_headers([
            header::ETAG,
            header::LOCATION,
            header::LINK,
            header::RETRY_AFTER,
            REQUEST_ID_HEADER,
            PREFERENCE_APPLIED,
            super::rate_limit::RATELIMIT_POLICY,
            super::rate_limit::RATELIMIT,
        ])
        .max_age(PREFLIGHT_MAX_AGE_SECS);
    Some(cors)
}
