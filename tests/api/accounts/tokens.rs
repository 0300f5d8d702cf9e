//! Tokens can be managed: several per player, listed
//! without their secret, deleted with effect on every node at once.

use crate::helpers::{assert_problem, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

async fn create_token(app: &TestApp, token: &str, label: &str) -> reqwest::Response {
    app.post_json("/v1/me/tokens", &json!({ "label": label }), Some(token))
        .await
}

/// Creates a token and returns `(id, token)`.
async fn new_token(app: &TestApp, token: &str, label: &str) -> (String, String) {
    let response = create_token(app, token, label).await;
    assert_eq!(response.status(), StatusCode::CREATED, "creating {label:?}");
    let body: Value = response.json().await.unwrap();
    (
        body["id"].as_str().unwrap().to_owned(),
        body["token"].as_str().unwrap().to_owned(),
    )
}

async fn list(app: &TestApp, token: &str) -> Vec<Value> {
    let response = app.get_with_token("/v1/me/tokens", token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["tokens"].as_array().unwrap().clone()
}

async fn delete(app: &TestApp, token: &str, id: &str) -> reqwest::Response {
    app.request(Method::DELETE, &format!("/v1/me/tokens/{id}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn me_status(app: &TestApp, token: &str) -> u16 {
    app.get_with_token("/v1/me", token).await.status().as_u16()
}

async fn token_count(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT COUNT(*) FROM player_tokens").await
}

backend_tests! {
    async fn a_player_creates_lists_and_deletes_tokens(app) {
        let (player, first) = app.register("Lan").await;
        let response = create_token(&app, &first, "  phone 📱 ").await;
        assert_eq!(response.status(), StatusCode::CREATED);
        assert_eq!(response.headers()["cache-control"], "no-store");
        let created: Value = response.json().await.unwrap();
        let mut keys: Vec<&str> = created.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["created_at", "id", "label", "scopes", "token"]);
        assert_eq!(created["label"], "phone 📱");
        let phone = created["token"].as_str().unwrap().to_owned();
        assert!(phone.starts_with("oq_") && phone.len() == 46, "the old format: {phone}");
        assert_ne!(phone, first);

        let me: Value = app.get_with_token("/v1/me", &phone).await.json().await.unwrap();
        assert_eq!(me["id"], player.as_str());

        let listing = app.get_with_token("/v1/me/tokens", &first).await;
        assert_eq!(listing.headers()["cache-control"], "no-store");
        let text = listing.text().await.unwrap();
        assert!(!text.contains(&first) && !text.contains(&phone), "a secret in {text}");
        let tokens: Value = serde_json::from_str(&text).unwrap();
        let tokens = tokens["tokens"].as_array().unwrap();
        assert_eq!(tokens.len(), 2);
        assert_eq!(tokens[0]["label"], "registration");
        assert_eq!(tokens[0]["current"], true);
        assert_eq!(tokens[1]["label"], "phone 📱");
        assert_eq!(tokens[1]["id"], created["id"]);
        assert_eq!(tokens[1]["created_at"], created["created_at"]);
        assert_eq!(tokens[1]["current"], false);
        let through_phone = list(&app, &phone).await;
        assert_eq!(through_phone[1]["current"], true);

        let response = delete(&app, &first, created["id"].as_str().unwrap()).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_problem(app.get_with_token("/v1/me", &phone).await, 401, "unauthorized").await;
        assert_eq!(list(&app, &first).await.len(), 1);
        let again = delete(&app, &first, created["id"].as_str().unwrap()).await;
        assert_problem(again, 404, "token_not_found").await;
    }

    async fn a_deletion_is_seen_at_once_by_another_node(app) {
        let (_, first) = app.register("Lan").await;
        let (id, bot) = new_token(&app, &first, "bot").await;
        let other_node = app.sibling().await;
        assert_eq!(me_status(&other_node, &bot).await, 200);
        assert_eq!(delete(&app, &first, &id).await.status(), StatusCode::NO_CONTENT);
        assert_eq!(me_status(&other_node, &bot).await, 401);
        assert_eq!(me_status(&app, &bot).await, 401);
        assert_eq!(me_status(&other_node, &first).await, 200);
    }

    async fn deleting_the_token_in_use_ends_it_after_this_request(app) {
        let (_, first) = app.register("Lan").await;
        let (_, spare) = new_token(&app, &first, "spare").await;
        let tokens = list(&app, &first).await;
        let current = tokens.iter().find(|t| t["current"] == true).unwrap();
        assert_eq!(current["label"], "registration");
        let response = delete(&app, &first, current["id"].as_str().unwrap()).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_eq!(me_status(&app, &first).await, 401);
        assert_eq!(me_status(&app, &spare).await, 200);
    }

    async fn nobody_sees_or_deletes_another_players_token(app) {
        let (_, lan) = app.register("Lan").await;
        let (_, minh) = app.register("Minh").await;
        let (lans_id, lans_bot) = new_token(&app, &lan, "bot").await;
        assert_problem(delete(&app, &minh, &lans_id).await, 404, "token_not_found").await;
        assert_eq!(me_status(&app, &lans_bot).await, 200);
        let minhs = list(&app, &minh).await;
        assert_eq!(minhs.len(), 1);
        assert!(minhs.iter().all(|t| t["id"] != lans_id.as_str()));
        assert_problem(delete(&app, &minh, "not-an-id").await, 400, "invalid_path_parameter").await;
    }

    async fn a_player_holds_at_most_twenty_tokens(app) {
        let (_, first) = app.register("Lan").await;
        for n in 2..=20 {
            new_token(&app, &first, &format!("device {n}")).await;
        }
        let problem = assert_problem(create_token(&app, &first, "one too many").await, 409, "too_many_tokens").await;
        assert!(problem["detail"].as_str().unwrap().contains("20"), "{problem}");
        assert_eq!(token_count(&app).await, 20);
        let (_, other) = app.register("Minh").await;
        new_token(&app, &other, "the cap is per player").await;
    }

    async fn concurrent_creations_do_not_pass_the_cap(app) {
        let (_, first) = app.register("Lan").await;
        for n in 2..=15 {
            new_token(&app, &first, &format!("device {n}")).await;
        }
        let attempts = (0..10).map(|n| create_token(&app, &first, if n % 2 == 0 { "a" } else { "b" }));
        let statuses: Vec<u16> = futures_util::future::join_all(attempts)
            .await
            .iter()
            .map(|r| r.status().as_u16())
            .collect();
        assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 5, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 5, "{statuses:?}");
        assert_eq!(token_count(&app).await, 20);
    }

    async fn labels_are_checked(app) {
        let (_, first) = app.register("Lan").await;
        for label in ["", "   ", "a\u{202e}b", "\u{200b}", &"x".repeat(65)] {
            assert_problem(create_token(&app, &first, label).await, 422, "invalid_label").await;
        }
        let response = app
            .post_json("/v1/me/tokens", &json!({"label": "x", "secret": "y"}), Some(&first))
            .await;
        assert_problem(response, 422, "invalid_body").await;
        assert_eq!(token_count(&app).await, 1);
        assert_problem(create_token(&app, "oq_nope", "x").await, 401, "unauthorized").await;
    }

    async fn last_use_is_written_at_most_once_a_minute(app) {
        let (_, first) = app.register("Lan").await;
        let (id, bot) = new_token(&app, &first, "bot").await;
        let last_used = async || {
            let tokens = list(&app, &first).await;
            let bot = tokens.iter().find(|t| t["id"] == id.as_str()).unwrap();
            bot["last_used_at"].clone()
        };
        assert_eq!(last_used().await, Value::Null);
        assert_eq!(me_status(&app, &bot).await, 200);
        let first_use = last_used().await;
        assert!(first_use.is_string(), "{first_use}");
        assert_eq!(me_status(&app, &bot).await, 200);
        assert_eq!(last_used().await, first_use, "no second write within the minute");

        // Move the recorded use two minutes back: the next use is recorded.
        let sql = match app.backend {
            crate::helpers::Backend::Sqlite => {
                "UPDATE player_tokens SET last_used_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-2 minutes') WHERE id = $1"
            }
            crate::helpers::Backend::Postgres => {
                "UPDATE player_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1"
            }
        };
        app.execute(sql, &[&id], &[]).await;
        let moved_back = last_used().await;
        assert_ne!(moved_back, first_use);
        assert_eq!(me_status(&app, &bot).await, 200);
        let later = last_used().await;
        assert_ne!(later, moved_back);
        let later = chrono::DateTime::parse_from_rfc3339(later.as_str().unwrap()).unwrap();
        let moved_back = chrono::DateTime::parse_from_rfc3339(moved_back.as_str().unwrap()).unwrap();
        assert!(later - moved_back >= chrono::TimeDelta::minutes(1), "{moved_back} → {later}");
    }

    async fn a_lost_token_creation_is_retried_with_its_key(app) {
        let (_, first) = app.register("Lan").await;
        let send = async |token: &str, label: &str| {
            app.request(Method::POST, "/v1/me/tokens")
                .bearer_auth(token)
                .header("idempotency-key", "phone-setup-1")
                .json(&json!({ "label": label }))
                .send()
                .await
                .unwrap()
        };
        let original = send(&first, "phone").await;
        assert_eq!(original.status(), StatusCode::CREATED);
        let original: Value = original.json().await.unwrap();
        let retry = send(&first, "phone").await;
        assert_eq!(retry.status(), StatusCode::CREATED);
        assert_eq!(retry.headers()["idempotent-replayed"], "true");
        let retry: Value = retry.json().await.unwrap();
        assert_eq!(retry, original, "the same token, once");
        assert_eq!(token_count(&app).await, 2);
        let phone = original["token"].as_str().unwrap();
        assert_eq!(me_status(&app, phone).await, 200);
        assert!(!app.database_contains(phone).await, "the saved answer holds the token in clear");

        assert_problem(send(&first, "tablet").await, 422, "idempotency_key_reused").await;
        // Another of the player's tokens is another request (and could not unseal it).
        assert_problem(send(phone, "phone").await, 422, "idempotency_key_reused").await;
        assert_eq!(token_count(&app).await, 2);
    }
}
