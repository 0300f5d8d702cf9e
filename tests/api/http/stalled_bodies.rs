//! Bodies that stall cost only their own connections: while more of them
//! hang than the database has turns (the app's pool: 5), reads, a move
//! and an analysis are answered as usual.

use std::time::Duration;

use crate::helpers::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A POST's headers, a `Content-Length` of 1000 and one byte of its body.
async fn stalled_post(app: &TestApp, path: &str, token: Option<&str>) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", app.port)).await.unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
}

/// True if the server has answered nothing on `stream` yet.
async fn still_unanswered(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    tokio::time::timeout(Duration::from_millis(50), stream.read(&mut byte))
        .await
        .is_err()
}

/// An app behind the admission gate (the tests' default lifts it), whose
/// requests wait up to 5 s for a turn: were the stalled requests to hold
/// the turns, the others would be refused 503 `overloaded`.
async fn spawn(backend: Backend) -> Option<TestApp> {
    TestApp::spawn_with(backend, |s| {
        // The stalled bodies must outlast everything the test does.
        s.network.body_read_timeout_secs = 120;
        s.admission.db_max_waiting = None;
        s.admission.db_queue_timeout_ms = 5_000;
    })
    .await
}

async fn requests_are_answered_while_bodies_stall(app: TestApp) {
    let game = app.active_game(json!({"preset": "classic"})).await;
    let moves = format!("/v1/games/{}/moves", game.id);
    let mut stalled = Vec::new();
    // Twice the pool's 5 connections: half on a route that never touches
    // the database, half on a move of the game.
    for _ in 0..5 {
        stalled.push(stalled_post(&app, "/v1/analysis/play", None).await);
        stalled.push(stalled_post(&app, &moves, Some(&game.north.token)).await);
    }
    // Their headers reach the server and are dispatched in well under this.
    tokio::time::sleep(Duration::from_millis(300)).await;

    for _ in 0..20 {
        let read = app.get(&format!("/v1/games/{}", game.id)).await;
        assert_eq!(read.status(), StatusCode::OK);
    }
    let played = app
        .play(&game.id, &game.south.token, json!({"move": "1R"}))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
    let analysed = app
        .post_json(
            "/v1/analysis/play",
            &json!({"rules": {"preset": "classic"}, "moves": ["1R"]}),
            None,
        )
        .await;
    assert_eq!(analysed.status(), StatusCode::OK);
    assert_eq!(app.game(&game.id).await["ply"], 2);

    // The stalled requests were there all along, unanswered.
    for stream in &mut stalled {
        assert!(still_unanswered(stream).await);
    }
}

mod reads_and_moves_are_answered_while_more_bodies_stall_than_there_are_turns {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        let app = spawn(Backend::Sqlite)
            .await
            .expect("SQLite is always available");
        requests_are_answered_while_bodies_stall(app).await;
    }

    #[tokio::test]
    async fn postgres() {
        let Some(app) = spawn(Backend::Postgres).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        requests_are_answered_while_bodies_stall(app).await;
    }
}
