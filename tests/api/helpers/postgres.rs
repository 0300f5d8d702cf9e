//! Where the PostgreSQL tests get their server, and what they say when
//! there is none.
//!
//! `OANQUAN_TEST_POSTGRES_URL` names a server where we may create databases.
//! Without it, if PostgreSQL is installed (`initdb` on the PATH or under
//! /usr/lib/postgresql/*/bin), the suite starts a throwaway cluster, as
//! `.ci/run` does: a temp dir under /tmp, a free port, trust auth, run as the
//! `postgres` user when we are root (initdb refuses root). One cluster serves
//! every test binary of a `cargo test` run: the first binary starts it and
//! records it in target/tmp; the others find it there. A guard process
//! started with it (in its own process group, so Ctrl-C does not orphan the
//! cluster) stops it and deletes its dir once that `cargo` process is gone.
//! Set `OANQUAN_TEST_POSTGRES_URL=` (empty) to skip PostgreSQL on purpose.
//!
//! Skipped tests are counted; at exit each test binary prints one line
//! saying how many of its tests were skipped and why, with the total so
//! far in the run.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};
use std::time::{Duration, Instant, SystemTime};

use super::POSTGRES_URL_VAR;

/// The admin URL of a PostgreSQL the tests may use, or why there is none.
pub fn admin_url() -> Result<String, &'static str> {
    static URL: OnceLock<Result<String, &'static str>> = OnceLock::new();
    URL.get_or_init(|| match std::env::var(POSTGRES_URL_VAR) {
        Ok(url) if url.is_empty() => Err("OANQUAN_TEST_POSTGRES_URL is set empty"),
        Ok(url) => {
            let shown = url.rsplit_once('@').map_or(url.as_str(), |(_, host)| host);
            say(&format!(
                "PostgreSQL for the tests: {POSTGRES_URL_VAR} ({shown})"
            ));
            Ok(url)
        }
        Err(_) => match pg_bin_dir() {
            Some(bin) => Ok(throwaway_cluster(&bin)),
            None => Err(
                "no OANQUAN_TEST_POSTGRES_URL, and PostgreSQL is not installed \
                 (no initdb on the PATH or in /usr/lib/postgresql/*/bin)",
            ),
        },
    })
    .clone()
}

/// A line on the test run's own output: written to stderr directly, which
/// the test harness does not capture (it captures `eprintln!`), so that
/// the run says which PostgreSQL it used.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

static SKIPPED: AtomicUsize = AtomicUsize::new(0);

/// Counts a PostgreSQL test that did not run; the count is printed at exit.
pub fn report_skip(_test: &str) {
    SKIPPED.fetch_add(1, Ordering::Relaxed);
    static AT_EXIT: Once = Once::new();
    AT_EXIT.call_once(|| {
        extern "C" {
            fn atexit(callback: extern "C" fn()) -> std::os::raw::c_int;
        }
        // SAFETY: registers a plain function with the C runtime; it runs
        // once, on the main thread, after libtest has printed its result.
        unsafe { atexit(print_skips) };
    });
}

extern "C" fn print_skips() {
    let skipped = SKIPPED.load(Ordering::Relaxed);
    let reason = admin_url().err().unwrap_or("no PostgreSQL");
    let tally = target_tmp().join(format!(
        "postgres-skips-{}",
        std::os::unix::process::parent_id()
    ));
    let before: usize = std::fs::read_to_string(&tally)
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0);
    let _ = std::fs::write(&tally, (before + skipped).to_string());
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED: {skipped} PostgreSQL tests of this binary did not run ({} so far in this \
         run): {reason}. Install PostgreSQL or set {POSTGRES_URL_VAR} to run them.\n",
        before + skipped
    );
}

fn target_tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

pub(super) fn pg_bin_dir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .and_then(|path| std::env::split_paths(&path).find(|dir| dir.join("initdb").is_file()));
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .flatten()
            .filter_map(|entry| {
                let version = entry.file_name().to_str()?.parse().ok()?;
                let bin = entry.path().join("bin");
                bin.join("initdb").is_file().then_some((version, bin))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

/// The URL of this `cargo test` run's cluster, started if need be.
// The guard is not waited for: it outlives this test binary on purpose.
#[allow(clippy::zombie_processes)]
fn throwaway_cluster(bin: &Path) -> String {
    let state = target_tmp().join("test-postgres");
    let _lock = Lock::take(&target_tmp().join("test-postgres.lock"));
    let cargo = std::os::unix::process::parent_id();
    if let Some(port) = running_cluster(&state, cargo) {
        say(&format!(
            "PostgreSQL for the tests: the throwaway cluster this run started, on 127.0.0.1:{port}"
        ));
        return url(port);
    }
    let dir = tempfile::Builder::new()
        .prefix("oanquan-test-pg.")
        .tempdir_in("/tmp")
        .expect("a temp dir for PostgreSQL")
        .keep();
    let root = as_root();
    let mut permissions = Command::new("chmod");
    assert!(permissions
        .arg("755")
        .arg(&dir)
        .status()
        .is_ok_and(|s| s.success()));
    if root {
        let chown = Command::new("chown").arg("postgres:").arg(&dir).status();
        assert!(
            chown.is_ok_and(|s| s.success()),
            "chown postgres {}",
            dir.display()
        );
    }
    let port = free_port();
    let mut guard = Command::new("sh");
    guard
        .arg("-c")
        .arg(GUARD)
        .arg("oanquan-test-postgres")
        .arg(bin)
        .arg(&dir)
        .arg(port.to_string())
        .arg(cargo.to_string());
    if root {
        guard.args(["runuser", "-u", "postgres", "--"]);
    }
    std::os::unix::process::CommandExt::process_group(&mut guard, 0);
    guard
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start the PostgreSQL guard");
    let started = Instant::now();
    while !dir.join("ready").exists() {
        if dir.join("failed").exists() || started.elapsed() > Duration::from_secs(120) {
            let log = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
            panic!(
                "could not start a throwaway PostgreSQL with {} (set {POSTGRES_URL_VAR}= to \
                 skip): {}{}{}",
                bin.display(),
                log("initdb.log"),
                log("pg_ctl.log"),
                log("server.log")
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = std::fs::write(&state, format!("{port} {cargo} {}", dir.display()));
    say(&format!(
        "PostgreSQL for the tests: a throwaway cluster on 127.0.0.1:{port} ({}), stopped after \
         this run",
        dir.display()
    ));
    url(port)
}

/// initdb, start, wait for the `cargo` process to end, stop, delete.
/// Arguments: bin dir, cluster dir, port, pid to watch, then the command
/// prefix that runs PostgreSQL's tools as their user (or none).
const GUARD: &str = r#"
bin=$1 dir=$2 port=$3 watch=$4
shift 4
"$@" "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 \
  && "$@" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
       -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >"$dir/pg_ctl.log" 2>&1 \
  && touch "$dir/ready" || { touch "$dir/failed"; sleep 5; rm -rf "$dir"; exit 1; }
while kill -0 "$watch" 2>/dev/null; do sleep 1; done
"$@" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
rm -rf "$dir"
"#;

/// The port of the cluster recorded in `state`, if the same `cargo` run
/// started it and it still answers.
fn running_cluster(state: &Path, cargo: u32) -> Option<u16> {
    let text = std::fs::read_to_string(state).ok()?;
    let mut fields = text.split(' ');
    let port: u16 = fields.next()?.parse().ok()?;
    let watched: u32 = fields.next()?.parse().ok()?;
    let dir = fields.next()?;
    let alive = watched == cargo
        && Path::new(dir).join("ready").exists()
        && TcpStream::connect(("127.0.0.1", port)).is_ok();
    alive.then_some(port)
}

fn url(port: u16) -> String {
    format!("postgres://postgres@127.0.0.1:{port}/postgres")
}

pub(super) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

pub(super) fn as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// A lock shared by the test binaries: a directory only one can create.
/// One left by a crashed binary is taken over after two minutes.
struct Lock(PathBuf);

impl Lock {
    fn take(path: &Path) -> Lock {
        let _ = std::fs::create_dir_all(path.parent().expect("lock dir"));
        loop {
            if std::fs::create_dir(path).is_ok() {
                return Lock(path.to_owned());
            }
            let stale = std::fs::metadata(path)
                .and_then(|m| m.modified())
                .is_ok_and(|at| {
                    SystemTime::now().duration_since(at).unwrap_or_default()
                        > Duration::from_secs(120)
                });
            if stale {
                let _ = std::fs::remove_dir(path);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}
