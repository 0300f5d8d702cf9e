//! Server CPU per request at the documented bounds: spawns
//! the server binary, sends each request `ROUNDS` times in turn and reads the
//! server process's user+system time from `/proc/<pid>/stat` around them.
//! Figures for BENCHMARKS.md ("CPU per request at the bounds").
//!
//! `cargo build --release --bin oanquan && cargo run --release --example request_cpu`
//! (SQLite in a temp dir; `OANQUAN_BENCH_DATABASE_URL=postgres://…` for a
//! PostgreSQL database instead, which must be empty or an oanquan one).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context;
use oanquan::engine::{Move, Position, Preset, RuleParams, Rules, Square, MAX_BOARD_STONES};
use serde_json::{json, Value};

const ROUNDS: u32 = 20;
/// A start with [`MAX_BOARD_STONES`] on the board.
const HEAVY_START: &str =
    "M0,1000,1000,1000,1000,1000,M0,1000,1000,1000,1000,1000 s 100000:0 100000:0 1";

fn rules() -> Rules {
    Rules::new(RuleParams {
        max_plies: 2000,
        ..Preset::Classic.params()
    })
    .unwrap()
}

/// A 2,000-move line from [`HEAVY_START`]: each move keeps the game going
/// and the mandarins on the board, then captures as little as it can (ties
/// by a fixed pseudo-random order), so the stones stay on the board and
/// every move sows thousands of them.
fn long_line() -> Vec<Move> {
    let material = |p: &Position| -> u32 { Square::ALL.iter().map(|&sq| p.stones(sq)).sum() };
    let mut position = Position::from_notation(HEAVY_START, rules()).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut line = Vec::new();
    while line.len() < 2000 && !position.is_over() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (m, next) = position
            .legal_moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| (i, m, position.play(m).unwrap()))
            .max_by_key(|(i, _, next)| {
                let mandarins = Square::MANDARINS
                    .iter()
                    .filter(|&&sq| next.has_mandarin(sq))
                    .count();
                let kept = if next.is_over() { 0 } else { material(next) };
                (!next.is_over(), kept, mandarins, (seed >> (*i * 3)) & 7)
            })
            .map(|(_, m, next)| (m, next))
            .unwrap();
        line.push(m);
        position = next;
    }
    line
}

/// The server's user + system CPU time so far, in clock ticks (1/100 s).
fn cpu_ticks(pid: u32) -> anyhow::Result<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let after_name = &stat[stat.rfind(')').context("stat")? + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    Ok(fields[11].parse::<u64>()? + fields[12].parse::<u64>()?)
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn spawn_server(database_url: &str) -> anyhow::Result<Server> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let binary =
        std::env::var("OANQUAN_BENCH_BIN").unwrap_or_else(|_| "target/release/oanquan".to_owned());
    let child = Command::new(binary)
        .env("OANQUAN_BIND", format!("127.0.0.1:{port}"))
        .env("OANQUAN_DATABASE_URL", database_url)
        .env("OANQUAN_RATE_LIMIT_PER_SECOND", "0")
        .stdout(Stdio::null())
        .spawn()
        .context("run `cargo build --release --bin oanquan` first")?;
    let base = format!("http://127.0.0.1:{port}");
    for _ in 0..100 {
        if reqwest::get(format!("{base}/health")).await.is_ok() {
            return Ok(Server { child, base });
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the server did not start")
}

/// One request, sent [`ROUNDS`] times; the server's CPU per request (ms),
/// the status and the answer's size (bytes, as sent).
async fn measure(
    server: &Server,
    build: impl Fn() -> reqwest::RequestBuilder,
) -> anyhow::Result<(f64, u16, usize)> {
    let pid = server.child.id();
    let (mut status, mut size) = (0, 0);
    let before = cpu_ticks(pid)?;
    for _ in 0..ROUNDS {
        let response = build().send().await?;
        status = response.status().as_u16();
        size = response.bytes().await?.len();
    }
    let ticks = cpu_ticks(pid)? - before;
    Ok((ticks as f64 * 10.0 / f64::from(ROUNDS), status, size))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let database_url = std::env::var("OANQUAN_BENCH_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}", dir.path().join("cpu.db").display()));
    let server = spawn_server(&database_url).await?;
    let client = reqwest::Client::new();
    let base = server.base.clone();
    let url = |path: &str| format!("{base}{path}");

    let registered: Value = client
        .post(url("/v1/players"))
        .json(&json!({"name": format!("bench{}", std::process::id())}))
        .send()
        .await?
        .json()
        .await?;
    let token = registered["token"].as_str().context("token")?.to_owned();

    let line = long_line();
    let moves: Vec<String> = line.iter().map(Move::to_string).collect();
    let rules_json = json!({"preset": "classic", "max_plies": 2000});
    let analysis = json!({"rules": rules_json, "position": HEAVY_START, "moves": moves});
    let mut record =
        format!("[Rules \"classic\"]\n[MaxPlies \"2000\"]\n[Position \"{HEAVY_START}\"]\n\n");
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            record.push_str(&format!("{}. ", i / 2 + 1));
        }
        record.push_str(m);
        record.push(' ');
    }
    record.push('*');
    let imported: Value = client
        .post(url("/v1/games/import"))
        .bearer_auth(&token)
        .header("content-type", "text/plain")
        .body(record.clone())
        .send()
        .await?
        .json()
        .await?;
    let game = imported["id"]
        .as_str()
        .with_context(|| format!("import: {imported}"))?
        .to_owned();
    let mut tag_bomb = String::new();
    let mut i = 0;
    while tag_bomb.len() < 1024 * 1024 - 32 {
        tag_bomb.push_str(&format!("[a{i:06} \"\"]\n"));
        i += 1;
    }

    let answer: Value = client
        .post(url("/v1/analysis/play"))
        .json(&analysis)
        .send()
        .await?
        .json()
        .await?;
    let events: usize = answer["moves"]
        .as_array()
        .context("analysis moves")?
        .iter()
        .map(|m| m["events"].as_array().map_or(0, Vec::len))
        .sum();
    println!("the analysis answer holds {events} events");
    println!(
        "{} moves from `{HEAVY_START}` ({} stones); {ROUNDS} rounds each",
        moves.len(),
        MAX_BOARD_STONES
    );
    println!("| request | status | answer bytes | server CPU ms/request |");
    println!("| --- | --- | --- | --- |");
    let row = |name: &str, (cpu, status, size): (f64, u16, usize)| {
        println!("| {name} | {status} | {size} | {cpu:.1} |");
    };
    row(
        "POST /v1/analysis/play, the whole game, 10,000 stones",
        measure(&server, || {
            client.post(url("/v1/analysis/play")).json(&analysis)
        })
        .await?,
    );
    row(
        "… the same, `Accept-Encoding: gzip`",
        measure(&server, || {
            client
                .post(url("/v1/analysis/play"))
                .header("accept-encoding", "gzip")
                .json(&analysis)
        })
        .await?,
    );
    row(
        "POST /v1/games/import, that game as text",
        measure(&server, || {
            client
                .post(url("/v1/games/import"))
                .bearer_auth(&token)
                .header("content-type", "text/plain")
                .body(record.clone())
        })
        .await?,
    );
    row(
        "POST /v1/games/import, 1 MiB of distinct tags",
        measure(&server, || {
            client
                .post(url("/v1/games/import"))
                .bearer_auth(&token)
                .header("content-type", "text/plain")
                .body(tag_bomb.clone())
        })
        .await?,
    );
    row(
        "GET /v1/games/{id}/moves, `Accept-Encoding: gzip`",
        measure(&server, || {
            client
                .get(url(&format!("/v1/games/{game}/moves")))
                .header("accept-encoding", "gzip")
        })
        .await?,
    );
    for (name, path) in [
        (
            "GET /v1/games/{id}/moves (every move traced)",
            format!("/v1/games/{game}/moves"),
        ),
        (
            "GET /v1/games/{id}/export (JSON)",
            format!("/v1/games/{game}/export"),
        ),
        (
            "GET /v1/games/{id}/positions/{mid-game}",
            format!("/v1/games/{game}/positions/{}", moves.len() / 2),
        ),
        ("GET /v1/games/{id}", format!("/v1/games/{game}")),
        ("GET /v1/games?limit=100", "/v1/games?limit=100".to_owned()),
        (
            "GET /v1/leaderboards/classic?limit=100",
            "/v1/leaderboards/classic?limit=100".to_owned(),
        ),
        ("GET /health", "/health".to_owned()),
    ] {
        row(name, measure(&server, || client.get(url(&path))).await?);
    }
    Ok(())
}
