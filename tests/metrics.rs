// Own binary: its tests read the process's metrics recorder, which other tests would move.
//! `GET /metrics`: requests by route template and status,
//! moves played, games by status, open streams and the database pool, in
//! the Prometheus text format.
//!
//! The recorder is the process's: the servers of this file's tests share
//! it, so counters are compared before and after, one test at a time.

#[path = "api/helpers/mod.rs"]
mod helpers;

use helpers::TestApp;
use reqwest::StatusCode;
use serde_json::json;
use tokio::sync::Mutex;

/// Held by each test while it compares counters.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// Another instance of `app`'s application, on its database, that serves
/// `/metrics` on its own address (`--metrics-public`).
async fn public(app: &TestApp) -> TestApp {
    app.sibling_with(|settings| settings.operations.metrics_public = true)
        .await
}

async fn scrape(app: &TestApp) -> String {
    scrape_at(&app.url("/metrics")).await
}

async fn scrape_at(url: &str) -> String {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    response.text().await.unwrap()
}

/// Scrapes `app` until `done` holds of the text (a background task's
/// effect), for at most 10 s.
async fn scrape_until(app: &TestApp, done: impl Fn(&str) -> bool) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let text = scrape(app).await;
        if done(&text) {
            return text;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "never reached: {text}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// The value of the sample `name{labels}` (`labels` as the exporter writes
/// them, in order), 0 when absent.
fn sample(text: &str, name: &str, labels: &str) -> f64 {
    let series = if labels.is_empty() {
        name.to_owned()
    } else {
        format!("{name}{{{labels}}}")
    };
    text.lines()
        .find_map(|line| line.strip_prefix(&series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.parse().unwrap())
}

const GAME_ROUTE: &str = r#"method="GET",route="/v1/games/{id}",status="200""#;

backend_tests! {
    async fn requests_are_counted_by_route_template_and_moves_by_number(app) {
        let app = public(&app).await;
        let _one = ONE_AT_A_TIME.lock().await;
        let game = app.active_game(json!({"preset": "classic"})).await;
        let before = scrape(&app).await;
        let state = app.open(&game.id).await;
        let played = state["moves_played"].as_u64().unwrap();
        assert_eq!(played, 4);
        app.game(&game.id).await;
        app.game(&game.id).await;
        let missing = app.get("/v1/games/nope").await.status();
        let after = scrape(&app).await;

        let moves = "oanquan_moves_played_total";
        assert_eq!(sample(&after, moves, "") - sample(&before, moves, ""), played as f64);
        assert_eq!(
            sample(&after, "oanquan_http_requests_total", GAME_ROUTE)
                - sample(&before, "oanquan_http_requests_total", GAME_ROUTE),
            // `open` reads the game once, then the two reads here.
            3.0
        );
        let moves_route = r#"method="POST",route="/v1/games/{id}/moves",status="201""#;
        assert_eq!(
            sample(&after, "oanquan_http_requests_total", moves_route)
                - sample(&before, "oanquan_http_requests_total", moves_route),
            played as f64
        );
        let refused = format!(
            r#"method="GET",route="/v1/games/{{id}}",status="{}""#,
            missing.as_u16()
        );
        assert!(sample(&after, "oanquan_http_requests_total", &refused) >= 1.0);
        assert!(
            sample(&after, "oanquan_http_request_duration_seconds_count", GAME_ROUTE) >= 3.0,
            "{after}"
        );
        // On PostgreSQL each move is one statement (the node committed the
        // game's every change); on SQLite a transaction.
        let statements = "oanquan_db_move_statement_seconds_count";
        let one_statement = sample(&after, statements, "") - sample(&before, statements, "");
        let transactions_per_move = match app.backend {
            helpers::Backend::Sqlite => {
                assert_eq!(one_statement, 0.0);
                1.0
            }
            helpers::Backend::Postgres => {
                assert_eq!(one_statement, played as f64);
                0.0
            }
        };
        for transactions in ["oanquan_db_write_begin_seconds_count", "oanquan_db_commit_seconds_count"] {
            assert!(
                sample(&after, transactions, "") - sample(&before, transactions, "")
                    >= transactions_per_move * played as f64,
                "{transactions}: a transaction per move on SQLite"
            );
        }
        // Never a raw path.
        assert!(!after.contains(&game.id), "{after}");
    }

    async fn games_not_over_are_counted_by_a_task_and_the_rest_when_scraped(app) {
        let _one = ONE_AT_A_TIME.lock().await;
        let lan = app.player("Lan").await;
        app.create_game(&lan.token, json!({"seat": "south"})).await;
        app.active_game(json!({"preset": "classic"})).await;
        let cancelled = app.create_game(&lan.token, json!({"seat": "north"})).await;
        let id = cancelled["id"].as_str().unwrap();
        assert_eq!(app.act(id, "cancel", &lan.token).await.status(), StatusCode::OK);
        let app = app
            .sibling_with(|settings| {
                settings.operations.metrics_public = true;
                settings.operations.metrics_games_every_ms = 20;
            })
            .await;
        // This test's database alone: exact counts, once the task counted.
        let text = scrape_until(&app, |text| {
            sample(text, "oanquan_games", r#"status="waiting""#) == 1.0
                && sample(text, "oanquan_games", r#"status="active""#) == 1.0
        })
        .await;
        // Final statuses are not counted (their games only grow in number).
        assert!(!text.contains(r#"oanquan_games{status="cancelled"}"#), "{text}");
        assert!(text.contains("oanquan_streams_open "), "{text}");
        assert!(text.contains("oanquan_db_pool_connections{"), "{text}");
        assert!(text.contains("oanquan_sweeper_runs_total "), "{text}");
    }

    async fn metrics_is_outside_the_spec_and_get_only(app) {
        let _one = ONE_AT_A_TIME.lock().await;
        let app = public(&app).await;
        let spec: serde_json::Value = app.get("/openapi.json").await.json().await.unwrap();
        assert!(spec["paths"].get("/metrics").is_none());
        // The spec's strict query guard does not apply to it.
        assert_eq!(app.get("/metrics?anything=1").await.status(), StatusCode::OK);
        let post = app.post_json("/metrics", &json!({}), None).await;
        assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}

backend_tests! {
    async fn metrics_are_not_served_on_the_api_address_unless_asked_for(app) {
        let _one = ONE_AT_A_TIME.lock().await;
        // By default an unknown path, like any other.
        let hidden = helpers::assert_problem(app.get("/metrics").await, 404, "not_found").await;
        assert!(!hidden.to_string().contains("oanquan_"), "{hidden}");
        let public = public(&app).await;
        scrape(&public).await;
    }
}

#[tokio::test]
async fn metrics_may_have_a_listener_of_their_own() {
    let _one = ONE_AT_A_TIME.lock().await;
    let app = TestApp::spawn_with(helpers::Backend::Sqlite, |settings| {
        settings.operations.metrics_bind = Some("127.0.0.1:0".to_owned());
    })
    .await
    .unwrap();
    let port = app.metrics_port.expect("a metrics port");
    assert_ne!(port, app.port);
    // Not on the API's address.
    assert_eq!(app.get("/metrics").await.status(), StatusCode::NOT_FOUND);
    let own = reqwest::get(format!("http://127.0.0.1:{port}/metrics"))
        .await
        .unwrap();
    assert_eq!(own.status(), StatusCode::OK);
    let text = own.text().await.unwrap();
    assert!(text.contains("oanquan_streams_open "), "{text}");
    app.stop(true).await;
    // It stops right after the API's server.
    let stopped = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while reqwest::get(format!("http://127.0.0.1:{port}/metrics"))
            .await
            .is_ok()
        {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(
        stopped.is_ok(),
        "the metrics listener stops with the server"
    );
}
