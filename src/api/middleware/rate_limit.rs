//! Per-client-IP rate limiting (a governor GCRA limiter) with problem
//! answers, and the IETF `RateLimit-Policy` / `RateLimit` headers
//! (draft-ietf-httpapi-ratelimit-headers) on every answer of a limited
//! route, the 429 included.
//!
//! The key is the TCP peer address: behind a reverse proxy every client
//! shares the proxy's address, so raise the limits or limit at the proxy.

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::{StateInformationMiddleware, StateSnapshot};
use actix_governor::governor::state::keyed::DefaultKeyedStateStore;
use actix_governor::governor::{NotUntil, Quota, RateLimiter};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::{Error, ResponseError};

use crate::api::problems::ApiError;
use crate::api::settings::RateLimitSettings;

/// Probes are exempt: an orchestrator polling from one address must see the
/// service's health, not its own quota, or it would restart a healthy
/// instance. Both are cheap (`/ready` is a `SELECT 1`).
pub const EXEMPT_PATHS: [&str; 2] = ["/health", "/ready"];

/// The quota policy's name in the headers.
pub const POLICY_NAME: &str = "per-client";

pub const RATELIMIT_POLICY: HeaderName = HeaderName::from_static("ratelimit-policy");
pub const RATELIMIT: HeaderName = HeaderName::from_static("ratelimit");

type Limiter =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, DefaultClock, StateInformationMiddleware>;

/// The rate limiter shared by all workers, or none (either setting 0).
#[derive(Clone)]
pub struct RateLimit {
    limiter: Option<Arc<Limiter>>,
    /// The burst: how many requests a client may make at once.
    quota: u32,
    /// The time one request's allowance takes to come back.
    period: Duration,
}

/// How often idle per-IP buckets are dropped, so memory stays bounded by
/// recent clients rather than every client ever seen.
const PRUNE_INTERVAL: Duration = Duration::from_secs(60);

impl RateLimit {
    pub fn new(settings: &RateLimitSettings) -> Self {
        let period =
            (Duration::from_secs(1) / settings.per_second.max(1)).max(Duration::from_nanos(1));
        let burst = NonZeroU32::new(settings.burst);
        let limiter = burst
            .filter(|_| settings.is_enabled())
            .and_then(|burst| Some(Quota::with_period(period)?.allow_burst(burst)))
            .map(|quota| Arc::new(RateLimiter::keyed(quota).with_middleware()));
        RateLimit {
            limiter,
            quota: settings.burst,
            period,
        }
    }

    pub async fn prune_forever(self) {
        let Some(limiter) = self.limiter else {
            return;
        };
        let mut interval = tokio::time::interval(PRUNE_INTERVAL);
        loop {
            interval.tick().await;
            limiter.retain_recent();
        }
    }

    /// `RateLimit-Policy`: the quota and the window it comes back in
    /// whole (the burst times the period, in whole seconds, at least 1).
    fn policy(&self) -> String {
        let window = ceil_secs(self.period * self.quota).max(1);
        format!("\"{POLICY_NAME}\";q={};w={window}", self.quota)
    }

    /// `RateLimit`: what is left of the quota, and the seconds until it
    /// is whole again, `wait` after the next request's allowance frees.
    fn state(&self, remaining: u32, wait: Duration) -> String {
        let used = self.quota.saturating_sub(remaining);
        let reset = if used == 0 {
            0
        } else {
            ceil_secs(wait + self.period * (used - 1)).max(1)
        };
        format!("\"{POLICY_NAME}\";r={remaining};t={reset}")
    }

    fn headers(&self, headers: &mut HeaderMap, remaining: u32, wait: Duration) {
        for (name, value) in [
            (RATELIMIT_POLICY, self.policy()),
            (RATELIMIT, self.state(remaining, wait)),
        ] {
            if let Ok(value) = HeaderValue::from_str(&value) {
                headers.insert(name, value);
            }
        }
    }

    /// After an allowed request: `snapshot` says how much is left; the
    /// next allowance frees within a period.
    fn allowed(&self, headers: &mut HeaderMap, snapshot: &StateSnapshot) {
        let remaining = snapshot.remaining_burst_capacity();
        let wait = if remaining < self.quota {
            self.period
        } else {
            Duration::ZERO
        };
        self.headers(headers, remaining, wait);
    }
}

/// Whole seconds, rounded up: "0" would invite a retry sure to fail.
fn ceil_secs(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

/// The client a request counts against ([`crate::telemetry::ClientAddress::key`]:
/// IPv6 by /56 prefix); `None` for exempt paths.
fn client_key(request: &ServiceRequest) -> Option<IpAddr> {
    if EXEMPT_PATHS.contains(&request.path()) {
        return None;
    }
    let key = crate::telemetry::ClientAddress::key_of_request(request.request())
        // Only in-process test requests lack a peer; they share one bucket.
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    Some(key)
}

/// The middleware: counts the request against its client's quota, answers
/// 429 `rate_limited` (with `Retry-After`) past it, and sends the quota's
/// headers either way.
pub async fn limit(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let rate_limit = request.app_data::<Data<RateLimit>>().cloned();
    let limited = rate_limit.as_ref().and_then(|rate_limit| {
        let limiter = rate_limit.limiter.as_ref()?;
        Some((rate_limit, limiter.check_key(&client_key(&request)?)))
    });
    match limited {
        None => next.call(request).await.map(|r| r.map_into_left_body()),
        Some((rate_limit, Ok(snapshot))) => {
            let mut response = next.call(request).await?;
            rate_limit.allowed(response.headers_mut(), &snapshot);
            Ok(response.map_into_left_body())
        }
        Some((rate_limit, Err(refused))) => {
            let wait = wait_of(&refused);
            let mut response = ApiError::RateLimited {
                retry_after_secs: ceil_secs(wait).max(1),
            }
            .error_response();
            rate_limit.headers(response.headers_mut(), 0, wait);
            Ok(request.into_response(response).map_into_right_body())
        }
    }
}

fn wait_of(refused: &NotUntil<QuantaInstant>) -> Duration {
    refused.wait_time_from(DefaultClock::default().now())
}
