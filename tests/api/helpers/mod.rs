//! Test harness: the real `Application` on 127.0.0.1:0 with a fresh database
//! per test, driven over HTTP with reqwest.
//!
//! SQLite tests get a file in a fresh temp dir. Postgres tests get their own
//! randomly named database, dropped afterwards, on the server
//! `OANQUAN_TEST_POSTGRES_URL` names or else on a throwaway cluster the
//! suite starts when PostgreSQL is installed ([`postgres`]).

#![allow(dead_code)] // each test crate uses its own subset

use std::io::Write;

use oanquan::config::Config;
use oanquan::games::SharedTime;
use oanquan::startup::Application;
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use oanquan::telemetry;
use oanquan::telemetry::LogFormat;
use rand::distributions::{Alphanumeric, DistString};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection};
use tempfile::TempDir;

pub mod bots;
pub mod games;
pub mod lines;
pub mod pg_cluster;
pub mod postgres;
pub mod process;
pub mod ratings;
pub mod records;
pub mod streams;
pub mod trace;

pub const POSTGRES_URL_VAR: &str = "OANQUAN_TEST_POSTGRES_URL";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Writes the test for each backend once: `backend_tests! { async fn name(app) { … } }`
/// makes `name::sqlite` and `name::postgres`, each with its own `app`.
#[macro_export]
macro_rules! backend_tests {
    ($( $(#[$attr:meta])* async fn $name:ident($app:ident) $body:block )*) => {
        $(
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                $(#[$attr])*
                #[tokio::test]
                async fn sqlite() {
                    let $app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Sqlite)
                        .await
                        .expect("SQLite is always available");
                    $body
                }

                $(#[$attr])*
                #[tokio::test]
                async fn postgres() {
                    let Some($app) =
                        $crate::helpers::TestApp::spawn($crate::helpers::Backend::Postgres).await
                    else {
                        $crate::helpers::report_skip(module_path!());
                        return;
                    };
                    $body
                }
            }
        )*
    };
}

/// Runs a test that sets up its own app once per backend, for tests whose
/// settings differ from [`backend_tests!`]'s: either
/// `on_both_backends! { async fn name(backend) { … } }`, or
/// `on_both_backends! { name => test_fn, … }` for `async fn test_fn(Backend)`.
/// Each makes `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! on_both_backends {
    ($( $(#[$attr:meta])* async fn $name:ident($backend:ident) $body:block )*) => {
        $(
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                async fn run($backend: $crate::helpers::Backend) $body

                $(#[$attr])*
                #[tokio::test]
                async fn sqlite() {
                    run($crate::helpers::Backend::Sqlite).await;
                }

                $(#[$attr])*
                #[tokio::test]
                async fn postgres() {
                    run($crate::helpers::Backend::Postgres).await;
                }
            }
        )*
    };
    ($($name:ident => $test:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    super::$test($crate::helpers::Backend::Sqlite).await;
                }

                #[tokio::test]
                async fn postgres() {
                    super::$test($crate::helpers::Backend::Postgres).await;
                }
            }
        )*
    };
}

#[allow(unused_imports)] // each test crate uses its own subset
pub use postgres::report_skip;

/// The admin URL of the PostgreSQL the tests use ([`postgres`]), if any.
pub fn postgres_admin_url() -> Option<String> {
    postgres::admin_url().ok()
}

pub struct TestApp {
    pub address: String,
    pub port: u16,
    /// The metrics' own port, when the settings gave them a listener.
    pub metrics_port: Option<u16>,
    pub backend: Backend,
    pub client: reqwest::Client,
    /// The application's own pool, to look at what was stored.
    pub store: Store,
    handle: oanquan::startup::StopHandle,
    /// Shared by sibling instances; the database goes when the last does.
    database: std::sync::Arc<TestDatabase>,
}

/// What a test may adjust before its application starts: the
/// configuration, and the time source its Games layer reads.
pub struct Settings {
    pub config: Config,
    pub time: SharedTime,
}

impl std::ops::Deref for Settings {
    type Target = Config;

    fn deref(&self) -> &Config {
        &self.config
    }
}

impl std::ops::DerefMut for Settings {
    fn deref_mut(&mut self) -> &mut Config {
        &mut self.config
    }
}

impl TestApp {
    /// `None` only for Postgres when there is none ([`postgres`]).
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, |_| {}).await
    }

    /// Like [`TestApp::spawn`], with the settings adjusted first.
    pub async fn spawn_with(
        backend: Backend,
        customise: impl FnOnce(&mut Settings),
    ) -> Option<TestApp> {
        if std::env::var_os("TEST_LOG").is_some() {
            telemetry::init(LogFormat::Text);
        }
        let database = std::sync::Arc::new(TestDatabase::create(backend).await?);
        Some(Self::start(backend, database, customise).await)
    }

    /// A PostgreSQL app on a fresh database of the server `admin_url`
    /// names (e.g. a [`pg_cluster::Cluster`] of the test's own).
    pub async fn spawn_on_postgres(
        admin_url: &str,
        customise: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let database = std::sync::Arc::new(TestDatabase::on_postgres(admin_url.to_owned()).await);
        Self::start(Backend::Postgres, database, customise).await
    }

    /// Like [`TestApp::spawn`], on a database that `prepare` sets up first
    /// (given its URL), as an upgrade finds it: e.g. an older schema with
    /// rows in it.
    pub async fn spawn_prepared(
        backend: Backend,
        prepare: impl AsyncFnOnce(&str),
    ) -> Option<TestApp> {
        // On Citus the database is distributed after its upgrade, as an
        // existing one would be.
        let database = std::sync::Arc::new(TestDatabase::create_as(backend, false).await?);
        prepare(&database.url()).await;
        database.distribute_on_citus().await;
        Some(Self::start(backend, database, |_| {}).await)
    }

    /// Another instance of the application on this one's database, as a
    /// second node behind a load balancer would be.
    pub async fn sibling(&self) -> TestApp {
        Self::start(self.backend, self.database.clone(), |_| {}).await
    }

    /// Like [`TestApp::sibling`], with the settings adjusted first.
    pub async fn sibling_with(&self, customise: impl FnOnce(&mut Settings)) -> TestApp {
        Self::start(self.backend, self.database.clone(), customise).await
    }

    async fn start(
        backend: Backend,
        database: std::sync::Arc<TestDatabase>,
        customise: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let mut settings = Settings {
            config: Config::local(DatabaseSettings {
                url: database.url().parse().expect("test database URL"),
                max_connections: 5,
            }),
            time: SharedTime::default(),
        };
        // Every test registers its players from 127.0.0.1; the tests of the
        // limit set it themselves.
        settings.network.max_registrations_per_hour = 0;
        customise(&mut settings);

        let app = Application::build_with(settings.config, settings.time)
            .await
            .expect("the application builds");
        let port = app.port();
        let metrics_port = app.metrics_port();
        let store = app.store().clone();
        let handle = app.handle();
        tokio::spawn(app.run_until_stopped());

        TestApp {
            address: format!("http://127.0.0.1:{port}"),
            port,
            metrics_port,
            backend,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("reqwest client"),
            store,
            handle,
            database,
        }
    }

    /// Stops this instance as `SIGTERM` would (its streams end first, at
    /// once, not when the future is awaited); resolves when it has stopped.
    #[allow(dead_code)] // each test crate uses its own subset
    pub fn stop(&self, graceful: bool) -> impl std::future::Future<Output = ()> {
        self.handle.stop(graceful)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.client.request(method, self.url(path))
    }

    pub async fn get(&self, path: &str) -> Response {
        self.request(Method::GET, path)
            .send()
            .await
            .expect("GET request")
    }

    pub async fn get_with_token(&self, path: &str, token: &str) -> Response {
        self.request(Method::GET, path)
            .bearer_auth(token)
            .send()
            .await
            .expect("GET request")
    }

    pub async fn post_json(&self, path: &str, body: &Value, token: Option<&str>) -> Response {
        let mut request = self.request(Method::POST, path).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("POST request")
    }

    /// POSTs raw bytes with the given `Content-Type` (none if `None`).
    pub async fn post_raw(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Response {
        let mut request = self.request(Method::POST, path).body(body);
        if let Some(content_type) = content_type {
            request = request.header(reqwest::header::CONTENT_TYPE, content_type);
        }
        request.send().await.expect("POST request")
    }

    pub async fn create_player(&self, name: &str) -> Response {
        self.post_json("/v1/players", &serde_json::json!({ "name": name }), None)
            .await
    }

    /// `POST /v1/players` with an `Idempotency-Key`.
    pub async fn register_with_key(&self, name: &str, key: &str) -> Response {
        self.request(Method::POST, "/v1/players")
            .header("idempotency-key", key)
            .json(&serde_json::json!({ "name": name }))
            .send()
            .await
            .expect("POST /v1/players")
    }

    /// Registers a player and returns `(id, token)`.
    pub async fn register(&self, name: &str) -> (String, String) {
        let response = self.create_player(name).await;
        assert_eq!(
            response.status(),
            StatusCode::CREATED,
            "registering {name:?}"
        );
        let body: Value = response.json().await.expect("JSON body");
        (
            body["id"].as_str().expect("id").to_owned(),
            body["token"].as_str().expect("token").to_owned(),
        )
    }

    /// The people registered (the built-in bots are players too).
    pub async fn player_count(&self) -> i64 {
        self.scalar_i64("SELECT COUNT(*) FROM players WHERE bot_level IS NULL")
            .await
    }

    pub async fn scalar_i64(&self, sql: &str) -> i64 {
        match &self.store {
            Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
            Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
        }
        .expect("scalar query")
    }

    /// Runs a statement on the app's database with text, then float,
    /// parameters in order; returns the rows it changed.
    pub async fn execute(&self, sql: &str, texts: &[&str], floats: &[f64]) -> u64 {
        macro_rules! run {
            ($pool:expr) => {{
                let mut query = sqlx::query(sql);
                for text in texts {
                    query = query.bind(*text);
                }
                for float in floats {
                    query = query.bind(*float);
                }
                query.execute($pool).await.map(|r| r.rows_affected())
            }};
        }
        match &self.store {
            Store::Sqlite(pool) => run!(pool),
            Store::Postgres(pool) => run!(pool),
        }
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// The URL of this test's database, for running the binary on it.
    pub fn database_url(&self) -> String {
        self.database.url()
    }

    /// What `oanquan verify` finds in this app's database, one line each.
    pub async fn verify(&self) -> (oanquan::verify::Summary, Vec<String>) {
        let mut found = Vec::new();
        let summary = oanquan::verify::verify(&self.store, |m| found.push(m.to_string()))
            .await
            .expect("verify reads the database");
        (summary, found)
    }

    /// Asserts that every stored game replays to what is stored.
    pub async fn assert_verified(&self) {
        let (summary, found) = self.verify().await;
        assert!(found.is_empty(), "verify found mismatches: {found:#?}");
        assert_eq!(summary.mismatches, 0);
    }

    /// The hash of a player's registration token (their oldest).
    pub async fn stored_token_hash(&self, player_id: &str) -> String {
        let sql = "SELECT token_hash FROM player_tokens WHERE player_id = $1 \
                   ORDER BY created_at LIMIT 1";
        match &self.store {
            Store::Sqlite(pool) => {
                sqlx::query_scalar(sql)
                    .bind(player_id)
                    .fetch_one(pool)
                    .await
            }
            Store::Postgres(pool) => {
                sqlx::query_scalar(sql)
                    .bind(player_id)
                    .fetch_one(pool)
                    .await
            }
        }
        .expect("token hash query")
    }

    /// Whether `value` appears anywhere in the text a database reader
    /// could see of players, their tokens and saved responses.
    pub async fn database_contains(&self, value: &str) -> bool {
        let sql = "SELECT \
            (SELECT COUNT(*) FROM players WHERE id || name || COALESCE(skeleton_key, '') \
                || COALESCE(cased_skeleton_key, '') LIKE $1) \
          + (SELECT COUNT(*) FROM player_tokens WHERE id || label || token_hash LIKE $1) \
          + (SELECT COUNT(*) FROM idempotency_keys WHERE key || headers || body \
                || COALESCE(sealed_secret, '') LIKE $1) \
          + (SELECT COUNT(*) FROM registration_keys WHERE key_hash || headers || body \
                || sealed_secret LIKE $1)";
        let pattern = format!("%{value}%");
        let count: i64 = match &self.store {
            Store::Sqlite(pool) => sqlx::query_scalar(sql).bind(&pattern).fetch_one(pool).await,
            Store::Postgres(pool) => sqlx::query_scalar(sql).bind(&pattern).fetch_one(pool).await,
        }
        .expect("database search");
        count > 0
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Sends the stop command at once; nothing needs to await it.
        drop(self.handle.stop(false));
    }
}

/// Asserts that `response` is a problem with this status and code, and
/// returns its body.
pub async fn assert_problem(response: Response, status: u16, code: &str) -> Value {
    assert_eq!(
        response.status().as_u16(),
        status,
        "status of {}",
        response.url()
    );
    let content_type = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert_eq!(content_type, "application/problem+json");
    let body: Value = response.json().await.expect("problem body is JSON");
    assert_eq!(body["code"], code, "problem body: {body}");
    assert_eq!(body["status"], status, "problem body: {body}");
    assert_eq!(
        body["type"],
        format!("/problems/{code}"),
        "problem body: {body}"
    );
    assert!(
        body["title"].as_str().is_some_and(|t| !t.is_empty()),
        "title: {body}"
    );
    assert!(
        body["detail"].as_str().is_some_and(|d| !d.is_empty()),
        "detail: {body}"
    );
    body
}

enum TestDatabase {
    Sqlite(TempDir),
    Postgres {
        admin_url: String,
        name: String,
        url: String,
    },
}

impl TestDatabase {
    async fn create(backend: Backend) -> Option<Self> {
        Self::create_as(backend, true).await
    }

    /// A fresh database; with `citus`, distributed when the tests run on
    /// Citus ([`TestDatabase::distribute_on_citus`]).
    async fn create_as(backend: Backend, citus: bool) -> Option<Self> {
        match backend {
            Backend::Sqlite => Some(TestDatabase::Sqlite(tempfile::tempdir().expect("temp dir"))),
            Backend::Postgres => {
                let database = Self::on_postgres(postgres_admin_url()?).await;
                if citus {
                    database.distribute_on_citus().await;
                }
                Some(database)
            }
        }
    }

    /// With [`CITUS_WORKERS_VAR`] set, migrates this PostgreSQL database and
    /// distributes it over those workers (docs/SCALE-OUT.md); else nothing.
    async fn distribute_on_citus(&self) {
        if let (TestDatabase::Postgres { url, .. }, Some(workers)) = (self, citus_workers()) {
            distribute(url, &workers).await;
        }
    }

    async fn on_postgres(admin_url: String) -> Self {
        let name = format!(
            "oanquan_test_{}",
            Alphanumeric
                .sample_string(&mut rand::thread_rng(), 16)
                .to_lowercase()
        );
        let mut admin = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {admin_url}: {e}"));
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await
            .expect("CREATE DATABASE");
        let mut url = url::Url::parse(&admin_url).expect("Postgres URL");
        url.set_path(&format!("/{name}"));
        TestDatabase::Postgres {
            admin_url,
            name,
            url: url.to_string(),
        }
    }

    fn url(&self) -> String {
        match self {
            TestDatabase::Sqlite(dir) => {
                format!("sqlite://{}", dir.path().join("oanquan.db").display())
            }
            TestDatabase::Postgres { url, .. } => url.clone(),
        }
    }
}

/// Names the Citus workers (`HOST:PORT,…`, as the coordinator reaches
/// them) when `OANQUAN_TEST_POSTGRES_URL` is a Citus coordinator: each
/// test's database is then distributed over them
/// (`scripts/citus-check.sh` sets both).
pub const CITUS_WORKERS_VAR: &str = "OANQUAN_TEST_CITUS_WORKERS";

fn citus_workers() -> Option<Vec<oanquan::store::Worker>> {
    let text = std::env::var(CITUS_WORKERS_VAR).ok()?;
    let workers = text
        .split(',')
        .filter(|worker| !worker.is_empty())
        .map(|worker| {
            worker
                .parse()
                .unwrap_or_else(|e| panic!("{CITUS_WORKERS_VAR}: {e}"))
        })
        .collect::<Vec<_>>();
    (!workers.is_empty()).then_some(workers)
}

/// Migrates the database at `url` and distributes it, as `oanquan
/// distribute` does, in few shards (the tests' games are few).
async fn distribute(url: &str, workers: &[oanquan::store::Worker]) {
    let store = Store::connect(&DatabaseSettings {
        url: url.parse().expect("test database URL"),
        max_connections: 1,
    })
    .await
    .expect("connect to the Citus coordinator");
    store.migrate().await.expect("migrations on Citus");
    store
        .distribute(workers, 4)
        .await
        .expect("distribute the test database");
    store.close().await;
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let TestDatabase::Postgres {
            admin_url, name, ..
        } = self
        else {
            return; // TempDir removes itself
        };
        let admin_url = admin_url.clone();
        let statement = format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#);
        // Drop runs inside the test's runtime, which cannot be blocked on;
        // a thread with its own runtime can. FORCE ends the app's sessions.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&admin_url).await.ok()?;
                admin.execute(statement.as_str()).await.ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(_))) {
            let _ = writeln!(
                std::io::stderr(),
                "warning: could not drop test database {name}"
            );
        }
    }
}

/// The target of the `Link` header's `rel` link (RFC 8288), if it has one.
pub fn link_to(response: &Response, rel: &str) -> Option<String> {
    let value = response.headers().get("link")?.to_str().unwrap();
    value.split(',').find_map(|link| {
        let (target, params) = link.trim().split_once(';')?;
        let named = params
            .split(';')
            .any(|p| p.trim() == format!("rel=\"{rel}\""));
        named.then(|| {
            target
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned()
        })
    })
}

/// A header of `response` as text, if it has it.
pub fn header_text(response: &Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
}
