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
