//! The database going away: `/ready` says so, requests are refused with
//! 503 `database_unavailable` and `Retry-After` (never 500), nothing half
//! done is stored, and the server recovers by itself. PostgreSQL is a
//! cluster of the test's own, stopped and started under the app.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::helpers::games::Match;
use crate::helpers::pg_cluster::Cluster;
use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, Executor};

/// Asserts a 503 `database_unavailable` with a `Retry-After` of seconds.
async fn assert_unavailable(response: Response) -> Value {
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    assert!(
        retry_after.is_some_and(|s| s >= 1),
        "Retry-After {retry_after:?}"
    );
    assert_problem(response, 503, "database_unavailable").await
}

/// Polls `/ready` until it answers 200 (at most 60 s): whether it did.
async fn ready_again(app: &TestApp) -> bool {
    for _ in 0..600 {
        if app.get("/ready").await.status() == StatusCode::OK {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn ready_is_503_while_postgres_is_down_and_200_once_it_is_back() {
    let Some(cluster) = Cluster::start().await else {
        crate::helpers::report_skip(module_path!());
        return;
    };
    let app = TestApp::spawn_on_postgres(&cluster.admin_url(), |_| {}).await;
    assert_eq!(app.get("/ready").await.status(), StatusCode::OK);

    cluster.stop_fast().await;
    assert_unavailable(app.get("/ready").await).await;
    assert_unavailable(app.create_player("Lan").await).await;
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);

    cluster.start_again().await;
    assert!(
        ready_again(&app).await,
        "/ready stayed 503 after the restart"
    );
    assert_eq!(app.create_player("Lan").await.status(), StatusCode::CREATED);
}

/// A move the server acknowledged (201): its game, ply and notation.
type Acknowledged = (String, u64, String);

/// One seat of `game`: reads the game and, when it is this seat's turn,
/// moves, until `stop`. Every answer must be 2xx or 503
/// `database_unavailable` with `Retry-After`; a 503 is retried after 100 ms.
async fn play_seat(
    app: Arc<TestApp>,
    game: Match,
    seat: &'static str,
    stop: Arc<AtomicBool>,
    acknowledged: Arc<Mutex<Vec<Acknowledged>>>,
) {
    let token = game.token_of(seat).to_owned();
    while !stop.load(Ordering::Relaxed) {
        let read = app.get(&format!("/v1/games/{}", game.id)).await;
        if read.status() != StatusCode::OK {
            assert_unavailable(read).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let state: Value = read.json().await.unwrap();
        if state["status"] != "active" {
            return;
        }
        if state["to_move"] != seat {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        let m = state["legal_moves"][0].clone();
        let body = json!({"move": m, "ply": state["ply"]});
        let answer = app.play(&game.id, &token, body).await;
        match answer.status() {
            StatusCode::CREATED => {
                let played: Value = answer.json().await.unwrap();
                let ply = played["move"]["ply"].as_u64().expect("ply");
                let notation = played["move"]["notation"].as_str().expect("notation");
                acknowledged
                    .lock()
                    .unwrap()
                    .push((game.id.clone(), ply, notation.to_owned()));
            }
            // Its commit may have landed before the connection went: the
            // next read tells.
            _ => {
                assert_unavailable(answer).await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// Waits (at most 60 s) until more than `count` moves are acknowledged.
async fn moves_beyond(acknowledged: &Mutex<Vec<Acknowledged>>, count: usize) -> bool {
    for _ in 0..600 {
        if acknowledged.lock().unwrap().len() > count {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn a_postgres_restart_under_moves_is_503_and_loses_no_acknowledged_move() {
    let Some(cluster) = Cluster::start().await else {
        crate::helpers::report_skip(module_path!());
        return;
    };
    let app = Arc::new(TestApp::spawn_on_postgres(&cluster.admin_url(), |_| {}).await);
    let mut games = Vec::new();
    for i in 0..2 {
        let south = app.player(&format!("South{i}")).await;
        let north = app.player(&format!("North{i}")).await;
        let game = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        games.push(Match { id, south, north });
    }
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let mut seats = Vec::new();
    for game in &games {
        for seat in ["south", "north"] {
            seats.push(tokio::spawn(play_seat(
                app.clone(),
                game.clone(),
                seat,
                stop.clone(),
                acknowledged.clone(),
            )));
        }
    }
    assert!(
        moves_beyond(&acknowledged, 4).await,
        "no moves before the restart"
    );

    cluster.stop_fast().await;
    cluster.start_again().await;
    let before = acknowledged.lock().unwrap().len();
    assert!(
        moves_beyond(&acknowledged, before + 4).await,
        "moves did not resume after the restart"
    );
    stop.store(true, Ordering::Relaxed);
    for seat in seats {
        seat.await.expect("a seat's answers were all 2xx or 503");
    }

    let acknowledged = acknowledged.lock().unwrap().clone();
    for (game, ply, notation) in &acknowledged {
        let stored = app
            .scalar_i64(&format!(
                "SELECT COUNT(*) FROM moves WHERE game_id = '{game}' AND ply = {ply} \
                 AND notation = '{notation}'"
            ))
            .await;
        assert_eq!(stored, 1, "move {ply} of {game} ({notation})");
    }
    // No gaps: each game's plies run 1..=n, and the game says n were played.
    for game in &games {
        let state = app.game(&game.id).await;
        let played = state["moves_played"].as_i64().unwrap();
        let stored = app
            .scalar_i64(&format!(
                "SELECT COUNT(*) FROM moves WHERE game_id = '{}' AND ply BETWEEN 1 AND {played}",
                game.id
            ))
            .await;
        assert_eq!(stored, played);
    }
    drop(app);
    drop(cluster);
}

#[tokio::test]
async fn a_sqlite_write_lock_held_past_the_busy_timeout_is_503_and_ready_says_stuck() {
    // One turn at the database, behind the gate, which the stuck move holds.
    let app = TestApp::spawn_with(Backend::Sqlite, |s| {
        s.database.max_connections = 1;
        s.admission.db_max_waiting = Some(4);
    })
    .await
    .unwrap();
    let app = Arc::new(app);
    let game = app.active_game(json!({"preset": "classic"})).await;
    let mut other = sqlx::SqliteConnection::connect(&app.database_url())
        .await
        .unwrap();
    other.execute("BEGIN IMMEDIATE").await.unwrap();

    // The writer waits out the busy timeout (5 s) for the lock, then gives up.
    let refused = tokio::spawn({
        let (app, id, token) = (app.clone(), game.id.clone(), game.south.token.clone());
        async move { app.play(&id, &token, json!({"move": "1R"})).await }
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Meanwhile no turn comes free for 2 s: the API is stuck, and says so.
    let stuck = app.get("/ready").await;
    assert_eq!(stuck.headers()["retry-after"], "1");
    assert_problem(stuck, 503, "overloaded").await;
    assert_unavailable(refused.await.unwrap()).await;
    other.execute("ROLLBACK").await.unwrap();
    assert_eq!(app.get("/ready").await.status(), StatusCode::OK);

    assert_eq!(app.game(&game.id).await["ply"], 1);
    assert_eq!(app.count_moves().await, 0);
    let played = app
        .play(&game.id, &game.south.token, json!({"move": "1R"}))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
}
