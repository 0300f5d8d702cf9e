//! `HEAD` is answered for every `GET` route with the
//! `GET`'s status and headers and no body; a stream's `HEAD` ends after its
//! headers instead of following the stream.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

const HEADERS_KEPT: [&str; 3] = ["content-type", "content-length", "etag"];

backend_tests! {
    async fn head_answers_what_get_would_without_the_body(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        app.open(&game.id).await;
        let paths = [
            "/health".to_owned(),
            format!("/v1/games/{}", game.id),
            format!("/v1/games/{}/moves", game.id),
            "/v1/games".to_owned(),
            "/v1/leaderboards/classic".to_owned(),
        ];
        for path in &paths {
            let got = app.get(path).await;
            assert_eq!(got.status(), StatusCode::OK, "GET {path}");
            let got_headers = got.headers().clone();
            let got_body = got.bytes().await.unwrap();
            let head = app.request(Method::HEAD, path).send().await.unwrap();
            assert_eq!(head.status(), StatusCode::OK, "HEAD {path}");
            let head_headers = head.headers().clone();
            for name in HEADERS_KEPT {
                assert_eq!(head_headers.get(name), got_headers.get(name), "{name} of HEAD {path}");
            }
            assert_eq!(
                head_headers["content-length"],
                got_body.len().to_string().as_str(),
                "HEAD {path}"
            );
            assert!(head.bytes().await.unwrap().is_empty(), "HEAD {path} has no body");
        }
        // Conditional HEAD: the game's ETag gives a 304 as GET does.
        let path = format!("/v1/games/{}", game.id);
        let etag = app.get(&path).await.headers()["etag"].clone();
        let again = app
            .request(Method::HEAD, &path)
            .header("If-None-Match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    }

    async fn head_of_a_stream_ends_after_its_headers(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        for path in [format!("/v1/games/{}/stream", game.id), "/v1/lobby/stream".to_owned()] {
            let head = tokio::time::timeout(Duration::from_secs(5), async {
                let response = app.request(Method::HEAD, &path).send().await.unwrap();
                let headers = response.headers().clone();
                (response.status(), headers, response.bytes().await.unwrap())
            })
            .await
            .unwrap_or_else(|_| panic!("HEAD {path} does not hang"));
            assert_eq!(head.0, StatusCode::OK, "HEAD {path}");
            assert!(
                head.1["content-type"].to_str().unwrap().starts_with("text/event-stream"),
                "HEAD {path}"
            );
            assert!(head.2.is_empty());
        }
    }

    async fn head_of_the_players_stream_leaves_its_ticket_unspent(app) {
        let alice = app.player("alice").await;
        let issued = app.stream_ticket(&alice.token).await;
        let path = format!("/v1/me/stream?ticket={}", issued["ticket"].as_str().unwrap());
        for _ in 0..2 {
            let head = app.request(Method::HEAD, &path).send().await.unwrap();
            assert_eq!(head.status(), StatusCode::OK, "HEAD {path}");
            assert!(head.bytes().await.unwrap().is_empty());
        }
        let mut stream = app.stream(&path, &[]).await;
        let first = stream.next_within(Duration::from_secs(10)).await.unwrap();
        assert_eq!(first.kind(), "snapshot");
        // The GET spent it: now HEAD says what a GET would.
        let head = app.request(Method::HEAD, &path).send().await.unwrap();
        assert_eq!(head.status(), StatusCode::UNAUTHORIZED);
        let unknown = format!("/v1/me/stream?ticket=oq_st_{}", "A".repeat(43));
        let head = app.request(Method::HEAD, &unknown).send().await.unwrap();
        assert_eq!(head.status(), StatusCode::UNAUTHORIZED);
    }

    async fn head_is_refused_where_get_is(app) {
        for path in ["/v1/games/nope", "/nowhere", "/v1/games?staus=active"] {
            let got = app.get(path).await.status();
            assert!(got.is_client_error(), "GET {path}: {got}");
            let head = app.request(Method::HEAD, path).send().await.unwrap();
            assert_eq!(head.status(), got, "HEAD {path}");
        }
    }
}
