//! `POST /v1/players` honours `Idempotency-Key`: a registration
//! whose 201 was lost is retried and gets the same player and token.

use crate::helpers::assert_problem;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const KEY: &str = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

backend_tests! {
    async fn a_retry_gets_the_same_player_and_token(app) {
        let first = app.register_with_key("Lan", KEY).await;
        assert_eq!(first.status(), StatusCode::CREATED);
        assert!(first.headers().get("idempotent-replayed").is_none());
        let location = first.headers()["location"].clone();
        let first: Value = first.json().await.unwrap();

        let retry = app.register_with_key(" Lan ", KEY).await;
        assert_eq!(retry.status(), StatusCode::CREATED);
        assert_eq!(retry.headers()["idempotent-replayed"], "true");
        assert_eq!(retry.headers()["location"], location);
        assert_eq!(retry.headers()["cache-control"], "no-store");
        let retry: Value = retry.json().await.unwrap();
        assert_eq!(retry, first);
        assert_eq!(app.player_count().await, 1);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM player_tokens").await, 1);

        let token = first["token"].as_str().unwrap();
        let me: Value = app.get_with_token("/v1/me", token).await.json().await.unwrap();
        assert_eq!(me["id"], first["id"]);
        assert!(!app.database_contains(token).await, "the token is stored in clear");
        assert!(!app.database_contains(KEY).await, "the key, which unseals it, is stored");

        // Without the key the name is simply taken.
        assert_problem(app.create_player("Lan").await, 409, "name_taken").await;
    }

    async fn the_same_key_for_another_name_is_refused(app) {
        app.register_with_key("Lan", KEY).await;
        let problem = assert_problem(app.register_with_key("Minh", KEY).await, 422, "idempotency_key_reused").await;
        assert!(problem["detail"].as_str().unwrap().contains(KEY));
        assert_eq!(app.player_count().await, 1);
    }

    async fn simultaneous_retries_register_once(app) {
        let attempts = (0..6).map(|_| app.register_with_key("Race", KEY));
        let mut bodies = Vec::new();
        for response in join_all(attempts).await {
            assert_eq!(response.status(), StatusCode::CREATED);
            bodies.push(response.json::<Value>().await.unwrap());
        }
        assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]), "{bodies:#?}");
        assert_eq!(app.player_count().await, 1);
    }

    async fn a_registration_key_must_be_unguessable(app) {
        let problem = assert_problem(app.register_with_key("Lan", "retry-1").await, 400, "invalid_header").await;
        assert!(problem["detail"].as_str().unwrap().contains("16"), "{problem}");
        assert_problem(app.register_with_key("Lan", "").await, 400, "invalid_header").await;
        assert_eq!(app.player_count().await, 0);
    }

    async fn a_registration_key_is_not_the_players_key(app) {
        let created: Value = app.register_with_key("Lan", KEY).await.json().await.unwrap();
        let token = created["token"].as_str().unwrap();
        // The same key for the new player's own first write is a new request.
        let response = app
            .request(Method::POST, "/v1/me/tokens")
            .bearer_auth(token)
            .header("idempotency-key", KEY)
            .json(&json!({"label": "phone"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        assert!(response.headers().get("idempotent-replayed").is_none());
        let again: Value = app.register_with_key("Lan", KEY).await.json().await.unwrap();
        assert_eq!(again, created);
    }

    async fn a_failed_registration_saves_no_key(app) {
        app.register("Lan").await;
        assert_problem(app.register_with_key("lan", KEY).await, 409, "name_taken").await;
        assert_problem(app.register_with_key("bad\u{200b}", KEY).await, 422, "invalid_name").await;
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM registration_keys").await, 0);
        let response = app.register_with_key("Minh", KEY).await;
        assert_eq!(response.status(), StatusCode::CREATED, "the key is still free");
    }
}
