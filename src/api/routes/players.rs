use actix_web::http::header;
use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::auth::Authenticated;
use crate::api::extractors::Json;
use crate::api::problem::{ApiError, Problem};
use crate::api::AppState;
use crate::domain::{ApiToken, PlayerId, PlayerName};
use crate::store::Player;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_player)
        .service(get_player)
        .service(get_me);
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPlayer {
    /// 1 to 32 characters after trimming; unique ignoring case.
    #[schema(example = "Lan", min_length = 1, max_length = 32)]
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

/// A player as anyone may see them.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "aB3dE6gH9j",
    "name": "Lan",
    "created_at": "2025-01-31T08:30:00.123456Z"
}))]
pub struct PlayerProfile {
    pub id: String,
    pub name: String,
    pub created_at: DateTime<Utc>,
}

impl From<Player> for PlayerProfile {
    fn from(player: Player) -> Self {
        PlayerProfile {
            id: player.id.to_string(),
            name: player.name,
            created_at: player.created_at,
        }
    }
}

/// Registers a player and issues their bearer token.
#[utoipa::path(
    tag = "players",
    request_body(content = NewPlayer, example = json!({"name": "Lan"})),
    responses(
        (status = 201, description = "Created; `Location` is the profile's URL",
            body = CreatedPlayer,
            headers(("Location" = String, description = "`/v1/players/{id}`"))),
        (status = 409, description = "`name_taken`", body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/name_taken",
                "title": "Name already taken",
                "status": 409,
                "detail": "the name \"lan\" is already taken",
                "code": "name_taken"
            })),
        (status = 422, description = "`invalid_name` or `invalid_body`", body = Problem, content_type = "application/problem+json",
            examples(
                ("invalid_name" = (value = json!({
                    "type": "/problems/invalid_name",
                    "title": "Invalid player name",
                    "status": 422,
                    "detail": "the name has 40 characters; at most 32 are allowed",
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
    body: Json<NewPlayer>,
) -> Result<HttpResponse, ApiError> {
    let name = PlayerName::parse(&body.name)?;
    let token = ApiToken::generate();
    let player = state
        .store
        .insert_player(&name, &token.hash())
        .await?
        .ok_or_else(|| ApiError::NameTaken(name.to_string()))?;
    tracing::info!(player_id = %player.id, "player registered");
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/players/{}", player.id)))
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .json(CreatedPlayer {
            id: player.id.to_string(),
            name: player.name,
            token: token.into_string(),
            created_at: player.created_at,
        }))
}

/// A player's public profile.
#[utoipa::path(
    tag = "players",
    params(("id" = inline(PlayerId), Path, description = "Player id")),
    responses(
        (status = 200, description = "The profile", body = PlayerProfile),
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
    id: web::Path<PlayerId>,
) -> Result<web::Json<PlayerProfile>, ApiError> {
    let id = id.into_inner();
    let player = state
        .store
        .player_by_id(&id)
        .await?
        .ok_or_else(|| ApiError::PlayerNotFound(id.to_string()))?;
    Ok(web::Json(player.into()))
}

/// The profile of the player whose token is presented: a way to check a token.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's profile", body = PlayerProfile))
)]
#[get("/v1/me")]
pub async fn get_me(Authenticated(player): Authenticated) -> web::Json<PlayerProfile> {
    web::Json(player.into())
}
