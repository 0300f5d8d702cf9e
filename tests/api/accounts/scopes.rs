//! Token scopes: a token does what the scopes it was made with allow, on
//! every authenticated operation, and nothing else.

use crate::helpers::{assert_problem, header_text, TestApp};
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

/// Makes a token with `scopes` (`None`: the field left out) and returns
/// the answer's body.
async fn token_with(app: &TestApp, token: &str, scopes: Option<&[&str]>) -> Value {
    let body = match scopes {
        Some(scopes) => json!({"label": "scoped", "scopes": scopes}),
        None => json!({"label": "scoped"}),
    };
    let response = app.post_json("/v1/me/tokens", &body, Some(token)).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{body}");
    response.json().await.unwrap()
}

async fn secret_with(app: &TestApp, token: &str, scopes: &[&str]) -> String {
    let created = token_with(app, token, Some(scopes)).await;
    created["token"].as_str().unwrap().to_owned()
}

/// Asserts the 403 `insufficient_scope` naming `scope`, in the problem and
/// in its detail, and the RFC 6750 challenge.
async fn assert_needs(response: Response, scope: &str) {
    let challenge = header_text(&response, "www-authenticate");
    let what = response.url().path().to_owned();
    let problem = assert_problem(response, 403, "insufficient_scope").await;
    assert_eq!(problem["scope"], scope, "{what}: {problem}");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains(&format!("`{scope}`")), "{what}: {detail}");
    assert_eq!(
        challenge.as_deref(),
        Some(
            format!(r#"Bearer realm="oanquan", error="insufficient_scope", scope="{scope}""#)
                .as_str()
        ),
        "{what}"
    );
}

async fn send(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> Response {
    app.request(method, path)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

backend_tests! {
    async fn a_token_shows_the_scopes_it_was_made_with(app) {
        let (_, first) = app.register("Lan").await;
        let some = token_with(&app, &first, Some(&["play", "read"])).await;
        assert_eq!(some["scopes"], json!(["read", "play"]));
        let all = token_with(&app, &first, None).await;
        assert_eq!(all["scopes"], json!(["read", "play", "challenge", "webhooks", "tokens"]));

        let listing: Value = app.get_with_token("/v1/me/tokens", &first).await.json().await.unwrap();
        let scopes: Vec<&Value> = listing["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|token| &token["scopes"])
            .collect();
        let everything = json!(["read", "play", "challenge", "webhooks", "tokens"]);
        assert_eq!(scopes, [&everything, &json!(["read", "play"]), &everything]);
    }

    async fn a_read_token_reads_and_does_nothing_else(app) {
        let (_, first) = app.register("Lan").await;
        let (opponent, _) = app.register("Minh").await;
        let read = secret_with(&app, &first, &["read"]).await;

        assert_eq!(app.get_with_token("/v1/me", &read).await.status(), StatusCode::OK);
        assert_eq!(app.get_with_token("/v1/challenges", &read).await.status(), StatusCode::OK);
        let ticket = send(&app, Method::POST, "/v1/me/stream-tickets", &read, json!({})).await;
        assert!(ticket.status().is_success(), "{}", ticket.status());

        assert_needs(app.post_json("/v1/games", &json!({}), Some(&read)).await, "play").await;
        let challenge = json!({"opponent": opponent});
        assert_needs(app.post_json("/v1/challenges", &challenge, Some(&read)).await, "challenge").await;
        assert_needs(app.post_json("/v1/me/upgrade-to-bot", &json!({}), Some(&read)).await, "play").await;
        assert_needs(app.get_with_token("/v1/me/tokens", &read).await, "tokens").await;
        let label = json!({"label": "more"});
        assert_needs(app.post_json("/v1/me/tokens", &label, Some(&read)).await, "tokens").await;
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM games").await, 0);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM player_tokens").await, 3);
    }

    async fn a_token_without_read_reads_nothing_of_its_players(app) {
        let (_, first) = app.register("Lan").await;
        let play = secret_with(&app, &first, &["play", "challenge", "tokens"]).await;
        assert_needs(app.get_with_token("/v1/me", &play).await, "read").await;
        assert_needs(app.get_with_token("/v1/challenges", &play).await, "read").await;
        assert_needs(app.get_with_token("/v1/me/stream", &play).await, "read").await;
        let ticket = send(&app, Method::POST, "/v1/me/stream-tickets", &play, json!({})).await;
        assert_needs(ticket, "read").await;
        // What the scopes allow, it does.
        assert_eq!(app.get_with_token("/v1/me/tokens", &play).await.status(), StatusCode::OK);
        let game = app.post_json("/v1/games", &json!({}), Some(&play)).await;
        assert_eq!(game.status(), StatusCode::CREATED);
        // A public stream needs no scope: any token may open it.
        let id = game.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        let stream = app
            .request(Method::GET, &format!("/v1/games/{id}/stream"))
            .bearer_auth(&play)
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), StatusCode::OK);
    }

    async fn moves_and_resignations_need_play(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let id = &game.id;
        let read = secret_with(&app, &game.south.token, &["read", "challenge"]).await;
        let m = app.game(id).await["legal_moves"][0].clone();
        // Without a key the token is read in the move's own statement.
        assert_needs(app.play(id, &read, json!({"move": m})).await, "play").await;
        let keyed = app
            .request(Method::POST, &format!("/v1/games/{id}/moves"))
            .bearer_auth(&read)
            .header("idempotency-key", "scoped-move-1")
            .json(&json!({"move": m}))
            .send()
            .await
            .unwrap();
        assert_needs(keyed, "play").await;
        assert_needs(app.act(id, "resign", &read).await, "play").await;
        assert_needs(app.act(id, "abort", &read).await, "play").await;
        assert_needs(app.post_json(&format!("/v1/games/{id}/takeback"), &json!({}), Some(&read)).await, "play").await;
        assert_eq!(app.count_moves().await, 0);
        assert_eq!(app.game(id).await["status"], "active");

        let play = secret_with(&app, &game.south.token, &["play"]).await;
        let played = app.play(id, &play, json!({"move": m})).await;
        assert_eq!(played.status(), StatusCode::CREATED);
        assert_eq!(app.count_moves().await, 1);
    }

    async fn challenges_need_challenge(app) {
        let (_, lan) = app.register("Lan").await;
        let (minh_id, minh) = app.register("Minh").await;
        let lan_plays = secret_with(&app, &lan, &["read", "play"]).await;
        let body = json!({"opponent": minh_id});
        assert_needs(app.post_json("/v1/challenges", &body, Some(&lan_plays)).await, "challenge").await;
        let lan_challenges = secret_with(&app, &lan, &["challenge"]).await;
        let made = app.post_json("/v1/challenges", &body, Some(&lan_challenges)).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let id = made.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        let minh_plays = secret_with(&app, &minh, &["read", "play"]).await;
        for action in ["accept", "decline"] {
            let path = format!("/v1/challenges/{id}/{action}");
            assert_needs(send(&app, Method::POST, &path, &minh_plays, json!({})).await, "challenge").await;
        }
        let cancel = format!("/v1/challenges/{id}/cancel");
        assert_needs(send(&app, Method::POST, &cancel, &lan_plays, json!({})).await, "challenge").await;
        let cancelled = send(&app, Method::POST, &cancel, &lan_challenges, json!({})).await;
        assert_eq!(cancelled.status(), StatusCode::OK);
    }

    async fn invalid_token_fields_are_all_named(app) {
        let (_, first) = app.register("Lan").await;
        let body = json!({"label": " ", "scopes": ["read", "admin", "read"]});
        let response = app.post_json("/v1/me/tokens", &body, Some(&first)).await;
        let problem = assert_problem(response, 422, "invalid_label").await;
        assert_eq!(problem["detail"], "the label is empty (after trimming white space)");
        assert_eq!(
            problem["errors"],
            json!([
                {"pointer": "/label", "code": "invalid_label",
                 "detail": "the label is empty (after trimming white space)"},
                {"pointer": "/scopes/1", "code": "invalid_scope",
                 "detail": "\"admin\" is not a scope; the scopes are read, play, challenge, webhooks, tokens"},
                {"pointer": "/scopes/2", "code": "invalid_scope",
                 "detail": "scopes lists \"read\" twice"},
            ])
        );
        let empty = json!({"label": "ok", "scopes": []});
        let response = app.post_json("/v1/me/tokens", &empty, Some(&first)).await;
        let problem = assert_problem(response, 422, "invalid_scope").await;
        assert_eq!(
            problem["errors"],
            json!([{"pointer": "/scopes", "code": "invalid_scope",
                    "detail": "scopes is empty: a token needs at least one scope (or omit it for all)"}])
        );
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM player_tokens").await, 1);
    }
}
