//! Per-client-IP rate limiting (actix-governor) with problem answers.
//!
//! The key is the TCP peer address: behind a reverse proxy every client
//! shares the proxy's address, so raise the limits or limit at the proxy.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{
    Governor, GovernorConfig, GovernorConfigBuilder, KeyExtractor, SimpleKeyExtractionError,
};
use actix_web::dev::ServiceRequest;
use actix_web::middleware::Condition;
use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError};

use crate::api::middleware::connections::client_key;
use crate::api::problems::ApiError;
use crate::api::settings::RateLimitSettings;

/// Probes are exempt: an orchestrator polling from one address must see the
/// service's health, not its own quota, or it would restart a healthy
/// instance. Both are cheap (`/ready` is a `SELECT 1`).
pub const EXEMPT_PATHS: [&str; 2] = ["/health", "/ready"];

pub type RateLimitConfig = GovernorConfig<ClientIp, NoOpMiddleware>;

/// `None` when rate limiting is disabled (either setting is 0).
pub fn config(settings: &RateLimitSettings) -> Option<RateLimitConfig> {
    if !settings.is_enabled() {
        return None;
    }
    let period = Duration::from_secs(1) / settings.per_second;
    GovernorConfigBuilder::default()
        .period(period.max(Duration::from_nanos(1)))
        .burst_size(settings.burst)
        .key_extractor(ClientIp)
        .finish()
}

/// Keys requests by client ([`client_key`]: IPv6 by /56 prefix); `None`
/// for exempt paths, which is whitelisted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp;

impl KeyExtractor for ClientIp {
    type Key = Option<IpAddr>;
    type KeyExtractionError = SimpleKeyExtractionError<&'static str>;

    fn extract(&self, request: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        if EXEMPT_PATHS.contains(&request.path()) {
            return Ok(None);
        }
        let ip = match crate::telemetry::ClientAddress::of(request) {
            Some(ip) => client_key(ip),
            // Only in-process test requests lack a peer; they share one bucket.
            None => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        };
        Ok(Some(ip))
    }

    fn whitelisted_keys(&self) -> Vec<Self::Key> {
        vec![None]
    }

    /// A problem instead of governor's plain text. `Retry-After` is rounded
    /// up: governor's own value truncates, and "0" invites a retry that is
    /// sure to fail.
    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        _plain_text: HttpResponseBuilder,
    ) -> HttpResponse {
        let wait = negative.wait_time_from(DefaultClock::default().now());
        let retry_after_secs = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
        ApiError::RateLimited { retry_after_secs }.error_response()
    }
}

/// The rate limiter shared by all workers, or none.
#[derive(Clone)]
pub struct RateLimit {
    config: RateLimitConfig,
    enabled: bool,
}

/// How often idle per-IP buckets are dropped, so memory stays bounded by
/// recent clients rather than every client ever seen.
const PRUNE_INTERVAL: Duration = Duration::from_secs(60);

impl RateLimit {
    pub fn new(settings: &RateLimitSettings) -> Self {
        match config(settings) {
            Some(config) => RateLimit {
                config,
                enabled: true,
            },
            // `Condition` needs a middleware value even when switched off.
            None => RateLimit {
                config: config(&RateLimitSettings {
                    per_second: 1,
                    burst: 1,
                })
                .expect("non-zero settings always build"),
                enabled: false,
            },
        }
    }

    pub fn middleware(&self) -> Condition<Governor<ClientIp, NoOpMiddleware>> {
        Condition::new(self.enabled, Governor::new(&self.config))
    }

    pub async fn prune_forever(self) {
        let mut interval = tokio::time::interval(PRUNE_INTERVAL);
        loop {
            interval.tick().await;
            self.config.limiter().retain_recent();
        }
    }
}
