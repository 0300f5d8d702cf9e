//! The servers under test: release binaries spawned as child processes (so
//! that their memory can be read apart from the tool's), on a fresh SQLite
//! file or a fresh PostgreSQL database; and the file-descriptor limit that
//! thousands of streams need.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use sqlx::{Connection, Executor, PgConnection};

/// A spawned server, killed when dropped.
pub struct Server {
    pub base: String,
    child: Child,
}

impl Server {
    /// Starts `binary serve` on `port` with `database_url`, caps lifted and
    /// `extra` arguments after them, and waits until `/ready` answers.
    pub async fn spawn(
        binary: &str,
        port: u16,
        database_url: &str,
        extra: &[String],
        log: &PathBuf,
    ) -> anyhow::Result<Server> {
        let log_file = std::fs::File::create(log)?;
        let child = Command::new(binary)
            .args([
                "serve",
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--database-url",
                database_url,
            ])
            // Thousands of streams come from one IP; the tool is not abuse.
            .args([
                "--max-connections-per-ip",
                "0",
                "--rate-limit-per-second",
                "0",
            ])
            .args(["--max-streams-per-ip", "0", "--max-streams", "0"])
            .args(extra)
            .env(
                "RUST_LOG",
                std::env::var("STREAM_LOAD_SERVER_LOG").unwrap_or_else(|_| "warn".to_owned()),
            )
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .with_context(|| format!("cannot start {binary} (build it: cargo build --release)"))?;
        let mut server = Server {
            base: format!("http://127.0.0.1:{port}"),
            child,
        };
        let client = reqwest::Client::new();
        let began = Instant::now();
        loop {
            let ready = client.get(format!("{}/ready", server.base)).send().await;
            if ready.is_ok_and(|r| r.status().is_success()) {
                return Ok(server);
            }
            if let Some(status) = server.child.try_wait()? {
                bail!("the server exited with {status}; see {}", log.display());
            }
            if began.elapsed() > Duration::from_secs(60) {
                bail!("the server was not ready in 60 s; see {}", log.display());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The resident memory of process `pid`, in KiB (`VmRSS` of
/// `/proc/<pid>/status`).
pub fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .context("no VmRSS")?;
    Ok(line
        .split_whitespace()
        .nth(1)
        .context("VmRSS value")?
        .parse()?)
}

/// The CPU time (user + system) process `pid` has used, in milliseconds.
pub fn cpu_ms(pid: u32) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Fields after the command (which may hold spaces) close with ')'.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .context("stat")?
        .1
        .split_whitespace()
        .collect();
    let ticks: f64 = fields[11].parse::<f64>()? + fields[12].parse::<f64>()?;
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Ok(ticks * 1000.0 / per_second)
}

/// Raises this process's soft limit on open files to at least `needed`
/// (up to the hard limit); children inherit it. Returns the limit now.
pub fn raise_open_files(needed: u64) -> anyhow::Result<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            bail!("getrlimit: {}", std::io::Error::last_os_error());
        }
        if limit.rlim_cur < needed {
            limit.rlim_cur = needed.min(limit.rlim_max);
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                bail!("setrlimit: {}", std::io::Error::last_os_error());
            }
        }
    }
    if limit.rlim_cur < needed {
        bail!(
            "{needed} open files are needed but the hard limit is {} (raise it: ulimit -Hn)",
            limit.rlim_max
        );
    }
    Ok(limit.rlim_cur)
}

/// A PostgreSQL database made for one run, dropped at the end.
pub struct PgDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl PgDatabase {
    pub async fn create(admin_url: &str) -> anyhow::Result<PgDatabase> {
        let name = format!("stream_load_{}", std::process::id());
        let mut admin = PgConnection::connect(admin_url).await?;
        admin
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await?;
        let mut url = url::Url::parse(admin_url)?;
        url.set_path(&name);
        Ok(PgDatabase {
            admin_url: admin_url.to_owned(),
            name,
            url: url.to_string(),
        })
    }

    /// Drops the database (the servers must be gone).
    pub async fn drop_now(self) -> anyhow::Result<()> {
        let mut admin = PgConnection::connect(&self.admin_url).await?;
        admin
            .execute(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name).as_str())
            .await?;
        Ok(())
    }
}
