//! Moves acknowledged, the server killed (SIGKILL) before any delivery
//! was taken, restarted: every event is delivered once the receiver
//! answers, under the `webhook-id` of the attempts before the crash.

use std::collections::BTreeMap;
use std::process::Child;
use std::time::Duration;

use serde_json::{json, Value};

use super::receiver::Receiver;
use crate::helpers::process::serve_binary;
use crate::helpers::TestApp;

/// The server binary on `database`, delivering to private targets, with
/// short retries; its base URL once it listens.
fn serve(database: &str) -> (Child, String) {
    let args = [
        "--webhook-retry-base-ms",
        "100",
        "--webhook-poll-ms",
        "50",
        "--webhook-timeout-ms",
        "1000",
    ];
    serve_binary(
        database,
        &args,
        &[("OANQUAN_WEBHOOK_ALLOW_PRIVATE_TARGETS", "true")],
    )
}

async fn send(base: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let client = reqwest::Client::new();
    let mut request = client.post(format!("{base}{path}")).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.json().await.unwrap_or(Value::Null)
}

on_both_backends! {
    async fn events_of_acknowledged_moves_survive_a_kill_9(backend) {
        // The test's app holds the database and delivers nothing itself.
        let Some(holder) = TestApp::spawn_with(backend, |s| s.webhooks.deliver = false).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let database = holder.database_url();
        let receiver = Receiver::start(503).await;
        let (mut server, base) = serve(&database);

        let south = send(&base, "/v1/players", None, json!({"name": "south"})).await;
        let north = send(&base, "/v1/players", None, json!({"name": "north"})).await;
        let (south_token, north_token) = (south["token"].as_str().unwrap(), north["token"].as_str().unwrap());
        let events = ["game.started", "game.move", "game.ended"];
        let hook = send(&base, "/v1/me/webhooks", Some(south_token), json!({"url": receiver.url("/"), "events": events})).await;
        let secret = hook["secret"].as_str().unwrap().to_owned();
        let game = send(&base, "/v1/games", Some(south_token), json!({"rules": {}, "seat": "south", "first": "south"})).await;
        let id = game["id"].as_str().unwrap().to_owned();
        send(&base, &format!("/v1/games/{id}/join"), Some(north_token), json!({})).await;
        let mut plies: usize = 0;
        for _ in 0..4 {
            let state: Value = reqwest::get(format!("{base}/v1/games/{id}")).await.unwrap().json().await.unwrap();
            let notation = state["legal_moves"][0].as_str().unwrap().to_owned();
            let token = if state["to_move"] == "south" { south_token } else { north_token };
            send(&base, &format!("/v1/games/{id}/moves"), Some(token), json!({"move": notation})).await;
            plies += 1;
        }
        send(&base, &format!("/v1/games/{id}/resign"), Some(north_token), json!({})).await;
        // Every event acknowledged; each tried at least once and refused.
        let expected = 1 + plies + 1;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let mut ids: Vec<String> = receiver.received().iter().map(|r| r.id.clone()).collect();
            ids.sort();
            ids.dedup();
            if ids.len() >= expected {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "attempted {} of {expected}", ids.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        server.kill().expect("SIGKILL");
        server.wait().expect("killed");
        let before: Vec<String> = receiver.received().iter().map(|r| r.id.clone()).collect();

        receiver.answer(200);
        let (mut server, _) = serve(&database);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        let delivered = loop {
            let all = receiver.received();
            let accepted: Vec<_> = all.iter().skip(before.len()).cloned().collect();
            let mut by_id = BTreeMap::new();
            for request in accepted {
                by_id.entry(request.id.clone()).or_insert(request);
            }
            if by_id.len() >= expected {
                break by_id;
            }
            assert!(tokio::time::Instant::now() < deadline, "delivered {} of {expected}", by_id.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        // The receiver has every event; the server records a delivery once
        // its answer came back, a moment later.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let pending = holder
                .scalar_i64("SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'delivered'")
                .await;
            if pending == 0 {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "{pending} deliveries not recorded as delivered");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        server.kill().expect("SIGKILL");
        server.wait().expect("stopped");

        assert_eq!(delivered.len(), expected);
        let mut types = BTreeMap::new();
        for (webhook_id, request) in &delivered {
            assert!(before.contains(webhook_id), "{webhook_id} was not attempted before the crash");
            assert!(request.signed_with(&secret), "{request:?}");
            let body = request.json();
            assert_eq!(body["data"]["game_id"], id.as_str());
            *types.entry(body["type"].as_str().unwrap().to_owned()).or_insert(0) += 1;
        }
        let expected_types: BTreeMap<String, usize> =
            [("game.started".to_owned(), 1), ("game.move".to_owned(), plies), ("game.ended".to_owned(), 1)].into();
        assert_eq!(types, expected_types);
    }
}
