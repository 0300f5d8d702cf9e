//! Small faults: echoed input is bounded and tokens are
//! masked, in answers and in logs; forged cursors are range-checked; a slow
//! body times out; one IP's connections are capped; `http.client_ip` is the
//! TCP peer unless a trusted proxy says otherwise.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::helpers::{assert_problem, Backend, TestApp};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use reqwest::StatusCode;
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A token of our shape that no one holds.
fn fake_token() -> String {
    format!("oq_{}", "A".repeat(43))
}

/// A history cursor for a creation time in microseconds, signed as the
/// server signs them.
fn history_cursor(micros: i128) -> String {
    let mut bytes = format!("{micros}.aB3dE6gH9j").into_bytes();
    let check = Sha256::digest(&bytes);
    bytes.extend_from_slice(&check[..4]);
    URL_SAFE_NO_PAD.encode(bytes)
}

backend_tests! {
    async fn echoed_input_is_bounded_and_tokens_masked_in_problems(app) {
        let player = app.player("echo").await;
        let huge = "x".repeat(30_000);
        let token = fake_token();
        for (body, code) in [
            (json!({"opponent": huge}), "invalid_body"),
            (json!({"opponent": token}), "invalid_body"),
            (json!({"position": format!("{huge} {token}")}), "invalid_position"),
        ] {
            let response = app.post_json("/v1/games", &body, Some(&player.token)).await;
            assert!(response.status().is_client_error(), "{code}: {}", response.status());
            let text = response.text().await.unwrap();
            assert!(text.len() < 2_000, "{code}: {} bytes", text.len());
            assert!(!text.contains(&token), "{text}");
        }
        let answer = app.get(&format!("/v1/games?player={token}")).await;
        let text = answer.text().await.unwrap();
        assert!(!text.contains(&token), "{text}");
        let answer = app.get(&format!("/v1/players/{token}")).await;
        let text = answer.text().await.unwrap();
        assert!(!text.contains(&token), "{text}");
    }

    async fn forged_history_cursors_out_of_range_are_invalid_queries(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        for micros in [
            -210_866_803_200_000_001i128, // before 4713 BC
            -1,
            253_402_300_800_000_000, // year 10000
            i64::MAX as i128,
            i64::MIN as i128,
            i64::MAX as i128 + 1,
        ] {
            let cursor = history_cursor(micros);
            for path in [format!("/v1/games?cursor={cursor}"), format!("/v1/players/{}/games?cursor={cursor}", game.south.id)] {
                assert_problem(app.get(&path).await, 400, "invalid_query").await;
            }
        }
        for micros in [0i128, 253_402_300_799_999_999, 1_700_000_000_000_000] {
            let response = app.get(&format!("/v1/games?cursor={}", history_cursor(micros))).await;
            assert_eq!(response.status(), StatusCode::OK, "{micros}");
        }
        for cursor in [
            URL_SAFE_NO_PAD.encode("lb1:a:1e300:aB3dE6gH9j"),
            URL_SAFE_NO_PAD.encode("lb1:b:-1e7:aB3dE6gH9j"),
        ] {
            let response = app.get(&format!("/v1/leaderboards/classic?cursor={cursor}")).await;
            assert_problem(response, 400, "invalid_query").await;
        }
        let response = app
            .get(&format!("/v1/players/{}/ratings/classic/history?cursor={}", game.south.id, URL_SAFE_NO_PAD.encode("rh1:-5")))
            .await;
        assert!(response.status().is_client_error(), "{}", response.status());
    }
}

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_refused() {
    let app = TestApp::spawn_with(Backend::Sqlite, |s| s.network.body_read_timeout_secs = 1)
        .await
        .unwrap();
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", app.port))
        .await
        .unwrap();
    let head = "POST /v1/analysis/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"moves\":";
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "no answer within 5 s");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 4"), "{answer}");
    assert!(answer.contains("within 1 s"), "{answer}");
}

#[tokio::test]
async fn one_ip_holds_at_most_the_capped_connections() {
    let app = TestApp::spawn_with(Backend::Sqlite, |s| s.network.max_connections_per_ip = 3)
        .await
        .unwrap();
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(
            tokio::net::TcpStream::connect(("127.0.0.1", app.port))
                .await
                .unwrap(),
        );
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = tokio::net::TcpStream::connect(("127.0.0.1", app.port))
        .await
        .unwrap();
    extra
        .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), extra.read_to_end(&mut answer))
        .await
        .expect("the extra connection is answered and closed")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    drop(held);
    drop(extra);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);
}

/// The server binary with JSON logs on a fresh SQLite file; its stdout
/// lines once it is stopped.
#[tokio::test]
async fn logs_mask_tokens_bound_fields_and_name_the_tcp_peer() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oanquan"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env(
            "OANQUAN_DATABASE_URL",
            format!("sqlite://{}", dir.path().join("l.db").display()),
        )
        .env("OANQUAN_BIND", "127.0.0.1:0")
        .env("OANQUAN_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let port = loop {
        let line = lines.next().expect("the server starts").unwrap();
        if let Some(at) = line.find("http://127.0.0.1:") {
            let rest = &line[at + "http://127.0.0.1:".len()..];
            break rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap()]
                .parse::<u16>()
                .unwrap();
        }
    };
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let token = fake_token();
    let long = "y".repeat(6_000);
    for path in [
        format!("/v1/players/{token}"),
        format!("/v1/games?player={token}"),
        format!("/v1/games?player={long}"),
    ] {
        client
            .get(format!("{base}{path}"))
            .header("x-forwarded-for", "6.6.6.6")
            .send()
            .await
            .unwrap();
    }
    let register = client
        .post(format!("{base}/v1/players"))
        .json(&json!({"name": "logged"}))
        .send()
        .await
        .unwrap();
    let real: serde_json::Value = register.json().await.unwrap();
    let real_token = real["token"].as_str().unwrap().to_owned();
    client
        .post(format!("{base}/v1/games"))
        .bearer_auth(&real_token)
        .json(&json!({"opponent": token}))
        .send()
        .await
        .unwrap();
    let _ = Command::new("kill").arg(child.id().to_string()).status();
    let _ = child.wait();
    let logged: Vec<String> = lines.map_while(Result::ok).collect();
    let all = logged.join("\n");
    assert!(all.contains("request finished"), "{all}");
    assert!(!all.contains(&token), "a token was logged");
    assert!(!all.contains(&real_token), "a token was logged");
    assert!(!all.contains("6.6.6.6"), "a forwarded address was believed");
    assert!(all.contains("\"http.client_ip\":\"127.0.0.1\""), "{all}");
    assert!(
        logged.iter().all(|l| l.len() < 4_000),
        "a log line is unbounded"
    );
}
