//! The built-in bots: who they are and how they play.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::ApiError;
use crate::api::views::RatingsView;
use crate::api::AppState;
use crate::search::Level;

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_bots);
}

/// A built-in bot: a player anyone can play at once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "botLevel01",
    "name": "bot-1",
    "level": 1,
    "title": "Beginner",
    "description": "Looks one move ahead at the score only and often picks a worse move at random: misses most threats, blunders mandarins.",
    "bot": true,
    "ratings": {"classic": null, "village": null, "online": null}
}))]
pub struct BotView {
    /// Its player id: give it as `opponent` to `POST /v1/games`.
    pub id: String,
    pub name: String,
    /// 1 (weakest) to 7 (strongest).
    #[schema(minimum = 1, maximum = 7)]
    pub level: u8,
    /// The level's name.
    pub title: String,
    /// How it plays.
    pub description: String,
    /// Always `true`: the flag every view of a player carries.
    pub bot: bool,
    /// Always `null` in every preset: games against bots are not rated,
    /// so a bot's strength is its `level`, not a rating.
    pub ratings: RatingsView,
}

/// Every built-in bot, weakest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct BotList {
    pub bots: Vec<BotView>,
}

/// List the bots
///
/// The built-in bots, one per level. Create a game with `opponent` set to
/// a bot's id and the bot takes the other seat at once (the game is
/// `active`); it answers each move within its level's search and the
/// game's clock. A bot has no token: nobody can play as one.
#[utoipa::path(
    tag = "players",
    responses((status = 200, description = "The bots, by level", body = BotList))
)]
#[get("/v1/bots")]
pub async fn list_bots(state: web::Data<AppState>) -> Result<web::Json<BotList>, ApiError> {
    let mut bots = Vec::new();
    for player in state.store.bots().await? {
        let Some(level) = player.bot_level().and_then(Level::new) else {
            continue; // a level this build does not play
        };
        bots.push(BotView {
            id: player.id.to_string(),
            name: player.name,
            level: level.number(),
            title: level.name().to_owned(),
            description: level.description().to_owned(),
            bot: true,
            ratings: RatingsView::default(),
        });
    }
    Ok(web::Json(BotList { bots }))
}
