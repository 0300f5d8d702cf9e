//! Saved `Idempotency-Key` answers are forgotten after their lifetime by
//! the running app's own clean-up task, which reads the Games layer's
//! clock: the test moves a manual clock, and waits only for the task.

use std::sync::Arc;
use std::time::Duration;

use crate::helpers::games::Match;
use crate::helpers::{assert_problem, report_skip, Backend, TestApp};
use chrono::TimeDelta;
use oanquan::games::{ManualTime, SharedTime};
use oanquan::startup::IDEMPOTENCY_KEY_LIFETIME;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

/// An app whose Games layer reads a manual clock and whose clean-up task
/// looks every 20 ms.
async fn spawn(backend: Backend) -> Option<(TestApp, Arc<ManualTime>)> {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let app = TestApp::spawn_with(backend, move |settings| {
        settings.time = shared;
        settings.idempotency.sweep_every_ms = 20;
    })
    .await?;
    Some((app, time))
}

async fn play_with_key(
    app: &TestApp,
    game: &Match,
    seat: &str,
    notation: &str,
    key: &str,
) -> Response {
    let path = format!("/v1/games/{}/moves", game.id);
    app.post_with_headers(
        &path,
        game.token_of(seat),
        &json!({"move": notation}),
        &[("idempotency-key", key)],
    )
    .await
}

async fn saved_keys(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT COUNT(*) FROM idempotency_keys")
        .await
}

async fn keys_outlive_their_lifetime_only_until_the_clean_up_task_runs(backend: Backend) {
    let Some((app, time)) = spawn(backend).await else {
        report_skip(module_path!());
        return;
    };
    let game = app.active_game(json!({})).await;
    let first = play_with_key(&app, &game, "south", "3R", "old-key").await;
    assert_eq!(first.status(), StatusCode::CREATED);
    assert_problem(
        play_with_key(&app, &game, "south", "2R", "old-key").await,
        422,
        "idempotency_key_reused",
    )
    .await;

    time.advance(IDEMPOTENCY_KEY_LIFETIME - TimeDelta::hours(1));
    let young = play_with_key(&app, &game, "north", "1L", "young-key").await;
    assert_eq!(young.status(), StatusCode::CREATED);
    let young: Value = young.json().await.unwrap();
    assert_eq!(saved_keys(&app).await, 2);

    // The old key is now a second past its lifetime; the young one has an hour left.
    time.advance(TimeDelta::hours(1) + TimeDelta::seconds(1));
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while saved_keys(&app).await != 1 {
        assert!(
            std::time::Instant::now() < deadline,
            "the clean-up task never forgot the old key"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Forgotten: the old key names a new request, South's move at ply 3.
    let again = play_with_key(&app, &game, "south", "2R", "old-key").await;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert!(again.headers().get("idempotent-replayed").is_none());
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["move"]["ply"], 3);
    assert_eq!(again["move"]["notation"], "2R");
    // Kept: the young key still replays its answer, and refuses another body.
    let replayed = play_with_key(&app, &game, "north", "1L", "young-key").await;
    assert_eq!(replayed.headers()["idempotent-replayed"], "true");
    assert_eq!(replayed.json::<Value>().await.unwrap(), young);
    assert_problem(
        play_with_key(&app, &game, "north", "2L", "young-key").await,
        422,
        "idempotency_key_reused",
    )
    .await;
    assert_eq!(app.count_moves().await, 3);
}

#[tokio::test]
async fn sqlite() {
    keys_outlive_their_lifetime_only_until_the_clean_up_task_runs(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres() {
    keys_outlive_their_lifetime_only_until_the_clean_up_task_runs(Backend::Postgres).await;
}
