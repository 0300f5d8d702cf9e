//! Builds the application from its [`Config`]: the store, the Games
//! layer, the live hub, the bots' driver and the HTTP server.

use std::net::TcpListener;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::{from_fn, Compress, Condition, ErrorHandlers};
use actix_web::{web, App, HttpServer};
use anyhow::Context;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::SwaggerUi;

use crate::api::middleware::admission::{self, Admission};
use crate::api::middleware::connections::{self, BodyDeadline, ConnectionCap};
use crate::api::middleware::fallback::{self, RouteTable};
use crate::api::middleware::query_guard::{self, QueryTable};
use crate::api::middleware::rate_limit::{self, RateLimit};
use crate::api::middleware::read_ahead::{self, ReadAhead};
use crate::api::protocol::extractors;
use crate::api::protocol::search_pool::SearchPool;
use crate::api::{self, AppState};
use crate::config::Config;
use crate::games::{Games, SharedTime};
use crate::live::Hub;
use crate::store::Store;
use crate::telemetry;

/// Seconds given to open requests on shutdown before they are cut.
const SHUTDOWN_TIMEOUT_SECS: u64 = 10;
/// How long an `Idempotency-Key` keeps its response: a retry comes within
/// minutes; a day covers a client that was offline overnight.
pub const IDEMPOTENCY_KEY_LIFETIME: chrono::TimeDelta = chrono::TimeDelta::hours(24);

pub struct Application {
    port: u16,
    server: Server,
    /// The metrics' own server (`--metrics-bind`) and its port.
    metrics: Option<(Server, u16)>,
    live: Hub,
    store: Store,
    rate_limit: RateLimit,
    games: Games,
    tournaments: crate::tournaments::Tournaments,
    sweep_every: std::time::Duration,
    bots: crate::bots::BotSettings,
    bot_queue: crate::bots::Bots,
    idempotency_sweep_every: std::time::Duration,
    wal: crate::store::WalPlan,
    serves_metrics: bool,
    metrics_games_every: std::time::Duration,
    webhooks: crate::webhooks::Webhooks,
    /// Counts the finished games queued for the opening explorer.
    indexer: crate::explorer::Indexer,
}

impl Application {
    /// Connects to the database, applies migrations and binds the listener,
    /// with the machine's clock. Nothing is served until
    /// [`Application::run_until_stopped`].
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with(config, SharedTime::default()).await
    }

    /// [`Application::build`] with the Games layer reading `time` (a
    /// test's manual clock).
    pub async fn build_with(settings: Config, time: SharedTime) -> anyhow::Result<Self> {
        let wal = settings.sqlite.wal_plan();
        let store = Store::connect_with(&settings.database, wal)
            .await
            .context("cannot connect to the database")?;
        store.set_group_commit(settings.sqlite.group_commit.limits());
        let migrated = store
            .migrate()
            .await
            .context("cannot apply database migrations")?;
        tracing::info!(
            database = %settings.database.url.redacted(),
            backend = ?store.backend(),
            applied = migrated.applied,
            schema_version = migrated.version,
            "database ready: {} migration(s) applied, schema at version {}",
            migrated.applied,
            migrated.version
        );

        let listener = TcpListener::bind(&settings.http.bind)
            .with_context(|| format!("cannot listen on {}", settings.http.bind))?;
        let address = listener.local_addr()?;

        let spec = api::docs::openapi::spec();
        // Served as built: the 3.1 document and its 3.0 and 3.2 renditions.
        let documents = (
            api::docs::openapi::spec_value(),
            api::docs::openapi::spec_value_30(),
        );
        let document_32 = web::Data::new(api::docs::openapi::Document32(
            api::docs::openapi::spec_value_32(),
        ));
        let queries = web::Data::new(QueryTable::from_spec(&spec));
        let metrics_listener = match &settings.operations.metrics_bind {
            Some(bind) => Some(
                TcpListener::bind(bind)
                    .with_context(|| format!("cannot listen for metrics on {bind}"))?,
            ),
            None => None,
        };
        let metrics_here = settings.operations.metrics_public;
        let metrics_routes: &[&str] = if metrics_here {
            &[api::middleware::metrics::PATH]
        } else {
            &[]
        };
        let routes = web::Data::new(
            RouteTable::from_spec(&spec)
                .with_get_routes(&crate::web::ROUTES)
                .with_get_routes(metrics_routes),
        );
        // Installed before anything records.
        api::middleware::metrics::handle();
        let operations = settings.operations.clone();
        let games = Games::with_policy(time, settings.games.policy())
            .keeping_recent_games(settings.games.recent_games);
        games.hook(std::sync::Arc::new(crate::explorer::ExplorerHook::new(
            games.time().clone(),
        )));
        let indexer = crate::explorer::Indexer::new(&games, &settings.explorer);
        // Before any game can end: a tournament game's end records its result.
        let tournaments = crate::tournaments::Tournaments::new(&games);
        // Games whose deadline passed while no server ran end before any
        // request is served.
        let caught_up = games
            .sweep(&store)
            .await
            .context("cannot settle overdue games")?;
        if caught_up > 0 {
            tracing::info!(caught_up, "overdue games settled at start-up");
        }
        let created = store
            .ensure_bots(crate::search::Level::all().map(|level| level.number()))
            .await
            .context("cannot create the built-in bots")?;
        if created > 0 {
            tracing::info!(created, "built-in bots created");
        }
        let sweep_every = std::time::Duration::from_millis(settings.games.sweep_every_ms.max(10));
        let idempotency_sweep_every =
            std::time::Duration::from_millis(settings.idempotency.sweep_every_ms.max(10));
        let bots = crate::bots::Bots::new(&settings.bots.drive());
        let live = Hub::start(&games);
        let webhooks =
            crate::webhooks::Webhooks::new(store.clone(), games.clone(), settings.webhooks.clone())
                .context("cannot set up webhook deliveries")?;
        // This node's streams are told here; on PostgreSQL every other
        // node's hear of it from the announcement, which this node skips.
        let told = live.clone();
        let announcing = store.clone();
        webhooks.on_disabled(Box::new(move |disabled| {
            let notice = crate::live::Notice::WebhookDisabled {
                endpoint: disabled.endpoint.clone(),
                url: disabled.url.clone(),
                reason: disabled.reason.clone(),
                at: disabled.at,
            };
            told.tell_player(&disabled.player, notice);
            if !matches!(announcing, crate::store::Store::Postgres(_)) {
                return;
            }
            let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                return;
            };
            let announced = crate::store::WebhookDisabled {
                player: disabled.player.as_str().to_owned(),
                endpoint: disabled.endpoint.clone(),
                url: disabled.url.clone(),
                reason: disabled.reason.clone(),
                at: disabled.at,
                origin: told.node().to_owned(),
            };
            let store = announcing.clone();
            runtime.spawn(async move {
                if let Err(error) = store.announce_webhook_disabled(&announced).await {
                    tracing::warn!(%error, endpoint = %announced.endpoint, "cannot announce a disabled webhook endpoint");
                }
            });
        }));
        // A tournament's streams here hear of its changes at once; on
        // PostgreSQL every other node's hear of them from the announcement.
        let told = live.clone();
        let announcing = store.clone();
        tournaments.on_changed(Box::new(move |id| {
            told.tournament_changed(id);
            if !matches!(announcing, crate::store::Store::Postgres(_)) {
                return;
            }
            let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                return;
            };
            let (store, id) = (announcing.clone(), id.to_owned());
            runtime.spawn(async move {
                if let Err(error) = store.announce_tournament_changed(&id).await {
                    tracing::warn!(%error, tournament_id = %id, "tournament change unannounced");
                }
            });
        }));
        let reconcile_every = std::time::Duration::from_millis(settings.streams.reconcile_ms);
        live.follow_other_nodes(store.clone(), games.clone(), reconcile_every)
            .await;
        let state = web::Data::new(AppState {
            store: store.clone(),
            games: games.clone(),
            tournaments: tournaments.clone(),
            live: live.clone(),
            streams: settings.streams.clone(),
            stream_slots: crate::live::StreamSlots::new(
                settings.streams.max_per_ip,
                settings.streams.max_total,
            ),
            bots: bots.clone(),
            registrations_per_hour: settings.network.max_registrations_per_hour,
            webhooks: webhooks.clone(),
            explorer: settings.explorer.clone(),
        });
        let metrics = match metrics_listener {
            Some(listener) => Some(metrics_server(listener, state.clone())?),
            None => None,
        };
        let rate_limit = RateLimit::new(&settings.rate_limit);
        let search_pool = web::Data::new(SearchPool::new(&settings.analysis));
        // The tables themselves are loaded or built at first use.
        crate::search::oracle::configure(crate::search::oracle::Settings {
            stones: settings.endgame.stones,
            dir: settings.endgame.dir.clone(),
            threads: settings.analysis.running(),
        });
        let admission = settings
            .admission
            .max_waiting(settings.database.max_connections)
            .map(|max_waiting| {
                web::Data::new(Admission::new(
                    settings.database.max_connections,
                    max_waiting,
                    settings
                        .admission
                        .max_waiting_reads(settings.database.max_connections),
                    settings.admission.queue_timeout(),
                ))
            });

        let app_rate_limit = web::Data::new(rate_limit.clone());
        let connection_cap = ConnectionCap::new(&settings.network);
        let body_deadline = web::Data::new(BodyDeadline(std::time::Duration::from_secs(
            settings.network.body_read_timeout_secs,
        )));
        let read_ahead = web::Data::new(ReadAhead::default());
        let client_address = web::Data::new(telemetry::ClientAddress {
            trusted_proxies: settings.network.trusted_proxies.clone(),
        });
        let server = HttpServer::new(move || {
            let cors = api::middleware::cors::middleware(&operations);
            let mut app = App::new();
            if let Some(admission) = &admission {
                app = app.app_data(admission.clone());
            }
            app.wrap(from_fn(admission::admit))
                .wrap(from_fn(read_ahead::read_ahead))
                .wrap(from_fn(query_guard::guard))
                .wrap(Compress::default())
                .wrap(from_fn(api::middleware::head::as_get))
                .wrap(from_fn(connections::guard))
                .wrap(from_fn(rate_limit::limit))
                .wrap(Condition::new(cors.is_some(), cors.unwrap_or_default()))
                .wrap(ErrorHandlers::new().default_handler(fallback::problem_for_any_error))
                .wrap(from_fn(api::docs::swagger::headers))
                .wrap(from_fn(api::middleware::metrics::record_request))
                .wrap(from_fn(telemetry::access_log))
                .app_data(state.clone())
                .app_data(app_rate_limit.clone())
                .app_data(body_deadline.clone())
                .app_data(read_ahead.clone())
                .app_data(client_address.clone())
                .app_data(routes.clone())
                .app_data(queries.clone())
                .app_data(search_pool.clone())
                .app_data(extractors::json_config())
                .app_data(extractors::path_config())
                .app_data(extractors::query_config())
                .app_data(extractors::payload_config())
                .configure(|config| api::configure(&mut ServiceConfig::new(config)))
                .service(web::resource(api::docs::swagger::PATH).to(docs_moved))
                .service(
                    web::resource(api::docs::openapi::PATH_32)
                        .app_data(document_32.clone())
                        .get(api::docs::openapi::serve_32),
                )
                .service(
                    SwaggerUi::new("/docs/{_:.*}")
                        .external_urls_from_iter_unchecked([
                            ("/openapi.json", documents.0.clone()),
                            ("/openapi-3.0.json", documents.1.clone()),
                        ])
                        .config(api::docs::swagger::config()),
                )
                .configure(|config| {
                    if metrics_here {
                        api::middleware::metrics::configure(config)
                    }
                })
                .configure(crate::web::configure)
                .default_service(web::to(crate::web::no_route))
        })
        .on_connect(move |connection, data| connection_cap.on_connect(connection, data))
        .shutdown_signal(stop_signal(live.clone()))
        .shutdown_timeout(SHUTDOWN_TIMEOUT_SECS);
        let server = match settings.http.workers {
            Some(workers) => server.workers(workers),
            None => server,
        };
        let server = server.listen(listener)?.run();

        tracing::info!(
            backend = ?store.backend(),
            "listening on http://{address}"
        );
        Ok(Application {
            port: address.port(),
            server,
            metrics,
            live,
            store,
            rate_limit,
            games,
            tournaments,
            sweep_every,
            bots: settings.bots,
            bot_queue: bots,
            idempotency_sweep_every,
            wal,
            serves_metrics: settings.operations.serves_metrics(),
            metrics_games_every: settings.operations.metrics_games_every(),
            webhooks,
            indexer,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the metrics' own listener, when `--metrics-bind` set one.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(_, port)| *port)
    }

    /// The application's Games layer (tests follow its events).
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The application's own pool (tests inspect the database through it).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Stops the server when asked, e.g. by a test harness.
    pub fn handle(&self) -> StopHandle {
        StopHandle {
            server: self.server.handle(),
            live: self.live.clone(),
        }
    }

    /// Serves until the server is stopped (SIGINT/SIGTERM or its handle),
    /// then closes the database pool.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let checkpoints = self.store.start_checkpoints(self.wal);
        let pruning = tokio::spawn(self.rate_limit.prune_forever());
        let sweeping = tokio::spawn(forget_expired_idempotency_keys(
            self.store.clone(),
            self.games.time().clone(),
            self.idempotency_sweep_every,
        ));
        let settling = tokio::spawn(settle_overdue_games(
            self.games.clone(),
            self.store.clone(),
            self.sweep_every,
        ));
        // Tournaments due to start are looked for as often as overdue games.
        let starting = tokio::spawn(
            self.tournaments
                .clone()
                .start_due_forever(self.store.clone(), self.sweep_every),
        );
        let driving = self.bots.drive.then(|| {
            tokio::spawn(crate::bots::drive(
                self.games.clone(),
                self.store.clone(),
                self.bots.drive(),
                self.bot_queue.clone(),
            ))
        });
        let delivering = self.webhooks.start();
        let indexing = self.indexer.start(self.store.clone());
        let counting = self.serves_metrics.then(|| {
            tokio::spawn(api::middleware::metrics::count_open_games_forever(
                self.store.clone(),
                self.metrics_games_every,
            ))
        });
        let metrics = self.metrics.map(|(server, _)| {
            let handle = server.handle();
            (handle, tokio::spawn(server))
        });
        let result = self.server.await;
        if let Some((handle, serving)) = metrics {
            handle.stop(false).await;
            let _ = serving.await;
        }
        if let Some(driving) = driving {
            driving.abort();
        }
        if let Some(counting) = counting {
            counting.abort();
        }
        if let Some(delivering) = delivering {
            delivering.abort();
        }
        indexing.abort();
        pruning.abort();
        sweeping.abort();
        settling.abort();
        starting.abort();
        if let Some(checkpoints) = checkpoints {
            checkpoints.stop().await;
        }
        self.store.close().await;
        result
    }
}

/// `/docs` sends the browser to Swagger UI at `/docs/` (its assets are
/// relative to that path), saying so in the body for a client that does
/// not follow redirects.
async fn docs_moved() -> actix_web::HttpResponse {
    actix_web::HttpResponse::TemporaryRedirect()
        .insert_header((actix_web::http::header::LOCATION, "/docs/"))
        .content_type("text/plain; charset=utf-8")
        .body("Swagger UI is at /docs/\n")
}

/// `GET /metrics` alone on a listener of its own, for a scraper on a
/// private address; it stops with the API's server.
fn metrics_server(
    listener: TcpListener,
    state: web::Data<AppState>,
) -> anyhow::Result<(Server, u16)> {
    let address = listener.local_addr()?;
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .configure(api::middleware::metrics::configure)
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    tracing::info!("metrics on http://{address}/metrics");
    Ok((server, address.port()))
}

/// Stops a server: its open streams end at once, each with a `retry:`
/// hint (SSE) so that its client reconnects, to another node if this one
/// is gone; then the server stops as actix's [`ServerHandle`] does (a
/// graceful stop lets the requests under way finish, for at most
/// `SHUTDOWN_TIMEOUT_SECS`).
#[derive(Clone)]
pub struct StopHandle {
    server: ServerHandle,
    live: Hub,
}

impl StopHandle {
    pub fn stop(&self, graceful: bool) -> impl std::future::Future<Output = ()> {
        self.live.stop_streams();
        self.server.stop(graceful)
    }
}

/// Resolves on SIGINT or SIGTERM, once the streams were told to end: the
/// server then stops gracefully (actix's own signal handling, which this
/// replaces, would leave the streams open until the shutdown timeout).
async fn stop_signal(live: Hub) {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
    tracing::info!("stopping: the streams end, then the server");
    live.stop_streams();
}

/// Ends the games whose deadline passed (flag falls, missing first moves,
/// expired waiting games), every `period`. Several instances on one
/// database may all do it: each game is settled once.
async fn settle_overdue_games(games: Games, store: Store, period: std::time::Duration) {
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(error) = games.sweep(&store).await {
            tracing::warn!(%error, "cannot settle overdue games");
        }
    }
}

/// Deletes saved idempotent responses older than their lifetime by the
/// Games layer's time (the time they were saved by), every `period`.
/// Several instances on one database may all do it; the delete is idempotent.
async fn forget_expired_idempotency_keys(
    store: Store,
    time: SharedTime,
    period: std::time::Duration,
) {
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let cutoff = time.now() - IDEMPOTENCY_KEY_LIFETIME;
        match store.forget_idempotency_keys(cutoff).await {
            Ok(0) => {}
            Ok(forgotten) => tracing::info!(forgotten, "expired idempotency keys deleted"),
            Err(error) => tracing::warn!(%error, "cannot delete expired idempotency keys"),
        }
    }
}
