//! How the answers to idempotent requests are kept: deflated,
//! replayed byte for byte however the game moved on since, and the rows
//! saved as text before still replayed.

use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A move sent with `key`, and its answer as text.
async fn keyed_move(app: &TestApp, game: &str, token: &str, notation: &str, key: &str) -> String {
    let response = app
        .post_with_headers(
            &format!("/v1/games/{game}/moves"),
            token,
            &json!({ "move": notation }),
            &[("idempotency-key", key)],
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.text().await.unwrap()
}

/// The first legal move of the game in a move's answer.
fn first_legal(answer: &str) -> String {
    let answer: Value = serde_json::from_str(answer).unwrap();
    answer["game"]["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned()
}

backend_tests! {
    async fn a_saved_answer_is_deflated_and_replayed_byte_for_byte(app) {
        let game = app.active_game(json!({})).await;
        let first = keyed_move(&app, &game.id, &game.south.token, "3R", "the-first-move").await;
        assert!(first.len() > 1500, "a move's answer holds the whole game: {} bytes", first.len());

        // The game moves on: the replay is still the first answer.
        let north = app
            .play(&game.id, &game.north.token, json!({ "move": first_legal(&first) }))
            .await;
        assert_eq!(north.status(), StatusCode::CREATED);
        let north = north.text().await.unwrap();
        let south = app
            .play(&game.id, &game.south.token, json!({ "move": first_legal(&north) }))
            .await;
        assert_eq!(south.status(), StatusCode::CREATED);
        let again = keyed_move(&app, &game.id, &game.south.token, "3R", "the-first-move").await;
        assert_eq!(again, first);
        assert_eq!(app.count_moves().await, 3);

        assert_eq!(
            app.scalar_i64("SELECT COUNT(*) FROM idempotency_keys WHERE body = '' AND body_deflated IS NOT NULL")
                .await,
            1,
            "the answer is kept deflated only"
        );
        let stored = app
            .scalar_i64("SELECT CAST(length(body_deflated) AS BIGINT) FROM idempotency_keys")
            .await;
        assert!(
            stored * 2 < first.len() as i64,
            "{stored} bytes stored for an answer of {}",
            first.len()
        );
    }

    async fn an_answer_saved_as_text_before_is_replayed(app) {
        let game = app.active_game(json!({})).await;
        let first = keyed_move(&app, &game.id, &game.south.token, "2L", "saved-as-text").await;
        // As a row saved before the answers were deflated holds it.
        let changed = app
            .execute(
                "UPDATE idempotency_keys SET body = $1, body_deflated = NULL",
                &[&first],
                &[],
            )
            .await;
        assert_eq!(changed, 1);
        let again = keyed_move(&app, &game.id, &game.south.token, "2L", "saved-as-text").await;
        assert_eq!(again, first);
        assert_eq!(app.count_moves().await, 1);
    }

    async fn a_registration_answer_is_deflated_and_its_token_sealed(app) {
        let key = "registration-key-0123456789";
        let first = app.register_with_key("Thu", key).await;
        assert_eq!(first.status(), StatusCode::CREATED);
        let first = first.text().await.unwrap();
        let token = serde_json::from_str::<Value>(&first).unwrap()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            app.scalar_i64("SELECT COUNT(*) FROM registration_keys WHERE body = '' AND body_deflated IS NOT NULL")
                .await,
            1
        );
        assert!(!app.database_contains(&token).await, "the token is never stored in plain text");
        let again = app.register_with_key("Thu", key).await;
        assert_eq!(again.status(), StatusCode::CREATED);
        let again = again.text().await.unwrap();
        assert_eq!(again, first);
        assert_eq!(app.player_count().await, 1);
    }
}
