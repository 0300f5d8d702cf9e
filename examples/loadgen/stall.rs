//! Stalled request bodies beside normal traffic: `--sockets` raw TCP
//! connections each send a POST's headers with `Content-Length: 1000` and
//! one byte of the body, then nothing (one reopened as soon as the server
//! closes it); meanwhile one task reads a game and one plays moves, each
//! sending one request per `--every-ms` at most (under the default rate
//! limit). Counts the answers of both.

use std::time::Duration;

use anyhow::Context;
use clap::Args;
use rand::rngs::StdRng;
use rand::SeedableRng;
use reqwest::{Client, StatusCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::http::{client, next_move, register_pairs, start_game};
use crate::stats::emit;

#[derive(Args, Debug)]
pub struct StallArgs {
    /// The server, e.g. `http://127.0.0.1:8080`.
    #[arg(long)]
    pub base: String,
    /// Connections that stall in their body.
    #[arg(long, default_value_t = 10)]
    pub sockets: usize,
    /// The POST route the stalled bodies are sent to.
    #[arg(long, default_value = "/v1/analysis/play")]
    pub path: String,
    /// How long the normal traffic runs, in seconds.
    #[arg(long, default_value_t = 15)]
    pub secs: u64,
    /// The least time between two requests of the read or the move task.
    #[arg(long, default_value_t = 100)]
    pub every_ms: u64,
    #[arg(long)]
    pub label: String,
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// Answers by kind.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    ok: u64,
    refused: u64,
    other: u64,
}

impl Counts {
    fn count(&mut self, status: Option<StatusCode>) {
        match status {
            Some(status) if status.is_success() => self.ok += 1,
            Some(StatusCode::SERVICE_UNAVAILABLE) => self.refused += 1,
            _ => self.other += 1,
        }
    }
}

pub async fn stall(args: StallArgs) -> anyhow::Result<()> {
    let http = client(4)?;
    let base = args.base.trim_end_matches('/').to_owned();
    let seats = register_pairs(&http, &base, 1).await?.remove(0);
    let game = start_game(&http, &base, &seats).await?;
    let id = game["id"].as_str().context("game id")?.to_owned();
    let authority = base
        .split_once("://")
        .map_or(base.as_str(), |(_, rest)| rest)
        .to_owned();

    let stop = tokio::time::Instant::now() + Duration::from_secs(args.secs) + STALL_HEAD_START;
    let stallers: Vec<_> = (0..args.sockets)
        .map(|_| tokio::spawn(hold_stalled(authority.clone(), args.path.clone(), stop)))
        .collect();
    tokio::time::sleep(STALL_HEAD_START).await;

    let every = Duration::from_millis(args.every_ms);
    let url = format!("{base}/v1/games/{id}");
    let reads = tokio::spawn(read_loop(http.clone(), url, every, stop));
    let moves = tokio::spawn(move_loop(http, base, seats, game, every, stop));
    let reads = reads.await?;
    let moves = moves.await?;
    let mut reopened = 0;
    for staller in stallers {
        reopened += staller.await??;
    }
    let line = format!(
        "RESULT label={} sockets={} path={} secs={} reads_ok={} reads_503={} reads_other={} \
         moves_ok={} moves_503={} moves_other={} stalled_connections={}",
        args.label,
        args.sockets,
        args.path,
        args.secs,
        reads.ok,
        reads.refused,
        reads.other,
        moves.ok,
        moves.refused,
        moves.other,
        reopened
    );
    emit(&line, args.out.as_deref())
}

/// The stalled sockets are open before the normal traffic starts.
const STALL_HEAD_START: Duration = Duration::from_millis(300);

/// Keeps one stalled request open until `stop`, opening another each time
/// the server closes one: how many it opened.
async fn hold_stalled(
    authority: String,
    path: String,
    stop: tokio::time::Instant,
) -> anyhow::Result<u64> {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n{{"
    );
    let mut opened = 0;
    while tokio::time::Instant::now() < stop {
        let mut stream = tokio::net::TcpStream::connect(&authority).await?;
        stream.write_all(head.as_bytes()).await?;
        opened += 1;
        let mut sink = Vec::new();
        // Returns when the server answers and closes, or at `stop`.
        let _ = tokio::time::timeout_at(stop, stream.read_to_end(&mut sink)).await;
    }
    Ok(opened)
}

async fn read_loop(
    http: Client,
    url: String,
    every: Duration,
    stop: tokio::time::Instant,
) -> Counts {
    let mut counts = Counts::default();
    let mut pace = tokio::time::interval(every);
    while tokio::time::Instant::now() < stop {
        pace.tick().await;
        let status = http.get(&url).send().await.ok().map(|r| r.status());
        counts.count(status);
    }
    counts
}

async fn move_loop(
    http: Client,
    base: String,
    seats: (crate::http::Player, crate::http::Player),
    mut game: serde_json::Value,
    every: Duration,
    stop: tokio::time::Instant,
) -> Counts {
    let mut counts = Counts::default();
    let mut rng = StdRng::from_entropy();
    let mut pace = tokio::time::interval(every);
    while tokio::time::Instant::now() < stop {
        pace.tick().await;
        let Some((body, token)) = next_move(&game, &seats, &mut rng) else {
            match start_game(&http, &base, &seats).await {
                Ok(next) => game = next,
                Err(_) => counts.other += 1,
            }
            continue;
        };
        let url = format!(
            "{base}/v1/games/{}/moves",
            game["id"].as_str().unwrap_or("")
        );
        let sent = http.post(&url).bearer_auth(token).json(&body).send().await;
        let Ok(response) = sent else {
            counts.other += 1;
            continue;
        };
        let status = response.status();
        counts.count(Some(status));
        if status == StatusCode::CREATED {
            if let Ok(played) = response.json::<serde_json::Value>().await {
                game = played["game"].clone();
            }
        }
    }
    counts
}
