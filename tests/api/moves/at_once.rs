//! PostgreSQL: a move without an `Idempotency-Key` that does not end its
//! game is played in one statement when this node committed the game's
//! last change; anything else goes through the transaction, and answers
//! as it always did.

use std::time::Duration;

use crate::helpers::assert_problem;
use crate::helpers::games::Match;
use crate::helpers::{Backend, TestApp};
use oanquan::store::Store;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::postgres::PgPool;

fn pool(app: &TestApp) -> &PgPool {
    match &app.store {
        Store::Postgres(pool) => pool,
        Store::Sqlite(_) => panic!("a PostgreSQL app"),
    }
}

/// The first legal move of `game` as `app` shows it.
async fn first_legal(app: &TestApp, game: &str) -> String {
    let state = app.game(game).await;
    state["legal_moves"][0].as_str().unwrap().to_owned()
}

/// What the app's connection runs while it waits for the game's row lock,
/// which the test holds, when `send` submits a move: the statement's text.
async fn statement_waiting_for(
    app: &TestApp,
    game: &str,
    send: reqwest::RequestBuilder,
) -> (String, reqwest::Response) {
    let mut holder = pool(app).begin().await.unwrap();
    sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
        .bind(game)
        .execute(&mut *holder)
        .await
        .unwrap();
    let sent = tokio::spawn(send.send());
    let waiting = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let found: Option<(String,)> = sqlx::query_as(
                "SELECT query FROM pg_stat_activity WHERE datname = current_database() \
                 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
            )
            .fetch_optional(pool(app))
            .await
            .unwrap();
            if let Some((query,)) = found {
                return query;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the move waits for the row lock");
    holder.commit().await.unwrap();
    (waiting, sent.await.unwrap().unwrap())
}

#[tokio::test]
async fn an_unkeyed_move_is_one_statement_and_a_keyed_one_a_transaction() {
    let Some(app) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("moves::at_once");
        return;
    };
    let game: Match = app.active_game(json!({"preset": "classic"})).await;
    let path = format!("/v1/games/{}/moves", game.id);

    let notation = first_legal(&app, &game.id).await;
    let send = app
        .request(reqwest::Method::POST, &path)
        .bearer_auth(&game.south.token)
        .json(&json!({ "move": notation, "ply": 1 }));
    let (waiting, answer) = statement_waiting_for(&app, &game.id, send).await;
    assert!(
        waiting.starts_with("WITH caller AS"),
        "the move's one statement waits for the lock: {waiting}"
    );
    assert_eq!(answer.status(), StatusCode::CREATED);
    assert_eq!(answer.headers()["etag"], "\"3\"");
    let body: Value = answer.json().await.unwrap();
    assert_eq!(body["move"]["ply"], 1);
    assert_eq!(body["game"]["to_move"], "north");
    assert_eq!(body["game"]["version"], 3);

    let notation = first_legal(&app, &game.id).await;
    let send = app
        .request(reqwest::Method::POST, &path)
        .bearer_auth(&game.north.token)
        .header("idempotency-key", "north-2")
        .json(&json!({ "move": notation, "ply": 2 }));
    let (waiting, answer) = statement_waiting_for(&app, &game.id, send).await;
    assert!(
        waiting.contains("FOR UPDATE OF g"),
        "a keyed move locks the game in its transaction: {waiting}"
    );
    assert_eq!(answer.status(), StatusCode::CREATED);
    assert_eq!(app.count_moves().await, 2);
}

#[tokio::test]
async fn a_refused_move_answers_as_through_the_transaction() {
    let Some(app) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("moves::at_once");
        return;
    };
    let game: Match = app.active_game(json!({"preset": "classic"})).await;
    let stranger = app.player("stranger").await;
    let notation = first_legal(&app, &game.id).await;
    let body = json!({ "move": notation });
    // The node committed the join: the game is kept, South to move.
    let refused = app.play(&game.id, &game.north.token, body.clone()).await;
    assert_problem(refused, 409, "not_your_turn").await;
    let refused = app.play(&game.id, &stranger.token, body.clone()).await;
    assert_problem(refused, 403, "not_a_player").await;
    // Of the shape of a token, but nobody's.
    let nobody = format!("oq_{}", "A".repeat(43));
    let refused = app.play(&game.id, &nobody, body.clone()).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    let stale = json!({ "move": notation, "ply": 2 });
    let refused = app.play(&game.id, &game.south.token, stale).await;
    assert_problem(refused, 409, "stale_ply").await;
    let refused = app
        .post_with_headers(
            &format!("/v1/games/{}/moves", game.id),
            &game.south.token,
            &body,
            &[("if-match", "\"1\"")],
        )
        .await;
    assert_problem(refused, 412, "precondition_failed").await;
    assert_eq!(app.count_moves().await, 0, "nothing stored");
    let played = app.play(&game.id, &game.south.token, body).await;
    assert_eq!(played.status(), StatusCode::CREATED);
    assert_eq!(app.count_moves().await, 1);
}

#[tokio::test]
async fn a_node_whose_game_moved_on_elsewhere_plays_on_the_stored_game() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("moves::at_once");
        return;
    };
    let b = a.sibling().await;
    let game: Match = a.active_game(json!({"preset": "classic"})).await;
    let south_1 = first_legal(&a, &game.id).await;
    let played = a
        .play(&game.id, &game.south.token, json!({ "move": south_1 }))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
    // Node A keeps the game at version 3, North to move; North moves on B.
    let north_1 = first_legal(&b, &game.id).await;
    let played = b
        .play(&game.id, &game.north.token, json!({ "move": north_1 }))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);

    // On A, North again: A's game says North is to move, the stored one
    // says South.
    let south_2 = first_legal(&a, &game.id).await;
    let again = a
        .play(&game.id, &game.north.token, json!({ "move": south_2 }))
        .await;
    assert_problem(again, 409, "not_your_turn").await;
    let played = a
        .play(
            &game.id,
            &game.south.token,
            json!({ "move": south_2, "ply": 3 }),
        )
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
    assert_eq!(played.headers()["etag"], "\"5\"");
    let body: Value = played.json().await.unwrap();
    assert_eq!(body["move"]["ply"], 3);
    assert_eq!(body["game"]["moves_played"], 3);
    assert_eq!(a.count_moves().await, 3);
}
