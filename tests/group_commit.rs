// Own binary: a test reads the process's batch-size histogram, which other tests' writes fill.
//! Group commit on SQLite: writers that arrive while
//! another writes share its transaction. Each is answered only once the
//! batch's `COMMIT` returned, a writer that fails or is dropped undoes its
//! own writes alone, and a batch that does not commit fails all of its
//! writers with a 503-class error and stores none of them.

#[path = "api/helpers/mod.rs"]
mod helpers;

use std::time::Duration;

use helpers::games::Match;
use helpers::{assert_problem, Backend, TestApp};
use oanquan::store::{Store, StoreError, WriteTx};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A server whose batches stay open long enough for a test to line
/// writers up by hand (a debug build on a busy machine is slow).
async fn patient_app() -> TestApp {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.sqlite.group_commit.max_wait_us = 30_000_000;
    })
    .await
    .expect("SQLite is always there");
    execute(&app.store, "CREATE TABLE probe (n INTEGER PRIMARY KEY)").await;
    execute(&app.store, "CREATE TABLE parent (id INTEGER PRIMARY KEY)").await;
    execute(
        &app.store,
        "CREATE TABLE child (parent INTEGER NOT NULL REFERENCES parent (id))",
    )
    .await;
    app
}

async fn execute(store: &Store, sql: &str) {
    let Store::Sqlite(pool) = store else {
        panic!("a SQLite store")
    };
    sqlx::query(sql).execute(pool).await.expect(sql);
}

/// The probe rows committed, as another connection reads them.
async fn committed(store: &Store) -> Vec<i64> {
    let Store::Sqlite(pool) = store else {
        panic!("a SQLite store")
    };
    sqlx::query_scalar("SELECT n FROM probe ORDER BY n")
        .fetch_all(pool)
        .await
        .expect("probe rows")
}

async fn run(tx: &mut WriteTx, sql: &str) -> Result<(), StoreError> {
    assert!(matches!(tx, WriteTx::Sqlite(_)), "a SQLite write");
    tx.execute_sql(sql).await.map(drop)
}

/// A writer queued for the turn, given it once the writers before it end.
fn queued(store: &Store) -> tokio::task::JoinHandle<WriteTx> {
    let store = store.clone();
    tokio::spawn(async move { store.begin_write().await.expect("a write begins") })
}

const A_MOMENT: Duration = Duration::from_millis(200);

/// Writer A holds the turn; B and C queue. A commits: the open transaction
/// goes to B, and A is not answered. B's writes are undone by `undo_b`
/// (a rollback, or B dropped as a client that left would be); C commits
/// the batch. A and C are committed together, B not at all.
async fn a_batch_keeps_its_members_when_one_is_undone(undo_b: impl AsyncFnOnce(WriteTx)) {
    let app = patient_app().await;
    let mut a = app.store.begin_write().await.expect("A begins");
    let b = queued(&app.store);
    tokio::time::sleep(A_MOMENT).await;
    let c = queued(&app.store);
    tokio::time::sleep(A_MOMENT).await;
    run(&mut a, "INSERT INTO probe VALUES (1)").await.unwrap();
    let a_committed = tokio::spawn(a.commit());

    let mut b = b.await.expect("B's turn");
    tokio::time::sleep(A_MOMENT).await;
    assert!(
        !a_committed.is_finished(),
        "A was answered before its batch committed"
    );
    assert_eq!(committed(&app.store).await, Vec::<i64>::new());
    run(&mut b, "INSERT INTO probe VALUES (2)").await.unwrap();
    undo_b(b).await;

    let mut c = c.await.expect("C's turn");
    run(&mut c, "INSERT INTO probe VALUES (3)").await.unwrap();
    assert!(!a_committed.is_finished());
    c.commit().await.expect("C commits the batch");
    a_committed.await.unwrap().expect("A committed with C");
    assert_eq!(committed(&app.store).await, vec![1, 3]);

    // The turn is free and the connection whole: a next write goes alone.
    let mut d = app.store.begin_write().await.expect("D begins");
    run(&mut d, "INSERT INTO probe VALUES (4)").await.unwrap();
    d.commit().await.expect("D commits");
    assert_eq!(committed(&app.store).await, vec![1, 3, 4]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_rolled_back_mid_batch_leaves_the_others_committed() {
    a_batch_keeps_its_members_when_one_is_undone(async |b| {
        // B waits for the batch too: what it read came from A.
        let rolled_back = tokio::spawn(b.rollback());
        tokio::time::sleep(A_MOMENT).await;
        assert!(!rolled_back.is_finished(), "B ended before its batch did");
        drop(rolled_back);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_dropped_mid_batch_leaves_the_others_committed() {
    a_batch_keeps_its_members_when_one_is_undone(async |b| drop(b)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_that_fails_to_commit_fails_every_member_and_stores_nothing() {
    let app = patient_app().await;
    let mut a = app.store.begin_write().await.expect("A begins");
    let b = queued(&app.store);
    tokio::time::sleep(A_MOMENT).await;
    run(&mut a, "INSERT INTO probe VALUES (1)").await.unwrap();
    let a_committed = tokio::spawn(a.commit());
    let mut b = b.await.expect("B's turn");
    // A foreign key checked only at COMMIT, which then fails.
    run(&mut b, "PRAGMA defer_foreign_keys = ON").await.unwrap();
    run(&mut b, "INSERT INTO child VALUES (99)").await.unwrap();
    run(&mut b, "INSERT INTO probe VALUES (2)").await.unwrap();

    let failed = [
        b.commit().await.expect_err("B's batch did not commit"),
        a_committed
            .await
            .unwrap()
            .expect_err("nor did A's, the same"),
    ];
    for error in failed {
        assert!(matches!(error, StoreError::NotCommitted(_)), "{error:?}");
        assert!(error.is_unavailable(), "a 503, not a 500: {error:?}");
        let answer = oanquan::api::problems::ApiError::from(error);
        assert_eq!(actix_web::ResponseError::status_code(&answer), 503);
    }
    assert_eq!(committed(&app.store).await, Vec::<i64>::new());

    let mut c = app.store.begin_write().await.expect("C begins");
    run(&mut c, "INSERT INTO probe VALUES (3)").await.unwrap();
    c.commit().await.expect("C commits");
    assert_eq!(committed(&app.store).await, vec![3]);
}

/// `(batches, batches of more than one write)` recorded so far.
async fn batches(app: &TestApp) -> (f64, f64) {
    let text = app.get("/metrics").await.text().await.expect("metrics");
    let value = |series: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .map_or(0.0, |v| v.parse::<f64>().expect("a number"))
    };
    let all = value("oanquan_db_batch_size_count");
    (all, all - value("oanquan_db_batch_size_bucket{le=\"1\"}"))
}

const GAMES: usize = 24;
const ROUNDS: usize = 6;

/// One round of one game: the move of the side to move, raced by the
/// other side's (refused), a stale `ply` and a stale `If-Match`.
/// The move is answered 201 only once it is stored: a read right after it
/// sees it.
async fn round(app: &TestApp, game: &Match) {
    let state = app.game(&game.id).await;
    let to_move = state["to_move"].as_str().expect("to_move");
    let other = if to_move == "south" { "north" } else { "south" };
    let (ply, version) = (state["ply"].as_i64().unwrap(), state["version"].as_i64());
    let notation = state["legal_moves"][0].clone();
    let path = format!("/v1/games/{}/moves", game.id);
    let stale_tag = format!("\"{}\"", version.unwrap() - 1);
    let (played_body, wrong_body) = (
        json!({"move": notation, "ply": ply}),
        json!({"move": notation, "ply": ply}),
    );
    let (stale_body, tagged_body) = (
        json!({"move": notation, "ply": ply - 1}),
        json!({"move": notation}),
    );
    let if_match = [("if-match", stale_tag.as_str())];
    let (played, wrong_side, stale_ply, stale_tag) = tokio::join!(
        app.play(&game.id, game.token_of(to_move), played_body),
        app.play(&game.id, game.token_of(other), wrong_body),
        app.play(&game.id, game.token_of(to_move), stale_body),
        app.post_with_headers(&path, game.token_of(to_move), &tagged_body, &if_match),
    );
    assert_eq!(played.status(), StatusCode::CREATED, "{}", game.id);
    let answered: Value = played.json().await.expect("JSON");
    let seen = app.game(&game.id).await;
    assert_eq!(seen["version"], answered["game"]["version"]);
    assert_eq!(seen["ply"], ply + 1);
    // `not_your_turn` if it came first, `stale_ply` if second.
    let refused: Value = wrong_side.json().await.expect("JSON");
    assert_eq!(refused["status"], 409, "{refused}");
    assert!(
        ["not_your_turn", "stale_ply"].contains(&refused["code"].as_str().unwrap()),
        "{refused}"
    );
    assert_problem(stale_ply, 409, "stale_ply").await;
    assert_problem(stale_tag, 412, "precondition_failed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_of_many_games_share_commits_and_fail_alone() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.rate_limit.per_second = 0;
        settings.network.max_connections_per_ip = 0;
        settings.operations.metrics_public = true;
    })
    .await
    .expect("SQLite is always there");
    let mut games = Vec::with_capacity(GAMES);
    for i in 0..GAMES {
        let south = app.player(&format!("gcs{i}")).await;
        let north = app.player(&format!("gcn{i}")).await;
        let game = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = game["id"].as_str().expect("id").to_owned();
        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        games.push(Match { id, south, north });
    }
    let before = batches(&app).await;
    for _ in 0..ROUNDS {
        futures_util::future::join_all(games.iter().map(|game| round(&app, game))).await;
    }
    let after = batches(&app).await;
    for game in &games {
        assert_eq!(app.game(&game.id).await["moves_played"], ROUNDS);
    }
    let moves = app.scalar_i64("SELECT COUNT(*) FROM moves").await;
    assert_eq!(moves, (GAMES * ROUNDS) as i64, "each move stored once");
    println!("batches: {before:?} -> {after:?}");
    assert!(
        after.1 > before.1,
        "no batch held more than one write: {before:?} -> {after:?}"
    );
}
