//! Games: create, fetch, join, resign, cancel.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Fields, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::conditional::{etag, none_match_hits};
use crate::api::protocol::extractors::Json;
use crate::api::protocol::idempotency::Reply;
use crate::api::protocol::params::{GameIdPath, IdempotencyKey, IfNoneMatch};
use crate::api::protocol::transition::transition_once;
use crate::api::views::{GameView, RulesInput, TimeControlView};
use crate::api::AppState;
use crate::domain::{GameId, PlayerId, TimeControl};
use crate::engine::{Position, Seat};
use crate::games::{self, GameSpec, GamesError};
use crate::games::{player_ref, Game};

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_game)
        // Before `/v1/games/{id}`: see `api::configure`.
        .service(super::records::import_game)
        .service(get_game)
        .service(join_game)
        .service(resign_game)
        .service(cancel_game)
        .service(abort_game);
}

/// A seat, or a coin toss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeatChoice {
    South,
    North,
    #[default]
    Random,
}

impl SeatChoice {
    /// The seat chosen, unless left to chance.
    pub fn seat(self) -> Option<Seat> {
        match self {
            SeatChoice::South => Some(Seat::South),
            SeatChoice::North => Some(Seat::North),
            SeatChoice::Random => None,
        }
    }
}

/// A new game. Every field is optional.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south", "rated": true, "clock": {"initial_s": 300, "increment_s": 3}}))]
pub struct NewGame {
    /// The ruleset: a preset (default `classic`) and parameter overrides.
    #[serde(default)]
    pub rules: RulesInput,
    /// The creator's seat (default `random`).
    #[serde(default)]
    pub seat: SeatChoice,
    /// Who moves first (default `south`). With a custom `position` the
    /// position's side to move decides; `first`, if given, must agree.
    pub first: Option<SeatChoice>,
    /// A player id: the other seat is kept for this player. A bot's id
    /// (`GET /v1/bots`) seats the bot at once: the game starts `active`.
    #[schema(pattern = "^[A-Za-z0-9]{10}$", example = "aB3dE6gH9j")]
    pub opponent: Option<String>,
    /// Ask for a rated game. Only games under a preset from the standard
    /// start between two players are rated; others are created unrated.
    #[serde(default)]
    pub rated: bool,
    /// A custom start in RULES.md position notation; the game is then unrated.
    #[schema(schema_with = crate::api::views::position_schema)]
    pub position: Option<String>,
    /// The time control: `{initial_s, increment_s}` (real time, Fischer
    /// increment) or `{days_per_move}` (correspondence). Without it the game
    /// is unlimited, unless it is rated: a rated game gets 600 s + 5 s.
    pub clock: Option<TimeControlView>,
}

/// The current position of a stored game (finished or not).
pub(crate) fn position_of(game: &Game) -> Result<Position, ApiError> {
    Ok(games::position_of(game)?)
}

/// The game as a JSON reply with its `ETag`.
pub(crate) fn game_reply(status: StatusCode, game: &Game) -> Result<Reply, ApiError> {
    let view = GameView::of(game, &position_of(game)?);
    Ok(Reply::json(status, &view)?.header(header::ETAG, etag(game.version)))
}

/// The game, or 404.
pub(crate) async fn find_game(state: &AppState, id: &GameId) -> Result<Game, ApiError> {
    state
        .games
        .game(&state.store, id)
        .await?
        .ok_or_else(|| ApiError::GameNotFound(id.to_string()))
}

impl NewGame {
    /// The game asked for, in the Games layer's terms; every invalid field
    /// named (`position` only when the rules it is read under are valid).
    pub fn spec(&self) -> Result<GameSpec, ApiError> {
        let mut fields = Fields::new();
        let rules = self.rules.resolve().map_err(|error| {
            let pointer = format!("/rules/{}", error.field.name());
            fields.add(&pointer, error.into());
        });
        let rules = rules.ok();
        let opponent = self.opponent.as_deref().map(PlayerId::parse).transpose();
        let opponent = fields.check(
            "/opponent",
            opponent.map_err(|e| ApiError::InvalidGame(format!("opponent: {e}"))),
        );
        if let (Some(text), Some(rules)) = (&self.position, rules) {
            fields.check("/position", Position::from_notation(text, rules));
        }
        let clock = self.clock.map(TimeControl::from);
        if let Some(Err(reason)) = clock.map(TimeControl::check) {
            let pointer = clock_pointer(&reason);
            fields.add(&pointer, GamesError::InvalidClock(reason).into());
        }
        let spec = rules.zip(opponent).map(|(rules, opponent)| GameSpec {
            rules,
            seat: self.seat.seat(),
            first: match (self.first, &self.position) {
                (None, None) => Some(Seat::South),
                (None, Some(_)) => None,
                (Some(choice), _) => choice.seat(),
            },
            position: self.position.clone(),
            opponent,
            rated: self.rated,
            clock,
        });
        fields.into_result(spec)
    }
}

/// The pointer to the clock's field a bounds check names (`clock.initial_s
/// must be …` is `/clock/initial_s`).
fn clock_pointer(reason: &str) -> String {
    let field = reason
        .strip_prefix("clock.")
        .and_then(|rest| rest.split_whitespace().next())
        .filter(|field| field.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
    match field {
        Some(field) => format!("/clock/{field}"),
        None => "/clock".to_owned(),
    }
}

/// Create a game
///
/// Creates a game; the creator takes a seat and the game waits for a second
/// player. With `opponent` set to a bot's id (`GET /v1/bots`) the bot takes
/// the other seat at once and the game is `active`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    request_body(content = NewGame, description = "The game to create; every field is optional", examples(
        ("Rated 5+3" = (summary = "A rated classic game, 5 minutes and 3 s a move, you in the south seat",
            value = json!({"rules": {"preset": "classic"}, "seat": "south", "rated": true, "clock": {"initial_s": 300, "increment_s": 3}}))),
        ("Against a bot" = (summary = "`opponent`: a bot's id from `GET /v1/bots`; the game starts at once",
            value = json!({"opponent": "botLevel03", "seat": "random"}))),
        ("Correspondence" = (summary = "Village rules, two days a move, unrated",
            value = json!({"rules": {"preset": "village"}, "clock": {"days_per_move": 2}}))),
    )),
    params(IdempotencyKey),
    responses(
        (status = 201, description = "Created, `waiting` (or `active` against a bot)", body = GameView,
            headers(("Location" = String, description = "`/v1/games/{id}`"), ("ETag" = String, description = "The game's version"))),
        (status = 409, description = "`too_many_bot_games`: the creator has as many games against bots waiting or active as a player may",
            body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_rules`, `invalid_position`, `invalid_game`, `idempotency_key_reused` or `invalid_body`",
            body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`bots_busy`: against a bot, while as many bot moves wait for a search as the server queues; retry after `Retry-After` seconds",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds"))),
    )
)]
#[post("/v1/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    body: Json<NewGame>,
) -> Result<HttpResponse, ApiError> {
    let spec = body.spec()?;
    if spec.opponent.as_ref().is_some_and(crate::bots::is_bot) {
        if let Some(retry_after_secs) = state.bots.busy() {
            return Err(ApiError::BotsBusy { retry_after_secs });
        }
    }
    let what = serde_json::to_string(&*body).map_err(|e| ApiError::Internal(e.into()))?;
    let creator = player_ref(&player);
    transition_once(
        &state,
        &request,
        &player.id,
        &what,
        async |games, tx| games.create(tx, &spec, &creator).await,
        |done| {
            Ok(game_reply(StatusCode::CREATED, &done.game)?
                .header(header::LOCATION, format!("/v1/games/{}", done.game.id)))
        },
    )
    .await
}

/// Get a game
///
/// A game: rules, seats, the current position spelled out, legal moves, result.
#[utoipa::path(
    tag = "games",
    params(
        GameIdPath,
        IfNoneMatch,
    ),
    responses(
        (status = 200, description = "The game", body = GameView,
            headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Unchanged since the `If-None-Match` version"),
        (status = 400, description = "`invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let game = find_game(&state, &id).await?;
    let tag = etag(game.version);
    if none_match_hits(&request, &tag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, tag))
            .finish());
    }
    let view = GameView::of(&game, &position_of(&game)?);
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, tag))
        .json(view))
}

/// Join a game
///
/// Takes the open seat (or the one reserved for you); the game becomes `active`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        GameIdPath,
        IdempotencyKey,
    ),
    responses(
        (status = 200, description = "Joined; the game is `active`", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_full`, `own_game`, `seat_reserved` or `game_not_waiting`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/join")]
pub async fn join_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let joiner = player_ref(&player);
    transition_once(
        &state,
        &request,
        &player.id,
        "join",
        async |games, tx| games.join(tx, &id, &joiner).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Resign a game
///
/// Resigns an active game (on your turn or not): the other seat wins.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        GameIdPath,
        IdempotencyKey,
    ),
    responses(
        (status = 200, description = "Resigned; the game is `finished`", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_active`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/resign")]
pub async fn resign_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "resign",
        async |games, tx| games.resign(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Cancel a waiting game
///
/// Cancels a game that is still waiting for its second player (creator only).
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        GameIdPath,
        IdempotencyKey,
    ),
    responses(
        (status = 200, description = "Cancelled", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_game_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_waiting`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/cancel")]
pub async fn cancel_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "cancel",
        async |games, tx| games.cancel(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Abort a game
///
/// Aborts an active game in which a side has made fewer than two moves
/// (either player): status `aborted`, never rated.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        GameIdPath,
        IdempotencyKey,
    ),
    responses(
        (status = 200, description = "Aborted", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_active` or `not_abortable`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/abort")]
pub async fn abort_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "abort",
        async |games, tx| games.abort(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}
