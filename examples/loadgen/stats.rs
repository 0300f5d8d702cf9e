//! The measuring window, per-task latency recorders and the result line
//! every subcommand prints (and appends to `--out`) for `report`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use hdrhistogram::Histogram;
use tokio::task::JoinHandle;

/// Options shared by every load run.
#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// Concurrent tasks (games, or GET loops).
    #[arg(long, default_value_t = 64)]
    pub concurrency: usize,
    /// Seconds of load before measuring starts (not counted).
    #[arg(long, default_value_t = 2.0)]
    pub warmup: f64,
    /// Seconds measured.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Names the result (e.g. `sqlite/play`).
    #[arg(long)]
    pub label: String,
    /// Appends the result line to this file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The server's pid: its peak RSS (`VmHWM`) is reported.
    #[arg(long)]
    pub server_pid: Option<u32>,
}

/// When the measured window opens and closes. Tasks stop at `end`.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub start: Instant,
    pub end: Instant,
}

impl Window {
    pub fn after_warmup(args: &RunArgs) -> Window {
        let start = Instant::now() + Duration::from_secs_f64(args.warmup);
        Window {
            start,
            end: start + Duration::from_secs_f64(args.duration),
        }
    }

    pub fn is_over(&self) -> bool {
        Instant::now() >= self.end
    }

    pub fn contains(&self, at: Instant) -> bool {
        at >= self.start && at <= self.end
    }
}

/// One task's tally: latencies (µs) of the operations finished inside the
/// window, every operation done (warm-up included), and every error.
pub struct Tally {
    latencies: Histogram<u64>,
    pub measured: u64,
    pub done: u64,
    pub errors: u64,
    /// Answered 503 (refused by the server's admission gate).
    pub refused: u64,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            latencies: Histogram::new_with_bounds(1, 60_000_000, 3).expect("histogram bounds"),
            measured: 0,
            done: 0,
            errors: 0,
            refused: 0,
        }
    }
}

impl Tally {
    /// An operation that started at `started` succeeded just now.
    pub fn success(&mut self, window: &Window, started: Instant) {
        let now = Instant::now();
        self.done += 1;
        if window.contains(now) {
            self.measured += 1;
            let micros = now.duration_since(started).as_micros() as u64;
            self.latencies.saturating_record(micros.max(1));
        }
    }

    /// An operation scheduled for `scheduled` (open loop) succeeded just
    /// now: measured if it was *scheduled* inside the window, so that slow
    /// answers to the last sends are not left out, and timed from then.
    pub fn success_since(&mut self, window: &Window, scheduled: Instant) {
        self.done += 1;
        if window.contains(scheduled) {
            self.measured += 1;
            let micros = scheduled.elapsed().as_micros() as u64;
            self.latencies.saturating_record(micros.max(1));
        }
    }

    /// `p50_ms`, `p99_ms`, `p999_ms` and `max_ms` fields.
    pub fn percentiles(&self) -> Vec<(&'static str, String)> {
        [
            ("p50_ms", 0.50),
            ("p99_ms", 0.99),
            ("p999_ms", 0.999),
            ("max_ms", 1.0),
        ]
        .into_iter()
        .map(|(name, q)| (name, format!("{:.2}", self.percentile_ms(q))))
        .collect()
    }

    pub fn error(&mut self, what: impl std::fmt::Display) {
        if self.errors < 5 {
            eprintln!("error: {what}");
        }
        self.errors += 1;
    }

    pub fn merge(&mut self, other: Tally) {
        self.latencies.add(&other.latencies).expect("same bounds");
        self.measured += other.measured;
        self.done += other.done;
        self.errors += other.errors;
        self.refused += other.refused;
    }

    fn percentile_ms(&self, q: f64) -> f64 {
        self.latencies.value_at_quantile(q) as f64 / 1000.0
    }
}

/// CPU time (user + system) a process has used, in µs. `/proc` counts in
/// USER_HZ ticks, 100 per second on Linux.
pub fn cpu_micros(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks * 10_000)
}

/// Context switches of all a process's threads (voluntary or not).
pub fn context_switches(pid: u32) -> Option<u64> {
    let mut total = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()? {
        let status = std::fs::read_to_string(task.ok()?.path().join("status")).ok()?;
        total += status
            .lines()
            .filter(|line| line.contains("ctxt_switches:"))
            .filter_map(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
            .sum::<u64>();
    }
    Some(total)
}

/// What a process spent inside the window: CPU µs and context switches.
#[derive(Clone, Copy, Debug)]
pub struct Spent {
    pub cpu_micros: u64,
    pub context_switches: u64,
}

/// Measures what a process spends inside the window (spawn it before the
/// window opens): contention on a shared machine moves rates and latencies
/// far more than it moves the CPU time and switches each operation costs.
pub async fn spent_in_window(pid: u32, window: Window) -> Option<Spent> {
    tokio::time::sleep_until(window.start.into()).await;
    let (cpu, switches) = (cpu_micros(pid)?, context_switches(pid)?);
    tokio::time::sleep_until(window.end.into()).await;
    Some(Spent {
        cpu_micros: cpu_micros(pid)? - cpu,
        context_switches: context_switches(pid)?.saturating_sub(switches),
    })
}

/// Peak resident set of a process, in KiB (`VmHWM`).
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Prints `RESULT label=… rate=… p50_ms=… …` and appends it to `--out`.
/// `extra` adds fields such as `db_moves=…`.
pub fn report(
    args: &RunArgs,
    tally: &Tally,
    spent: Option<Spent>,
    extra: &[(&str, String)],
) -> anyhow::Result<()> {
    let mut fields = vec![
        ("label", args.label.clone()),
        ("concurrency", args.concurrency.to_string()),
        (
            "rate",
            format!("{:.1}", tally.measured as f64 / args.duration),
        ),
        ("p50_ms", format!("{:.2}", tally.percentile_ms(0.50))),
        ("p95_ms", format!("{:.2}", tally.percentile_ms(0.95))),
        ("p99_ms", format!("{:.2}", tally.percentile_ms(0.99))),
        ("p999_ms", format!("{:.2}", tally.percentile_ms(0.999))),
        ("max_ms", format!("{:.2}", tally.percentile_ms(1.0))),
        ("measured", tally.measured.to_string()),
        ("done", tally.done.to_string()),
        ("errors", tally.errors.to_string()),
    ];
    if let Some(spent) = spent {
        let per_op = |total: u64| total as f64 / tally.measured.max(1) as f64;
        fields.push(("cpu_us_per_op", format!("{:.1}", per_op(spent.cpu_micros))));
        let switches = per_op(spent.context_switches);
        fields.push(("switches_per_op", format!("{switches:.1}")));
    }
    if let Some(pid) = args.server_pid {
        let rss = peak_rss_kib(pid).map_or("unknown".to_owned(), |kib| kib.to_string());
        fields.push(("server_peak_rss_kib", rss));
    }
    fields.extend(extra.iter().map(|(k, v)| (*k, v.clone())));
    let line = format!(
        "RESULT {}",
        fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    emit(&line, args.out.as_deref())
}

/// Prints a result line and appends it to `out`.
pub fn emit(line: &str, out: Option<&Path>) -> anyhow::Result<()> {
    println!("{line}");
    if let Some(path) = out {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        writeln!(file, "{line}")?;
    }
    Ok(())
}

/// Waits for the load tasks (spawned already; the window not yet open) and
/// measures what process `pid` spends inside the window meanwhile.
pub async fn gather(
    window: Window,
    pid: Option<u32>,
    tasks: Vec<JoinHandle<Tally>>,
) -> anyhow::Result<(Tally, Option<Spent>)> {
    let spent = pid.map(|pid| tokio::spawn(spent_in_window(pid, window)));
    let mut tally = Tally::default();
    for task in tasks {
        tally.merge(task.await?);
    }
    let spent = match spent {
        Some(measuring) => measuring.await?,
        None => None,
    };
    Ok((tally, spent))
}
