//! POST /v1/analysis/best: best moves and exact values over real HTTP, on
//! both backends; the time bound and the concurrency cap.

use std::time::{Duration, Instant};

use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn best(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/v1/analysis/best", &body, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{body}");
    response.json().await.unwrap()
}

backend_tests! {
    async fn the_start_has_a_best_move_and_every_move_a_value(app) {
        let answer = best(&app, json!({"time_ms": 100})).await;
        let moves = answer["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 10);
        assert_eq!(answer["best_move"], moves[0]["move"]);
        assert_eq!(answer["pv"][0], answer["best_move"]);
        assert_eq!(answer["value"], moves[0]["value"]);
        assert_eq!(answer["exact"], false);
        assert!(answer["depth"].as_u64().unwrap() >= 1);
        assert!(answer["nodes"].as_u64().unwrap() > 0);
        assert!(answer["time_ms"].as_u64().is_some());
    }

    async fn a_position_near_max_plies_is_solved_exactly(app) {
        // Two plies before the end of a 50-ply game: the sweep decides.
        let answer = best(&app, json!({
            "rules": {"preset": "classic", "max_plies": 50},
            "position": "M0,0,1,0,0,1,M0,1,0,0,1,0 s 20:0 20:0 49",
        })).await;
        assert_eq!(answer["exact"], true, "{answer}");
        assert!(answer["moves"].as_array().unwrap().iter().all(|m| m["exact"] == true));
        assert!(answer["value"].as_f64().unwrap().fract() == 0.0);
    }

    async fn a_capture_chain_through_a_mandarin_square_is_found(app) {
        let answer = best(&app, json!({
            "position": "M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20",
            "depth": 8,
        })).await;
        assert_eq!(answer["best_move"], "3R", "{answer}");
    }

    async fn the_worked_ending_of_the_rules_is_solved(app) {
        // RULES.md §5: 3L takes the last mandarin and ends the game 33-37;
        // that move's value is exact, the others' (longer games) estimates.
        let answer = best(&app, json!({
            "rules": {"max_plies": 50},
            "position": "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
            "time_ms": 100,
        })).await;
        let three_l = answer["moves"].as_array().unwrap().iter().find(|m| m["move"] == "3L").unwrap();
        assert_eq!(three_l["value"], -4.0);
        assert_eq!(three_l["exact"], true);
    }

    async fn out_of_range_limits_are_refused_naming_the_field(app) {
        for (body, field) in [
            (json!({"time_ms": 2001}), "time_ms"),
            (json!({"time_ms": 0}), "time_ms"),
            (json!({"depth": 0}), "depth"),
            (json!({"depth": 500}), "depth"),
            (json!({"level": 8}), "level"),
        ] {
            let response = app.post_json("/v1/analysis/best", &body, None).await;
            let problem = assert_problem(response, 422, "invalid_search").await;
            assert!(problem["detail"].as_str().unwrap().starts_with(field), "{problem}");
        }
        let response = app
            .post_json("/v1/analysis/best", &json!({"position": "nonsense"}), None)
            .await;
        assert_problem(response, 422, "invalid_position").await;
        let response = app
            .post_json("/v1/analysis/best", &json!({"rules": {"max_plies": 3}}), None)
            .await;
        assert_problem(response, 422, "invalid_rules").await;
    }

    async fn the_time_budget_is_respected(app) {
        let started = Instant::now();
        let answer = best(&app, json!({"time_ms": 300})).await;
        // The search's own clock stops within a check interval of the
        // budget; the round trip gets slack for a loaded test machine (a
        // search that ignored the budget would run for minutes).
        assert!(answer["time_ms"].as_u64().unwrap() <= 600, "{answer}");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }

    async fn levels_and_seeds_are_deterministic_at_fixed_depth(app) {
        for level in 1..=7 {
            let body = json!({"level": level, "depth": 3, "seed": 9});
            let a = best(&app, body.clone()).await;
            let b = best(&app, body).await;
            assert_eq!(a["best_move"], b["best_move"], "level {level}");
        }
    }
}

/// One search slot and no queue: of several concurrent long searches,
/// one runs and the others are refused with 503 and `Retry-After`, and the
/// server answers again once it is done.
#[tokio::test]
async fn the_concurrency_cap_refuses_searches_beyond_it() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.analysis.max_searches = Some(1);
        settings.analysis.max_queued = 0;
    })
    .await
    .unwrap();
    let body = json!({"time_ms": 800});
    let requests = (0..4).map(|_| app.post_json("/v1/analysis/best", &body, None));
    let responses = futures_util::future::join_all(requests).await;
    let mut ok = 0;
    for response in responses {
        if response.status() == StatusCode::OK {
            ok += 1;
            continue;
        }
        assert_eq!(response.headers()["retry-after"], "1");
        assert_problem(response, 503, "analysis_busy").await;
    }
    assert_eq!(ok, 1);
    best(&app, json!({"time_ms": 10})).await;
}

/// By default anonymous searches may take half the machine's cores (at
/// least one): with no queue, of one more concurrent long search than
/// that, exactly one is refused with 503 and `Retry-After`.
#[tokio::test]
async fn by_default_searches_take_half_the_cores() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.analysis.max_queued = 0;
    })
    .await
    .unwrap();
    let cores = std::thread::available_parallelism().unwrap().get();
    // 1 or 2 cores: 1; 4: 2; 8: 4.
    let running = if cores < 4 { 1 } else { cores / 2 };
    let body = json!({"time_ms": 2000});
    let requests = (0..=running).map(|_| app.post_json("/v1/analysis/best", &body, None));
    let responses = futures_util::future::join_all(requests).await;
    let mut refused = 0;
    for response in responses {
        if response.status() == StatusCode::OK {
            continue;
        }
        refused += 1;
        assert_eq!(response.headers()["retry-after"], "1");
        assert_problem(response, 503, "analysis_busy").await;
    }
    assert_eq!(refused, 1);
}
