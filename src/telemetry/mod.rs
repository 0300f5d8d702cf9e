//! Logging: a tracing subscriber (text or JSON, filtered by `RUST_LOG`)
//! and the access log, one line per request with its id and latency
//! ([`access`]).

mod access;

use std::io::IsTerminal;
use std::net::{IpAddr, Ipv6Addr};
use std::rc::Rc;

use actix_web::dev::ServiceRequest;
use actix_web::http::header::HeaderName;
use actix_web::{web, HttpMessage};
use clap::{Args, ValueEnum};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

pub use access::{access_log, RequestId};

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
    access::set_format(format);
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

/// The route template a request matched, looked up once per request: the
/// lookup walks the router's patterns again (a regex match each; profiled
/// at 4 % of a move's CPU with three lookups a request), and the access
/// log, the metrics and the query guard want it.
#[derive(Clone)]
struct MatchedRoute(Option<Rc<str>>);

/// [`ServiceRequest::match_pattern`], kept in the request's extensions.
/// The hot templates (a move, a game) are told from the path by hand, with
/// no regex.
pub fn route_of(request: &ServiceRequest) -> Option<Rc<str>> {
    if let Some(MatchedRoute(route)) = request.extensions().get::<MatchedRoute>() {
        return route.clone();
    }
    let route: Option<Rc<str>> = match hot_route(request.path()) {
        Some(hot) => Some(HOT_ROUTES.with(|routes| routes[hot].clone())),
        None => request.match_pattern().map(Into::into),
    };
    request.extensions_mut().insert(MatchedRoute(route.clone()));
    route
}

/// The templates [`hot_route`] tells apart.
const HOT_TEMPLATES: [&str; 2] = ["/v1/games/{id}/moves", "/v1/games/{id}"];

thread_local! {
    static HOT_ROUTES: [Rc<str>; 2] = HOT_TEMPLATES.map(Rc::from);
}

/// Which of [`HOT_TEMPLATES`] the router's first matching pattern for
/// `path` is, if one: `{id}` is one segment, not empty, as the router's
/// `[^/]+` reads it; `/v1/games/import` and `/v1/games/export` are routes
/// of their own, registered before `/v1/games/{id}`.
fn hot_route(path: &str) -> Option<usize> {
    let rest = path.strip_prefix("/v1/games/")?;
    let (id, tail) = match rest.split_once('/') {
        Some((id, tail)) => (id, Some(tail)),
        None => (rest, None),
    };
    if id.is_empty() {
        return None;
    }
    match tail {
        Some("moves") => Some(0),
        None if id != "import" && id != "export" => Some(1),
        _ => None,
    }
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

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use tracing::Level;

    use super::{hot_route, log_filter, ClientAddress, HOT_TEMPLATES};

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
    fn hot_routes_are_told_from_the_path_as_the_router_would() {
        let of = |path: &str| hot_route(path).map(|i| HOT_TEMPLATES[i]);
        assert_eq!(
            of("/v1/games/Gm4x9QzLp2/moves"),
            Some("/v1/games/{id}/moves")
        );
        assert_eq!(of("/v1/games/Gm4x9QzLp2"), Some("/v1/games/{id}"));
        assert_eq!(of("/v1/games/%20x/moves"), Some("/v1/games/{id}/moves"));
        // Routes of their own, or none: the router's answer.
        for other in [
            "/v1/games/import",
            "/v1/games/export",
            "/v1/games/",
            "/v1/games//moves",
            "/v1/games/x/moves/3",
            "/v1/games/x/moves/",
            "/v1/games/x/",
            "/v1/games/x/join",
            "/v1/games",
            "/v1/gamesx/moves",
        ] {
            assert_eq!(of(other), None, "{other}");
        }
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
