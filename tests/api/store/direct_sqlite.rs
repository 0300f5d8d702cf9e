//! SQLite called on the request's own thread: a write whose
//! `BEGIN` finds the lock held by another process waits asleep, never in
//! SQLite's busy handler on the thread; and what the direct writer stores
//! reads back through sqlx's pool exactly as through the direct reader.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::helpers::games::Match;
use crate::helpers::{Backend, TestApp};
use oanquan::store::Store;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn file_of(store: &Store) -> std::path::PathBuf {
    let Store::Sqlite(pool) = store else {
        panic!("a SQLite store")
    };
    pool.connect_options().get_filename().to_path_buf()
}

#[tokio::test]
async fn a_begin_that_finds_another_process_writing_waits_without_blocking_its_thread() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    // Another process's writer: a connection of its own, outside the turn.
    let other = rusqlite::Connection::open(file_of(&app.store)).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    const HELD: Duration = Duration::from_millis(300);
    let released = tokio::spawn(async move {
        tokio::time::sleep(HELD).await;
        other.execute_batch("COMMIT").unwrap();
    });
    let ticks = Arc::new(AtomicU32::new(0));
    let ticker = tokio::spawn({
        let ticks = ticks.clone();
        async move {
            loop {
                tokio::time::sleep(Duration::from_millis(5)).await;
                ticks.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    // This test runs on one thread: a begin that slept in SQLite's busy
    // handler would hold it, and neither the ticker nor the release would run.
    let started = Instant::now();
    let tx = app
        .store
        .begin_write()
        .await
        .expect("the write begins once the lock is free");
    let waited = started.elapsed();
    ticker.abort();
    released.await.unwrap();
    tx.rollback().await.unwrap();
    assert!(
        waited >= HELD - Duration::from_millis(50),
        "began after {waited:?}"
    );
    assert!(
        ticks.load(Ordering::Relaxed) >= 10,
        "the thread ran {} ticks of 5 ms in {waited:?}",
        ticks.load(Ordering::Relaxed)
    );
}

#[tokio::test]
async fn a_game_reads_the_same_through_the_direct_reader_and_through_the_pool() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let game: Match = app.active_game(json!({ "preset": "classic" })).await;
    let first = app.game(&game.id).await["legal_moves"][0].clone();
    let played = app
        .play(&game.id, &game.south.token, json!({ "move": first }))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
    // GET a game reads it directly; the list of games reads through sqlx.
    let one = app.game(&game.id).await;
    let listed: Value = app
        .get(&format!("/v1/games?player={}", game.south.id))
        .await
        .json()
        .await
        .unwrap();
    let listed = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == one["id"])
        .expect("the game is listed")
        .clone();
    for field in [
        "created_at",
        "updated_at",
        "started_at",
        "moves_played",
        "position",
        "status",
    ] {
        assert_eq!(one[field], listed[field], "{field}");
    }
    assert_eq!(one["moves_played"], 1);
}
