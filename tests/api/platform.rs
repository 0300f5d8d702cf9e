//! Probes, rate limiting, request ids, Swagger UI, the database set-up and
//! the command line.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::process::LogLines;
use crate::helpers::{assert_problem, Backend, TestApp};
use oanquan::api::settings::RateLimitSettings;
use oanquan::store::{Store, WriteTx};
use reqwest::StatusCode;
use serde_json::Value;

backend_tests! {
    async fn health_and_ready_answer_ok(app) {
        for path in ["/health", "/ready"] {
            let response = app.get(path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body, serde_json::json!({"status": "ok"}));
        }
    }

    async fn ready_is_503_when_the_database_is_gone_while_health_stays_up(app) {
        app.store.close().await;
        assert_problem(app.get("/ready").await, 503, "database_unavailable").await;
        assert_eq!(app.get("/health").await.status(), StatusCode::OK);
        // Other endpoints that need the database answer 503 as well, not 500.
        assert_problem(app.create_player("Lan").await, 503, "database_unavailable").await;
    }

    async fn migrations_are_idempotent(app) {
        app.store.migrate().await.expect("a second run is a no-op");
        let folder = match app.backend {
            crate::helpers::Backend::Sqlite => "migrations/sqlite",
            crate::helpers::Backend::Postgres => "migrations/postgres",
        };
        let files = std::fs::read_dir(folder).unwrap().count() as i64;
        assert!(files >= 2);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM _sqlx_migrations").await, files);
    }

    async fn write_transactions_roll_back_on_drop_and_persist_on_commit(app) {
        let (id, _) = app.register("Kept").await;
        let id = oanquan::domain::PlayerId::parse(&id).unwrap();

        let mut tx = app.store.begin_write().await.unwrap();
        delete_all_players(&mut tx).await;
        assert!(tx.player_by_id(&id).await.unwrap().is_none(), "the transaction sees its delete");
        drop(tx);
        assert_eq!(app.player_count().await, 1);

        let mut tx = app.store.begin_write().await.unwrap();
        delete_all_players(&mut tx).await;
        tx.commit().await.unwrap();
        assert_eq!(app.player_count().await, 0);
    }

    async fn every_response_carries_a_distinct_request_id(app) {
        let mut seen = std::collections::HashSet::new();
        for path in ["/health", "/nope", "/v1/players/aaaaaaaaaa"] {
            let response = app.get(path).await;
            let id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
            assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
            assert!(seen.insert(id));
        }
    }
}

async fn delete_all_players(tx: &mut WriteTx) {
    for sql in ["DELETE FROM player_tokens", "DELETE FROM players"] {
        tx.execute_sql(sql).await.unwrap();
    }
}

#[tokio::test]
async fn sqlite_runs_in_wal_mode_with_normal_sync_busy_timeout_and_foreign_keys() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let Store::Sqlite(pool) = &app.store else {
        unreachable!()
    };
    let journal_mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(journal_mode, "wal");
    let pragma = |name: &'static str| async move {
        sqlx::query_scalar::<_, i64>(&format!("PRAGMA {name}"))
            .fetch_one(pool)
            .await
            .unwrap()
    };
    assert_eq!(pragma("synchronous").await, 1); // NORMAL
    assert_eq!(pragma("foreign_keys").await, 1);
    assert_eq!(pragma("busy_timeout").await, 5000);
}

/// `BEGIN IMMEDIATE` takes the write lock at the start: a second writer
/// waits in `begin_write` until the first commits, instead of failing later.
#[tokio::test]
async fn sqlite_write_transactions_take_the_lock_up_front() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let first = app.store.begin_write().await.unwrap();

    let store = app.store.clone();
    let second = tokio::spawn(async move {
        let tx = store.begin_write().await.unwrap();
        let began = Instant::now();
        tx.commit().await.unwrap();
        began
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !second.is_finished(),
        "the second writer began while the first held the lock"
    );
    let first_commits = Instant::now();
    first.commit().await.unwrap();
    let second_began = second.await.unwrap();
    assert!(
        second_began >= first_commits,
        "the second writer began {:?} before the first committed",
        first_commits - second_began
    );
}

#[tokio::test]
async fn swagger_ui_is_served_from_the_binary_and_points_at_the_spec() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let redirect = app.get("/docs").await;
    assert_eq!(redirect.status(), StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(redirect.headers()["location"], "/docs/");

    let index = app.get("/docs/").await;
    assert_eq!(index.status(), StatusCode::OK);
    let html = index.text().await.unwrap();
    assert!(html.contains("swagger-ui"), "{html}");
    assert!(
        !html.contains("https://"),
        "Swagger UI must not load from a CDN"
    );

    let initializer = app
        .get("/docs/swagger-initializer.js")
        .await
        .text()
        .await
        .unwrap();
    assert!(initializer.contains(r#""/openapi.json""#), "{initializer}");
    assert!(
        initializer.contains(r#""validatorUrl": "none""#),
        "{initializer}"
    );
}

#[tokio::test]
async fn rate_limit_answers_429_problem_with_retry_after() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.rate_limit = RateLimitSettings {
            per_second: 1,
            burst: 3,
        }
    })
    .await
    .unwrap();

    for _ in 0..3 {
        assert_eq!(app.get("/problems/internal").await.status(), StatusCode::OK);
    }
    let limited = app.get("/problems/internal").await;
    let retry_after: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry_after), "Retry-After: {retry_after}");
    assert!(limited.headers().contains_key("x-request-id"));
    assert_problem(limited, 429, "rate_limited").await;

    // Unknown routes count too; the probes never do.
    assert_problem(app.get("/nope").await, 429, "rate_limited").await;
    for _ in 0..10 {
        assert_eq!(app.get("/health").await.status(), StatusCode::OK);
        assert_eq!(app.get("/ready").await.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn rate_limit_headers_count_down_on_every_answer() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.rate_limit = RateLimitSettings {
            per_second: 1,
            burst: 3,
        }
    })
    .await
    .unwrap();
    let headers = |response: &reqwest::Response| {
        (
            response.headers()["ratelimit-policy"]
                .to_str()
                .unwrap()
                .to_owned(),
            response.headers()["ratelimit"].to_str().unwrap().to_owned(),
        )
    };
    // A quota of 3 that comes back whole in 3 × 1 s. Each answer: what is
    // left, and the seconds until the quota is whole again (one per
    // request spent, the first within 1 s).
    let policy = r#""per-client";q=3;w=3"#.to_owned();
    let first = app.get("/nope").await;
    assert_eq!(first.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        headers(&first),
        (policy.clone(), r#""per-client";r=2;t=1"#.to_owned())
    );
    let second = app.get("/problems/internal").await;
    assert_eq!(second.status(), StatusCode::OK);
    assert_eq!(
        headers(&second),
        (policy.clone(), r#""per-client";r=1;t=2"#.to_owned())
    );
    let third = app
        .post_json("/v1/analysis", &serde_json::json!({}), None)
        .await;
    assert_eq!(
        headers(&third),
        (policy.clone(), r#""per-client";r=0;t=3"#.to_owned())
    );
    // Refused: nothing left; whole again once the first request's
    // allowance (under 1 s away) and the two others' have come back.
    let limited = app.get("/problems/internal").await;
    assert_eq!(
        headers(&limited),
        (policy, r#""per-client";r=0;t=3"#.to_owned())
    );
    assert_eq!(limited.headers()["retry-after"], "1");
    assert_problem(limited, 429, "rate_limited").await;
    // The probes are not limited and say nothing of a quota.
    let health = app.get("/health").await;
    assert_eq!(health.status(), StatusCode::OK);
    assert!(!health.headers().contains_key("ratelimit"));
    assert!(!health.headers().contains_key("ratelimit-policy"));
}

#[tokio::test]
async fn a_zero_rate_limit_setting_disables_limiting() {
    for settings in [
        RateLimitSettings::disabled(),
        RateLimitSettings {
            per_second: 0,
            burst: 1,
        },
        RateLimitSettings {
            per_second: 1,
            burst: 0,
        },
    ] {
        let app = TestApp::spawn_with(Backend::Sqlite, |s| s.rate_limit = settings.clone())
            .await
            .unwrap();
        for _ in 0..20 {
            let response = app.get("/problems/internal").await;
            assert_eq!(response.status(), StatusCode::OK);
            assert!(!response.headers().contains_key("ratelimit"));
        }
    }
}

fn oanquan() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oanquan"));
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("OANQUAN_") {
            command.env_remove(name);
        }
    }
    command
}

#[test]
fn cli_openapi_prints_the_committed_spec() {
    let output = oanquan().arg("openapi").output().unwrap();
    assert!(output.status.success());
    let committed = std::fs::read_to_string("openapi/openapi.json").unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), committed);
}

#[test]
fn cli_openapi_prints_the_committed_3_0_rendition() {
    let output = oanquan()
        .args(["openapi", "--openapi-version", "3.0"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let committed = std::fs::read_to_string("openapi/openapi-3.0.json").unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), committed);
}

#[test]
fn cli_migrate_uses_oanquan_database_url_and_ignores_database_url() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("migrated.db");
    let output = oanquan()
        .arg("migrate")
        .env("OANQUAN_DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:1/never")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(db.exists());
}

#[test]
fn cli_rejects_an_unknown_database_scheme() {
    let output = oanquan()
        .args(["migrate", "--database-url", "mysql://x@y/z"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("sqlite://"));
}

/// The binary with no subcommand serves; JSON logs carry the request id
/// that the response returns.
#[tokio::test]
async fn cli_serves_by_default_and_logs_json_lines_with_the_request_id() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = oanquan()
        .args([
            "--bind",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--workers",
            "1",
        ])
        .arg("--database-url")
        .arg(format!(
            "sqlite://{}",
            dir.path().join("served.db").display()
        ))
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = LogLines::of(&mut child);
    let next_entry = || lines.next_entry(Duration::from_secs(30));
    let address = lines.address(Duration::from_secs(30));
    let response = reqwest::get(format!("{address}/health")).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let request_id = response.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();

    let finished = loop {
        let entry = next_entry();
        if entry["message"] == "request finished" {
            break entry;
        }
    };
    child.kill().unwrap();
    child.wait().unwrap();

    assert_eq!(finished["span"]["request_id"], request_id.as_str());
    assert_eq!(finished["status"], 200);
    assert!(finished["latency_ms"].is_number(), "{finished}");
}
