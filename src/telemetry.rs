//! Logging: a tracing subscriber (text or JSON, filtered by `RUST_LOG`) and
//! the per-request span with its request id and latency.

use std::io::IsTerminal;
use std::rc::Rc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use std::net::{IpAddr, Ipv6Addr};

use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpMessage};
use clap::{Args, ValueEnum};
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use crate::domain::{echoed, MAX_LOG_FIELD_CHARS};

#[derive(Clone, Debug, Args)]
pub struct LogSettings {
    /// Log line format; the level filter comes from `RUST_LOG` (default `info`).
    #[arg(long = "log-format", env = "OANQUAN_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub format: LogFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Installs the global subscriber, writing to stdout. A second call (tests
/// starting several apps in one process) is a no-op.
pub fn init(format: LogFormat) {
    let filter = log_filter(std::env::var("RUST_LOG").ok().as_deref());
    let registry = tracing_subscriber::registry().with(filter);
    let _already_set = match format {
        LogFormat::Text => registry
            .with(tracing_subscriber::fmt::layer().with_ansi(std::io::stdout().is_terminal()))
            .try_init(),
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .flatten_event(true)
                    .with_current_span(true)
                    .with_span_list(false),
            )
            .try_init(),
    };
}

/// `RUST_LOG` as `target=level` pairs and a bare default level
/// (`oanquan=debug,sqlx=warn,info`); unset or unreadable, `info`.
fn log_filter(rust_log: Option<&str>) -> Targets {
    rust_log
        .and_then(|text| text.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(LevelFilter::INFO))
}

/// The root span of every request: tracing-actix-web's fields (method,
/// route, status, `request_id`, …) plus the latency, logged once per request.
pub struct RequestSpan;

#[derive(Clone, Copy)]
struct RequestStart(Instant);

impl RootSpanBuilder for RequestSpan {
    /// tracing-actix-web's fields, with every echoed one (target, user
    /// agent, host) masked and bounded, and `http.client_ip` the TCP peer
    /// unless that peer is a trusted proxy ([`ClientAddress`]).
    fn on_request_start(request: &ServiceRequest) -> Span {
        request
            .extensions_mut()
            .insert(RequestStart(Instant::now()));
        // Nothing is built for a span nobody records (`RUST_LOG=warn`, or
        // no subscriber at all).
        if !tracing::enabled!(tracing::Level::INFO) {
            return Span::none();
        }
        // Borrowed where the text needs no masking: the fmt layer formats
        // every field of a new span once, so owned copies were only churn.
        let request_id = request.extensions().get::<RequestId>().copied();
        let route = route_of(request);
        let route = route.as_deref().unwrap_or("default");
        let method = request.method();
        let user_agent = request.headers().get(header::USER_AGENT).map(|h| {
            let text = String::from_utf8_lossy(h.as_bytes());
            echoed(&text, MAX_LOG_FIELD_CHARS).into_owned()
        });
        let target = request
            .uri()
            .path_and_query()
            .map(|p| echoed(p.as_str(), MAX_LOG_FIELD_CHARS));
        let client_ip = ClientAddress::of(request);
        let info = request.connection_info();
        let host = echoed(info.host(), MAX_LOG_FIELD_CHARS);
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %route,
            http.host = %host,
            http.client_ip = client_ip.map(tracing::field::display),
            http.user_agent = user_agent.as_deref().unwrap_or_default(),
            http.target = target.as_deref().unwrap_or_default(),
            http.status_code = tracing::field::Empty,
            otel.name = %format_args!("{method} {route}"),
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            request_id = request_id.map(tracing::field::display),
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let error = match outcome {
            Ok(response) => response.response().error(),
            Err(error) => Some(error),
        };
        if let Some(error) = error {
            let error = error.as_response_error();
            let message = echoed(&error.to_string(), MAX_LOG_FIELD_CHARS).into_owned();
            let details = echoed(&format!("{error:?}"), MAX_LOG_FIELD_CHARS).into_owned();
            span.record("exception.message", message);
            span.record("exception.details", details);
        }
        let status = match outcome {
            Ok(response) => response.status(),
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("http.status_code", status.as_u16());
        span.record(
            "otel.status_code",
            if status.is_server_error() {
                "ERROR"
            } else {
                "OK"
            },
        );
        match outcome {
            Ok(response) => {
                let started = response
                    .request()
                    .extensions()
                    .get::<RequestStart>()
                    .copied();
                let latency_ms =
                    started.map(|RequestStart(at)| at.elapsed().as_micros() as f64 / 1e3);
                tracing::info!(
                    parent: &span,
                    status = response.status().as_u16(),
                    latency_ms,
                    "request finished"
                );
            }
            Err(error) => {
                let error = echoed(&error.to_string(), MAX_LOG_FIELD_CHARS).into_owned();
                tracing::warn!(parent: &span, %error, "request failed");
            }
        }
    }
}

/// The route template a request matched, looked up once per request: the
/// lookup walks the router's patterns again (a regex match each; profiled
/// at 4 % of a move's CPU with three lookups a request), and both the
/// request span and the metrics want it.
#[derive(Clone)]
struct MatchedRoute(Option<Rc<str>>);

/// [`ServiceRequest::match_pattern`], kept in the request's extensions.
pub fn route_of(request: &ServiceRequest) -> Option<Rc<str>> {
    if let Some(MatchedRoute(route)) = request.extensions().get::<MatchedRoute>() {
        return route.clone();
    }
    let route: Option<Rc<str>> = request.match_pattern().map(Into::into);
    request.extensions_mut().insert(MatchedRoute(route.clone()));
    route
}

/// Which peers may say, in `Forwarded` / `X-Forwarded-For`, whom they
/// forward for (`--trusted-proxies`). Registered as app data.
#[derive(Clone, Debug, Default)]
pub struct ClientAddress {
    pub trusted_proxies: Vec<IpAddr>,
}

impl ClientAddress {
    /// The client's address: the TCP peer, or what a trusted proxy peer
    /// forwards for.
    pub fn of(request: &ServiceRequest) -> Option<IpAddr> {
        Self::of_request(request.request())
    }

    /// [`ClientAddress::of`], from a handler's request.
    pub fn of_request(request: &actix_web::HttpRequest) -> Option<IpAddr> {
        let peer = request.peer_addr().map(|a| a.ip());
        let trusted = request
            .app_data::<web::Data<ClientAddress>>()
            .is_some_and(|c| peer.is_some_and(|p| c.trusted_proxies.contains(&p)));
        if !trusted {
            return peer;
        }
        let info = request.connection_info();
        let forwarded = info.realip_remote_addr().and_then(|text| {
            text.parse::<IpAddr>()
                .ok()
                .or_else(|| text.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
        });
        forwarded.or(peer)
    }

    /// The key under which a client's requests and streams are counted:
    /// an IPv4 address as is, an IPv6 one by its /56 prefix (which one
    /// customer usually gets whole, so that one /64 cannot pass for
    /// millions of clients). An IPv4-mapped IPv6 address is its IPv4 one.
    pub fn key(ip: IpAddr) -> IpAddr {
        match ip.to_canonical() {
            IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & (!0u128 << 72))),
            v4 => v4,
        }
    }

    /// [`ClientAddress::key`] of [`ClientAddress::of_request`].
    pub fn key_of_request(request: &actix_web::HttpRequest) -> Option<IpAddr> {
        Self::of_request(request).map(Self::key)
    }
}

/// Returns the request id that tracing-actix-web generated as `X-Request-Id`,
/// so a client can quote it and an operator can find the request's log lines.
pub async fn expose_request_id(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(request).await?;
    let request_id = response.request().extensions().get::<RequestId>().copied();
    if let Some(request_id) = request_id {
        if let Ok(value) = HeaderValue::from_str(&request_id.to_string()) {
            response.headers_mut().insert(REQUEST_ID_HEADER, value);
        }
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use tracing::Level;

    use super::{log_filter, ClientAddress};

    fn key(ip: &str) -> IpAddr {
        ClientAddress::key(ip.parse().unwrap())
    }

    #[test]
    fn ipv6_addresses_of_one_56_share_a_key() {
        // 2001:db8:aa:bb00::/56 holds 2001:db8:aa:bb00:: to 2001:db8:aa:bbff:ffff:…
        let first = key("2001:db8:aa:bb00::1");
        assert_eq!(first, key("2001:db8:aa:bb00::"));
        assert_eq!(first, key("2001:db8:aa:bbff:ffff:ffff:ffff:ffff"));
        assert_eq!(first, key("2001:db8:aa:bb12:3456:789a:bcde:f012"));
        assert_eq!(first, "2001:db8:aa:bb00::".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn ipv6_addresses_of_other_56s_do_not() {
        let first = key("2001:db8:aa:bb00::1");
        // The next /56 up, the one below, and one differing in the first bits.
        assert_ne!(first, key("2001:db8:aa:bc00::1"));
        assert_ne!(first, key("2001:db8:aa:baff::1"));
        assert_ne!(first, key("2001:db8:ab:bb00::1"));
        assert_ne!(first, key("3001:db8:aa:bb00::1"));
    }

    #[test]
    fn ipv4_is_keyed_per_address_also_when_mapped() {
        assert_eq!(key("192.0.2.7"), "192.0.2.7".parse::<IpAddr>().unwrap());
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
        assert_ne!(key("::ffff:192.0.2.7"), key("::ffff:192.0.2.8"));
    }

    #[test]
    fn rust_log_names_levels_per_target_with_info_by_default() {
        let unset = log_filter(None);
        assert!(unset.would_enable("oanquan::api", &Level::INFO));
        assert!(!unset.would_enable("oanquan::api", &Level::DEBUG));

        let custom = log_filter(Some("oanquan=debug,sqlx=warn,info"));
        assert!(custom.would_enable("oanquan::store", &Level::DEBUG));
        assert!(!custom.would_enable("sqlx::query", &Level::INFO));
        assert!(custom.would_enable("actix_server", &Level::INFO));

        let unreadable = log_filter(Some("oanquan=loud"));
        assert!(unreadable.would_enable("oanquan", &Level::INFO));
        assert!(!unreadable.would_enable("oanquan", &Level::DEBUG));
    }
}
