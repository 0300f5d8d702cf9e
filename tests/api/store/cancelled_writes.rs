//! A move whose client leaves while it commits (the connection reset right
//! after the request was sent): the server stays whole (the next writes
//! succeed, nothing hangs), and a move that did commit still reaches the
//! game's stream, published or read again from the database.

use std::time::Duration;

use crate::helpers::{Backend, TestApp};
use serde_json::json;
use tokio::io::AsyncWriteExt;

const ATTEMPTS: u64 = 40;

/// Sends `request` and resets the connection `after` it, without reading.
async fn send_and_leave(app: &TestApp, request: &str, after: Duration) {
    let mut socket = tokio::net::TcpStream::connect(("127.0.0.1", app.port))
        .await
        .expect("connected");
    socket
        .write_all(request.as_bytes())
        .await
        .expect("request sent");
    tokio::time::sleep(after).await;
    // A zero linger makes the close a reset, at once (nothing is left to send).
    #[allow(deprecated)]
    socket.set_linger(Some(Duration::ZERO)).expect("linger");
    drop(socket);
}

async fn moves_committed_as_their_client_leaves_are_streamed(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.rate_limit.per_second = 0;
        settings.network.max_connections_per_ip = 0;
        settings.streams.max_per_ip = 1_000;
    })
    .await
    else {
        crate::helpers::report_skip("cancelled_writes");
        return;
    };
    let mut committed = 0;
    for n in 0..ATTEMPTS {
        // Registering and joining are writes too: each fails if a write
        // before it was left half done.
        let south = app.player(&format!("leaver{n}")).await;
        let north = app.player(&format!("stayer{n}")).await;
        let created = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        assert!(app.join(&id, &north.token).await.status().is_success());
        let mut stream = app.stream(&format!("/v1/games/{id}/stream"), &[]).await;
        let snapshot = stream.next_within(Duration::from_secs(5)).await.unwrap();
        let notation = snapshot.data["game"]["legal_moves"][0].clone();
        let body = json!({ "move": notation }).to_string();
        let request = format!(
            "POST /v1/games/{id}/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n\
             Authorization: Bearer {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            south.token,
            body.len()
        );
        send_and_leave(&app, &request, Duration::from_micros((n % 20) * 150)).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
        if app.game(&id).await["version"] == 3 {
            committed += 1;
            let moved = tokio::time::timeout(Duration::from_secs(2), stream.next())
                .await
                .unwrap_or_else(|_| panic!("attempt {n}: the committed move never came"))
                .expect("the stream is open");
            assert_eq!(moved.kind(), "move", "attempt {n}");
            assert_eq!(moved.id, Some(3), "attempt {n}");
        }
    }
    println!("{backend:?}: {committed} of {ATTEMPTS} moves committed as their client left");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    moves_committed_as_their_client_leaves_are_streamed(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    moves_committed_as_their_client_leaves_are_streamed(Backend::Postgres).await;
}
