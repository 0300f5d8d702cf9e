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
        for transactions in ["oanquan_db_write_begin_seconds_count", "oanquan_db_commit_seconds_count"] {
            assert!(
                sample(&after, transactions, "") - sample(&before, transactions, "") >= played as f64,
                "{transactions}: a transaction per move"
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

/// The series of `name` in a scrape: each sample line's `{…}` label set.
fn series<'a>(text: &'a str, name: &str) -> std::collections::BTreeSet<&'a str> {
    let prefix = format!("{name}{{");
    text.lines()
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .filter_map(|rest| rest.split_once("} ").map(|(labels, _)| labels))
        .collect()
}

/// The value of `label` in a label set as the exporter writes it.
fn label<'a>(labels: &'a str, label: &str) -> &'a str {
    let start = labels
        .find(&format!("{label}=\""))
        .unwrap_or_else(|| panic!("{label} in {labels}"))
        + label.len()
        + 2;
    let end = labels[start..].find('"').expect("a closing quote") + start;
    &labels[start..end]
}

/// The process's resident memory, in KiB (the server runs in this process).
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kib| kib.trim().parse().ok())
        .expect("a VmRSS line")
}

/// A token of `len` random letters and digits, as an attacker would send
/// for a method or a path segment.
fn token(len: usize) -> String {
    use rand::Rng;
    rand::thread_rng()
        .sample_iter(&rand::distributions::Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

/// `count` requests, 16 at a time: invented 8 KiB methods on invented
/// paths and on a route, and `GET`s of invented paths. Returns every
/// hundredth method sent.
async fn flood(app: &TestApp, count: usize) -> Vec<String> {
    use futures_util::StreamExt;
    let requests = (0..count).map(|i| {
        // Distinct in its first 32 bytes, long for its series' memory.
        let method = token(32) + &"Q".repeat(8 * 1024 - 32);
        let (method, path) = match i % 3 {
            0 => (method, format!("/{}/{}", token(12), token(200))),
            1 => (method, format!("/v1/games/{}", token(10))),
            _ => ("GET".to_owned(), format!("/nope/{}", token(400))),
        };
        let request = app.request(
            reqwest::Method::from_bytes(method.as_bytes()).expect("a token is a method"),
            &path,
        );
        // A few of the methods sent, to look for in the scrape.
        let kept = (i % 100 == 0).then_some(method);
        async move {
            let status = request.send().await.expect("an answer").status();
            assert!(!status.is_server_error(), "{status}");
            kept
        }
    });
    futures_util::stream::iter(requests)
        .buffer_unordered(16)
        .filter_map(|kept| async move { kept })
        .collect()
        .await
}

/// Requests with invented methods and paths, rate-limited or not, add no
/// series beyond the fixed set: the methods they count as are the
/// standard ones or `other`, the routes templates or `unmatched`, so the
/// scrape and the process stay small whatever is sent.
#[tokio::test]
async fn invented_methods_and_paths_add_no_series() {
    let _one = ONE_AT_A_TIME.lock().await;
    // The API's address keeps its rate limit; the scrapes go past it.
    let app = TestApp::spawn_with(helpers::Backend::Sqlite, |settings| {
        settings.operations.metrics_bind = Some("127.0.0.1:0".to_owned());
    })
    .await
    .unwrap();
    let metrics = format!("http://127.0.0.1:{}/metrics", app.metrics_port.unwrap());
    // The connections, buffers and the flood's own series exist after it.
    flood(&app, 300).await;
    scrape_at(&metrics).await;
    let before = scrape_at(&metrics).await;
    let resident_before = resident_kib();
    let sent = flood(&app, 3000).await;
    let resident_after = resident_kib();
    let after = scrape_at(&metrics).await;

    let requests = series(&after, "oanquan_http_requests_total");
    let standard = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other",
    ];
    for labels in &requests {
        assert!(standard.contains(&label(labels, "method")), "{labels}");
        let route = label(labels, "route");
        assert!(route == "unmatched" || route.starts_with('/'), "{labels}");
        assert!(route.len() < 100, "{labels}");
    }
    // At most the flood's fixed set is new (the 300 made most of it; the
    // 3,000 pass the rate limit's burst too): methods `other` and `GET`,
    // routes `unmatched` and `/v1/games/{id}`, and 404, 405 or 429 each.
    let earlier = series(&before, "oanquan_http_requests_total");
    let new: Vec<_> = requests.difference(&earlier).collect();
    assert!(new.len() <= 2 * 2 * 3, "{new:#?}");
    for invented in sent.iter().filter(|method| method.len() > 100) {
        assert!(!after.contains(invented.as_str()));
    }
    assert!(
        after.len() < 200 * 1024,
        "the scrape is {} bytes",
        after.len()
    );
    // Unbounded series took 31 KiB a request (+47 MB for 1,500); 20 MiB is
    // far above what the flood's own buffers leave behind.
    let grown = resident_after.saturating_sub(resident_before);
    assert!(grown < 20 * 1024, "resident memory grew by {grown} KiB");
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
