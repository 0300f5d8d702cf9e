//! Run-time configuration: every flag has an `OANQUAN_*` environment fallback.
//!
//! The database URL variable is deliberately not `DATABASE_URL`: sqlx reads
//! that name at compile time, and the two must never be confused.

use std::fmt;
use std::str::FromStr;

use clap::{Args, ValueEnum};

use crate::games::{Policy, SharedTime};

#[derive(Clone, Debug, Args)]
pub struct Settings {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, env = "OANQUAN_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,

    /// HTTP worker threads (default: one per CPU core).
    #[arg(long, env = "OANQUAN_WORKERS")]
    pub workers: Option<usize>,

    #[command(flatten)]
    pub database: DatabaseSettings,

    #[command(flatten)]
    pub log: LogSettings,

    #[command(flatten)]
    pub rate_limit: RateLimitSettings,

    #[command(flatten)]
    pub games: GamesSettings,

    #[command(flatten)]
    pub network: NetworkSettings,

    #[command(flatten)]
    pub streams: crate::live::StreamSettings,

    #[command(flatten)]
    pub analysis: AnalysisSettings,

    #[command(flatten)]
    pub bots: BotSettings,

    #[command(flatten)]
    pub idempotency: IdempotencySettings,

    #[command(flatten)]
    pub operations: OperationsSettings,

    #[command(flatten)]
    pub write_path: WritePathSettings,
}

impl Settings {
    /// A server on a free local port over `database`, every other group at
    /// its default: what tests and example tools start from. A new group of
    /// settings is added here once instead of in every caller.
    pub fn local(database: DatabaseSettings) -> Settings {
        Settings {
            bind: "127.0.0.1:0".to_owned(),
            workers: Some(2),
            database,
            log: LogSettings {
                format: LogFormat::Text,
            },
            rate_limit: RateLimitSettings::default(),
            games: GamesSettings::default(),
            network: NetworkSettings::default(),
            streams: Default::default(),
            analysis: AnalysisSettings::default(),
            bots: BotSettings::default(),
            operations: OperationsSettings::default(),
            idempotency: IdempotencySettings::default(),
            // No admission gate: a debug build on a busy machine may keep a
            // test's concurrent requests waiting longer than the queue
            // timeout. Tests of the gate set it.
            write_path: WritePathSettings {
                db_max_waiting: Some(0),
                ..WritePathSettings::default()
            },
        }
    }
}

/// The write path (issue 16): SQLite's WAL checkpoints, and the admission
/// gate in front of the database.
#[derive(Clone, Copy, Debug, Args)]
pub struct WritePathSettings {
    /// How often a PASSIVE checkpoint copies SQLite's WAL into the database, out of the commits, in milliseconds; 0 leaves checkpoints to SQLite, inside the commit that passes 1,000 pages.
    #[arg(
        id = "wal_checkpoint_every_ms",
        long = "wal-checkpoint-every-ms",
        env = "OANQUAN_WAL_CHECKPOINT_EVERY_MS",
        default_value_t = WritePathSettings::default().wal_checkpoint_every_ms
    )]
    pub wal_checkpoint_every_ms: u64,

    /// The WAL size, in MiB, past which a RESTART checkpoint is taken under the write turn (when readers kept the PASSIVE one from copying it all).
    #[arg(
        id = "wal_restart_mib",
        long = "wal-restart-mib",
        env = "OANQUAN_WAL_RESTART_MIB",
        default_value_t = WritePathSettings::default().wal_restart_mib
    )]
    pub wal_restart_mib: u64,

    /// How long that RESTART may hold the write turn waiting for readers, in milliseconds, before it gives up until the next period.
    #[arg(
        id = "wal_restart_wait_ms",
        long = "wal-restart-wait-ms",
        env = "OANQUAN_WAL_RESTART_WAIT_MS",
        default_value_t = WritePathSettings::default().wal_restart_wait_ms
    )]
    pub wal_restart_wait_ms: u64,

    /// API requests that may wait for a turn at the database beside the `--max-connections` at work; one more is answered 503 `overloaded`. Unset: twice `--max-connections`; 0 lifts the gate.
    #[arg(
        id = "db_max_waiting",
        long = "db-max-waiting",
        env = "OANQUAN_DB_MAX_WAITING"
    )]
    pub db_max_waiting: Option<u32>,

    /// API reads (`GET`, `HEAD`: a statement or a few, no write turn) that may wait for a turn at the database beside those at work; one more is answered 503 `overloaded`. Unset: eight times `--max-connections`.
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
        default_value_t = WritePathSettings::default().db_queue_timeout_ms
    )]
    pub db_queue_timeout_ms: u64,

    #[command(flatten)]
    pub group_commit: GroupCommitSettings,
}

/// Group commit on SQLite (issue 16 part 3): writers that arrive while
/// another writes share its transaction, so the write lock and the
/// `COMMIT` are paid once per batch; each is answered once the batch's
/// `COMMIT` returned. PostgreSQL ignores these.
#[derive(Clone, Copy, Debug, Args)]
pub struct GroupCommitSettings {
    /// How many writes may share one SQLite transaction; 1 commits each alone (no group commit).
    #[arg(
        id = "sqlite_group_commit_max",
        long = "sqlite-group-commit-max",
        env = "OANQUAN_SQLITE_GROUP_COMMIT_MAX",
        default_value_t = GroupCommitSettings::default().max_members
    )]
    pub max_members: u32,

    /// How long, in microseconds, a shared SQLite transaction stays open for more writes; the write that ends past it commits.
    #[arg(
        id = "sqlite_group_commit_wait_us",
        long = "sqlite-group-commit-wait-us",
        env = "OANQUAN_SQLITE_GROUP_COMMIT_WAIT_US",
        default_value_t = GroupCommitSettings::default().max_wait_us
    )]
    pub max_wait_us: u64,
}

impl GroupCommitSettings {
    pub fn limits(&self) -> crate::store::GroupCommit {
        crate::store::GroupCommit {
            max_members: self.max_members.max(1),
            max_wait: std::time::Duration::from_micros(self.max_wait_us),
        }
    }
}

impl Default for GroupCommitSettings {
    fn default() -> Self {
        Self {
            max_members: 32,
            max_wait_us: 2_000,
        }
    }
}

impl WritePathSettings {
    /// The store's checkpoint plan.
    pub fn wal_plan(&self) -> crate::store::WalPlan {
        crate::store::WalPlan {
            every: (self.wal_checkpoint_every_ms > 0)
                .then(|| std::time::Duration::from_millis(self.wal_checkpoint_every_ms)),
            restart_bytes: self.wal_restart_mib.saturating_mul(1 << 20),
            restart_wait: std::time::Duration::from_millis(self.wal_restart_wait_ms),
        }
    }

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

impl Default for WritePathSettings {
    fn default() -> Self {
        Self {
            wal_checkpoint_every_ms: 50,
            wal_restart_mib: 16,
            wal_restart_wait_ms: 100,
            db_max_waiting: None,
            db_max_waiting_reads: None,
            db_queue_timeout_ms: 100,
            group_commit: GroupCommitSettings::default(),
        }
    }
}

/// The answers saved for `Idempotency-Key` retries.
#[derive(Clone, Debug, Args)]
pub struct IdempotencySettings {
    /// How often this process deletes saved answers older than their lifetime (24 hours), in milliseconds.
    #[arg(
        id = "idempotency_sweep_every_ms",
        long = "idempotency-sweep-every-ms",
        env = "OANQUAN_IDEMPOTENCY_SWEEP_EVERY_MS",
        default_value_t = IdempotencySettings::default().sweep_every_ms
    )]
    pub sweep_every_ms: u64,
}

impl Default for IdempotencySettings {
    fn default() -> Self {
        Self {
            sweep_every_ms: 3_600_000,
        }
    }
}

/// The life of games: clocks, the sweeper, what counts for ratings.
#[derive(Clone, Debug, Args)]
pub struct GamesSettings {
    /// How often this process looks for games whose deadline passed, in milliseconds.
    #[arg(long = "sweep-every-ms", env = "OANQUAN_SWEEP_EVERY_MS", default_value_t = GamesSettings::default().sweep_every_ms)]
    pub sweep_every_ms: u64,

    /// Seconds each side of a real-time game has for its first move before the game is aborted.
    #[arg(long = "first-move-window-s", env = "OANQUAN_FIRST_MOVE_WINDOW_S", default_value_t = GamesSettings::default().first_move_window_s)]
    pub first_move_window_s: u32,

    /// Seconds a game waits for its second player before it expires.
    #[arg(long = "waiting-expiry-s", env = "OANQUAN_WAITING_EXPIRY_S", default_value_t = GamesSettings::default().waiting_expiry_s)]
    pub waiting_expiry_s: u32,

    /// Rated games between the same two players that count toward ratings per 24 hours.
    #[arg(long = "pair-rated-limit", env = "OANQUAN_PAIR_RATED_LIMIT", default_value_t = GamesSettings::default().pair_rated_limit)]
    pub pair_rated_limit: u32,

    /// Where the Games layer reads the time: the machine's clock, or a
    /// test's manual one.
    #[arg(skip)]
    pub time: SharedTime,
}

impl GamesSettings {
    pub fn policy(&self) -> Policy {
        Policy {
            first_move_window: chrono::TimeDelta::seconds(i64::from(self.first_move_window_s)),
            waiting_expiry: chrono::TimeDelta::seconds(i64::from(self.waiting_expiry_s)),
            pair_rated_limit: self.pair_rated_limit,
        }
    }
}

impl Default for GamesSettings {
    fn default() -> Self {
        Self {
            sweep_every_ms: 250,
            first_move_window_s: 60,
            waiting_expiry_s: 24 * 3600,
            pair_rated_limit: 10,
            time: SharedTime::default(),
        }
    }
}

/// What one client may hold of the server (issue 9 part 5).
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
}

impl Default for NetworkSettings {
    fn default() -> Self {
        Self {
            body_read_timeout_secs: 10,
            max_connections_per_ip: 64,
            trusted_proxies: Vec::new(),
        }
    }
}

/// What operators and browser clients on other sites need (issue 14 part 3).
#[derive(Clone, Debug, Default, Args)]
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
    /// `127.0.0.1:9090`, port 0 picks one); unset, the metrics are served
    /// by the API's server at `/metrics`.
    #[arg(long = "metrics-bind", env = "OANQUAN_METRICS_BIND")]
    pub metrics_bind: Option<String>,
}

/// Bounds on `POST /v1/analysis/best`: searches run on blocking threads,
/// at most `max_searches` at once and `max_queued` more waiting; beyond
/// that a request is refused at once (503 `analysis_busy`).
#[derive(Clone, Copy, Debug, Args)]
pub struct AnalysisSettings {
    /// Searches running at once (default 2; each uses one core).
    #[arg(
        long = "analysis-max-searches",
        env = "OANQUAN_ANALYSIS_MAX_SEARCHES",
        default_value_t = 2
    )]
    pub max_searches: usize,

    /// Searches waiting for a free slot before requests are refused.
    #[arg(
        long = "analysis-max-queued",
        env = "OANQUAN_ANALYSIS_MAX_QUEUED",
        default_value_t = 4
    )]
    pub max_queued: usize,
}

/// The built-in bots' moves (issue 12 part 3): every process drives every
/// bot to move, searching on blocking threads, at most `max_searches` at once.
#[derive(Clone, Copy, Debug, Args)]
pub struct BotSettings {
    /// Whether this process plays the bots' moves (`false`: it leaves them
    /// to other nodes).
    #[arg(
        long = "bot-driver",
        env = "OANQUAN_BOT_DRIVER",
        default_value_t = BotSettings::default().drive,
        action = clap::ArgAction::Set
    )]
    pub drive: bool,

    /// How often the database is read for games a bot is to move in
    /// (moves made on another node, games left at a restart), in milliseconds.
    #[arg(
        long = "bot-poll-every-ms",
        env = "OANQUAN_BOT_POLL_EVERY_MS",
        default_value_t = BotSettings::default().poll_every_ms
    )]
    pub poll_every_ms: u64,

    /// Bot searches running at once (each uses one core).
    #[arg(
        id = "bot_max_searches",
        long = "bot-max-searches",
        env = "OANQUAN_BOT_MAX_SEARCHES",
        default_value_t = BotSettings::default().max_searches
    )]
    pub max_searches: usize,

    /// The most a bot thinks about one move, in milliseconds; in a timed
    /// game also at most a twentieth of the time to its deadline.
    #[arg(
        long = "bot-move-ms",
        env = "OANQUAN_BOT_MOVE_MS",
        default_value_t = BotSettings::default().move_ms
    )]
    pub move_ms: u64,
}

impl Default for BotSettings {
    fn default() -> Self {
        Self {
            drive: true,
            poll_every_ms: 1000,
            max_searches: 1,
            move_ms: 1000,
        }
    }
}

impl BotSettings {
    pub fn drive(&self) -> crate::games::bots::Drive {
        crate::games::bots::Drive {
            poll_every: std::time::Duration::from_millis(self.poll_every_ms.max(10)),
            max_searches: self.max_searches.max(1),
            move_time: std::time::Duration::from_millis(self.move_ms.max(1)),
        }
    }
}

#[derive(Clone, Debug, Args)]
pub struct DatabaseSettings {
    /// `sqlite://FILE` (created if missing) or `postgres://…` / `postgresql://…`.
    #[arg(
        long = "database-url",
        env = "OANQUAN_DATABASE_URL",
        hide_env_values = true,
        default_value = "sqlite://oanquan.db"
    )]
    pub url: DatabaseUrl,

    /// Size of the database connection pool.
    #[arg(long, env = "OANQUAN_MAX_CONNECTIONS", default_value_t = 10)]
    pub max_connections: u32,
}

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

impl Default for AnalysisSettings {
    fn default() -> Self {
        Self {
            max_searches: 2,
            max_queued: 4,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database URL whose scheme has been checked, so the backend is known.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    backend: Backend,
    url: String,
}

impl DatabaseUrl {
    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn as_str(&self) -> &str {
        &self.url
    }
}

impl FromStr for DatabaseUrl {
    type Err = String;

    fn from_str(url: &str) -> Result<Self, Self::Err> {
        let backend = match url.split_once(':').map(|(scheme, _)| scheme) {
            Some("sqlite") => Backend::Sqlite,
            Some("postgres" | "postgresql") => Backend::Postgres,
            _ => return Err("expected a sqlite://, postgres:// or postgresql:// URL".to_owned()),
        };
        Ok(Self {
            backend,
            url: url.to_owned(),
        })
    }
}

/// Passwords in URLs must not reach the logs.
impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DatabaseUrl")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_named_once() {
        // clap checks its arguments only when a command is built (in
        // debug builds): two groups with a field of the same name clash.
        Settings::augment_args(clap::Command::new("oanquan")).debug_assert();
    }

    #[test]
    fn bots_are_driven_unless_told_not_to() {
        let parse = |args: &[&str]| {
            let command = Settings::augment_args(clap::Command::new("oanquan"));
            let matches = command.try_get_matches_from(args).expect("flags parse");
            <Settings as clap::FromArgMatches>::from_arg_matches(&matches).expect("settings")
        };
        assert!(parse(&["oanquan"]).bots.drive);
        assert!(!parse(&["oanquan", "--bot-driver", "false"]).bots.drive);
        assert_eq!(
            parse(&["oanquan", "--bot-max-searches", "3"])
                .bots
                .max_searches,
            3
        );
        assert_eq!(parse(&["oanquan"]).analysis.max_searches, 2);
    }

    #[test]
    fn scheme_selects_the_backend() {
        let backend = |url: &str| url.parse::<DatabaseUrl>().map(|u| u.backend());
        assert_eq!(backend("sqlite://oanquan.db"), Ok(Backend::Sqlite));
        assert_eq!(backend("sqlite::memory:"), Ok(Backend::Sqlite));
        assert_eq!(backend("postgres://u@h/db"), Ok(Backend::Postgres));
        assert_eq!(backend("postgresql://u@h/db"), Ok(Backend::Postgres));
        assert!(backend("mysql://u@h/db").is_err());
        assert!(backend("oanquan.db").is_err());
    }

    #[test]
    fn debug_output_hides_credentials() {
        let url: DatabaseUrl = "postgres://user:secret@host/db".parse().unwrap();
        assert!(!format!("{url:?}").contains("secret"));
    }
}
