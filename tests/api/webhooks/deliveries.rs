//! Deliveries: a game's events arrive signed, in order, under stable
//! ids; refused ones are retried with backoff, failed after a day, and an
//! endpoint failing for long is disabled; the outbox row of a move is
//! written with it on both backends (the PostgreSQL one-statement move
//! included).

use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use oanquan::games::{ManualTime, SharedTime, TimeSource};
use reqwest::Method;
use serde_json::{json, Value};

use super::receiver::Receiver;
use super::{call, create};
use crate::helpers::{Backend, TestApp};

/// An app that may deliver to 127.0.0.1, looking for due deliveries every
/// 20 ms, with `customise` applied on top.
pub(super) async fn spawn(
    backend: Backend,
    customise: impl FnOnce(&mut crate::helpers::Settings),
) -> Option<TestApp> {
    TestApp::spawn_with(backend, |settings| {
        settings.webhooks.allow_private_targets = true;
        settings.webhooks.poll_ms = 20;
        customise(settings);
    })
    .await
}

/// An app on a manual clock.
pub(super) async fn spawn_on_manual_time(
    backend: Backend,
    customise: impl FnOnce(&mut crate::helpers::Settings),
) -> Option<(TestApp, Arc<ManualTime>)> {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let app = spawn(backend, |settings| {
        settings.time = shared;
        customise(settings);
    })
    .await?;
    Some((app, time))
}

fn at(value: &Value) -> DateTime<Utc> {
    value.as_str().expect("a time").parse().expect("RFC 3339")
}

/// The endpoint's delivery log, newest first.
async fn log(app: &TestApp, token: &str, endpoint: &str) -> Vec<Value> {
    let path = format!("/v1/me/webhooks/{endpoint}/deliveries");
    let page: Value = call(app, Method::GET, &path, token, None)
        .await
        .json()
        .await
        .expect("a page");
    page["deliveries"].as_array().expect("deliveries").clone()
}

/// Plays the first legal move `count` times; the notations played.
async fn play_first_moves(
    app: &TestApp,
    game: &crate::helpers::games::Match,
    count: usize,
) -> Vec<String> {
    let mut played = Vec::new();
    for _ in 0..count {
        let state = app.game(&game.id).await;
        let notation = state["legal_moves"][0]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let seat = state["to_move"].as_str().expect("to_move").to_owned();
        let response = app
            .play(&game.id, game.token_of(&seat), json!({"move": notation}))
            .await;
        assert_eq!(response.status(), 201, "{notation}");
        played.push(notation);
    }
    played
}

on_both_backends! {
    async fn a_games_events_arrive_signed_in_order(backend) {
        let Some(app) = spawn(backend, |_| {}).await else { return };
        let receiver = Receiver::start(200).await;
        let south = app.player("south").await;
        let north = app.player("north").await;
        let all = ["game.started", "game.move", "game.ended", "game.aborted", "challenge.created"];
        let south_hook = create(&app, &south.token, &receiver.url("/south"), &all).await;
        let north_hook = create(&app, &north.token, &receiver.url("/north?x=1"), &["game.ended"]).await;
        let game = app
            .create_game(&south.token, json!({"rules": {}, "seat": "south", "first": "south"}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&id, &north.token).await.status(), 200);
        let game = crate::helpers::games::Match { id: id.clone(), south, north };
        let played = play_first_moves(&app, &game, 3).await;
        let resigned = app.act(&id, "resign", &game.south.token).await;
        assert_eq!(resigned.status(), 200);

        // South: started, three moves, ended; North: ended only.
        let received = receiver.wait_for(6).await;
        let south_got: Vec<_> = received.iter().filter(|r| r.path == "/south").cloned().collect();
        let north_got: Vec<_> = received.iter().filter(|r| r.path == "/north?x=1").cloned().collect();
        let types: Vec<String> = south_got.iter().map(|r| r.json()["type"].as_str().unwrap().to_owned()).collect();
        assert_eq!(types, ["game.started", "game.move", "game.move", "game.move", "game.ended"]);
        assert_eq!(north_got.len(), 1);
        assert_eq!(north_got[0].json()["type"], "game.ended");

        let south_secret = south_hook["secret"].as_str().unwrap();
        let north_secret = north_hook["secret"].as_str().unwrap();
        for request in &south_got {
            assert!(request.signed_with(south_secret), "{request:?}");
            assert!(!request.signed_with(north_secret));
            assert!(request.id.starts_with("msg_"), "{}", request.id);
        }
        assert!(north_got[0].signed_with(north_secret));

        let bodies: Vec<Value> = south_got.iter().map(|r| r.json()).collect();
        assert_eq!(bodies[0]["data"]["game_id"], id.as_str());
        assert_eq!(bodies[0]["data"]["south"]["id"], game.south.id.as_str());
        assert_eq!(bodies[0]["data"]["north"]["id"], game.north.id.as_str());
        for (ply, (body, notation)) in (1..).zip(bodies[1..4].iter().zip(&played)) {
            assert_eq!(body["data"]["ply"], ply);
            assert_eq!(body["data"]["notation"], notation.as_str());
            assert_eq!(body["data"]["game_id"], id.as_str());
            assert!(body["data"]["position"].is_string());
        }
        // Versions climb with the game's: created 1, joined 2, moves 3 to
        // 5, resignation 6.
        let versions: Vec<i64> = bodies.iter().map(|b| b["data"]["version"].as_i64().unwrap()).collect();
        assert_eq!(versions, [2, 3, 4, 5, 6]);
        assert_eq!(bodies[4]["data"]["result"]["winner"], "north");
        assert_eq!(bodies[4]["data"]["result"]["reason"], "resignation");
        assert_eq!(north_got[0].json()["data"], bodies[4]["data"]);

        // The log says delivered (once the worker recorded the answer the
        // receiver sent), under the ids the receiver saw.
        let south_id = south_hook["id"].as_str().unwrap();
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        let entries = loop {
            let entries = log(&app, &game.south.token, south_id).await;
            if entries.iter().all(|e| e["status"] == "delivered") || tokio::time::Instant::now() > deadline {
                break entries;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        assert_eq!(entries.len(), 5);
        let mut logged: Vec<&str> = entries.iter().map(|e| e["id"].as_str().unwrap()).collect();
        let mut seen: Vec<&str> = south_got.iter().map(|r| r.id.as_str()).collect();
        logged.sort_unstable();
        seen.sort_unstable();
        assert_eq!(logged, seen);
        for entry in &entries {
            assert_eq!(entry["status"], "delivered");
            assert_eq!(entry["attempts"], 1);
            assert_eq!(entry["last_status_code"], 200);
            assert_eq!(entry["next_attempt_at"], Value::Null);
        }
    }

    async fn the_delivery_log_is_paged_newest_first_with_a_link_to_the_next_page(backend) {
        let Some(app) = spawn(backend, |_| {}).await else { return };
        let receiver = Receiver::start(200).await;
        let lan = app.player("lan").await;
        let hook = create(&app, &lan.token, &receiver.url("/"), &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        let ping = format!("/v1/me/webhooks/{endpoint}/ping");
        let mut pinged = Vec::new();
        for _ in 0..3 {
            let response = call(&app, Method::POST, &ping, &lan.token, None).await;
            assert_eq!(response.status(), 202);
            let delivery: Value = response.json().await.unwrap();
            pinged.push(delivery["id"].as_str().unwrap().to_owned());
        }

        let path = format!("/v1/me/webhooks/{endpoint}/deliveries?limit=2");
        let first = call(&app, Method::GET, &path, &lan.token, None).await;
        assert_eq!(first.status(), 200);
        let link = first.headers().get("link").expect("a Link header").to_str().unwrap().to_owned();
        let page: Value = first.json().await.unwrap();
        let ids: Vec<&str> = page["deliveries"].as_array().unwrap().iter().map(|d| d["id"].as_str().unwrap()).collect();
        assert_eq!(ids, [pinged[2].as_str(), pinged[1].as_str()], "newest first");
        assert_eq!(page["next_after"], pinged[1].as_str());
        let next = format!("/v1/me/webhooks/{endpoint}/deliveries?limit=2&after={}", pinged[1]);
        assert_eq!(link, format!("<{next}>; rel=\"next\""));

        let last = call(&app, Method::GET, &next, &lan.token, None).await;
        assert_eq!(last.status(), 200);
        assert!(last.headers().get("link").is_none());
        let page: Value = last.json().await.unwrap();
        let ids: Vec<&str> = page["deliveries"].as_array().unwrap().iter().map(|d| d["id"].as_str().unwrap()).collect();
        assert_eq!(ids, [pinged[0].as_str()]);
        assert_eq!(page["next_after"], Value::Null);
    }

    async fn refused_deliveries_are_retried_with_backoff_under_one_id(backend) {
        let Some((app, time)) = spawn_on_manual_time(backend, |settings| {
            settings.webhooks.retry_base_ms = 60_000;
        })
        .await else { return };
        let receiver = Receiver::start(503).await;
        let lan = app.player("lan").await;
        let hook = create(&app, &lan.token, &receiver.url("/"), &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        let t0 = time.now();
        let pinged = call(&app, Method::POST, &format!("/v1/me/webhooks/{endpoint}/ping"), &lan.token, None).await;
        assert_eq!(pinged.status(), 202);
        let first = receiver.wait_for(1).await;
        assert_eq!(first[0].json()["type"], "ping");
        assert_eq!(first[0].json()["data"]["endpoint_id"], endpoint);

        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["attempts"] == 1 && e["last_status_code"] == 503).await;
        assert_eq!(entry["status"], "pending");
        assert!(entry["last_error"].as_str().unwrap().starts_with("HTTP 503"), "{entry}");
        // The first retry waits the base, 60 s, times a jitter in [½, 1].
        let next = at(&entry["next_attempt_at"]);
        assert!(next >= t0 + TimeDelta::seconds(30) && next <= t0 + TimeDelta::seconds(60), "{next} after {t0}");
        assert_eq!(receiver.received().len(), 1);

        receiver.answer(200);
        time.advance(TimeDelta::seconds(61));
        let both = receiver.wait_for(2).await;
        assert_eq!(both[0].id, both[1].id);
        assert_eq!(both[0].body, both[1].body);
        assert_ne!(both[0].timestamp, both[1].timestamp);
        assert!(both[1].signed_with(hook["secret"].as_str().unwrap()));
        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["status"] == "delivered").await;
        assert_eq!(entry["attempts"], 2);
        assert_eq!(entry["last_status_code"], 200);
        assert_eq!(entry["last_error"], Value::Null);
    }

    async fn a_delivery_fails_after_a_day_and_a_failing_endpoint_is_disabled(backend) {
        let Some((app, time)) = spawn_on_manual_time(backend, |settings| {
            settings.webhooks.retry_base_ms = 60_000;
            settings.webhooks.disable_after_hours = 24;
        })
        .await else { return };
        let receiver = Receiver::start(500).await;
        let lan = app.player("lan").await;
        let hook = create(&app, &lan.token, &receiver.url("/"), &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        let path = format!("/v1/me/webhooks/{endpoint}");
        call(&app, Method::POST, &format!("{path}/ping"), &lan.token, None).await;
        receiver.wait_for(1).await;
        wait_for_log(&app, &lan.token, endpoint, |e| e["attempts"] == 1 && e["last_status_code"] == 500).await;

        // A day and an hour later the next attempt fails for good, and the
        // endpoint, failing since the first, is disabled.
        time.advance(TimeDelta::hours(25));
        receiver.wait_for(2).await;
        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["status"] == "failed").await;
        assert_eq!(entry["attempts"], 2);
        assert_eq!(entry["next_attempt_at"], Value::Null);
        let read: Value = call(&app, Method::GET, &path, &lan.token, None).await.json().await.unwrap();
        assert_eq!(read["enabled"], false);
        let reason = read["disabled_reason"].as_str().unwrap();
        assert!(reason.starts_with("every delivery failed for 24 hours"), "{reason}");

        // Enabled again, a retry is attempted at once and delivered.
        receiver.answer(204);
        let enabled: Value = call(&app, Method::PATCH, &path, &lan.token, Some(json!({"enabled": true})))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!((enabled["enabled"].clone(), enabled["disabled_reason"].clone()), (json!(true), Value::Null));
        let id = entry["id"].as_str().unwrap();
        let retried = call(&app, Method::POST, &format!("{path}/deliveries/{id}/retry"), &lan.token, None).await;
        assert_eq!(retried.status(), 202);
        let all = receiver.wait_for(3).await;
        assert_eq!(all[2].id, id);
        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["status"] == "delivered").await;
        assert_eq!((entry["attempts"].clone(), entry["last_status_code"].clone()), (json!(3), json!(204)));
        let missing = call(&app, Method::POST, &format!("{path}/deliveries/msg_0000/retry"), &lan.token, None).await;
        crate::helpers::assert_problem(missing, 404, "webhook_delivery_not_found").await;
    }

    async fn a_moves_outbox_row_is_written_with_it(backend) {
        // No worker: the rows stay as the moves wrote them.
        let Some(app) = spawn(backend, |settings| settings.webhooks.deliver = false).await else { return };
        let watched = app.active_game(json!({})).await;
        create(&app, &watched.north.token, "http://93.184.215.14/", &["game.move"]).await;
        let (east, west) = (app.player("east").await, app.player("west").await);
        let created = app.create_game(&east.token, json!({"rules": {}, "seat": "south", "first": "south"})).await;
        let unwatched_id = created["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&unwatched_id, &west.token).await.status(), 200);
        let unwatched = crate::helpers::games::Match { id: unwatched_id, south: east, north: west };
        // On PostgreSQL the moves of the unwatched game are played in one
        // statement; those of the watched one must not be.
        let played = play_first_moves(&app, &watched, 4).await;
        play_first_moves(&app, &unwatched, 4).await;
        let rows = app.scalar_i64("SELECT COUNT(*) FROM webhook_deliveries").await;
        assert_eq!(rows, 4);
        let plies = app
            .scalar_i64("SELECT COUNT(*) FROM webhook_deliveries WHERE event = 'game.move' AND status = 'pending'")
            .await;
        assert_eq!(plies, 4);
        let entries = log(&app, &watched.north.token, &first_endpoint(&app, &watched.north.token).await).await;
        let mut notations: Vec<(i64, String)> = entries
            .iter()
            .map(|e| (e["payload"]["data"]["ply"].as_i64().unwrap(), e["payload"]["data"]["notation"].as_str().unwrap().to_owned()))
            .collect();
        notations.sort();
        let expected: Vec<(i64, String)> = (1..).zip(played).collect();
        assert_eq!(notations, expected);
    }
}

async fn first_endpoint(app: &TestApp, token: &str) -> String {
    let listed: Value = call(app, Method::GET, "/v1/me/webhooks", token, None)
        .await
        .json()
        .await
        .unwrap();
    listed["webhooks"][0]["id"].as_str().unwrap().to_owned()
}

/// Waits (up to 20 s) until the newest delivery of the endpoint passes
/// `ready`; that delivery. `attempts` counts an attempt from its claim, so
/// a test that moves the clock after an attempt waits for the attempt's
/// `last_status_code` too: moved before the attempt is recorded, the clock
/// would date the failure later.
pub(super) async fn wait_for_log(
    app: &TestApp,
    token: &str,
    endpoint: &str,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let entries = log(app, token, endpoint).await;
        if let Some(entry) = entries.first().filter(|e| ready(e)) {
            return entry.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the log stayed {entries:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
