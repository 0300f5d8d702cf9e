//! The store's own configuration: the database URL and pool, and SQLite's
//! WAL checkpoints and group commit.

use std::fmt;
use std::str::FromStr;

use clap::Args;

use super::{GroupCommit, WalPlan};

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

impl DatabaseUrl {
    /// The URL without its credentials or query: `sqlite://FILE`, or
    /// `postgres://HOST:PORT/DATABASE`.
    pub fn redacted(&self) -> String {
        let url = self.url.split(['?', '#']).next().unwrap_or_default();
        match url.split_once("://") {
            Some((scheme, rest)) => {
                let rest = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
                format!("{scheme}://{rest}")
            }
            None => url.to_owned(),
        }
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

/// SQLite's write path: WAL checkpoints out of the commits, and group
/// commit. PostgreSQL ignores these.
#[derive(Clone, Copy, Debug, Args)]
pub struct SqliteSettings {
    /// How often a PASSIVE checkpoint copies SQLite's WAL into the database, out of the commits, in milliseconds; 0 leaves checkpoints to SQLite, inside the commit that passes 1,000 pages.
    #[arg(
        id = "wal_checkpoint_every_ms",
        long = "wal-checkpoint-every-ms",
        env = "OANQUAN_WAL_CHECKPOINT_EVERY_MS",
        default_value_t = SqliteSettings::default().wal_checkpoint_every_ms
    )]
    pub wal_checkpoint_every_ms: u64,

    /// The WAL size, in MiB, past which a RESTART checkpoint is taken while holding the write lock (when readers kept the PASSIVE one from copying it all).
    #[arg(
        id = "wal_restart_mib",
        long = "wal-restart-mib",
        env = "OANQUAN_WAL_RESTART_MIB",
        default_value_t = SqliteSettings::default().wal_restart_mib
    )]
    pub wal_restart_mib: u64,

    /// How long that RESTART may hold the write lock waiting for readers, in milliseconds, before it gives up until the next period.
    #[arg(
        id = "wal_restart_wait_ms",
        long = "wal-restart-wait-ms",
        env = "OANQUAN_WAL_RESTART_WAIT_MS",
        default_value_t = SqliteSettings::default().wal_restart_wait_ms
    )]
    pub wal_restart_wait_ms: u64,

    #[command(flatten)]
    pub group_commit: GroupCommitSettings,
}

impl SqliteSettings {
    /// The store's checkpoint plan.
    pub fn wal_plan(&self) -> WalPlan {
        WalPlan {
            every: (self.wal_checkpoint_every_ms > 0)
                .then(|| std::time::Duration::from_millis(self.wal_checkpoint_every_ms)),
            restart_bytes: self.wal_restart_mib.saturating_mul(1 << 20),
            restart_wait: std::time::Duration::from_millis(self.wal_restart_wait_ms),
        }
    }
}

impl Default for SqliteSettings {
    fn default() -> Self {
        Self {
            wal_checkpoint_every_ms: 50,
            wal_restart_mib: 16,
            wal_restart_wait_ms: 100,
            group_commit: GroupCommitSettings::default(),
        }
    }
}

/// Group commit on SQLite: writers that arrive while
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
    pub fn limits(&self) -> GroupCommit {
        GroupCommit {
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

#[cfg(test)]
mod tests {
    use super::*;
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
    fn a_redacted_url_names_the_database_without_credentials() {
        let url: DatabaseUrl = "postgres://user:secret@host:5433/db?sslmode=disable"
            .parse()
            .unwrap();
        assert_eq!(url.redacted(), "postgres://host:5433/db");
        let file: DatabaseUrl = "sqlite://oanquan.db".parse().unwrap();
        assert_eq!(file.redacted(), "sqlite://oanquan.db");
    }

    #[test]
    fn debug_output_hides_credentials() {
        let url: DatabaseUrl = "postgres://user:secret@host/db".parse().unwrap();
        assert!(!format!("{url:?}").contains("secret"));
    }
}
