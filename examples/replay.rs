//! Replay cost: every position of a 200-ply game, served from the stored
//! position of each move versus recomputed by replaying from the start;
//! then over HTTP. Figures for BENCHMARKS.md ("Replay").
//!
//! `cargo run --release --example replay` (SQLite in a temp dir), and with
//! `OANQUAN_BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres`
//! PostgreSQL as well (a scratch database is created and dropped).

use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use oanquan::api::settings::RateLimitSettings;
use oanquan::api::views::PositionView;
use oanquan::config::Config;
use oanquan::domain::PlayerRef;
use oanquan::domain::{ApiToken, GameId, GameStatus, PlayerName};
use oanquan::engine::{Move, Position, Preset, RuleParams, Rules, Seat, Square};
use oanquan::games::{positions, Game};
use oanquan::startup::Application;
use oanquan::store::DatabaseSettings;
use oanquan::store::{MoveRecord, Store};
use sqlx::{Connection, Executor, PgConnection};

const PLIES: usize = 200;
/// Other games in the database, so that indexes are not trivially small.
const BACKGROUND_GAMES: usize = 2000;
const BACKGROUND_PLIES: usize = 40;
const ROUNDS: usize = 15;

/// A long game: each move captures as little as it can (ties by a fixed
/// pseudo-random order), which under `village` runs to `max_plies`. The
/// moves, each with the position after it.
fn long_line(start: Position, plies: usize, mut seed: u64) -> Vec<(Move, Position)> {
    let material = |p: &Position| -> u32 {
        Square::ALL
            .iter()
            .map(|&sq| p.stones(sq) + if p.has_mandarin(sq) { 10 } else { 0 })
            .sum()
    };
    let mut line: Vec<(Move, Position)> = Vec::new();
    let mut position = start;
    while line.len() < plies && !position.is_over() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let next = position
            .legal_moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| (i, m, position.play(m).unwrap()))
            .max_by_key(|(i, _, next)| {
                let kept = if next.is_over() { 0 } else { material(next) };
                (kept, (seed >> (*i * 3)) & 7)
            })
            .unwrap();
        line.push((next.1, next.2));
        position = next.2;
    }
    line
}

/// Stores a game of `line` from `start`.
async fn store_game(
    store: &Store,
    player: &PlayerRef,
    start: Position,
    line: &[(Move, Position)],
) -> anyhow::Result<Game> {
    let now = Utc::now().trunc_subsecs(6);
    let last = line.last().map_or(&start, |(_, p)| p);
    let game = Game {
        id: GameId::generate(),
        status: if last.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::Archived
        },
        rules: *start.rules(),
        rated: false,
        created_by: player.id.clone(),
        south: None,
        north: None,
        reserved_for: None,
        first: start.turn(),
        custom_start: false,
        start_position: start.to_string(),
        position: last.to_string(),
        ply: last.ply(),
        to_move: last.turn(),
        result: last.outcome(),
        version: 1,
        created_at: now,
        updated_at: now,
        started_at: Some(now),
        finished_at: Some(now),
        recorded_names: Some(["a".to_owned(), "b".to_owned()]),
        timing: Default::default(),
        abort_reason: None,
        unrated_reason: None,
        challenge_to: None,
        decline_reason: None,
        offers: Default::default(),
    };
    let mut before = start;
    let moves: Vec<MoveRecord> = line
        .iter()
        .map(|&(m, after)| {
            let record = MoveRecord {
                game_id: game.id.clone(),
                ply: before.ply(),
                seat: before.turn(),
                notation: m.to_string(),
                player_id: None,
                position_after: after.to_string(),
                played_at: Some(now),
                think_ms: None,
                clock_ms: None,
            };
            before = after;
            record
        })
        .collect();
    let mut tx = store.begin_write().await?;
    tx.insert_game(&game.row()).await?;
    tx.insert_moves(&moves).await?;
    tx.commit().await?;
    Ok(game)
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn report(what: &str, elapsed: Duration, requests: usize) {
    println!(
        "  {what:<46} {:>8.2} ms  ({:>6.1} µs per position)",
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e6 / requests as f64
    );
}

async fn bench(url: &str) -> anyhow::Result<()> {
    let database = DatabaseSettings {
        url: url.parse().map_err(anyhow::Error::msg)?,
        max_connections: 5,
    };
    let store = Store::connect(&database).await?;
    store.migrate().await?;
    let name = PlayerName::parse("bench").map_err(anyhow::Error::msg)?;
    let player = store
        .insert_player(&name, &ApiToken::generate().hash())
        .await?
        .context("a fresh database")?;
    let player = oanquan::games::player_ref(&player);

    let village = Preset::Village.rules();
    for i in 0..BACKGROUND_GAMES {
        let start = Position::start(village, Seat::South);
        let line = long_line(start, BACKGROUND_PLIES, i as u64 + 1);
        store_game(&store, &player, start, &line).await?;
    }
    let rules = Rules::new(RuleParams {
        max_plies: PLIES as u32,
        ..Preset::Village.params()
    })?;
    let start = Position::start(rules, Seat::South);
    let line = long_line(start, PLIES, 0x9e37_79b9_7f4a_7c15);
    let ended = line.last().is_some_and(|(_, last)| last.is_over());
    assert!(line.len() == PLIES && ended, "the game runs to max_plies");
    let game = store_game(&store, &player, start, &line).await?;
    let plies: Vec<u32> = (0..=PLIES as u32).collect();

    // Each way does what the handler does: read the game row, get the
    // position, build the view and serialise it.
    let mut stored = Vec::new();
    let mut replayed = Vec::new();
    for _ in 0..ROUNDS {
        let began = Instant::now();
        for &ply in &plies {
            let game = Game::try_from(store.game_by_id(&game.id).await?.unwrap())?;
            let position = positions::stored_position(&store, &game, ply).await?;
            std::hint::black_box(serde_json::to_string(&PositionView::of(&position))?);
        }
        stored.push(began.elapsed());
        let began = Instant::now();
        for &ply in &plies {
            let game = Game::try_from(store.game_by_id(&game.id).await?.unwrap())?;
            let position = positions::replayed_position(&store, &game, ply).await?;
            std::hint::black_box(serde_json::to_string(&PositionView::of(&position))?);
        }
        replayed.push(began.elapsed());
    }
    for &ply in &plies {
        let game = Game::try_from(store.game_by_id(&game.id).await?.unwrap())?;
        assert_eq!(
            positions::stored_position(&store, &game, ply).await?,
            positions::replayed_position(&store, &game, ply).await?
        );
    }
    let n = plies.len();
    println!("  all {n} positions of a {PLIES}-ply game, in process (median of {ROUNDS}):");
    report("stored position_after (one row each)", median(stored), n);
    report(
        "recomputed (replay from the start each)",
        median(replayed),
        n,
    );

    let app = Application::build(Config {
        rate_limit: RateLimitSettings::disabled(),
        ..Config::local(database.clone())
    })
    .await?;
    let base = format!("http://127.0.0.1:{}/v1/games/{}", app.port(), game.id);
    let handle = app.handle();
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::new();
    let mut cold = Vec::new();
    let mut revalidated = Vec::new();
    let mut range = Vec::new();
    let mut tags = Vec::new();
    for _ in 0..ROUNDS {
        tags.clear();
        let began = Instant::now();
        for &ply in &plies {
            let response = client.get(format!("{base}/positions/{ply}")).send().await?;
            tags.push(response.headers()["etag"].to_str()?.to_owned());
            response.bytes().await?;
        }
        cold.push(began.elapsed());
        let began = Instant::now();
        for (&ply, tag) in plies.iter().zip(&tags) {
            let response = client
                .get(format!("{base}/positions/{ply}"))
                .header("if-none-match", tag)
                .send()
                .await?;
            assert_eq!(response.status(), 304);
        }
        revalidated.push(began.elapsed());
        let began = Instant::now();
        let body = client
            .get(format!("{base}/moves"))
            .send()
            .await?
            .bytes()
            .await?;
        range.push(began.elapsed());
        std::hint::black_box(body);
    }
    println!("  over HTTP, sequential requests on one connection (median of {ROUNDS}):");
    report("GET /positions/{ply} for every ply", median(cold), n);
    report(
        "the same with If-None-Match (all 304)",
        median(revalidated),
        n,
    );
    report(
        "GET /moves (every move, events, position)",
        median(range),
        n,
    );
    drop(handle.stop(true));

    const SIZES: &str = "SELECT COUNT(*), CAST(SUM(LENGTH(position_after)) AS BIGINT) FROM moves";
    let (rows, bytes): (i64, i64) = match &store {
        Store::Sqlite(pool) => sqlx::query_as(SIZES).fetch_one(pool).await?,
        Store::Postgres(pool) => sqlx::query_as(SIZES).fetch_one(pool).await?,
    };
    println!(
        "  stored positions: {rows} moves, {:.1} bytes of position text per move",
        bytes as f64 / rows as f64
    );
    store.close().await;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    println!("SQLite ({BACKGROUND_GAMES} other games of {BACKGROUND_PLIES} plies in the database)");
    bench(&format!(
        "sqlite://{}",
        dir.path().join("bench.db").display()
    ))
    .await?;
    let Ok(admin_url) = std::env::var("OANQUAN_BENCH_POSTGRES_URL") else {
        println!("PostgreSQL skipped (set OANQUAN_BENCH_POSTGRES_URL)");
        return Ok(());
    };
    let name = format!("oanquan_bench_{}", std::process::id());
    let mut admin = PgConnection::connect(&admin_url).await?;
    admin
        .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
        .await?;
    let mut url = url::Url::parse(&admin_url)?;
    url.set_path(&format!("/{name}"));
    println!(
        "PostgreSQL ({BACKGROUND_GAMES} other games of {BACKGROUND_PLIES} plies in the database)"
    );
    let result = bench(url.as_str()).await;
    admin
        .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
        .await?;
    result
}
