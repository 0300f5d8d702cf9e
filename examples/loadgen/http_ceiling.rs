//! The independent ceiling of HTTP and a move's SQL together: a minimal
//! server that is not the application's stack (bare actix-web, no
//! middleware, no router beyond two routes, no engine, no store), whose
//! one endpoint runs the SQL that `sqlite-ceiling` replays, and the load
//! that drives it (`scripts/http-ceiling.sh`).
//!
//! `http-ceiling-serve`: a fresh file made by the server's own migrations
//! (as `sqlite-ceiling` makes it), two actix workers as the server runs,
//! and one writer thread holding the one writer connection (the store's
//! settings): it takes the moves queued for it, up to `--group-max` in one
//! transaction as the store's group commit does (`BEGIN IMMEDIATE`, then
//! `SAVEPOINT m` for each move after the first, `COMMIT`), and answers each
//! only once the `COMMIT` returned. Each move is the next of a random game
//! replayed in the request's slot: the caller and the game read in one
//! statement, the move inserted, the game updated over the version read.
//! PASSIVE checkpoints every 50 ms on a second connection, as the store's
//! task runs them. `POST /games/{slot}/moves` takes a bearer token and a
//! JSON body `{"move": …, "ply": …}` and answers 201 with
//! `{"ply": …, "version": …}`; `GET /ready` answers 200.
//!
//! With `--database-url postgres://…` it is the same minimal server on
//! PostgreSQL: each `POST` runs, on a pool of `--pool` connections (the
//! server's default), the transaction `pgbench` runs in
//! `scripts/pg-ceiling.sh` (`scripts/pgbench/move.sql`: the game's row
//! locked, the move inserted, the version bumped) on game `pgb<n>` of the
//! `--games` copies that script makes, the slot's own, and answers after
//! the `COMMIT`; with `--one-statement`, the same as one statement in
//! one round trip, as the server sends a move.
//!
//! `http-ceiling-load`: `--concurrency` closed-loop tasks, one slot each,
//! POSTing a move as `play` does (bearer token, JSON body, the JSON answer
//! read), counted only when answered 201; with `--database-url`, the moves
//! the file holds must have grown by exactly those answered.

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use anyhow::Context;
use clap::Args;
use oanquan::domain::{GameId, TokenHash};
use oanquan::store::sqlite::replay;
use rand::rngs::StdRng;
use rand::SeedableRng;
use reqwest::{Client, StatusCode};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::sqlite_replay::{play, prepare, random_line, tables, Step};
use crate::stats::{gather, report, RunArgs, Tally, Window};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Where the fresh database file goes (SQLite).
    #[arg(long, required_unless_present = "database_url")]
    pub dir: Option<PathBuf>,
    /// A PostgreSQL database holding games `pgb0000001…` (as
    /// `scripts/pg-ceiling.sh` makes them): the moves go there instead.
    #[arg(long)]
    pub database_url: Option<String>,
    /// PostgreSQL: the games `pgb0000001…pgb<games>` moves go to.
    #[arg(long, default_value_t = 64)]
    pub games: usize,
    /// PostgreSQL: connections in the pool (the server's default).
    #[arg(long, default_value_t = 10)]
    pub pool: u32,
    /// PostgreSQL: the transaction as one statement (one round trip)
    /// instead of pgbench's five.
    #[arg(long)]
    pub one_statement: bool,
    #[arg(long, default_value = "127.0.0.1:18094")]
    pub bind: String,
    /// Games replayed at once, one per slot (the load's concurrency).
    #[arg(long, default_value_t = 64)]
    pub slots: usize,
    /// Moves sharing a transaction at most (the server's
    /// `--sqlite-group-commit-max`); 1 commits each alone.
    #[arg(long, default_value_t = 32)]
    pub group_max: usize,
    /// HTTP worker threads (the server's default on this machine: 2).
    #[arg(long, default_value_t = 2)]
    pub workers: usize,
    /// Moves the prepared games hold in all (the run must not exceed it).
    #[arg(long, default_value_t = 600_000)]
    pub moves: usize,
}

#[derive(Args, Debug)]
pub struct LoadArgs {
    /// The minimal server, e.g. `http://127.0.0.1:18094`.
    #[arg(long)]
    pub base: String,
    /// Its database (`sqlite://…/ceiling.db`): the moves it holds must grow
    /// by exactly the moves answered 201.
    #[arg(long)]
    pub database_url: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// A move handed to the writer thread, and where its outcome goes.
struct Request {
    slot: usize,
    reply: oneshot::Sender<Option<Played>>,
}

#[derive(Clone, Copy, Debug, Serialize)]
struct Played {
    ply: usize,
    version: i64,
}

#[derive(Deserialize)]
struct MoveBody {
    #[serde(rename = "move")]
    _move: String,
    #[serde(rename = "ply")]
    _ply: u32,
}

/// How often the writer runs a PASSIVE checkpoint (the store's default).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(50);

/// The writer thread: takes what is queued, one transaction for up to
/// `group_max` moves, answers each after the `COMMIT`.
fn writer(
    file: &std::path::Path,
    tokens: &[TokenHash; 2],
    lines: &[Vec<Step>],
    ids: &[GameId],
    slots: usize,
    group_max: usize,
    queue: mpsc::Receiver<Request>,
) -> anyhow::Result<()> {
    let conn = replay::open_writer(file, true)?;
    let checkpointer = replay::open_writer(file, true)?;
    let mut fresh = tables(&conn, ids, lines)?;
    let mut tables = fresh.split_off(fresh.len().saturating_sub(slots));
    let mut last_checkpoint = Instant::now();
    let mut batch: Vec<Request> = Vec::with_capacity(group_max);
    let mut outcomes: Vec<(oneshot::Sender<Option<Played>>, Option<Played>)> =
        Vec::with_capacity(group_max);
    while let Ok(first) = queue.recv() {
        batch.push(first);
        while batch.len() < group_max {
            match queue.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        conn.execute_batch("BEGIN IMMEDIATE")?;
        for (i, request) in batch.drain(..).enumerate() {
            if i > 0 {
                conn.execute_batch("SAVEPOINT m")?;
            }
            let slot = request.slot % tables.len();
            if tables[slot].next >= tables[slot].steps.len() {
                match fresh.pop() {
                    Some(table) => tables[slot] = table,
                    None => {
                        outcomes.push((request.reply, None));
                        continue;
                    }
                }
            }
            let table = &mut tables[slot];
            let token = &tokens[table.next % 2];
            let done = play(&conn, table, token)?.then_some(Played {
                ply: table.next,
                version: table.version,
            });
            outcomes.push((request.reply, done));
        }
        let committed = conn.execute_batch("COMMIT").is_ok();
        for (reply, done) in outcomes.drain(..) {
            let _ = reply.send(done.filter(|_| committed));
        }
        if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
            checkpointer.execute_batch("PRAGMA wal_checkpoint(PASSIVE)")?;
            last_checkpoint = Instant::now();
        }
    }
    Ok(())
}

/// Whether the request carries a bearer token (as the server's move
/// does); the minimal servers check no more.
fn bearer_sent(request: &HttpRequest) -> bool {
    request
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer "))
}

async fn submit(
    request: HttpRequest,
    slot: web::Path<usize>,
    _body: web::Json<MoveBody>,
    queue: web::Data<mpsc::SyncSender<Request>>,
) -> HttpResponse {
    if !bearer_sent(&request) {
        return HttpResponse::Unauthorized().finish();
    }
    let (reply, outcome) = oneshot::channel();
    let sent = queue.send(Request {
        slot: slot.into_inner(),
        reply,
    });
    match (sent, outcome.await) {
        (Ok(()), Ok(Some(played))) => HttpResponse::Created().json(played),
        _ => HttpResponse::ServiceUnavailable().finish(),
    }
}

/// What a PostgreSQL `POST` needs: the pool and how many games there are.
struct PgMoves {
    pool: sqlx::PgPool,
    games: usize,
    one_statement: bool,
}

/// `scripts/pgbench/move.sql` as one statement (one round trip, its own
/// transaction), as the server sends a move.
const ONE_STATEMENT: &str = "WITH g AS (SELECT id, ply FROM games WHERE id = $1 FOR UPDATE), \
    m AS (INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at) \
          SELECT id, ply, 'south', '3R', NULL, 'M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 2', now() FROM g) \
    UPDATE games SET ply = games.ply + 1, version = version + 1, updated_at = now() \
    FROM g WHERE games.id = g.id RETURNING games.ply, games.version";

/// `scripts/pgbench/move.sql` on the slot's game, its new ply and version
/// once committed: its five statements, or with `one_statement` the same
/// in one.
async fn pg_move(moves: &PgMoves, slot: usize) -> Result<Played, sqlx::Error> {
    let game = format!("pgb{:07}", slot % moves.games + 1);
    if moves.one_statement {
        let (ply, version): (i32, i64) = sqlx::query_as(ONE_STATEMENT)
            .bind(&game)
            .fetch_one(&moves.pool)
            .await?;
        return Ok(Played {
            ply: ply as usize,
            version,
        });
    }
    let mut tx = moves.pool.begin().await?;
    let (ply,): (i32,) = sqlx::query_as("SELECT ply FROM games WHERE id = $1 FOR UPDATE")
        .bind(&game)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at) \
         VALUES ($1, $2, 'south', '3R', NULL, 'M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 2', now())",
    )
    .bind(&game)
    .bind(ply)
    .execute(&mut *tx)
    .await?;
    let (version,): (i64,) = sqlx::query_as(
        "UPDATE games SET ply = ply + 1, version = version + 1, updated_at = now() \
         WHERE id = $1 RETURNING version",
    )
    .bind(&game)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Played {
        ply: ply as usize + 1,
        version,
    })
}

async fn submit_pg(
    request: HttpRequest,
    slot: web::Path<usize>,
    _body: web::Json<MoveBody>,
    moves: web::Data<PgMoves>,
) -> HttpResponse {
    if !bearer_sent(&request) {
        return HttpResponse::Unauthorized().finish();
    }
    match pg_move(&moves, slot.into_inner()).await {
        Ok(played) => HttpResponse::Created().json(played),
        Err(_) => HttpResponse::ServiceUnavailable().finish(),
    }
}

async fn serve_pg(args: ServeArgs, url: &str) -> anyhow::Result<()> {
    anyhow::ensure!(args.games >= 1 && args.pool >= 1, "positive sizes");
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(args.pool)
        .connect(url)
        .await
        .context("connect to PostgreSQL")?;
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE id LIKE 'pgb%'")
        .fetch_one(&pool)
        .await?;
    anyhow::ensure!(
        games >= args.games as i64,
        "{games} games pgb…: run scripts/pg-ceiling.sh, which makes them"
    );
    let moves = web::Data::new(PgMoves {
        pool,
        games: args.games,
        one_statement: args.one_statement,
    });
    HttpServer::new(move || {
        App::new()
            .app_data(moves.clone())
            .route("/games/{slot}/moves", web::post().to(submit_pg))
            .route("/ready", web::get().to(HttpResponse::Ok))
    })
    .workers(args.workers)
    .bind(&args.bind)?
    .run()
    .await?;
    Ok(())
}

pub async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    if let Some(url) = args.database_url.clone() {
        return serve_pg(args, &url).await;
    }
    anyhow::ensure!(args.slots >= 1 && args.group_max >= 1, "positive sizes");
    let dir = args.dir.clone().context("--dir")?;
    std::fs::create_dir_all(&dir)?;
    let mut rng = StdRng::from_entropy();
    let lines: Vec<Vec<Step>> = (0..256).map(|_| random_line(&mut rng)).collect();
    let mean = lines.iter().map(Vec::len).sum::<usize>() / lines.len();
    let (file, tokens, ids) = prepare(&dir, args.moves / mean.max(1) + args.slots).await?;
    // A bounded queue: the closed loop never holds more than its tasks.
    let (send, receive) = mpsc::sync_channel::<Request>(4096);
    let (slots, group_max) = (args.slots, args.group_max);
    let writer =
        std::thread::spawn(move || writer(&file, &tokens, &lines, &ids, slots, group_max, receive));
    let (bind, workers) = (args.bind.clone(), args.workers);
    let server = std::thread::spawn(move || -> anyhow::Result<()> {
        let queue = web::Data::new(send);
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || {
                App::new()
                    .app_data(queue.clone())
                    .route("/games/{slot}/moves", web::post().to(submit))
                    .route("/ready", web::get().to(HttpResponse::Ok))
            })
            .workers(workers)
            .bind(&bind)?
            .run()
            .await
        })?;
        Ok(())
    });
    server
        .join()
        .map_err(|_| anyhow::anyhow!("the HTTP thread panicked"))??;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("the writer thread panicked"))?
}

/// One task: POSTs moves to its slot until the window closes.
async fn load_task(client: Client, url: String, window: Window) -> Tally {
    let mut tally = Tally::default();
    // As long as a token the server hands out (43 characters).
    let token = "c".repeat(43);
    let mut ply = 0u32;
    while !window.is_over() {
        let body = serde_json::json!({"move": "a5r", "ply": ply});
        let started = Instant::now();
        let sent = client
            .post(&url)
            .bearer_auth(&token)
            .json(&body)
            .send()
            .await;
        match sent {
            Ok(response) if response.status() == StatusCode::CREATED => {
                match response.json::<serde_json::Value>().await {
                    Ok(_) => tally.success(&window, started),
                    Err(e) => tally.error(e),
                }
            }
            Ok(response) => tally.error(format!("POST {url}: {}", response.status())),
            Err(e) => tally.error(e),
        }
        ply += 1;
    }
    tally
}

pub async fn load(args: LoadArgs) -> anyhow::Result<()> {
    let client = crate::http::client(args.run.concurrency)?;
    let before = match &args.database_url {
        Some(url) => Some(crate::ceiling::count_moves(url).await?),
        None => None,
    };
    let window = Window::after_warmup(&args.run);
    let tasks: Vec<_> = (0..args.run.concurrency)
        .map(|slot| {
            let url = format!("{}/games/{slot}/moves", args.base);
            tokio::spawn(load_task(client.clone(), url, window))
        })
        .collect();
    let (mut tally, spent) = gather(window, args.run.server_pid, tasks).await?;
    let mut extra = Vec::new();
    if let (Some(url), Some(before)) = (&args.database_url, before) {
        crate::ceiling::check_persisted(url, before, &mut tally, &mut extra).await?;
    }
    report(&args.run, &tally, spent, &extra).context("report")
}
