//! The push side's limits: caps on open streams per
//! client IP and in all, a slow consumer that neither slows the moves nor
//! loses a change, and a shutdown that ends every stream with a retry hint.

use std::time::{Duration, Instant};

use crate::helpers::streams::EventStream;
use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::StatusCode;
use serde_json::json;

const WAIT: Duration = Duration::from_secs(10);

async fn opened(app: &TestApp, path: &str) -> EventStream {
    let mut stream = app.stream(path, &[]).await;
    assert_eq!(stream.next_within(WAIT).await.unwrap().kind(), "snapshot");
    stream
}

/// Retries `path` until it opens (a closed stream's place is given back
/// when the server notices the client left).
async fn opens_again(app: &TestApp, path: &str) -> EventStream {
    let deadline = Instant::now() + WAIT;
    loop {
        let response = app.get_stream_response(path, &[]).await;
        if response.status() == StatusCode::OK {
            return EventStream::new(response);
        }
        assert!(Instant::now() < deadline, "the place was never given back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn caps_per_ip_answer_429_and_give_places_back(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.streams.max_per_ip = 2;
        // A client that left is noticed at the next write: a heartbeat.
        settings.streams.heartbeat_ms = 50;
    })
    .await
    else {
        return crate::helpers::report_skip("stream_limits");
    };
    let alice = app.player("alice").await;
    let lobby = opened(&app, "/v1/lobby/stream").await;
    let _mine = app.me_stream(&alice.token, &[]).await;
    let refused = app.get_stream_response("/v1/lobby/stream", &[]).await;
    assert_eq!(refused.headers()["retry-after"], "5");
    let body = assert_problem(refused, 429, "too_many_streams").await;
    assert!(
        body["detail"].as_str().unwrap().contains("2 streams"),
        "{body}"
    );
    let game = app
        .create_game(&alice.token, json!({"seat": "south"}))
        .await;
    let path = format!("/v1/games/{}/stream", game["id"].as_str().unwrap());
    assert_problem(
        app.get_stream_response(&path, &[]).await,
        429,
        "too_many_streams",
    )
    .await;
    let ticket = app.stream_ticket(&alice.token).await;
    let path = format!(
        "/v1/me/stream?ticket={}",
        ticket["ticket"].as_str().unwrap()
    );
    assert_problem(
        app.get_stream_response(&path, &[]).await,
        429,
        "too_many_streams",
    )
    .await;
    assert_eq!(
        app.get("/v1/lobby").await.status(),
        StatusCode::NOT_FOUND,
        "other requests pass"
    );

    drop(lobby);
    let mut again = opens_again(&app, "/v1/lobby/stream").await;
    assert_eq!(again.next_within(WAIT).await.unwrap().kind(), "snapshot");
    drop(again);
    let mut mine = opens_again(&app, &path).await;
    let first = mine.next_within(WAIT).await.unwrap();
    assert_eq!(
        first.kind(),
        "snapshot",
        "a ticket refused by the cap is still good"
    );
}

/// Behind a trusted proxy, the cap is per client as it forwards for: an
/// IPv6 client by its /56, so that one /64 cannot take every place.
async fn ipv6_clients_share_the_cap_per_slash_56(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.streams.max_per_ip = 2;
        settings.network.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await
    else {
        return crate::helpers::report_skip("stream_limits");
    };
    let from = |ip: &'static str| [("X-Forwarded-For", ip)];
    let lobby = "/v1/lobby/stream";
    // 2001:db8:0:ab00::/56 holds both of these, and the third.
    let _first = app.stream(lobby, &from("2001:db8:0:ab01::1")).await;
    let _second = app.stream(lobby, &from("2001:db8:0:abff:ffff::2")).await;
    let refused = app
        .get_stream_response(lobby, &from("2001:db8:0:ab42::3"))
        .await;
    assert_problem(refused, 429, "too_many_streams").await;
    // 2001:db8:0:ac00::/56 is another client.
    let mut other = app.stream(lobby, &from("2001:db8:0:ac00::1")).await;
    assert_eq!(other.next_within(WAIT).await.unwrap().kind(), "snapshot");
    // And so is an IPv4 client.
    let mut v4 = app.stream(lobby, &from("198.51.100.4")).await;
    assert_eq!(v4.next_within(WAIT).await.unwrap().kind(), "snapshot");
}

async fn the_total_cap_answers_503(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| settings.streams.max_total = 1).await
    else {
        return crate::helpers::report_skip("stream_limits");
    };
    let _lobby = opened(&app, "/v1/lobby/stream").await;
    let refused = app.get_stream_response("/v1/lobby/stream", &[]).await;
    assert_eq!(refused.headers()["retry-after"], "5");
    assert_problem(refused, 503, "too_many_streams").await;
}

async fn a_shutdown_ends_every_stream_with_a_retry_hint(backend: Backend) {
    let Some(app) = TestApp::spawn(backend).await else {
        return crate::helpers::report_skip("stream_limits");
    };
    let alice = app.player("alice").await;
    let game = app
        .create_game(&alice.token, json!({"seat": "south"}))
        .await;
    let mut streams = vec![
        opened(&app, "/v1/lobby/stream").await,
        opened(
            &app,
            &format!("/v1/games/{}/stream", game["id"].as_str().unwrap()),
        )
        .await,
        app.me_stream(&alice.token, &[]).await,
    ];
    let mut ndjson = app
        .stream("/v1/lobby/stream", &[("Accept", "application/x-ndjson")])
        .await;
    assert_eq!(ndjson.next_within(WAIT).await.unwrap().kind(), "snapshot");
    assert_eq!(
        streams[2].next_within(WAIT).await.unwrap().kind(),
        "snapshot"
    );
    for stream in &mut streams {
        stream.retry = None;
    }

    let stopped = Instant::now();
    let stopping = app.stop(true);
    for stream in &mut streams {
        assert!(
            stream.ends_within(Duration::from_secs(3)).await,
            "ends at once"
        );
        assert_eq!(stream.retry, Some(2000), "a retry hint before the end");
    }
    assert!(ndjson.ends_within(Duration::from_secs(3)).await);
    tokio::time::timeout(Duration::from_secs(5), stopping)
        .await
        .expect("the server stops without waiting out its 10 s shutdown timeout");
    assert!(stopped.elapsed() < Duration::from_secs(5));
}

/// A subscriber that stops reading neither holds up the writes nor the
/// other subscribers, and loses nothing: once its buffers are full it
/// falls behind, and when it reads again it is resynchronised (the lobby
/// sends a fresh snapshot), never silently skipped.
async fn a_slow_consumer_slows_nobody_and_misses_nothing(backend: Backend) {
    // One player holds more waiting games than the default cap allows.
    let Some(app) = TestApp::spawn_with(backend, |s| s.games.max_waiting_games = 0).await else {
        return crate::helpers::report_skip("stream_limits");
    };
    const GAMES: usize = 150;
    let alice = app.player("alice").await;
    let mut stalled = crate::helpers::streams::StalledStream::open(&app, "/v1/lobby/stream").await;
    let mut fast = opened(&app, "/v1/lobby/stream").await;
    let mut created = Vec::new();
    let mut slowest = Duration::ZERO;
    for _ in 0..GAMES {
        let started = Instant::now();
        let game = app
            .create_game(&alice.token, json!({"seat": "south"}))
            .await;
        slowest = slowest.max(started.elapsed());
        created.push(game["id"].as_str().unwrap().to_owned());
        let seen = fast.next_within(WAIT).await.unwrap();
        assert_eq!(seen.kind(), "created", "the fast subscriber keeps up");
        assert_eq!(seen.data["game"]["id"], created.last().unwrap().as_str());
    }
    assert!(slowest < Duration::from_secs(2), "a write took {slowest:?}");

    let messages = stalled.read_until_quiet(Duration::from_millis(500)).await;
    let snapshots = messages.iter().filter(|m| m.kind() == "snapshot").count();
    assert!(
        snapshots >= 2,
        "the stalled subscriber fell behind and was resynchronised ({} messages)",
        messages.len()
    );
    let mut open = std::collections::BTreeSet::new();
    for message in &messages {
        match message.kind() {
            "snapshot" => {
                open = message.data["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g["id"].as_str().unwrap().to_owned())
                    .collect();
            }
            "created" => {
                let id = message.data["game"]["id"].as_str().unwrap().to_owned();
                assert!(open.insert(id), "a game announced twice");
            }
            other => panic!("unexpected {other}"),
        }
    }
    let all: std::collections::BTreeSet<String> = created.into_iter().collect();
    assert_eq!(open, all, "every open game, once");
}

/// The same for a player's stream: a stalled one is resynchronised with a
/// fresh snapshot that holds every challenge it could not be told.
async fn a_stalled_players_stream_is_resynchronised(backend: Backend) {
    // One player holds more waiting games than the default cap allows.
    let Some(app) = TestApp::spawn_with(backend, |s| s.games.max_waiting_games = 0).await else {
        return crate::helpers::report_skip("stream_limits");
    };
    const CHALLENGES: usize = 150;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let path = format!(
        "/v1/me/stream?ticket={}",
        app.stream_ticket(&alice.token).await["ticket"]
            .as_str()
            .unwrap()
    );
    let mut stalled = crate::helpers::streams::StalledStream::open(&app, &path).await;
    let mut sent = std::collections::BTreeSet::new();
    for _ in 0..CHALLENGES {
        let body = json!({"seat": "south", "opponent": alice.id});
        let game = app.create_game(&bob.token, body).await;
        sent.insert(game["id"].as_str().unwrap().to_owned());
    }
    let messages = stalled.read_until_quiet(Duration::from_millis(500)).await;
    let snapshots = messages.iter().filter(|m| m.kind() == "snapshot").count();
    assert!(
        snapshots >= 2,
        "resynchronised ({} messages)",
        messages.len()
    );
    let mut told = std::collections::BTreeSet::new();
    for message in &messages {
        match message.kind() {
            "snapshot" => {
                told = message.data["challenges"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g["id"].as_str().unwrap().to_owned())
                    .collect();
            }
            "challenge" => {
                let id = message.data["game_id"].as_str().unwrap().to_owned();
                assert!(told.insert(id), "a challenge told twice");
            }
            // Each challenge's creation, told after its `challenge`.
            "challenge_update" => assert_eq!(message.data["change"], "created"),
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(told, sent, "every challenge, once");
}

on_both_backends! {
    caps_per_ip_answer_429_and_give_places_back => caps_per_ip_answer_429_and_give_places_back,
    ipv6_clients_share_the_cap_per_slash_56 => ipv6_clients_share_the_cap_per_slash_56,
    the_total_cap_answers_503 => the_total_cap_answers_503,
    a_shutdown_ends_every_stream_with_a_retry_hint => a_shutdown_ends_every_stream_with_a_retry_hint,
    a_slow_consumer_slows_nobody_and_misses_nothing => a_slow_consumer_slows_nobody_and_misses_nothing,
    a_stalled_players_stream_is_resynchronised => a_stalled_players_stream_is_resynchronised,
}
