//! `GET /v1/games/{id}/stream`: snapshot, every change once and
//! in order, resumption from the database, NDJSON, heartbeat, the end.

use std::time::Duration;

use crate::helpers::games::Match;
use crate::helpers::streams::Message;
use crate::helpers::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);

/// Plays the first legal move of the side to move; returns the game after it.
async fn play_first_legal(app: &TestApp, game: &Match) -> Value {
    let state = app.game(&game.id).await;
    let seat = state["to_move"].as_str().unwrap().to_owned();
    let notation = state["legal_moves"][0]
        .as_str()
        .unwrap_or_else(|| panic!("no legal move in {state}"))
        .to_owned();
    let response = app
        .play(&game.id, game.token_of(&seat), json!({ "move": notation }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["game"].clone()
}

fn versions(messages: &[Message]) -> Vec<i64> {
    messages.iter().map(|m| m.id.expect("an id")).collect()
}

backend_tests! {
    async fn a_stream_starts_with_the_snapshot_and_follows_every_change(app) {
        let south = app.player("south").await;
        let north = app.player("north").await;
        let created = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let mut stream = app.stream(&format!("/v1/games/{id}/stream"), &[]).await;
        let snapshot = stream.next_within(WAIT).await.unwrap();
        assert_eq!(snapshot.kind(), "snapshot");
        assert_eq!(snapshot.event.as_deref(), Some("snapshot"));
        assert_eq!(snapshot.id, Some(1));
        assert_eq!(snapshot.data["version"], 1);
        assert_eq!(snapshot.data["game"]["id"], id.as_str());
        assert_eq!(snapshot.data["game"]["status"], "waiting");
        assert!(stream.retry.is_some(), "SSE advises a retry delay");

        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        let game = Match { id: id.clone(), south, north };
        let joined = stream.next_within(WAIT).await.unwrap();
        assert_eq!(joined.kind(), "joined");
        assert_eq!(joined.id, Some(2));
        assert_eq!(joined.data["seat"], "north");
        assert_eq!(joined.data["player"]["id"], game.north.id.as_str());
        assert_eq!(joined.data["status"], "active");

        let after = play_first_legal(&app, &game).await;
        let moved = stream.next_within(WAIT).await.unwrap();
        assert_eq!(moved.kind(), "move");
        assert_eq!(moved.id, Some(3));
        assert_eq!(moved.data["ply"], after["ply"]);
        assert_eq!(moved.data["to_move"], after["to_move"]);
        assert_eq!(moved.data["legal_moves"], after["legal_moves"]);
        assert_eq!(moved.data["move"]["ply"], 1);
        assert!(!moved.data["move"]["events"].as_array().unwrap().is_empty(), "the trace");
        assert_eq!(after["version"], 3);

        let resigned = app.act(&id, "resign", &game.south.token).await;
        assert_eq!(resigned.status(), StatusCode::OK);
        let ended = stream.next_within(WAIT).await.unwrap();
        assert_eq!(ended.kind(), "ended");
        assert_eq!(ended.id, Some(4));
        assert_eq!(ended.data["status"], "finished");
        assert_eq!(ended.data["result"]["winner"], "north");
        assert!(stream.ends_within(WAIT).await, "the stream closes after the final event");

        // A client resuming past the end is told to stop.
        let over = app
            .get_stream_response(&format!("/v1/games/{id}/stream"), &[("Last-Event-ID", "4")])
            .await;
        assert_eq!(over.status(), StatusCode::NO_CONTENT);
    }

    async fn a_resumed_stream_replays_from_the_database_exactly_what_the_live_one_sent(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let mut live = app.stream(&format!("/v1/games/{}/stream", game.id), &[]).await;
        assert_eq!(live.next_within(WAIT).await.unwrap().kind(), "snapshot");
        let mut played = 0;
        while app.game(&game.id).await["status"] == "active" && played < 30 {
            play_first_legal(&app, &game).await;
            played += 1;
        }
        if app.game(&game.id).await["status"] == "active" {
            app.act(&game.id, "resign", &game.north.token).await;
        }
        let mut sent = Vec::new();
        while let Some(message) = live.next_within(WAIT).await {
            sent.push(message);
        }
        let last = app.game(&game.id).await["version"].as_i64().unwrap();
        assert_eq!(sent.last().unwrap().id, Some(last));
        assert_eq!(sent.last().unwrap().kind(), "ended");
        assert_eq!(sent.iter().filter(|m| m.kind() == "move").count(), played);

        // From version 2 (the join): every move and the end, as sent live.
        let mut replay = app
            .stream(&format!("/v1/games/{}/stream?since=2", game.id), &[])
            .await;
        let mut replayed = Vec::new();
        while let Some(message) = replay.next_within(WAIT).await {
            replayed.push(message);
        }
        assert_eq!(replayed, sent, "replayed from the database = sent live");
        // Versions: +1 a change; a last move and its end are one change.
        let moves: Vec<i64> = versions(&sent[..played]);
        assert_eq!(moves, (3..3 + played as i64).collect::<Vec<_>>());
    }

    async fn a_reconnection_during_moves_misses_nothing_and_repeats_nothing(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        const MOVES: i64 = 8;
        let path = format!("/v1/games/{}/stream", game.id);
        let mover = async {
            for _ in 0..MOVES {
                play_first_legal(&app, &game).await;
            }
        };
        let reader = async {
            // Resumes from the join, then drops and reopens after every
            // second event while the moves land.
            let mut seen: Vec<i64> = Vec::new();
            let mut stream = app.stream(&path, &[("Last-Event-ID", "2")]).await;
            while seen.last() != Some(&(2 + MOVES)) {
                let message = stream.next_within(WAIT).await.expect("open until the last move");
                assert_eq!(message.kind(), "move");
                seen.push(message.id.unwrap());
                if seen.len() % 2 == 0 {
                    let since = seen.last().unwrap().to_string();
                    stream = app.stream(&path, &[("Last-Event-ID", since.as_str())]).await;
                }
            }
            seen
        };
        let ((), seen) = tokio::join!(mover, reader);
        assert_eq!(seen, (3..=2 + MOVES).collect::<Vec<_>>(), "each move once, in order");
    }

    async fn the_ndjson_form_carries_the_same_payloads_one_a_line(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let path = format!("/v1/games/{}/stream", game.id);
        let mut sse = app.stream(&path, &[]).await;
        let mut ndjson = app.stream(&path, &[("Accept", "application/x-ndjson")]).await;
        play_first_legal(&app, &game).await;
        let from_sse: Vec<Value> = sse.take(2).await.into_iter().map(|m| m.data).collect();
        let lines = ndjson.take(2).await;
        assert!(lines.iter().all(|m| m.id.is_none()));
        let from_ndjson: Vec<Value> = lines.into_iter().map(|m| m.data).collect();
        assert_eq!(from_sse[1], from_ndjson[1]);
        assert_eq!(from_ndjson[0]["type"], "snapshot");
        assert_eq!(from_ndjson[1]["type"], "move");
        assert_eq!(from_ndjson[1]["version"], 3);
    }

    async fn a_bad_last_event_id_and_an_unknown_game_are_problems(app) {
        let game = app.active_game(json!({})).await;
        let bad = app
            .get_stream_response(
                &format!("/v1/games/{}/stream", game.id),
                &[("Last-Event-ID", "seven")],
            )
            .await;
        crate::helpers::assert_problem(bad, 400, "invalid_header").await;
        let unknown = app
            .get_stream_response("/v1/games/g_0000000000000000000000/stream", &[])
            .await;
        assert!(matches!(unknown.status().as_u16(), 400 | 404));
    }

    async fn since_is_a_version_from_0_to_the_games_current_one(app) {
        // Created (version 1), joined (2).
        let game = app.active_game(json!({})).await;
        let path = format!("/v1/games/{}/stream", game.id);
        for since in ["-1", "abc", "1.5", "", "18446744073709551616"] {
            let response = app.get_stream_response(&format!("{path}?since={since}"), &[]).await;
            crate::helpers::assert_problem(response, 400, "invalid_query").await;
        }
        for since in ["3", "9223372036854775808"] {
            let response = app.get_stream_response(&format!("{path}?since={since}"), &[]).await;
            let problem = crate::helpers::assert_problem(response, 400, "since_ahead").await;
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(&format!("since {since} ")), "{detail}");
            assert!(detail.contains("current version 2"), "{detail}");
        }
        let response = app.get_stream_response(&path, &[("Last-Event-ID", "3")]).await;
        let problem = crate::helpers::assert_problem(response, 400, "since_ahead").await;
        assert!(problem["detail"].as_str().unwrap().starts_with("Last-Event-ID 3 "), "{problem}");
        // `Last-Event-ID` wins over `since`.
        let response = app.get_stream_response(&format!("{path}?since=9"), &[("Last-Event-ID", "2")]).await;
        assert_eq!(response.status(), StatusCode::OK);
        drop(response);

        // The current version: nothing to replay, then the next change.
        let mut stream = app.stream(&format!("{path}?since=2"), &[]).await;
        play_first_legal(&app, &game).await;
        let moved = stream.next_within(WAIT).await.unwrap();
        assert_eq!((moved.kind(), moved.id), ("move", Some(3)));
        // And 0: everything after the creation.
        let mut stream = app.stream(&format!("{path}?since=0"), &[]).await;
        let replayed = stream.take(2).await;
        assert_eq!(versions(&replayed), [2, 3]);
        assert_eq!((replayed[0].kind(), replayed[1].kind()), ("joined", "move"));
    }
}

#[tokio::test]
async fn an_idle_stream_carries_heartbeats() {
    let app = TestApp::spawn_with(Backend::Sqlite, |s| s.streams.heartbeat_ms = 50)
        .await
        .unwrap();
    let game = app.active_game(json!({})).await;
    for accept in ["text/event-stream", "application/x-ndjson"] {
        let mut stream = app
            .stream(
                &format!("/v1/games/{}/stream", game.id),
                &[("Accept", accept)],
            )
            .await;
        assert_eq!(stream.next_within(WAIT).await.unwrap().kind(), "snapshot");
        assert!(!stream.ends_within(Duration::from_millis(300)).await);
        assert!(
            stream.heartbeats >= 2,
            "{accept}: {} heartbeats",
            stream.heartbeats
        );
    }
}

/// A resumption of a timed game replays its changes with the clocks they
/// carried live, rebuilt from the stored moves: not a fresh snapshot.
async fn a_timed_game_resumes_with_the_clocks_it_had_live(backend: Backend) {
    use chrono::{SubsecRound, TimeDelta};
    use oanquan::games::{ManualTime, SharedTime};
    // Whole milliseconds, as the database keeps them.
    let time = ManualTime::starting_at(chrono::Utc::now().trunc_subsecs(3));
    let shared = SharedTime::from(time.clone());
    let Some(app) = TestApp::spawn_with(backend, |s| s.time = shared).await else {
        return crate::helpers::report_skip("game_stream timed");
    };
    for (n, (clock, ending)) in [
        (json!({"initial_s": 300, "increment_s": 3}), "resign"),
        (json!({"days_per_move": 2}), "resign"),
        (json!({"initial_s": 60, "increment_s": 0}), "abort"),
    ]
    .into_iter()
    .enumerate()
    {
        let south = app.player(&format!("south{n}")).await;
        let north = app.player(&format!("north{n}")).await;
        let created = app
            .create_game(
                &south.token,
                json!({"seat": "south", "first": "south", "clock": clock, "rated": false}),
            )
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let path = format!("/v1/games/{id}/stream");
        let mut live = app.stream(&path, &[]).await;
        assert_eq!(live.next_within(WAIT).await.unwrap().kind(), "snapshot");
        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        let game = Match {
            id: id.clone(),
            south,
            north,
        };
        let moves = if ending == "abort" { 1 } else { 5 };
        for i in 0..moves {
            time.advance(TimeDelta::milliseconds(1_500 + 700 * i));
            play_first_legal(&app, &game).await;
        }
        time.advance(TimeDelta::seconds(2));
        assert_eq!(
            app.act(&id, ending, &game.south.token).await.status(),
            StatusCode::OK
        );
        let seen = live.take(moves as usize + 2).await;
        assert!(
            seen[1].data["clock"]["deadline"].is_string(),
            "{:?}",
            seen[1]
        );
        assert_eq!(
            seen.last().unwrap().kind(),
            if ending == "abort" {
                "aborted"
            } else {
                "ended"
            }
        );

        let mut resumed = app.stream(&path, &[("Last-Event-ID", "1")]).await;
        let replayed = resumed.take(seen.len()).await;
        assert_eq!(replayed, seen, "{clock}: the same events, clocks and all");
        assert!(resumed.ends_within(WAIT).await, "then the end");
    }
}

#[tokio::test]
async fn a_timed_game_resumes_with_the_clocks_it_had_live_sqlite() {
    a_timed_game_resumes_with_the_clocks_it_had_live(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_timed_game_resumes_with_the_clocks_it_had_live_postgres() {
    a_timed_game_resumes_with_the_clocks_it_had_live(Backend::Postgres).await;
}
