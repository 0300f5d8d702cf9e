//! Challenges: a game made for a named player, who accepts or declines it.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::{position_of, NewGame, SeatChoice};
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::conditional::etag;
use crate::api::protocol::extractors::Json;
use crate::api::protocol::idempotency::Reply;
use crate::api::protocol::params::{GameIdPath, IdempotencyKey};
use crate::api::protocol::transition::transition_once;
use crate::api::views::{ChallengeList, ChallengeView, RulesInput, TimeControlView};
use crate::api::AppState;
use crate::domain::{GameId, PlayerId};
use crate::games::{player_ref, DeclineReason, Game};

/// The most challenges `GET /v1/challenges` lists, both ways together.
pub const CHALLENGES_LIMIT: u32 = 200;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_challenge)
        .service(list_challenges)
        .service(accept_challenge)
        .service(decline_challenge)
        .service(cancel_challenge);
}

/// A challenge to a player: the game to make for them.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"opponent": "aB3dE6gH9j", "rules": {"preset": "classic"}, "seat": "south", "rated": true, "clock": {"initial_s": 300, "increment_s": 3}}))]
pub struct NewChallenge {
    /// The id of the player challenged (a person or a bot account; the
    /// built-in bots take games at once through `POST /v1/games`).
    #[schema(pattern = "^[A-Za-z0-9]{10}$", example = "aB3dE6gH9j")]
    pub opponent: String,
    /// The ruleset: a preset (default `classic`) and parameter overrides.
    #[serde(default)]
    pub rules: RulesInput,
    /// Your seat (default `random`).
    #[serde(default)]
    pub seat: SeatChoice,
    /// Who moves first (default `south`).
    pub first: Option<SeatChoice>,
    /// Ask for a rated game (the rules of `POST /v1/games` apply).
    #[serde(default)]
    pub rated: bool,
    /// A custom start in RULES.md position notation; the game is then unrated.
    #[schema(schema_with = crate::api::views::position_schema)]
    pub position: Option<String>,
    /// The time control, as for `POST /v1/games`.
    pub clock: Option<TimeControlView>,
}

impl NewChallenge {
    fn game(&self) -> NewGame {
        NewGame {
            rules: self.rules.clone(),
            seat: self.seat,
            first: self.first,
            opponent: Some(self.opponent.clone()),
            rated: self.rated,
            position: self.position.clone(),
            clock: self.clock,
        }
    }
}

/// Why you decline; every field is optional.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reason": "later"}))]
pub struct Decline {
    /// Default `generic`.
    #[schema(value_type = Option<crate::api::views::names::DeclineReasonName>)]
    pub reason: Option<String>,
}

/// The optional body of a decline: none, or a JSON [`Decline`].
fn decline_body(request: &HttpRequest, body: &[u8]) -> Result<Decline, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Decline::default());
    }
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim_start()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    if !json {
        return Err(ApiError::UnsupportedMediaType(
            "send the body as application/json (or send none)".to_owned(),
        ));
    }
    serde_json::from_slice(body).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => ApiError::InvalidBody(e.to_string()),
        _ => ApiError::MalformedJson(e.to_string()),
    })
}

/// The challenge `game` is, as `viewer` sees it, as a JSON reply with the
/// game's `ETag`.
fn challenge_reply(status: StatusCode, game: &Game, viewer: &PlayerId) -> Result<Reply, ApiError> {
    let view = ChallengeView::of(game, &position_of(game)?, viewer)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("game {} is no challenge", game.id)))?;
    Ok(Reply::json(status, &view)?.header(header::ETAG, etag(game.version)))
}

/// Challenge a player
///
/// Makes a game for the player named by `opponent`, who is told on their
/// `GET /v1/me/stream` and accepts or declines it; it counts among your
/// waiting games until then and expires like them.
#[utoipa::path(
    tag = "challenges",
    security(("bearer" = [])),
    request_body(content = NewChallenge, description = "The player challenged and the game offered", examples(
        ("Rated 5+3" = (summary = "A rated classic game, 5 minutes and 3 s a move, you in the south seat",
            value = json!({"opponent": "aB3dE6gH9j", "rules": {"preset": "classic"}, "seat": "south", "rated": true, "clock": {"initial_s": 300, "increment_s": 3}}))),
    )),
    params(IdempotencyKey),
    responses(
        (status = 201, description = "Challenged: the challenge is `pending`", body = ChallengeView,
            headers(("Location" = String, description = "`/v1/games/{id}`"), ("ETag" = String, description = "The game's version"))),
        (status = 409, description = "`too_many_waiting_games`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_game` (unknown player, yourself, a built-in bot), `invalid_rules`, `invalid_position`, `invalid_clock` or `invalid_body`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/challenges")]
pub async fn create_challenge(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Challenge>,
    body: Json<NewChallenge>,
) -> Result<HttpResponse, ApiError> {
    let spec = body.game().spec()?;
    if spec.opponent.as_ref().is_some_and(crate::bots::is_bot) {
        return Err(ApiError::InvalidGame(
            "opponent: a built-in bot takes no challenge; create a game with its id as \
             opponent (POST /v1/games) and it plays at once"
                .to_owned(),
        ));
    }
    let what = serde_json::to_string(&*body).map_err(|e| ApiError::Internal(e.into()))?;
    let creator = player_ref(&player);
    let viewer = player.id.clone();
    transition_once(
        &state,
        &request,
        &player.id,
        &format!("challenge {what}"),
        async |games, tx| games.create(tx, &spec, &creator).await,
        |done| {
            Ok(challenge_reply(StatusCode::CREATED, &done.game, &viewer)?
                .header(header::LOCATION, format!("/v1/games/{}", done.game.id)))
        },
    )
    .await
}

/// Your challenges
///
/// The pending challenges to you (`in`) and from you (`out`), newest first.
#[utoipa::path(
    tag = "challenges",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Your pending challenges", body = ChallengeList),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/challenges")]
pub async fn list_challenges(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Read>,
) -> Result<HttpResponse, ApiError> {
    let games = state
        .games
        .pending_challenges(&state.store, &player.id, CHALLENGES_LIMIT + 1)
        .await?;
    let truncated = games.len() > CHALLENGES_LIMIT as usize;
    let mut list = ChallengeList {
        incoming: Vec::new(),
        outgoing: Vec::new(),
        truncated,
    };
    for game in games.iter().take(CHALLENGES_LIMIT as usize) {
        let Some(view) = ChallengeView::of(game, &position_of(game)?, &player.id) else {
            continue;
        };
        match view.direction {
            "in" => list.incoming.push(view),
            _ => list.outgoing.push(view),
        }
    }
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(list))
}

/// Accept a challenge
///
/// Takes the seat the challenge keeps for you: the game is `active`.
#[utoipa::path(
    tag = "challenges",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "Accepted: the challenge is `accepted`, its game `active`", body = ChallengeView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_challenged`: the challenge is not for you", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_waiting`: it was accepted, declined, cancelled or expired", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/challenges/{id}/accept")]
pub async fn accept_challenge(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Challenge>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let joiner = player_ref(&player);
    transition_once(
        &state,
        &request,
        &player.id,
        "accept",
        async |games, tx| games.accept(tx, &id, &joiner).await,
        |done| challenge_reply(StatusCode::OK, &done.game, &player.id),
    )
    .await
}

/// Decline a challenge
///
/// Declines a challenge to you, with an optional reason: its game is
/// `cancelled` and the challenger is told.
#[utoipa::path(
    tag = "challenges",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    request_body(content = Option<Decline>, description = "Optional: why (default `generic`)", examples(
        ("Not now" = (summary = "Declined for now", value = json!({"reason": "later"}))),
    )),
    responses(
        (status = 200, description = "Declined", body = ChallengeView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_challenged`: the challenge is not for you", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_waiting`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_decline_reason` or `invalid_body`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/challenges/{id}/decline")]
pub async fn decline_challenge(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Challenge>,
    id: web::Path<GameId>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let given = decline_body(&request, &body)?.reason;
    let reason = match given.as_deref() {
        None => DeclineReason::Generic,
        Some(name) => DeclineReason::from_name(name).ok_or_else(|| {
            ApiError::InvalidDeclineReason(format!(
                "reason: {name:?} is not a decline reason; one of: {}",
                DeclineReason::ALL.map(DeclineReason::name).join(", ")
            ))
        })?,
    };
    transition_once(
        &state,
        &request,
        &player.id,
        &format!("decline {}", reason.name()),
        async |games, tx| games.decline(tx, &id, &player.id, reason).await,
        |done| challenge_reply(StatusCode::OK, &done.game, &player.id),
    )
    .await
}

/// Cancel a challenge
///
/// Withdraws a challenge you made while it is pending (as
/// `POST /v1/games/{id}/cancel`).
#[utoipa::path(
    tag = "challenges",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "Cancelled", body = ChallengeView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_game_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_waiting`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/challenges/{id}/cancel")]
pub async fn cancel_challenge(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Challenge>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "cancel",
        async |games, tx| games.cancel(tx, &id, &player.id).await,
        |done| match ChallengeView::of(&done.game, &position_of(&done.game)?, &player.id) {
            Some(view) => {
                Ok(Reply::json(StatusCode::OK, &view)?
                    .header(header::ETAG, etag(done.game.version)))
            }
            None => super::games::game_reply(StatusCode::OK, &done.game),
        },
    )
    .await
}
