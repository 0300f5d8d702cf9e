//! Every request is cheap whatever its body: the tag bomb
//! is refused at once and, run twice in parallel, leaves `/health` answering
//! promptly; answers are compressed when the client accepts it. Both
//! backends.

use std::time::{Duration, Instant};

use crate::helpers::{assert_problem, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::json;

/// A 1 MiB text record of distinct unknown tags.
fn tag_bomb() -> Vec<u8> {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 1024 * 1024 - 32 {
        text.push_str(&format!("[a{i:06} \"\"]\n"));
        i += 1;
    }
    text.into_bytes()
}

async fn import(app: &TestApp, token: &str, body: Vec<u8>) -> reqwest::Response {
    app.request(Method::POST, "/v1/games/import")
        .bearer_auth(token)
        .header("content-type", "text/plain")
        .body(body)
        .send()
        .await
        .unwrap()
}

backend_tests! {
    async fn two_tag_bombs_leave_health_answering(app) {
        let player = app.player("bomber").await;
        let started = Instant::now();
        let bombs = [import(&app, &player.token, tag_bomb()), import(&app, &player.token, tag_bomb())];
        let poll = async {
            let mut slowest = Duration::ZERO;
            for _ in 0..20 {
                let at = Instant::now();
                assert_eq!(app.get("/health").await.status(), StatusCode::OK);
                slowest = slowest.max(at.elapsed());
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            slowest
        };
        let (answers, slowest) = tokio::join!(futures_join(bombs), poll);
        for answer in answers {
            let problem = assert_problem(answer, 422, "invalid_record").await;
            assert!(problem["detail"].as_str().unwrap().contains("unknown tag [a000000]"), "{problem}");
        }
        assert!(slowest < Duration::from_millis(100), "/health took {slowest:?}");
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    }

    async fn answers_are_compressed_when_the_client_accepts_it(app) {
        let body = json!({"rules": {"preset": "classic"}, "moves": ["3R"]});
        for (accept, expected) in [("gzip", Some("gzip")), ("br", None), ("br, gzip", Some("gzip")), ("identity", None)] {
            let response = app
                .request(Method::POST, "/v1/analysis/play")
                .header("accept-encoding", accept)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let encoding = response.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
            assert_eq!(encoding.as_deref(), expected, "{accept}");
        }
    }
}

async fn futures_join<F: std::future::Future>(futures: [F; 2]) -> [F::Output; 2] {
    let [a, b] = futures;
    let (a, b) = tokio::join!(a, b);
    [a, b]
}
