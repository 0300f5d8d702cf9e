//! `POST /v1/challenges`, `…/accept`, `…/decline`, `…/cancel` and
//! `GET /v1/challenges`, and what both players' streams are told.

use std::time::Duration;

use crate::helpers::games::Player;
use crate::helpers::streams::{EventStream, Message};
use crate::helpers::{assert_problem, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);

async fn next(stream: &mut EventStream) -> Message {
    stream.next_within(WAIT).await.expect("a message")
}

/// Bob challenges `to` to a casual classic game, South, South first.
async fn challenge(app: &TestApp, from: &Player, to: &Player) -> Value {
    let response = app
        .post_json(
            "/v1/challenges",
            &json!({"opponent": to.id, "seat": "south", "first": "south",
                    "clock": {"initial_s": 300, "increment_s": 3}}),
            Some(&from.token),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = {
        let location = response.headers()["location"].to_str().unwrap().to_owned();
        location
    };
    let body: Value = response.json().await.unwrap();
    assert_eq!(id, format!("/v1/games/{}", body["id"].as_str().unwrap()));
    body
}

async fn post(app: &TestApp, path: &str, body: Value, token: &str) -> reqwest::Response {
    app.post_json(path, &body, Some(token)).await
}

async fn list(app: &TestApp, token: &str) -> Value {
    let response = app.get_with_token("/v1/challenges", token).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect()
}

backend_tests! {

    async fn a_challenge_is_pending_then_accepted_by_the_player_challenged(app) {
        let bob = app.player("bob").await;
        let alice = app.player("alice").await;
        let carol = app.player("carol").await;
        let made = challenge(&app, &bob, &alice).await;
        let id = made["id"].as_str().unwrap();
        assert_eq!(made["status"], "pending");
        assert_eq!(made["direction"], "out");
        assert_eq!(made["challenger"]["id"], bob.id.as_str());
        assert_eq!(made["challenged"]["id"], alice.id.as_str());
        assert_eq!(made["decline_reason"], Value::Null);
        assert_eq!(made["game"]["status"], "waiting");
        assert_eq!(made["game"]["reserved_for"]["id"], alice.id.as_str());
        assert_eq!(made["game"]["time_control"], json!({"initial_s": 300, "increment_s": 3}));

        // Each side lists it its own way; nobody else sees it.
        let alices = list(&app, &alice.token).await;
        assert_eq!(ids(&alices["in"]), [id]);
        assert_eq!(alices["out"], json!([]));
        assert_eq!(alices["in"][0]["direction"], "in");
        let bobs = list(&app, &bob.token).await;
        assert_eq!(ids(&bobs["out"]), [id]);
        assert_eq!(bobs["in"], json!([]));
        assert_eq!(list(&app, &carol.token).await, json!({"in": [], "out": [], "truncated": false}));

        // Only Alice may accept: not Carol, not Bob.
        let path = format!("/v1/challenges/{id}/accept");
        assert_problem(post(&app, &path, json!({}), &carol.token).await, 403, "not_challenged").await;
        assert_problem(post(&app, &path, json!({}), &bob.token).await, 403, "not_challenged").await;
        let accepted = post(&app, &path, json!({}), &alice.token).await;
        assert_eq!(accepted.status(), StatusCode::OK);
        assert_eq!(accepted.headers()["etag"], "\"2\"");
        let accepted: Value = accepted.json().await.unwrap();
        assert_eq!(accepted["status"], "accepted");
        assert_eq!(accepted["direction"], "in");
        assert_eq!(accepted["game"]["status"], "active");
        assert_eq!(accepted["game"]["players"]["south"]["id"], bob.id.as_str());
        assert_eq!(accepted["game"]["players"]["north"]["id"], alice.id.as_str());
        assert_eq!(app.game(id).await["status"], "active");

        // Once accepted it is no longer pending, nor can it be declined.
        assert_eq!(list(&app, &alice.token).await["in"], json!([]));
        assert_problem(post(&app, &path, json!({}), &alice.token).await, 409, "game_not_waiting").await;
        let decline = format!("/v1/challenges/{id}/decline");
        assert_problem(post(&app, &decline, json!({}), &alice.token).await, 409, "game_not_waiting").await;
    }

    async fn the_player_challenged_declines_with_a_reason_and_the_game_is_cancelled(app) {
        let bob = app.player("bob").await;
        let alice = app.player("alice").await;
        let made = challenge(&app, &bob, &alice).await;
        let id = made["id"].as_str().unwrap();
        let path = format!("/v1/challenges/{id}/decline");
        // Bob cannot decline his own challenge, and a reason must be one of the list.
        assert_problem(post(&app, &path, json!({}), &bob.token).await, 403, "not_challenged").await;
        let bad = assert_problem(
            post(&app, &path, json!({"reason": "busy"}), &alice.token).await,
            422,
            "invalid_decline_reason",
        )
        .await;
        assert!(bad["detail"].as_str().unwrap().contains("too_fast"), "{bad}");
        assert_problem(post(&app, &path, json!({"why": "later"}), &alice.token).await, 422, "invalid_body").await;
        assert_eq!(app.game(id).await["status"], "waiting", "nothing was done by a refusal");

        let declined = post(&app, &path, json!({"reason": "too_fast"}), &alice.token).await;
        assert_eq!(declined.status(), StatusCode::OK);
        let declined: Value = declined.json().await.unwrap();
        assert_eq!(declined["status"], "declined");
        assert_eq!(declined["decline_reason"], "too_fast");
        assert_eq!(declined["game"]["status"], "cancelled");
        assert_eq!(app.game(id).await["status"], "cancelled");
        assert_eq!(list(&app, &bob.token).await["out"], json!([]));
        // Declined once; the join is refused as for any cancelled game.
        assert_problem(post(&app, &path, json!({}), &alice.token).await, 409, "game_not_waiting").await;
        assert_problem(app.join(id, &alice.token).await, 409, "game_not_waiting").await;
    }

    async fn a_decline_needs_no_body_and_the_challenger_cancels_his_own(app) {
        let bob = app.player("bob").await;
        let alice = app.player("alice").await;
        let first = challenge(&app, &bob, &alice).await;
        let first = first["id"].as_str().unwrap();
        let response = app
            .request(reqwest::Method::POST, &format!("/v1/challenges/{first}/decline"))
            .bearer_auth(&alice.token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let declined: Value = response.json().await.unwrap();
        assert_eq!(declined["decline_reason"], "generic");

        let second = challenge(&app, &bob, &alice).await;
        let second = second["id"].as_str().unwrap();
        let path = format!("/v1/challenges/{second}/cancel");
        assert_problem(post(&app, &path, json!({}), &alice.token).await, 403, "not_game_creator").await;
        let cancelled = post(&app, &path, json!({}), &bob.token).await;
        assert_eq!(cancelled.status(), StatusCode::OK);
        let cancelled: Value = cancelled.json().await.unwrap();
        assert_eq!(cancelled["status"], "cancelled");
        assert_eq!(cancelled["decline_reason"], Value::Null);
        assert_problem(
            post(&app, &format!("/v1/challenges/{second}/accept"), json!({}), &alice.token).await,
            409,
            "game_not_waiting",
        )
        .await;
    }

    async fn a_challenge_must_name_another_person(app) {
        let bob = app.player("bob").await;
        let cases = [
            (json!({"opponent": bob.id}), 422, "invalid_game"),
            (json!({"opponent": "botLevel03"}), 422, "invalid_game"),
            (json!({"opponent": "nobody0000"}), 422, "invalid_game"),
            (json!({}), 422, "invalid_body"),
            (json!({"opponent": 5}), 422, "invalid_body"),
        ];
        for (body, status, code) in cases {
            let problem = assert_problem(post(&app, "/v1/challenges", body.clone(), &bob.token).await, status, code).await;
            assert!(problem["detail"].is_string(), "{body}: {problem}");
        }
        assert_eq!(app.count_games().await, 0, "nothing stored");
        let anonymous = app.post_json("/v1/challenges", &json!({"opponent": bob.id}), None).await;
        assert_problem(anonymous, 401, "unauthorized").await;
    }

    async fn both_sides_are_told_of_each_change_of_a_challenge(app) {
        let bob = app.player("bob").await;
        let alice = app.player("alice").await;
        let mut alices = app.me_stream(&alice.token, &[]).await;
        let mut bobs = app.me_stream(&bob.token, &[]).await;
        assert_eq!(next(&mut alices).await.kind(), "snapshot");
        assert_eq!(next(&mut bobs).await.kind(), "snapshot");

        let made = challenge(&app, &bob, &alice).await;
        let id = made["id"].as_str().unwrap();
        assert_eq!(next(&mut alices).await.kind(), "challenge");
        let update = next(&mut alices).await;
        assert_eq!(update.kind(), "challenge_update");
        assert_eq!(update.data["change"], "created");
        assert_eq!(update.data["game_id"], id);
        assert_eq!(update.data["challenge"]["direction"], "in");
        let update = next(&mut bobs).await;
        assert_eq!(update.kind(), "challenge_update");
        assert_eq!(update.data["change"], "created");
        assert_eq!(update.data["challenge"]["direction"], "out");
        assert_eq!(update.data["version"], 1);

        let path = format!("/v1/challenges/{id}/decline");
        let declined = post(&app, &path, json!({"reason": "later"}), &alice.token).await;
        assert_eq!(declined.status(), StatusCode::OK);
        for (stream, direction) in [(&mut alices, "in"), (&mut bobs, "out")] {
            let ended = next(stream).await;
            assert_eq!(ended.kind(), "game_ended");
            assert_eq!(ended.data["status"], "cancelled");
            let update = next(stream).await;
            assert_eq!(update.kind(), "challenge_update");
            assert_eq!(update.data["change"], "declined");
            assert_eq!(update.data["version"], 2);
            assert_eq!(update.data["challenge"]["direction"], direction);
            assert_eq!(update.data["challenge"]["decline_reason"], "later");
        }

        // Accepted: both hear the game start, then the challenge's acceptance.
        let again = challenge(&app, &bob, &alice).await;
        let again = again["id"].as_str().unwrap();
        assert_eq!(next(&mut alices).await.kind(), "challenge");
        assert_eq!(next(&mut alices).await.data["change"], "created");
        assert_eq!(next(&mut bobs).await.data["change"], "created");
        let accept = format!("/v1/challenges/{again}/accept");
        assert_eq!(post(&app, &accept, json!({}), &alice.token).await.status(), StatusCode::OK);
        for stream in [&mut alices, &mut bobs] {
            assert_eq!(next(stream).await.kind(), "game_started");
        }
        // Bob (South) is to move: his stream says so before the acceptance.
        assert_eq!(next(&mut bobs).await.kind(), "your_turn");
        for stream in [&mut alices, &mut bobs] {
            let update = next(stream).await;
            assert_eq!(update.kind(), "challenge_update");
            assert_eq!(update.data["change"], "accepted");
            assert_eq!(update.data["challenge"]["status"], "accepted");
        }

        // Cancelled by Bob: both told.
        let third = challenge(&app, &bob, &alice).await;
        let third = third["id"].as_str().unwrap();
        assert_eq!(next(&mut alices).await.kind(), "challenge");
        assert_eq!(next(&mut alices).await.data["change"], "created");
        assert_eq!(next(&mut bobs).await.data["change"], "created");
        assert_eq!(app.act(third, "cancel", &bob.token).await.status(), StatusCode::OK);
        for stream in [&mut alices, &mut bobs] {
            assert_eq!(next(stream).await.kind(), "game_ended");
            let update = next(stream).await;
            assert_eq!(update.data["change"], "cancelled");
            assert_eq!(update.data["challenge"]["status"], "cancelled");
        }
    }

    async fn a_game_made_with_a_persons_id_is_a_challenge_they_may_decline(app) {
        // The web page's challenge: POST /v1/games with an opponent.
        let bob = app.player("bob").await;
        let alice = app.player("alice").await;
        let game = app.create_game(&bob.token, json!({"opponent": alice.id})).await;
        let id = game["id"].as_str().unwrap();
        assert_eq!(ids(&list(&app, &alice.token).await["in"]), [id]);
        let declined = post(&app, &format!("/v1/challenges/{id}/decline"), json!({}), &alice.token).await;
        assert_eq!(declined.status(), StatusCode::OK);
        // An open game is no challenge.
        let open = app.create_game(&bob.token, json!({})).await;
        let open = open["id"].as_str().unwrap();
        assert_problem(
            post(&app, &format!("/v1/challenges/{open}/accept"), json!({}), &alice.token).await,
            403,
            "not_challenged",
        )
        .await;
        assert_eq!(app.game(open).await["status"], "waiting");
    }
}
