//! The explorer's queue: a game's end writes only its place in the queue;
//! the indexer, or a read before it, counts each queued game once, and a
//! read answers for every game finished before it, or says how many it
//! left out.

use std::collections::BTreeMap;
use std::process::Child;
use std::time::Duration;

use oanquan::engine::{Position, Preset, Seat};
use serde_json::{json, Value};

use crate::explorer::{check, explore, key, play_game, Played};
use crate::helpers::lines::random_line;
use crate::helpers::process::serve_binary;
use crate::helpers::{Backend, TestApp};

/// An indexer that does not run within a test.
const HELD_BACK_MS: u64 = 3_600_000;

async fn held_back(backend: Backend, read_max_pending: u32) -> Option<TestApp> {
    TestApp::spawn_with(backend, |settings| {
        settings.explorer.index_delay_ms = HELD_BACK_MS;
        settings.explorer.read_max_pending = read_max_pending;
    })
    .await
}

/// Plays games from number `from` until `count` of them finished, each
/// from the standard start with South to move (`play_game`'s openings
/// but every fifth, which North begins).
async fn finished_games(app: &TestApp, from: usize, count: usize) -> Vec<Played> {
    let south = app.player(&format!("Lan{from}")).await;
    let north = app.player(&format!("Minh{from}")).await;
    let mut played = Vec::new();
    let mut i = from;
    while played.len() < count {
        if i % 5 != 4 {
            played.extend(play_game(app, &south, &north, i).await);
        }
        i += 1;
    }
    played
}

fn start() -> String {
    key(&Position::start(Preset::Classic.rules(), Seat::South).to_string())
}

async fn queued(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT COUNT(*) FROM explorer_pending")
        .await
}

/// How many rows the explorer holds of each game: as many as the record's
/// positions, each game once.
async fn assert_rows_once(app: &TestApp, games: &[Played]) {
    let rows: usize = games.iter().map(|g| g.visits.len()).sum();
    assert_eq!(
        app.scalar_i64("SELECT COUNT(*) FROM explorer_moves").await,
        rows as i64
    );
    let distinct = app
        .scalar_i64("SELECT COUNT(DISTINCT game_id) FROM explorer_moves")
        .await;
    assert_eq!(distinct, games.len() as i64);
}

/// Waits (at most 60 s) until the queue is empty, without reading the
/// explorer.
async fn until_indexed(app: &TestApp) {
    for _ in 0..600 {
        if queued(app).await == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the indexer left {} games queued", queued(app).await);
}

on_both_backends! {
    /// With the indexer held back, a game's end leaves its place in the
    /// queue and nothing in the explorer's tables; the first read counts
    /// the queued games, exactly, and empties the queue.
    async fn a_read_counts_what_the_indexer_has_not(backend) {
        let Some(app) = held_back(backend, 1_000).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let played = finished_games(&app, 0, 4).await;
        assert_eq!(queued(&app).await, 4);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM explorer_moves").await, 0);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM explorer_counts").await, 0);
        let all: Vec<&Played> = played.iter().collect();
        let answer = check(&app, &all, &start(), "preset=classic").await;
        assert_eq!(answer["games"], 4, "{answer}");
        assert_eq!(answer["pending_games"], 0, "{answer}");
        assert_eq!(queued(&app).await, 0);
        assert_rows_once(&app, &played).await;
        // Read again: nothing counted twice.
        assert_eq!(check(&app, &all, &start(), "preset=classic").await, answer);
    }

    /// More games queued than a read counts: each read counts the next
    /// ones (by id) and says how many it left out, until none are.
    async fn a_backlog_past_the_bound_is_counted_over_several_reads(backend) {
        let Some(app) = held_back(backend, 2).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let mut played = finished_games(&app, 0, 5).await;
        played.sort_by(|a, b| a.id.cmp(&b.id));
        for (read, (counted, left)) in [(2, 3), (4, 1), (5, 0)].into_iter().enumerate() {
            let games: Vec<&Played> = played[..counted].iter().collect();
            let answer = check(&app, &games, &start(), "preset=classic").await;
            assert_eq!(answer["games"], counted as i64, "read {read}: {answer}");
            assert_eq!(answer["pending_games"], left, "read {read}: {answer}");
            assert_eq!(queued(&app).await, left, "read {read}");
        }
        assert_eq!(explore(&app, "preset=classic").await["pending_games"], 0);
        assert_rows_once(&app, &played).await;
    }
}

backend_tests! {
    /// The indexer at work while two reads race right after the games
    /// end: every answer counts each game once, and the queue empties.
    async fn racing_reads_and_the_indexer_count_each_game_once(app) {
        let played = finished_games(&app, 0, 6).await;
        let all: Vec<&Played> = played.iter().collect();
        let start = start();
        let (first, second) = tokio::join!(
            check(&app, &all, &start, "preset=classic"),
            check(&app, &all, &start, "preset=classic&play=")
        );
        assert_eq!(first["games"], 6, "{first}");
        assert_eq!(second["games"], 6, "{second}");
        more_games_race(&app, &played).await;
    }

    /// Two nodes, each with its indexer, finish games at once: each game
    /// is counted once, by one of them, and no read is needed for it.
    async fn two_nodes_index_each_game_once(app) {
        let other = app.sibling().await;
        let (here, there) = tokio::join!(finished_games(&app, 0, 5), finished_games(&other, 100, 5));
        let played: Vec<Played> = here.into_iter().chain(there).collect();
        until_indexed(&app).await;
        assert_rows_once(&app, &played).await;
        let all: Vec<&Played> = played.iter().collect();
        let answer = check(&other, &all, &start(), "preset=classic").await;
        assert_eq!(answer["games"], 10, "{answer}");
        assert_eq!(check(&app, &all, &start(), "preset=classic").await, answer);
    }
}

/// Ends more games while reads race each other and the indexer: the
/// answers after them count every game once.
async fn more_games_race(app: &TestApp, before: &[Played]) {
    let more = finished_games(app, 50, 4).await;
    let all: Vec<&Played> = before.iter().chain(&more).collect();
    let start = start();
    let reads = (0..3).map(|_| check(app, &all, &start, "preset=classic"));
    for answer in futures_util::future::join_all(reads).await {
        assert_eq!(answer["games"], all.len() as i64, "{answer}");
    }
    until_indexed(app).await;
    let games: Vec<Played> = before.iter().chain(&more).cloned().collect();
    assert_rows_once(app, &games).await;
}

/// The server binary on `database`, with `args`; its base URL once it
/// listens.
fn serve(database: &str, args: &[&str]) -> (Child, String) {
    let mut all = vec![
        "--max-registrations-per-hour",
        "0",
        "--rate-limit-per-second",
        "0",
    ];
    all.extend_from_slice(args);
    serve_binary(database, &all, &[])
}

async fn post(base: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut request = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    assert!(status.is_success(), "{path}: {status}");
    response.json().await.unwrap_or(Value::Null)
}

/// A game over HTTP: four random moves from the start, then South
/// resigns. Its first move.
async fn resigned_game(base: &str, tokens: [&str; 2], seed: u64) -> String {
    let body =
        json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south", "rated": false});
    let game = post(base, "/v1/games", Some(tokens[0]), body).await;
    let id = game["id"].as_str().unwrap().to_owned();
    post(
        base,
        &format!("/v1/games/{id}/join"),
        Some(tokens[1]),
        json!({}),
    )
    .await;
    let line = random_line(
        Position::start(Preset::Classic.rules(), Seat::South),
        seed,
        4,
    );
    assert_eq!(line.len(), 4);
    for (n, m) in line.iter().enumerate() {
        let body = json!({"move": m, "ply": n + 1});
        post(
            base,
            &format!("/v1/games/{id}/moves"),
            Some(tokens[n % 2]),
            body,
        )
        .await;
    }
    post(
        base,
        &format!("/v1/games/{id}/resign"),
        Some(tokens[0]),
        json!({}),
    )
    .await;
    let over: Value = reqwest::get(format!("{base}/v1/games/{id}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(over["status"], "finished", "{over}");
    line[0].clone()
}

on_both_backends! {
    /// Games end on a server whose indexer is held back, which is killed
    /// with SIGKILL; the server started again counts the queued games
    /// without being asked, each once.
    async fn queued_games_survive_kill_9(backend) {
        // The test's app only holds the database.
        let Some(holder) = held_back(backend, 1_000).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let database = holder.database_url();
        let held = HELD_BACK_MS.to_string();
        let (mut server, base) = serve(&database, &["--explorer-index-delay-ms", &held]);
        let mut tokens = Vec::new();
        for name in ["Lan", "Minh"] {
            let player = post(&base, "/v1/players", None, json!({"name": name})).await;
            tokens.push(player["token"].as_str().unwrap().to_owned());
        }
        let mut first_moves: BTreeMap<String, i64> = BTreeMap::new();
        for seed in 0..5 {
            let first = resigned_game(&base, [&tokens[0], &tokens[1]], seed).await;
            *first_moves.entry(first).or_default() += 1;
        }
        server.kill().expect("SIGKILL");
        server.wait().expect("killed");
        assert_eq!(queued(&holder).await, 5, "queued, not counted, before the kill");
        assert_eq!(holder.scalar_i64("SELECT COUNT(*) FROM explorer_counts").await, 0);

        let (mut server, base) = serve(&database, &[]);
        until_indexed(&holder).await;
        // Five positions a game (four moves and the end), each game once.
        assert_eq!(holder.scalar_i64("SELECT COUNT(*) FROM explorer_moves").await, 25);
        let distinct = holder.scalar_i64("SELECT COUNT(DISTINCT game_id) FROM explorer_moves").await;
        assert_eq!(distinct, 5);
        let answer: Value = reqwest::get(format!("{base}/v1/explorer?preset=classic"))
            .await
            .expect("request")
            .json()
            .await
            .unwrap();
        server.kill().expect("SIGKILL");
        server.wait().expect("killed");
        assert_eq!((answer["games"].as_i64(), answer["north_wins"].as_i64()), (Some(5), Some(5)), "{answer}");
        assert_eq!(answer["pending_games"], 0);
        let moves: BTreeMap<String, i64> = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["move"].as_str().unwrap().to_owned(), m["games"].as_i64().unwrap()))
            .collect();
        assert_eq!(moves, first_moves, "{answer}");
    }
}
