//! The server's JSON log lines when it runs as a process of its own, read
//! on a thread so that a silent server fails a test instead of hanging it.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use serde_json::Value;

/// The log lines of a server started with its stdout piped.
pub struct LogLines(Receiver<String>);

impl LogLines {
    /// Starts reading `child`'s stdout.
    pub fn of(child: &mut Child) -> LogLines {
        let stdout = child.stdout.take().expect("the server's stdout is piped");
        let (sender, lines) = std::sync::mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        LogLines(lines)
    }

    /// The next line, a JSON log entry, within `within`.
    pub fn next_entry(&self, within: Duration) -> Value {
        let line = self
            .0
            .recv_timeout(within)
            .unwrap_or_else(|_| panic!("the server logs a line within {within:?}"));
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("not a JSON log line: {line}"))
    }

    /// The base URL the server logs it listens on (each line within `within`).
    pub fn address(&self, within: Duration) -> String {
        loop {
            let entry = self.next_entry(within);
            if let Some(address) = entry["message"]
                .as_str()
                .and_then(|m| m.strip_prefix("listening on "))
            {
                return address.to_owned();
            }
        }
    }

    /// Keeps reading the lines, unread, so that the server never blocks on
    /// a full pipe.
    pub fn drain(self) {
        std::thread::spawn(move || while self.0.recv().is_ok() {});
    }
}

/// The server binary on `database` with `args` after the common ones (an
/// ephemeral port, JSON logs, one worker) and `envs`, none of the
/// caller's `OANQUAN_*` variables; the child and its base URL once it
/// listens.
pub fn serve_binary(database: &str, args: &[&str], envs: &[(&str, &str)]) -> (Child, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_oanquan"));
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("OANQUAN_") {
            command.env_remove(name);
        }
    }
    let mut child = command
        .args([
            "--bind",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--workers",
            "1",
        ])
        .args(["--database-url", database])
        .args(args)
        .envs(envs.iter().copied())
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the server starts");
    let lines = LogLines::of(&mut child);
    let address = lines.address(Duration::from_secs(60));
    lines.drain();
    (child, address)
}
