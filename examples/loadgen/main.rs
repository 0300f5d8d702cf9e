//! Load generator and ceilings for the oanquan server. Each
//! subcommand prints a `RESULT key=value …` line; `report` turns a file of
//! them into the figures, ratios and target checks. `scripts/bench.sh`
//! drives it all; see BENCHMARKS.md.
//!
//! - `play`: N concurrent games over HTTP, creation to the end, random legal
//!   moves, no think time: move submissions/s and their latency.
//! - `open --rate R`: moves offered at a fixed rate over `--games` games
//!   (open loop): accepted and refused (503) counts, latency p50/p99/p99.9
//!   from each move's scheduled send time.
//! - `get --path game|health`: N tasks GETting a game (or `/health`).
//! - `db-ceiling`: the SQL of a move submission through the server's own
//!   store, N tasks, no HTTP.
//! - `sqlite-ceiling`: the SQL of a move alone, replayed with rusqlite on
//!   one thread over a fresh file: the independent ceiling.
//! - `http-ceiling-serve`, `http-ceiling-load`: a minimal server (bare
//!   actix-web, one writer thread) running that SQL for each POST, and the
//!   closed loop that drives it: the independent ceiling of HTTP and SQL.
//! - `seed`, `startup`: a database with 100,000 moves; time to first `/ready`.
//! - `stall`: requests whose bodies stall, beside reads and moves: how many
//!   of those are answered.

#[path = "../common/api.rs"]
mod api;
mod ceiling;
mod http;
mod http_ceiling;
mod open;
mod report;
mod sqlite_replay;
mod stall;
mod stats;

use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// N concurrent games over HTTP; reports move submissions.
    Play(http::PlayArgs),
    /// Moves offered at a fixed rate (open loop); latency from the scheduled send.
    Open(open::OpenArgs),
    /// N tasks GETting `/health` or a game each.
    Get(http::GetArgs),
    /// The same SQL as move submissions, straight through the store.
    DbCeiling(ceiling::CeilingArgs),
    /// The SQL of a move replayed on the bundled SQLite alone, one thread.
    SqliteCeiling(sqlite_replay::ReplayArgs),
    /// A minimal HTTP server running that SQL for each POST (not the application).
    HttpCeilingServe(http_ceiling::ServeArgs),
    /// Closed-loop POSTs against `http-ceiling-serve`.
    HttpCeilingLoad(http_ceiling::LoadArgs),
    /// Stores whole games until the database holds `--moves` more moves.
    Seed(ceiling::SeedArgs),
    /// Starts the server repeatedly; time from spawn to the first 200 on `/ready`.
    Startup(StartupArgs),
    /// Figures, ratios and targets from a file of RESULT lines.
    Report(report::ReportArgs),
    /// Stalled request bodies beside reads and moves: their answers.
    Stall(stall::StallArgs),
}

#[derive(Args, Debug)]
struct StartupArgs {
    /// The server binary (a release build).
    #[arg(long)]
    server: String,
    #[arg(long)]
    database_url: String,
    #[arg(long, default_value_t = 18099)]
    port: u16,
    #[arg(long, default_value_t = 5)]
    runs: usize,
    #[arg(long)]
    label: String,
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

async fn startup(args: StartupArgs) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let ready = format!("http://127.0.0.1:{}/ready", args.port);
    let mut times = Vec::with_capacity(args.runs);
    for _ in 0..args.runs {
        let began = Instant::now();
        let mut server = Process::new(&args.server)
            .args(["serve", "--bind", &format!("127.0.0.1:{}", args.port)])
            .args(["--database-url", &args.database_url])
            .stdout(Stdio::null())
            .spawn()?;
        let elapsed = loop {
            let answered = client.get(&ready).send().await;
            if answered.is_ok_and(|r| r.status().is_success()) {
                break began.elapsed();
            }
            if let Some(status) = server.try_wait()? {
                anyhow::bail!("the server exited with {status} before it was ready");
            }
            anyhow::ensure!(
                began.elapsed() < Duration::from_secs(30),
                "not ready in 30 s"
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        };
        server.kill()?;
        server.wait()?;
        times.push(elapsed.as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let line = format!(
        "RESULT label={} runs={} median_ms={:.1} max_ms={:.1}",
        args.label,
        args.runs,
        times[times.len() / 2],
        times[times.len() - 1]
    );
    stats::emit(&line, args.out.as_deref())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Play(args) => http::play(args).await,
        Command::Open(args) => open::open(args).await,
        Command::Get(args) => http::get(args).await,
        Command::DbCeiling(args) => ceiling::ceiling(args).await,
        Command::SqliteCeiling(args) => sqlite_replay::replay(args).await,
        Command::HttpCeilingServe(args) => http_ceiling::serve(args).await,
        Command::HttpCeilingLoad(args) => http_ceiling::load(args).await,
        Command::Seed(args) => ceiling::seed(args).await,
        Command::Startup(args) => startup(args).await,
        Command::Report(args) => report::report(&args),
        Command::Stall(args) => stall::stall(args).await,
    }
}
