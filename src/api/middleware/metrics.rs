//! Prometheus metrics: `GET /metrics` renders what the
//! process recorded (requests here, moves, bot searches and sweeps in the
//! Games layer), the games not over yet (counted by a task of their own),
//! and gauges read at scrape time from memory (open streams, the database
//! pool). docs/OPERATIONS.md's "Metrics" section lists them.
//!
//! Every label takes its values from a fixed set, never from the request
//! as sent: the method is one of HTTP's standard ones or `other`, the route
//! its *template* (`/v1/games/{id}`) or `unmatched`, the status one of our
//! own answers'. So the number of series is bounded by the routes.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpResponse};
use metrics::{counter, gauge, histogram, Counter, Histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::api::AppState;
use crate::store::Store;

/// Where the metrics are served, outside the OpenAPI document.
pub const PATH: &str = "/metrics";

/// The label of a request that matched no route.
const UNMATCHED: &str = "unmatched";

/// The label of a method outside [`method_label`]'s set.
const OTHER_METHOD: &str = "other";

/// Latency buckets, in seconds: a move is a few milliseconds, a bot search
/// or an analysis up to seconds.
const SECONDS_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How many writes shared a SQLite transaction (group commit).
const BATCH_BUCKETS: [f64; 7] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

/// The process's recorder, installed on first use (tests start several
/// servers in one process: they share it).
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), &SECONDS_BUCKETS)
            .expect("the buckets are not empty")
            .set_buckets_for_metric(
                Matcher::Full("oanquan_db_batch_size".to_owned()),
                &BATCH_BUCKETS,
            )
            .expect("the buckets are not empty")
            .install_recorder()
            .expect("no other metrics recorder is installed")
    })
}

/// Middleware: counts each request and its latency (until the response's
/// head) by method, route template and status.
pub async fn record_request(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = crate::telemetry::route_of(&request);
    let response = next.call(request).await;
    let status = match &response {
        Ok(response) => response.status(),
        Err(error) => error.as_response_error().status_code(),
    };
    let (requests, latency) = series(method, route, status.as_u16());
    requests.increment(1);
    latency.record(started.elapsed().as_secs_f64());
    response
}

/// A request series' counter and histogram.
type Series = (Counter, Histogram);

/// A request series' labels: method, route template (`None`: unmatched), status.
type SeriesKey = (&'static str, Option<Rc<str>>, u16);

thread_local! {
    /// The series this worker thread has recorded into, by method, route
    /// and status: looked up once, not built (three label strings and
    /// their hashing) per request. Bounded as the labels are.
    static SERIES: RefCell<HashMap<SeriesKey, Series>> =
        RefCell::new(HashMap::new());
}

fn series(method: &'static str, route: Option<Rc<str>>, status: u16) -> Series {
    SERIES.with(|cell| {
        let mut known = cell.borrow_mut();
        let key = (method, route, status);
        if let Some(found) = known.get(&key) {
            return found.clone();
        }
        let route_label = key.1.as_deref().unwrap_or(UNMATCHED).to_owned();
        let labels = [
            ("method", method.to_owned()),
            ("route", route_label),
            ("status", status.to_string()),
        ];
        let found = (
            counter!("oanquan_http_requests_total", &labels),
            histogram!("oanquan_http_request_duration_seconds", &labels),
        );
        known.insert(key, found.clone());
        found
    })
}

/// The method as a label: a client may send any token as a method, so
/// only the standard ones keep their name.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => OTHER_METHOD,
    }
}

/// Counts the games not over yet by status into the `oanquan_games`
/// gauge, and the finished games the opening explorer has not counted
/// into `oanquan_explorer_pending_games`, every `period`, for as long as metrics are served: a scrape
/// costs no query however often it comes.
pub async fn count_open_games_forever(store: Store, period: Duration) {
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match store.open_games_by_status().await {
            Ok(counts) => {
                for (status, count) in counts {
                    gauge!("oanquan_games", "status" => status.as_str()).set(count as f64);
                }
            }
            Err(error) => tracing::warn!(%error, "cannot count the open games"),
        }
        match store.explorer_pending_count().await {
            Ok(pending) => gauge!("oanquan_explorer_pending_games").set(pending as f64),
            Err(error) => tracing::warn!(%error, "cannot count the explorer's queued games"),
        }
    }
}

/// `GET /metrics`, in the Prometheus text format: what was recorded, and
/// the gauges that read process memory only.
pub async fn scrape(state: web::Data<AppState>) -> HttpResponse {
    gauge!("oanquan_streams_open").set(state.stream_slots.open() as f64);
    let pool = state.store.pool_use();
    gauge!("oanquan_db_pool_connections", "state" => "idle").set(pool.idle as f64);
    gauge!("oanquan_db_pool_connections", "state" => "in_use")
        .set(pool.open.saturating_sub(pool.idle as u32) as f64);
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(handle().render())
}

pub fn configure(config: &mut web::ServiceConfig) {
    config.route(PATH, web::get().to(scrape));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_standard_methods_keep_their_name() {
        let label = |raw: &str| method_label(&Method::from_bytes(raw.as_bytes()).unwrap());
        for standard in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
            assert_eq!(label(standard), standard);
        }
        for invented in ["CONNECT", "TRACE", "get", "PROPFIND", "XQZJ5WLP"] {
            assert_eq!(label(invented), "other", "{invented}");
        }
    }
}
