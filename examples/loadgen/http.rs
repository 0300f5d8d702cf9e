//! Load over HTTP: whole games with random legal moves, and GET loops.

use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::api::{self, post};
use crate::stats::{gather, report, RunArgs, Tally, Window};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The server, e.g. `http://127.0.0.1:8080`.
    #[arg(long)]
    pub base: String,
    /// The server's database: the moves it holds are counted before and
    /// after, and must grow by exactly the moves the server accepted.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Sends every move with an `Idempotency-Key` of its own (the server
    /// then saves each answer in the move's transaction).
    #[arg(long)]
    pub keyed: bool,
    /// Sends every move with `Prefer: return=minimal` (the compact answer);
    /// an answer without `Preference-Applied: return=minimal` is an error.
    #[arg(long)]
    pub minimal: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Args, Debug)]
pub struct GetArgs {
    #[arg(long)]
    pub base: String,
    /// `health` (GET /health) or `game` (GET /v1/games/{id}, one game per task).
    #[arg(long)]
    pub path: String,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Clone, Debug)]
pub struct Player {
    pub token: String,
}

pub fn client(concurrency: usize) -> anyhow::Result<Client> {
    Ok(Client::builder()
        .pool_max_idle_per_host(concurrency * 2)
        .tcp_nodelay(true)
        .build()?)
}

async fn register(client: &Client, base: &str, name: &str) -> anyhow::Result<Player> {
    let token = api::register(client, base, name).await?;
    Ok(Player { token })
}

/// Registers two players per task, named uniquely for this run.
pub async fn register_pairs(
    client: &Client,
    base: &str,
    pairs: usize,
) -> anyhow::Result<Vec<(Player, Player)>> {
    let run: u32 = rand::thread_rng().gen();
    let mut players = Vec::with_capacity(pairs);
    for i in 0..pairs {
        let south = register(client, base, &format!("lg{run:08x}s{i}")).await?;
        let north = register(client, base, &format!("lg{run:08x}n{i}")).await?;
        players.push((south, north));
    }
    Ok(players)
}

/// Creates a classic game (South moves first) and joins it: the joined game.
/// A step refused with 503 is sent again after its `Retry-After`.
pub async fn start_game(
    client: &Client,
    base: &str,
    seats: &(Player, Player),
) -> anyhow::Result<Value> {
    let body = json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south"});
    let url = format!("{base}/v1/games");
    let game = post_admitted(client, &url, &seats.0.token, &body, StatusCode::CREATED).await?;
    let id = game["id"].as_str().context("game id")?;
    let url = format!("{base}/v1/games/{id}/join");
    post_admitted(client, &url, &seats.1.token, &json!({}), StatusCode::OK).await
}

/// POSTs until the server lets the request in (at most 30 tries).
async fn post_admitted(
    client: &Client,
    url: &str,
    token: &str,
    body: &Value,
    expected: StatusCode,
) -> anyhow::Result<Value> {
    for _ in 0..30 {
        let response = client
            .post(url)
            .bearer_auth(token)
            .json(body)
            .send()
            .await?;
        match answer(url, response, expected).await? {
            Submitted::Played(value) => return Ok(value),
            Submitted::Refused(after) => tokio::time::sleep(after).await,
        }
    }
    bail!("POST {url}: refused 30 times")
}

/// A random legal move for the game, with the token of the seat to move;
/// `None` when the game is over.
pub fn next_move<'a>(
    game: &Value,
    seats: &'a (Player, Player),
    rng: &mut StdRng,
) -> Option<(Value, &'a str)> {
    let legal = game["legal_moves"].as_array()?;
    if game["status"] != "active" || legal.is_empty() {
        return None;
    }
    let pick = legal[rng.gen_range(0..legal.len())].clone();
    let token = if game["to_move"] == "south" {
        &seats.0.token
    } else {
        &seats.1.token
    };
    Some((json!({"move": pick, "ply": game["ply"]}), token))
}

/// A move submission's answer.
pub enum Submitted {
    /// 201: the answer's JSON.
    Played(Value),
    /// 503 (`overloaded`): nothing was stored; the move may be sent again
    /// after the `Retry-After` given.
    Refused(Duration),
}

/// POSTs a move: played, refused by the admission gate, or an error.
pub async fn submit(
    client: &Client,
    url: &str,
    token: &str,
    body: &Value,
    key: Option<&str>,
    minimal: bool,
) -> anyhow::Result<Submitted> {
    let mut request = client.post(url).bearer_auth(token).json(body);
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    if minimal {
        request = request.header("prefer", "return=minimal");
    }
    let response = request.send().await?;
    if minimal && response.status() == StatusCode::CREATED {
        let applied = response.headers().get("preference-applied");
        if applied.is_none_or(|v| v != "return=minimal") {
            bail!("POST {url}: 201 without Preference-Applied: return=minimal");
        }
    }
    answer(url, response, StatusCode::CREATED).await
}

/// `expected`: its JSON; 503: refused, with its `Retry-After`; else an error.
async fn answer(
    url: &str,
    response: reqwest::Response,
    expected: StatusCode,
) -> anyhow::Result<Submitted> {
    match response.status() {
        status if status == expected => Ok(Submitted::Played(response.json().await?)),
        StatusCode::SERVICE_UNAVAILABLE => {
            let seconds = response
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
                .unwrap_or(1);
            Ok(Submitted::Refused(Duration::from_secs(seconds)))
        }
        status => {
            let text = response.text().await.unwrap_or_default();
            bail!("POST {url}: {status}: {text}")
        }
    }
}

/// One task: plays games to the end, one after another, until the window
/// closes. Counts move submissions; any other failure is an error too.
async fn play_task(
    client: Client,
    base: String,
    seats: (Player, Player),
    keyed: bool,
    minimal: bool,
    window: Window,
) -> Tally {
    let mut tally = Tally::default();
    let mut rng = StdRng::from_entropy();
    let run: u64 = rng.gen();
    let mut sent = 0u64;
    while !window.is_over() {
        let mut game = match start_game(&client, &base, &seats).await {
            Ok(game) => game,
            Err(e) => {
                tally.error(e);
                continue;
            }
        };
        let url = format!(
            "{base}/v1/games/{}/moves",
            game["id"].as_str().unwrap_or("")
        );
        while let Some((body, token)) = next_move(&game, &seats, &mut rng) {
            if window.is_over() {
                break;
            }
            sent += 1;
            let key = keyed.then(|| format!("lg-{run:016x}-{sent}"));
            let started = Instant::now();
            match submit(&client, &url, token, &body, key.as_deref(), minimal).await {
                Ok(Submitted::Played(mut played)) => {
                    tally.success(&window, started);
                    game = played["game"].take();
                }
                // Refused before anything was stored: the same move again,
                // once the server's `Retry-After` has passed (as a client
                // should; retrying at once would only load the server more).
                Ok(Submitted::Refused(after)) => {
                    tally.refused += 1;
                    tokio::time::sleep(
                        after.min(window.end.saturating_duration_since(Instant::now())),
                    )
                    .await;
                }
                Err(e) => {
                    tally.error(e);
                    break;
                }
            }
        }
    }
    tally
}

pub async fn play(args: PlayArgs) -> anyhow::Result<()> {
    let client = client(args.run.concurrency)?;
    let seats = register_pairs(&client, &args.base, args.run.concurrency).await?;
    let before = match &args.database_url {
        Some(url) => Some(crate::ceiling::count_moves(url).await?),
        None => None,
    };
    let window = Window::after_warmup(&args.run);
    let tasks: Vec<_> = seats
        .into_iter()
        .map(|pair| {
            tokio::spawn(play_task(
                client.clone(),
                args.base.clone(),
                pair,
                args.keyed,
                args.minimal,
                window,
            ))
        })
        .collect();
    let (mut tally, spent) = gather(window, args.run.server_pid, tasks).await?;
    let mut extra = Vec::new();
    if let (Some(url), Some(before)) = (&args.database_url, before) {
        crate::ceiling::check_persisted(url, before, &mut tally, &mut extra).await?;
    }
    extra.push(("refused", tally.refused.to_string()));
    report(&args.run, &tally, spent, &extra)
}

/// One task: GETs `url` until the window closes.
async fn get_task(client: Client, url: String, window: Window) -> Tally {
    let mut tally = Tally::default();
    while !window.is_over() {
        let started = Instant::now();
        match client.get(&url).send().await {
            Ok(response) if response.status() == StatusCode::OK => match response.bytes().await {
                Ok(_) => tally.success(&window, started),
                Err(e) => tally.error(e),
            },
            Ok(response) => tally.error(format!("GET {url}: {}", response.status())),
            Err(e) => tally.error(e),
        }
    }
    tally
}

/// A game per task, a few moves in (so its view is a mid-game one).
async fn mid_game_urls(client: &Client, base: &str, count: usize) -> anyhow::Result<Vec<String>> {
    let mut rng = StdRng::from_entropy();
    let mut urls = Vec::with_capacity(count);
    for seats in register_pairs(client, base, count).await? {
        let mut game = start_game(client, base, &seats).await?;
        let url = format!("{base}/v1/games/{}", game["id"].as_str().context("id")?);
        for _ in 0..4 {
            let Some((body, token)) = next_move(&game, &seats, &mut rng) else {
                break;
            };
            let moves = format!("{url}/moves");
            game =
                post(client, &moves, Some(token), &body, StatusCode::CREATED).await?["game"].take();
        }
        urls.push(url);
    }
    Ok(urls)
}

pub async fn get(args: GetArgs) -> anyhow::Result<()> {
    let client = client(args.run.concurrency)?;
    let urls = match args.path.as_str() {
        "health" => vec![format!("{}/health", args.base); args.run.concurrency],
        "game" => mid_game_urls(&client, &args.base, args.run.concurrency).await?,
        other => bail!("--path {other}: expected health or game"),
    };
    let window = Window::after_warmup(&args.run);
    let tasks: Vec<_> = urls
        .into_iter()
        .map(|url| tokio::spawn(get_task(client.clone(), url, window)))
        .collect();
    let (tally, spent) = gather(window, args.run.server_pid, tasks).await?;
    report(&args.run, &tally, spent, &[])
}
