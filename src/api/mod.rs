//! HTTP layer: handlers, errors, authentication, OpenAPI.

pub mod docs;
pub mod middleware;
pub mod problems;
pub mod protocol;
pub mod routes;
pub mod settings;
pub mod streams;
pub mod views;

use utoipa_actix_web::service_config::ServiceConfig;

use crate::games::Games;
use crate::live::feeds::Source;
use crate::live::{Hub, StreamSettings, StreamSlots};
use crate::store::Store;

/// Shared state, registered once as `web::Data<AppState>`.
pub struct AppState {
    pub store: Store,
    pub games: Games,
    pub tournaments: crate::tournaments::Tournaments,
    pub live: Hub,
    pub streams: StreamSettings,
    /// The streams open under the caps of `streams`.
    pub stream_slots: StreamSlots,
    /// The bot moves waiting on this node, which may refuse new bot games.
    pub bots: crate::bots::Bots,
    /// `--max-registrations-per-hour` (0: no limit).
    pub registrations_per_hour: u32,
    /// The players' webhook endpoints and their deliveries.
    pub webhooks: crate::webhooks::Webhooks,
    /// How many uncounted games a read of the explorer counts first.
    pub explorer: crate::explorer::ExplorerSettings,
}

/// The live feeds read the database through the app's games layer and store.
impl Source for AppState {
    fn games(&self) -> &Games {
        &self.games
    }

    fn store(&self) -> &Store {
        &self.store
    }
}

/// Registers every documented route. A new resource module adds one line
/// here; its `#[utoipa::path]` handlers then appear in the OpenAPI document.
pub fn configure(config: &mut ServiceConfig) {
    config
        .configure(routes::health::configure)
        // The router tries the patterns in this order, one regex each, and
        // so does `telemetry::route_of`: the hot routes (moves, a game)
        // first. `POST /v1/games/import` comes before `/v1/games/{id}` (in
        // games' list) so that it is the first pattern matching its path,
        // or the template it is logged, counted and query-checked under
        // (`route_of` does not see methods) would be `/v1/games/{id}`.
        .configure(routes::moves::configure)
        // Before the games' routes: `/v1/games/export` is no game's id.
        .configure(routes::export::configure)
        .configure(routes::games::configure)
        .configure(routes::challenges::configure)
        .configure(routes::offers::configure)
        .configure(routes::replay::configure)
        .configure(routes::history::configure)
        .configure(routes::records::configure)
        .configure(routes::analysis::configure)
        .configure(routes::explorer::configure)
        .configure(routes::players::configure)
        .configure(routes::bot_accounts::configure)
        .configure(routes::bots::configure)
        .configure(routes::tokens::configure)
        .configure(routes::webhooks::configure)
        .configure(routes::leaderboards::configure)
        .configure(routes::ratings::configure)
        .configure(routes::problems::configure)
        .configure(routes::streams::configure)
        .configure(routes::me_stream::configure)
        .configure(routes::tournaments::configure);
}
