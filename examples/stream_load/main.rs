//! Load on the push side: many subscribers to game
//! streams while moves are played, measured end to end.
//!
//! ```text
//! cargo build --release
//! cargo run --release --example stream_load -- [--subscribers 5000] [--games 500] [--rate 100]
//!     [--nodes 2 --postgres-admin-url postgres://postgres@127.0.0.1:5432/postgres]
//! ```
//!
//! It spawns the release server (`--server`, default `target/release/oanquan`)
//! on a fresh SQLite file, or two of them on one fresh PostgreSQL database
//! (`--nodes 2`: moves through node A, subscribers on node B), or targets a
//! running one (`--base-url`, with `--server-pid` for its memory), and then:
//!
//! 1. starts `--games` active games (one pair of players, unrated, untimed;
//!    a game that ends is replaced, and its subscribers follow the new one);
//! 2. plays moves in `--workers` closed loops for `--loop-s`: moves/s
//!    without subscribers;
//! 3. opens `--subscribers` NDJSON streams (`GET /v1/games/{id}/stream`),
//!    spread evenly over the games, and reads the server's `VmRSS` before
//!    and after: memory per idle subscriber;
//! 4. plays `--rate` moves a second for `--duration-s` and times each
//!    `move` event from the move's `played_at` (server clock, taken in the
//!    move's transaction just before its commit, so the figure includes the
//!    commit) to its receipt: p50 / p99 / max;
//! 5. the closed loops again with the subscribers attached, then again after
//!    closing them: what delivering every move to its game's subscribers
//!    (`--subscribers / --games` of them) costs the move path at full speed;
//! 6. and the issue's own question, before, with and after the
//!    subscribers: the closed loops on `--spare-games` games nobody follows
//!    while the followed games are played at `--rate` (the push side at
//!    work beside the move path, not multiplied by it).
//!
//! The server runs with `--max-connections-per-ip 0 --rate-limit-per-second
//! 0 --max-streams-per-ip 0 --max-streams 0`; pass anything else with
//! `--server-arg=…` (repeatable). A server targeted with `--base-url` needs
//! the same caps lifted.
//! The tool raises its soft limit on open files (inherited by the servers).

#[path = "../common/api.rs"]
mod api;
mod games;
mod movers;
mod server;
mod subscribers;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;

use games::Slots;
use movers::Played;
use server::{rss_kib, PgDatabase, Server};
use subscribers::Tally;

#[derive(Parser, Debug)]
struct Args {
    #[arg(long, default_value_t = 5000)]
    subscribers: usize,
    #[arg(long, default_value_t = 500)]
    games: usize,
    /// Moves per second during the latency run.
    #[arg(long, default_value_t = 100)]
    rate: u32,
    /// Seconds of the latency run.
    #[arg(long, default_value_t = 30)]
    duration_s: u64,
    /// Seconds of each closed-loop run.
    #[arg(long, default_value_t = 10)]
    loop_s: u64,
    /// Closed loops playing moves at once.
    #[arg(long, default_value_t = 16)]
    workers: usize,
    /// Games nobody follows, played by the closed loops beside the
    /// followed ones at `--rate`.
    #[arg(long, default_value_t = 64)]
    spare_games: usize,
    /// Streams being opened at once.
    #[arg(long, default_value_t = 200)]
    opening: usize,
    /// The server binary to spawn.
    #[arg(long, default_value = "target/release/oanquan")]
    server: String,
    /// Argument added to the spawned servers' command line (repeatable).
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    server_args: Vec<String>,
    /// The first port for spawned servers (node B gets the next).
    #[arg(long, default_value_t = 18300)]
    port: u16,
    /// 1: one server on SQLite; 2: two on one PostgreSQL database.
    #[arg(long, default_value_t = 1)]
    nodes: u8,
    /// Where `--nodes 2` creates (and drops) its database.
    #[arg(long)]
    postgres_admin_url: Option<String>,
    /// Target a running server instead of spawning one.
    #[arg(long)]
    base_url: Option<String>,
    /// Its process id, to read its memory.
    #[arg(long)]
    server_pid: Option<u32>,
}

/// The servers moves and subscribers go to, and the one whose memory is read.
struct Targets {
    moves: String,
    streams: String,
    streams_pid: Option<u32>,
    /// Every server's pid (their CPU time is read).
    pids: Vec<u32>,
    _servers: Vec<Server>,
    database: Option<PgDatabase>,
    _dir: tempfile::TempDir,
}

async fn targets(args: &Args) -> anyhow::Result<Targets> {
    let dir = tempfile::tempdir()?;
    if let Some(base) = &args.base_url {
        return Ok(Targets {
            moves: base.clone(),
            streams: base.clone(),
            streams_pid: args.server_pid,
            pids: args.server_pid.into_iter().collect(),
            _servers: Vec::new(),
            database: None,
            _dir: dir,
        });
    }
    let (url, database) = match args.nodes {
        1 => (format!("sqlite://{}/load.db", dir.path().display()), None),
        2 => {
            let admin = args
                .postgres_admin_url
                .as_deref()
                .ok_or_else(|| anyhow::anyhow!("--nodes 2 needs --postgres-admin-url"))?;
            let database = PgDatabase::create(admin).await?;
            (database.url.clone(), Some(database))
        }
        n => anyhow::bail!("--nodes {n}: 1 or 2"),
    };
    let mut servers = Vec::new();
    for node in 0..args.nodes {
        let log = dir.path().join(format!("server{node}.log"));
        servers.push(
            Server::spawn(
                &args.server,
                args.port + u16::from(node),
                &url,
                &args.server_args,
                &log,
            )
            .await?,
        );
    }
    let last = servers.last().expect("a server");
    Ok(Targets {
        moves: servers[0].base.clone(),
        streams: last.base.clone(),
        streams_pid: Some(last.pid()),
        pids: servers.iter().map(Server::pid).collect(),
        _servers: servers,
        database,
        _dir: dir,
    })
}

fn loop_line(what: &str, played: &Played) -> String {
    format!(
        "{what}: {:.0} moves/s ({} moves, {} errors, {:.1} s)",
        played.per_second(),
        played.moves,
        played.errors,
        played.elapsed.as_secs_f64()
    )
}

/// The closed loops for `time`, with the servers' CPU time per move
/// (`None` without their pids) and this tool's; `beside`, moves played
/// meanwhile at a fixed rate (`(rate, slots)`), not counted.
async fn measured_loop(
    slots: &Arc<Slots>,
    workers: usize,
    time: Duration,
    pids: &[u32],
    what: &str,
    beside: Option<(u32, &Arc<Slots>)>,
) -> anyhow::Result<(Played, Option<f64>)> {
    let cpu = |pids: &[u32]| {
        pids.iter()
            .map(|&pid| server::cpu_ms(pid))
            .sum::<anyhow::Result<f64>>()
    };
    let (servers_before, tool_before) = (cpu(pids)?, server::cpu_ms(std::process::id())?);
    let played = match beside {
        None => movers::closed_loop(slots, workers, time).await,
        Some((rate, followed)) => {
            tokio::join!(
                movers::closed_loop(slots, workers, time),
                movers::fixed_rate(followed, rate, time)
            )
            .0
        }
    };
    let (servers, tool) = (
        cpu(pids)? - servers_before,
        server::cpu_ms(std::process::id())? - tool_before,
    );
    let per_move = |ms: f64| 1000.0 * ms / played.moves.max(1) as f64;
    let server_us = (!pids.is_empty()).then(|| per_move(servers));
    println!(
        "{}; CPU per move: servers {}, this tool {:.0} µs",
        loop_line(what, &played),
        server_us.map_or("n/a".to_owned(), |us| format!("{us:.0} µs")),
        per_move(tool)
    );
    Ok((played, server_us))
}

/// The two closed loops of each phase (steps 5 and 6): on the followed
/// games, then on the spare ones while the followed are played at `rate`.
struct Loops<'a> {
    followed: &'a Arc<Slots>,
    spare: &'a Arc<Slots>,
    workers: usize,
    time: Duration,
    pids: &'a [u32],
    rate: u32,
}

impl Loops<'_> {
    /// Both loops, `when` naming the phase: the followed games' run with
    /// the servers' CPU per move, and the spare games' run.
    async fn run(&self, when: &str) -> anyhow::Result<((Played, Option<f64>), Played)> {
        let followed = measured_loop(
            self.followed,
            self.workers,
            self.time,
            self.pids,
            &format!("closed loop, {when}"),
            None,
        )
        .await?;
        let (beside, _) = measured_loop(
            self.spare,
            self.workers,
            self.time,
            self.pids,
            &format!(
                "closed loop on the spare games, followed ones at {}/s, {when}",
                self.rate
            ),
            Some((self.rate, self.followed)),
        )
        .await?;
        Ok((followed, beside))
    }
}

async fn settled_rss(pid: Option<u32>) -> anyhow::Result<Option<u64>> {
    tokio::time::sleep(Duration::from_secs(3)).await;
    pid.map(rss_kib).transpose()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let limit = server::raise_open_files(args.subscribers as u64 * 2 + 2048)?;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "open files: {limit}; load average at the start: {}",
        load.trim()
    );
    let mut targets = targets(&args).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.workers * 2)
        .tcp_nodelay(true)
        .build()?;
    let slots =
        Arc::new(Slots::start(client.clone(), targets.moves.clone(), args.games, 32).await?);
    let spare = Arc::new(Slots::start(client, targets.moves.clone(), args.spare_games, 32).await?);
    println!(
        "{} active games on {} ({} more nobody follows); subscribers on {}",
        slots.len(),
        targets.moves,
        spare.len(),
        targets.streams
    );
    let loop_time = Duration::from_secs(args.loop_s);

    // A first loop warms the server (and its database) up; not counted.
    movers::closed_loop(&slots, args.workers, Duration::from_secs(3)).await;
    let pids = targets.pids.clone();
    let loops = Loops {
        followed: &slots,
        spare: &spare,
        workers: args.workers,
        time: loop_time,
        pids: &pids,
        rate: args.rate,
    };
    let ((without, cpu_without), beside_without) = loops.run("no subscribers").await?;

    let tally = Tally::new();
    let endpoint = subscribers::Endpoint::of(&targets.streams)?;
    let rss_before = settled_rss(targets.streams_pid).await?;
    let opened = std::time::Instant::now();
    let handles =
        subscribers::open(&endpoint, &slots, args.subscribers, args.opening, &tally).await?;
    println!(
        "{} streams open in {:.1} s",
        args.subscribers,
        opened.elapsed().as_secs_f64()
    );
    let rss_after = settled_rss(targets.streams_pid).await?;
    let per_subscriber = rss_before
        .zip(rss_after)
        .map(|(b, a)| (a.saturating_sub(b) as f64 * 1024.0) / args.subscribers as f64);
    if let (Some(b), Some(a), Some(each)) = (rss_before, rss_after, per_subscriber) {
        println!(
            "server RSS {b} KiB → {a} KiB: {:.1} KB per idle subscriber",
            each / 1000.0
        );
    }

    tally.reset_latency();
    tally.measuring.store(true, Ordering::Relaxed);
    let fixed = movers::fixed_rate(&slots, args.rate, Duration::from_secs(args.duration_s)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    tally.measuring.store(false, Ordering::Relaxed);
    let latency = tally.latency_us.lock().expect("tally").clone();
    let expected = fixed.moves * (args.subscribers / args.games.max(1)) as u64;
    let ms = |q: f64| latency.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "{} at {} moves/s: {} deliveries timed (≈{expected} expected): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        loop_line("fixed rate", &fixed),
        args.rate,
        latency.len(),
        ms(0.5),
        ms(0.99),
        latency.max() as f64 / 1000.0
    );

    let ((with, cpu_with), beside_with) = loops.run("subscribers attached").await?;
    for handle in &handles {
        handle.abort();
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let ((after, cpu_after), beside_after) = loops.run("subscribers closed").await?;
    let beside_baseline = (beside_without.per_second() + beside_after.per_second()) / 2.0;
    let baseline = (without.per_second() + after.per_second()) / 2.0;
    let us = |cpu: Option<f64>| cpu.map_or("n/a".to_owned(), |us| format!("{us:.0}"));
    println!(
        "RESULT nodes={} subscribers={} games={} rate={} p50_ms={:.1} p99_ms={:.1} max_ms={:.1} timed={} expected={expected} \
         rss_per_subscriber_bytes={} moves_s_without={:.0} moves_s_with={:.0} moves_s_after={:.0} cost_pct={:.1} \
         server_cpu_us_per_move_without={} with={} after={} \
         beside_moves_s_without={:.0} beside_moves_s_with={:.0} beside_moves_s_after={:.0} beside_cost_pct={:.1} \
         reopened={} stream_errors={}",
        args.nodes, args.subscribers, args.games, args.rate, ms(0.5), ms(0.99), latency.max() as f64 / 1000.0, latency.len(),
        per_subscriber.map_or("n/a".to_owned(), |b| format!("{b:.0}")),
        without.per_second(), with.per_second(), after.per_second(),
        100.0 * (1.0 - with.per_second() / baseline),
        us(cpu_without), us(cpu_with), us(cpu_after),
        beside_without.per_second(), beside_with.per_second(), beside_after.per_second(),
        100.0 * (1.0 - beside_with.per_second() / beside_baseline),
        tally.reopened.load(Ordering::Relaxed), tally.errors.load(Ordering::Relaxed),
    );
    let database = targets.database.take();
    drop(targets);
    if let Some(database) = database {
        database.drop_now().await?;
    }
    Ok(())
}
