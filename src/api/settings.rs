//! HTTP's own configuration: where to listen, what one client may hold,
//! rate limits, CORS and metrics, the analysis pool, and the admission
//! gate in front of the database.

use clap::Args;

/// Where the API listens.
#[derive(Clone, Debug, Args)]
pub struct HttpSettings {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, env = "OANQUAN_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,

    /// HTTP worker threads (default: one per CPU core).
    #[arg(long, env = "OANQUAN_WORKERS")]
    pub workers: Option<usize>,
}

/// The admission gate: API requests wait for a turn at the database
/// beside the pool's connections at work, within bounds.
#[derive(Clone, Copy, Debug, Args)]
pub struct AdmissionSettings {
    /// API requests that may wait for a turn at the database beside the `--max-connections` at work; one more is answered 503 `overloaded`. Unset: twice `--max-connections`; 0 lifts the gate.
    #[arg(
        id = "db_max_waiting",
        long = "db-max-waiting",
        env = "OANQUAN_DB_MAX_WAITING"
    )]
    pub db_max_waiting: Option<u32>,

    /// API reads (`GET`, `HEAD`: a statement or a few, no write lock) that may wait for a turn at the database beside those at work; one more is answered 503 `overloaded`. Unset: eight times `--max-connections`.
    #[arg(
        id = "db_max_waiting_reads",
        long = "db-max-waiting-reads",
        env = "OANQUAN_DB_MAX_WAITING_READS"
    )]
    pub db_max_waiting_reads: Option<u32>,

    /// How long an API request waits for its turn, in milliseconds, before it is answered 503 `overloaded`.
    #[arg(
        id = "db_queue_timeout_ms",
        long = "db-queue-timeout-ms",
        env = "OANQUAN_DB_QUEUE_TIMEOUT_MS",
        default_value_t = AdmissionSettings::default().db_queue_timeout_ms
    )]
    pub db_queue_timeout_ms: u64,
}

impl AdmissionSettings {
    /// The requests that may wait for the database beside a pool of
    /// `pool` connections; `None` when the gate is lifted.
    pub fn max_waiting(&self, pool: u32) -> Option<u32> {
        match self.db_max_waiting {
            Some(0) => None,
            Some(max) => Some(max),
            None => Some(pool.saturating_mul(2)),
        }
    }

    /// The reads that may wait for the database beside a pool of `pool`
    /// connections (when the gate is not lifted).
    pub fn max_waiting_reads(&self, pool: u32) -> u32 {
        self.db_max_waiting_reads
            .unwrap_or_else(|| pool.saturating_mul(8))
    }

    pub fn queue_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.db_queue_timeout_ms.max(1))
    }
}

impl Default for AdmissionSettings {
    fn default() -> Self {
        Self {
            db_max_waiting: None,
            db_max_waiting_reads: None,
            db_queue_timeout_ms: 100,
        }
    }
}

/// What one client may hold of the server.
#[derive(Clone, Debug, Args)]
pub struct NetworkSettings {
    /// Seconds a request body may take to arrive in full; a slower one is
    /// answered 400 and its connection closed.
    #[arg(
        long = "body-read-timeout-secs",
        env = "OANQUAN_BODY_READ_TIMEOUT_SECS",
        default_value_t = NetworkSettings::default().body_read_timeout_secs
    )]
    pub body_read_timeout_secs: u64,

    /// Connections one client IP may hold open at once; requests on any
    /// more are answered 429 and closed. 0 lifts the cap.
    #[arg(
        long = "max-connections-per-ip",
        env = "OANQUAN_MAX_CONNECTIONS_PER_IP",
        default_value_t = NetworkSettings::default().max_connections_per_ip
    )]
    pub max_connections_per_ip: u32,

    /// Peers (comma-separated IPs, e.g. a reverse proxy) whose `Forwarded`
    /// / `X-Forwarded-For` header names the client for logs and rate
    /// limits; from anyone else the TCP peer is the client.
    #[arg(
        long = "trusted-proxies",
        env = "OANQUAN_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<std::net::IpAddr>,

    /// Accounts one client address (IPv4, or IPv6 by /56) may register per
    /// hour, counted in the database; one more is answered 429
    /// `too_many_registrations`. 0 lifts the limit.
    #[arg(
        long = "max-registrations-per-hour",
        env = "OANQUAN_MAX_REGISTRATIONS_PER_HOUR",
        default_value_t = NetworkSettings::default().max_registrations_per_hour
    )]
    pub max_registrations_per_hour: u32,
}

impl Default for NetworkSettings {
    fn default() -> Self {
        Self {
            body_read_timeout_secs: 10,
            max_connections_per_ip: 64,
            trusted_proxies: Vec::new(),
            max_registrations_per_hour: 5,
        }
    }
}

/// What operators and browser clients on other sites need.
#[derive(Clone, Debug, Args)]
pub struct OperationsSettings {
    /// Origins (comma-separated, e.g. `https://app.example`) whose pages may
    /// call the API from a browser; none (the default) sends no CORS headers.
    #[arg(
        long = "cors-allowed-origins",
        env = "OANQUAN_CORS_ALLOWED_ORIGINS",
        value_delimiter = ','
    )]
    pub cors_allowed_origins: Vec<String>,

    /// Address of a listener of its own for `GET /metrics` (e.g.
    /// `127.0.0.1:9090`, port 0 picks one), for a scraper on a private
    /// address.
    #[arg(long = "metrics-bind", env = "OANQUAN_METRICS_BIND")]
    pub metrics_bind: Option<String>,

    /// Serve `GET /metrics` on the API's own address too, to anyone who
    /// can reach it; without it (and without `--metrics-bind`) no
    /// metrics are served.
    #[arg(
        long = "metrics-public",
        env = "OANQUAN_METRICS_PUBLIC",
        default_value_t = false,
        action = clap::ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    pub metrics_public: bool,

    /// How often, in milliseconds, the `oanquan_games` gauge is counted
    /// anew while metrics are served: a scrape reads the last count and
    /// runs no query.
    #[arg(
        long = "metrics-games-every-ms",
        env = "OANQUAN_METRICS_GAMES_EVERY_MS",
        default_value_t = OperationsSettings::default().metrics_games_every_ms
    )]
    pub metrics_games_every_ms: u64,
}

impl Default for OperationsSettings {
    fn default() -> Self {
        Self {
            cors_allowed_origins: Vec::new(),
            metrics_bind: None,
            metrics_public: false,
            metrics_games_every_ms: 10_000,
        }
    }
}

impl OperationsSettings {
    /// Whether this process serves `/metrics` at all.
    pub fn serves_metrics(&self) -> bool {
        self.metrics_public || self.metrics_bind.is_some()
    }

    pub fn metrics_games_every(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.metrics_games_every_ms.max(10))
    }
}

/// Bounds on `POST /v1/analysis/best`: searches run on blocking threads,
/// at most `max_searches` at once and `max_queued` more waiting; beyond
/// that a request is refused at once (503 `analysis_busy`). The route
/// takes no token, so anyone may fill it: by default it gets half the
/// machine's cores, and the other half stays with the bots, imports and
/// the HTTP workers.
#[derive(Clone, Copy, Debug, Args)]
pub struct AnalysisSettings {
    /// Searches running at once, each on one core (default: half the CPU cores, at least 1).
    #[arg(long = "analysis-max-searches", env = "OANQUAN_ANALYSIS_MAX_SEARCHES")]
    pub max_searches: Option<usize>,

    /// Searches waiting for a free slot before requests are refused.
    #[arg(
        long = "analysis-max-queued",
        env = "OANQUAN_ANALYSIS_MAX_QUEUED",
        default_value_t = 4
    )]
    pub max_queued: usize,
}

impl AnalysisSettings {
    /// The searches that may run at once on this machine.
    pub fn running(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        self.max_searches
            .unwrap_or_else(|| half_the_cores(cores))
            .max(1)
    }
}

/// The endgame table (`GET /v1/analysis/table`): positions with at most
/// `endgame_stones` small stones on the board, per preset, read from
/// `endgame_dir` or built in memory the first time a preset's table is
/// needed (BENCHMARKS.md, "Search", gives sizes and build times).
#[derive(Clone, Debug, Args)]
pub struct EndgameSettings {
    /// The most small stones on the board of a position the endgame table
    /// holds; 0 turns the table off.
    #[arg(
        long = "endgame-stones",
        env = "OANQUAN_ENDGAME_STONES",
        default_value_t = EndgameSettings::default().stones,
        value_parser = clap::value_parser!(u32).range(0..=20)
    )]
    pub stones: u32,

    /// A directory of endgame table files, `<preset>-<stones>.oqet`, as
    /// `oanquan endgame build` writes them; a preset without its file is
    /// built in memory at first use.
    #[arg(long = "endgame-dir", env = "OANQUAN_ENDGAME_DIR")]
    pub dir: Option<std::path::PathBuf>,
}

impl EndgameSettings {
    /// The stone count of [`crate::config::Config::local`]'s servers:
    /// small enough that a debug build makes its tables in about a second.
    pub const LOCAL_STONES: u32 = 6;
}

impl Default for EndgameSettings {
    fn default() -> Self {
        Self {
            stones: 10,
            dir: None,
        }
    }
}

/// The default share of the machine's `cores` that analysis may take.
fn half_the_cores(cores: usize) -> usize {
    (cores / 2).max(1)
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        Self {
            max_searches: None,
            max_queued: 4,
        }
    }
}

#[derive(Clone, Debug, Args)]
pub struct RateLimitSettings {
    /// Requests per second replenished for each client IP; 0 disables rate limiting.
    #[arg(
        long = "rate-limit-per-second",
        env = "OANQUAN_RATE_LIMIT_PER_SECOND",
        default_value_t = RateLimitSettings::default().per_second
    )]
    pub per_second: u32,

    /// Requests a client IP may make at once before being limited; 0 disables rate limiting.
    #[arg(
        long = "rate-limit-burst",
        env = "OANQUAN_RATE_LIMIT_BURST",
        default_value_t = RateLimitSettings::default().burst
    )]
    pub burst: u32,
}

/// Generous: far above what a person playing produces, so that tests and
/// load tests from one address do not trip it, yet a runaway client does.
impl Default for RateLimitSettings {
    fn default() -> Self {
        Self {
            per_second: 200,
            burst: 1000,
        }
    }
}

impl RateLimitSettings {
    pub fn disabled() -> Self {
        Self {
            per_second: 0,
            burst: 0,
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.per_second > 0 && self.burst > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analysis_takes_half_the_cores_by_default() {
        for (cores, searches) in [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (16, 8)] {
            assert_eq!(half_the_cores(cores), searches, "{cores} cores");
        }
        let set = AnalysisSettings {
            max_searches: Some(3),
            max_queued: 0,
        };
        assert_eq!(set.running(), 3);
    }
}
