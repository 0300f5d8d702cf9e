use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts;
use crate::api::problems::{ApiError, Fields, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::caching::{cached_json, cached_json_varying, Freshness};
use crate::api::protocol::extractors::{Json, StrictQuery};
use crate::api::protocol::idempotency::{run_once, Reply};
use crate::api::protocol::params::{IfNoneMatch, PlayerIdPath, RegistrationIdempotencyKey};
use crate::api::views::{BotRecordView, PlayerSummary, RatingsView};
use crate::api::AppState;
use crate::domain::{PlayerId, PlayerName};
use crate::games::Done;
use crate::store::KeyScope;
use crate::store::{Player, Store};
use crate::telemetry::ClientAddress;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_player)
        .service(find_players)
        .service(get_player)
        .service(get_me);
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPlayer {
    /// 1 to 32 characters after trimming, in one script: letters, digits,
    /// combining marks, spaces and `_ - . '` (README "Names"). Unique by
    /// look: a name resembling a taken one (ignoring case) is taken.
    #[schema(example = "Nguyễn Thị Hồng", min_length = 1, max_length = 32)]
    pub name: String,
}

/// The new player, with the bearer token. The token is shown only here.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "aB3dE6gH9j",
    "name": "Lan",
    "token": "oq_3q2-7wEXAMPLEtokenEXAMPLEtokenEXAMPLEtoke",
    "created_at": "2025-01-31T08:30:00.123456Z"
}))]
pub struct CreatedPlayer {
    pub id: String,
    pub name: String,
    /// Send as `Authorization: Bearer <token>`. Store it: it cannot be shown again.
    pub token: String,
    pub created_at: DateTime<Utc>,
}

/// A player as anyone may see them, with their ratings.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "aB3dE6gH9j",
    "name": "Lan",
    "bot": false,
    "created_at": "2025-01-31T08:30:00.123456Z",
    "ratings": {
        "classic": {
            "rating": 1662.3108939062977, "rd": 290.31896371798047, "volatility": 0.05999967537233814,
            "provisional": true, "games": 1, "opponents": 1, "wins": 1, "draws": 0, "losses": 0,
            "streak": {"kind": "win", "length": 1}, "last_played_at": "2025-01-31T09:02:11.5Z"
        },
        "village": null,
        "online": null
    },
    "level": null,
    "bots": [{"bot": {"id": "botLevel04", "name": "bot-4", "bot": true}, "level": 4,
        "games": 5, "wins": 3, "draws": 0, "losses": 2}]
}))]
pub struct PlayerProfile {
    pub id: String,
    pub name: String,
    /// Whether this is a bot: one of the built-in bots (`GET /v1/bots`), or
    /// a bot account (`POST /v1/me/upgrade-to-bot`), whose `level` is `null`.
    pub bot: bool,
    pub created_at: DateTime<Utc>,
    /// Glicko-2 rating, RD, provisional flag, record and current streak per
    /// preset. A bot's are always `null`: games against bots are not rated.
    pub ratings: RatingsView,
    /// A bot's level, 1 (weakest) to 7: its strength, instead of a rating;
    /// `null` for a person.
    #[schema(required = true, minimum = 1, maximum = 7)]
    pub level: Option<u8>,
    /// A person's record against each bot they finished a game with,
    /// weakest bot first (games against bots are never rated); `[]` for a bot.
    pub bots: Vec<BotRecordView>,
}

impl PlayerProfile {
    /// A bot's profile: it has no rating and no record against the bots.
    pub(crate) fn of_bot(player: Player) -> PlayerProfile {
        PlayerProfile {
            id: player.id.to_string(),
            bot: true,
            level: player.bot_level(),
            name: player.name,
            created_at: player.created_at,
            ratings: RatingsView::of(&[]),
            bots: Vec::new(),
        }
    }

    /// The player's profile with their current ratings.
    async fn load(store: &Store, player: Player) -> Result<PlayerProfile, ApiError> {
        let (standings, bots) = if player.plays_as_bot() {
            (Vec::new(), Vec::new())
        } else {
            (
                store.standings_of(&player.id).await?,
                store.bot_records(&player.id).await?,
            )
        };
        Ok(PlayerProfile {
            id: player.id.to_string(),
            bot: player.plays_as_bot(),
            level: player.bot_level(),
            name: player.name,
            created_at: player.created_at,
            ratings: RatingsView::of(&standings),
            bots: bots.iter().map(BotRecordView::from).collect(),
        })
    }
}

/// Registers a player and issues their first bearer token (labelled
/// `registration` in `GET /v1/me/tokens`).
///
/// With `Idempotency-Key` (at least 16 characters: a UUID), a retry whose
/// first answer was lost gets the same 201 back, with the same token,
/// instead of `name_taken`.
#[utoipa::path(
    tag = "players",
    request_body(content = NewPlayer, example = json!({"name": "Lan"})),
    params(
        RegistrationIdempotencyKey,
    ),
    responses(
        (status = 201, description = "Created; `Location` is the profile's URL",
            body = CreatedPlayer,
            headers(("Location" = String, description = "`/v1/players/{id}`"))),
        (status = 409, description = "`name_taken`", body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/name_taken",
                "title": "Name already taken",
                "status": 409,
                "detail": "the name \"\u{410}lice\" is already taken: it looks like the existing name \"Alice\"",
                "code": "name_taken"
            })),
        (status = 422, description = "`invalid_name` or `invalid_body`", body = Problem, content_type = "application/problem+json",
            examples(
                ("invalid_name" = (value = json!({
                    "type": "/problems/invalid_name",
                    "title": "Invalid player name",
                    "status": 422,
                    "detail": "the name contains the invisible (default-ignorable) character U+200B",
                    "code": "invalid_name"
                }))),
                ("invalid_body" = (value = json!({
                    "type": "/problems/invalid_body",
                    "title": "Invalid request body",
                    "status": 422,
                    "detail": "missing field `name` at line 1 column 2",
                    "code": "invalid_body"
                })))
            ))
    )
)]
#[post("/v1/players")]
pub async fn create_player(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: Json<NewPlayer>,
) -> Result<HttpResponse, ApiError> {
    let mut fields = Fields::new();
    let name = fields.check("/name", PlayerName::parse(&body.name));
    let name = fields.into_result(name)?;
    let limit = (state.registrations_per_hour > 0).then(|| accounts::RegistrationLimit {
        address_key: ClientAddress::key_of_request(&request)
            // Only in-process test requests lack a peer; they share one key.
            .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
            .to_string(),
        max: state.registrations_per_hour,
    });
    run_once(
        &state,
        &request,
        KeyScope::Registration,
        None,
        name.as_str(),
        async |games, tx| {
            let now = games.time().now();
            accounts::register(tx, &name, limit.as_ref(), now)
                .await
                .map(Done::value)
        },
        |registered, _| {
            let player = &registered.player;
            let created = CreatedPlayer {
                id: player.id.to_string(),
                name: player.name.clone(),
                token: registered.token.as_str().to_owned(),
                created_at: player.created_at,
            };
            Ok(Reply::json(StatusCode::CREATED, &created)?
                .header(header::LOCATION, format!("/v1/players/{}", player.id))
                .header(header::CACHE_CONTROL, "no-store")
                .secret(&registered.token))
        },
    )
    .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerNameQuery {
    /// A name, read as registration reads one (trimmed, NFC, one space
    /// between words), and compared as registration compares names: a
    /// look-alike (another case, a twin in another script) finds the player.
    #[param(example = "Lan", min_length = 1, max_length = 32)]
    pub name: String,
}

/// The players a search found.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "players": [{"id": "aB3dE6gH9j", "name": "Lan", "bot": false}]
}))]
pub struct PlayerList {
    /// At most one: names are unique up to look-alikes.
    pub players: Vec<PlayerSummary>,
}

impl From<Player> for PlayerSummary {
    fn from(player: Player) -> Self {
        PlayerSummary {
            id: Some(player.id.to_string()),
            bot: player.plays_as_bot(),
            name: player.name,
        }
    }
}

/// Find a player by name
///
/// The player who has the name `name`, as registration decides it: names
/// that look alike (ignoring case) are one name, so `LAN` finds `Lan`, as
/// does a name in another script that looks the same. `players` is empty
/// when no one has the name (registering it would succeed). Use the `id` to challenge them (`opponent` of
/// `POST /v1/games`).
#[utoipa::path(
    tag = "players",
    params(PlayerNameQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The player with that name, or none", body = PlayerList,
            headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`no-cache`: a name may be taken at any time"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_query`: no `name`, or a parameter besides it",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/invalid_query",
                "title": "Invalid query string",
                "status": 400,
                "detail": "missing field `name`",
                "code": "invalid_query"
            })),
        (status = 422, description = "`invalid_name`: no player could have that name (empty, too long, a character names may not have)",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/invalid_name",
                "title": "Invalid player name",
                "status": 422,
                "detail": "the name has 33 characters; at most 32 are allowed",
                "code": "invalid_name"
            }))
    )
)]
#[get("/v1/players")]
pub async fn find_players(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: StrictQuery<PlayerNameQuery>,
) -> Result<HttpResponse, ApiError> {
    let name = PlayerName::parse(&query.name)?;
    let found = state.store.player_named(&name).await?;
    let players = found.into_iter().map(PlayerSummary::from).collect();
    cached_json(&request, &PlayerList { players }, Freshness::Revalidate)
}

/// Get a player
///
/// A player's public profile, with their rating, RD and record per preset.
#[utoipa::path(
    tag = "players",
    params(PlayerIdPath, IfNoneMatch),
    responses(
        (status = 200, description = "The profile", body = PlayerProfile,
            headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`no-cache`: a rating changes with every rated game"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_path_parameter`: not a well-formed player id",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/invalid_path_parameter",
                "title": "Invalid path parameter",
                "status": 400,
                "detail": "/v1/players/nope: \"nope\" is not a player id (expected 10 letters or digits)",
                "code": "invalid_path_parameter"
            })),
        (status = 404, description = "`player_not_found`", body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/player_not_found",
                "title": "Player not found",
                "status": 404,
                "detail": "no player has the id \"aB3dE6gH9j\"",
                "code": "player_not_found"
            }))
    )
)]
#[get("/v1/players/{id}")]
pub async fn get_player(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<PlayerId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let player = state
        .store
        .player_by_id(&id)
        .await?
        .ok_or_else(|| ApiError::PlayerNotFound(id.to_string()))?;
    let profile = PlayerProfile::load(&state.store, player).await?;
    cached_json(&request, &profile, Freshness::Revalidate)
}

/// Get your profile
///
/// The profile of the player whose token is presented: a way to check a token.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    params(IfNoneMatch),
    responses(
        (status = 200, description = "The caller's profile", body = PlayerProfile,
            headers(("ETag" = String, description = "Of the content"),
                ("Cache-Control" = String, description = "`private, no-cache`: the caller's own, and it changes with every rated game"),
                ("Vary" = String, description = "`Authorization`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
    )
)]
#[get("/v1/me")]
pub async fn get_me(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Read>,
) -> Result<HttpResponse, ApiError> {
    let profile = PlayerProfile::load(&state.store, player).await?;
    cached_json_varying(
        &request,
        &profile,
        Freshness::Private,
        Some("Authorization"),
    )
}
