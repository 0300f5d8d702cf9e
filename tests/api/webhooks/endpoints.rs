//! Endpoints: create, read, change, rotate, delete; the cap; targets
//! refused.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use reqwest::Method;
use serde_json::{json, Value};

use super::{call, create};
use crate::helpers::assert_problem;

/// A public address: no DNS, and never connected to (no worker sends in
/// these tests before the endpoint is gone).
const PUBLIC: &str = "http://93.184.215.14/hooks/oanquan";

backend_tests! {
    async fn an_endpoint_is_its_players_own(app) {
        let lan = app.player("lan").await;
        let mai = app.player("mai").await;
        let response = call(
            &app,
            Method::POST,
            "/v1/me/webhooks",
            &lan.token,
            Some(json!({"url": PUBLIC, "events": ["game.ended", "game.move"], "description": " my bot "})),
        )
        .await;
        assert_eq!(response.status(), 201);
        let location = response.headers()["location"].to_str().unwrap().to_owned();
        let created: Value = response.json().await.unwrap();
        let id = created["id"].as_str().unwrap().to_owned();
        assert_eq!(location, format!("/v1/me/webhooks/{id}"));
        assert!(id.starts_with("ep_") && id.len() == 25, "{id}");
        assert_eq!(created["url"], PUBLIC);
        // Listed in the catalogue's order, whatever the order asked.
        assert_eq!(created["events"], json!(["game.move", "game.ended"]));
        assert_eq!(created["description"], "my bot");
        assert_eq!(created["enabled"], true);
        assert_eq!(created["disabled_reason"], Value::Null);
        let secret = created["secret"].as_str().unwrap();
        let key = STANDARD.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
        assert_eq!(key.len(), 32);

        // Listed and read without the secret.
        let listed: Value = call(&app, Method::GET, "/v1/me/webhooks", &lan.token, None)
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(listed["webhooks"].as_array().unwrap().len(), 1);
        assert_eq!(listed["webhooks"][0]["id"], id.as_str());
        assert!(listed["webhooks"][0].get("secret").is_none());
        let path = format!("/v1/me/webhooks/{id}");
        let read: Value = call(&app, Method::GET, &path, &lan.token, None).await.json().await.unwrap();
        assert!(read.get("secret").is_none());
        assert_eq!(read["events"], json!(["game.move", "game.ended"]));

        // Another player sees, changes, pings and deletes nothing of it.
        for (method, suffix) in [
            (Method::GET, ""),
            (Method::DELETE, ""),
            (Method::POST, "/ping"),
            (Method::POST, "/rotate-secret"),
            (Method::GET, "/deliveries"),
        ] {
            let response = call(&app, method, &format!("{path}{suffix}"), &mai.token, None).await;
            assert_problem(response, 404, "webhook_not_found").await;
        }
        let response = call(&app, Method::PATCH, &path, &mai.token, Some(json!({"enabled": false}))).await;
        assert_problem(response, 404, "webhook_not_found").await;

        // Changed.
        let changed: Value = call(
            &app,
            Method::PATCH,
            &path,
            &lan.token,
            Some(json!({"events": ["challenge.created"], "enabled": false})),
        )
        .await
        .json()
        .await
        .unwrap();
        assert_eq!(changed["events"], json!(["challenge.created"]));
        assert_eq!(changed["enabled"], false);
        assert_eq!(changed["url"], PUBLIC);

        // A new secret, shown once.
        let rotated: Value = call(&app, Method::POST, &format!("{path}/rotate-secret"), &lan.token, None)
            .await
            .json()
            .await
            .unwrap();
        let new_secret = rotated["secret"].as_str().unwrap();
        assert!(new_secret.starts_with("whsec_"));
        assert_ne!(new_secret, secret);

        // Deleted.
        let response = call(&app, Method::DELETE, &path, &lan.token, None).await;
        assert_eq!(response.status(), 204);
        let response = call(&app, Method::GET, &path, &lan.token, None).await;
        assert_problem(response, 404, "webhook_not_found").await;
    }

    async fn a_player_has_at_most_ten_endpoints(app) {
        let lan = app.player("lan").await;
        for n in 0..10 {
            create(&app, &lan.token, &format!("{PUBLIC}/{n}"), &["game.move"]).await;
        }
        let response = call(
            &app,
            Method::POST,
            "/v1/me/webhooks",
            &lan.token,
            Some(json!({"url": PUBLIC, "events": ["game.move"]})),
        )
        .await;
        assert_problem(response, 409, "too_many_webhooks").await;
        // Another player's cap is their own.
        let mai = app.player("mai").await;
        create(&app, &mai.token, PUBLIC, &["game.move"]).await;
    }

    async fn bad_endpoints_are_refused_naming_the_field(app) {
        let lan = app.player("lan").await;
        for (body, code, field) in [
            (json!({"url": PUBLIC, "events": []}), "invalid_webhook", "events"),
            (json!({"url": PUBLIC, "events": ["ping"]}), "invalid_webhook", "events"),
            (json!({"url": PUBLIC, "events": ["game.moved"]}), "invalid_webhook", "events"),
            (json!({"url": "not a url", "events": ["game.move"]}), "invalid_webhook", "url"),
            (json!({"url": PUBLIC, "events": ["game.move"], "description": "x".repeat(201)}), "invalid_webhook", "description"),
        ] {
            let response = call(&app, Method::POST, "/v1/me/webhooks", &lan.token, Some(body.clone())).await;
            let problem = assert_problem(response, 422, code).await;
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(field), "{body}: {detail}");
        }
        // 200 characters are fine.
        let response = call(
            &app,
            Method::POST,
            "/v1/me/webhooks",
            &lan.token,
            Some(json!({"url": PUBLIC, "events": ["game.move"], "description": "x".repeat(200)})),
        )
        .await;
        assert_eq!(response.status(), 201);
    }

    async fn private_and_non_http_targets_are_refused_by_default(app) {
        let lan = app.player("lan").await;
        for url in [
            "http://127.0.0.1:8080/hook",
            "http://localhost/hook",
            "http://2130706433/",
            "http://0x7f.0.0.1/",
            "http://10.0.0.8/",
            "http://172.20.1.1/",
            "http://192.168.0.10/",
            "http://169.254.169.254/latest/meta-data/",
            "http://0.0.0.0/",
            "http://224.0.0.251/",
            "http://[::1]/",
            "http://[fe80::1]/",
            "http://[fd00::5]/",
            "http://[::ffff:127.0.0.1]/",
            "ftp://93.184.215.14/",
            "file:///etc/passwd",
        ] {
            let response = call(
                &app,
                Method::POST,
                "/v1/me/webhooks",
                &lan.token,
                Some(json!({"url": url, "events": ["game.move"]})),
            )
            .await;
            assert_problem(response, 422, "webhook_target_refused").await;
        }
        // Nor may a change point an endpoint there.
        let endpoint = create(&app, &lan.token, PUBLIC, &["game.move"]).await;
        let path = format!("/v1/me/webhooks/{}", endpoint["id"].as_str().unwrap());
        let response = call(&app, Method::PATCH, &path, &lan.token, Some(json!({"url": "http://127.0.0.1/"}))).await;
        assert_problem(response, 422, "webhook_target_refused").await;
        let count = app.scalar_i64("SELECT COUNT(*) FROM webhook_endpoints").await;
        assert_eq!(count, 1);
    }
}
