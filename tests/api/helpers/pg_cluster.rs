//! A PostgreSQL cluster of one test's own, which the test may stop and
//! start again (the server the other tests share is never restarted): a
//! temp dir under /tmp, a free port, trust auth, run as the `postgres` user
//! when the tests run as root. Dropping it stops it and deletes its dir.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::postgres::{as_root, free_port, pg_bin_dir};

pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    root: bool,
}

impl Cluster {
    /// A new cluster, started; `None` when PostgreSQL is not installed or
    /// the tests' PostgreSQL is switched off (`OANQUAN_TEST_POSTGRES_URL=`).
    pub async fn start() -> Option<Cluster> {
        if std::env::var(super::POSTGRES_URL_VAR).is_ok_and(|url| url.is_empty()) {
            return None;
        }
        let bin = pg_bin_dir()?;
        let dir = tempfile::Builder::new()
            .prefix("oanquan-test-own-pg.")
            .tempdir_in("/tmp")
            .expect("a temp dir for PostgreSQL")
            .keep();
        let cluster = Cluster {
            bin,
            dir,
            port: free_port(),
            root: as_root(),
        };
        let dir = cluster.dir.display().to_string();
        run(Command::new("chmod").args(["755", &dir]));
        if cluster.root {
            run(Command::new("chown").args(["postgres:", &dir]));
        }
        let data = cluster.data();
        let initdb = cluster.bin.join("initdb");
        let initdb = initdb.to_str().expect("a UTF-8 path");
        cluster
            .tool(&[
                initdb,
                "-D",
                &data,
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
            ])
            .await;
        cluster.start_again().await;
        Some(cluster)
    }

    pub fn admin_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// `pg_ctl stop -m fast`: sessions are ended (57P01), new ones refused.
    pub async fn stop_fast(&self) {
        let pg_ctl = self.pg_ctl();
        self.tool(&[&pg_ctl, "-D", &self.data(), "-m", "fast", "-w", "stop"])
            .await;
    }

    /// `pg_ctl start`, on the same port, waiting until it accepts sessions.
    pub async fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("server.log").display().to_string();
        let pg_ctl = self.pg_ctl();
        self.tool(&[
            &pg_ctl,
            "-D",
            &self.data(),
            "-l",
            &log,
            "-w",
            "-o",
            &options,
            "start",
        ])
        .await;
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    fn pg_ctl(&self) -> String {
        self.bin.join("pg_ctl").display().to_string()
    }

    /// Runs one of PostgreSQL's tools as its user, on a blocking thread.
    async fn tool(&self, args: &[&str]) {
        let mut command = if self.root {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]);
            command
        } else {
            Command::new(args[0])
        };
        let args = if self.root { args } else { &args[1..] };
        command.args(args);
        tokio::task::spawn_blocking(move || run(&mut command))
            .await
            .expect("joined");
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let mut command = if self.root {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--", &self.pg_ctl()]);
            command
        } else {
            Command::new(self.pg_ctl())
        };
        let _ = command
            .args(["-D", &self.data(), "-m", "immediate", "-w", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(command: &mut Command) {
    let output = command.output().expect("a PostgreSQL tool runs");
    assert!(
        output.status.success(),
        "{command:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
