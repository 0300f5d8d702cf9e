//! Games: create, fetch, join, resign, cancel.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, SubsecRound, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::auth::Authenticated;
use crate::api::conditional::{etag, none_match_hits};
use crate::api::extractors::Json;
use crate::api::idempotency::{write_once, Reply};
use crate::api::problem::{ApiError, Problem};
use crate::api::views::{GameView, RulesInput};
use crate::api::AppState;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Outcome, Position, Seat};
use crate::store::{Game, PlayerRef, WriteTx};

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_game)
        .service(get_game)
        .service(join_game)
        .service(resign_game)
        .service(cancel_game);
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
    fn seat(self) -> Option<Seat> {
        match self {
            SeatChoice::South => Some(Seat::South),
            SeatChoice::North => Some(Seat::North),
            SeatChoice::Random => None,
        }
    }

    fn pick(self) -> Seat {
        self.seat().unwrap_or_else(|| {
            if rand::thread_rng().gen() {
                Seat::South
            } else {
                Seat::North
            }
        })
    }
}

/// A new game. Every field is optional.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south", "rated": true}))]
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
    /// A player id: the other seat is kept for this player.
    #[schema(pattern = "^[A-Za-z0-9]{10}$", example = "aB3dE6gH9j")]
    pub opponent: Option<String>,
    /// Ask for a rated game. Only games under a preset from the standard
    /// start between two players are rated; others are created unrated.
    #[serde(default)]
    pub rated: bool,
    /// A custom start in RULES.md position notation; the game is then unrated.
    #[schema(schema_with = crate::api::views::position_schema)]
    pub position: Option<String>,
}

/// The current position of a stored game (finished or not).
pub(crate) fn position_of(game: &Game) -> Result<Position, ApiError> {
    crate::replay::current_position(game)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("game {}: stored position: {e}", game.id)))
}

/// The game as a JSON reply with its `ETag`.
pub(crate) fn game_reply(status: StatusCode, game: &Game) -> Result<Reply, ApiError> {
    let view = GameView::of(game, &position_of(game)?);
    Ok(Reply::json(status, &view)?.header(header::ETAG, etag(game.version)))
}

/// Locks the game for a write, or says it does not exist.
pub(crate) async fn lock(tx: &mut WriteTx, id: &GameId) -> Result<Game, ApiError> {
    tx.lock_game(id)
        .await?
        .ok_or_else(|| ApiError::GameNotFound(id.to_string()))
}

/// The game, or 404.
pub(crate) async fn find_game(state: &AppState, id: &GameId) -> Result<Game, ApiError> {
    state
        .store
        .game_by_id(id)
        .await?
        .ok_or_else(|| ApiError::GameNotFound(id.to_string()))
}

/// Ends the game with `outcome`, saves it and, if it was rated, updates
/// both players' ratings: all in the caller's transaction.
pub(crate) async fn finish(
    tx: &mut WriteTx,
    game: &mut Game,
    outcome: Outcome,
    at: DateTime<Utc>,
) -> Result<(), ApiError> {
    game.finish(outcome, at);
    save(tx, game).await?;
    tx.rate_finished_game(game).await?;
    Ok(())
}

/// Saves the game and bumps its version.
pub(crate) async fn save(tx: &mut WriteTx, game: &mut Game) -> Result<(), ApiError> {
    if !tx.save_game(game).await? {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "game {} changed under its row lock",
            game.id
        )));
    }
    game.version += 1;
    Ok(())
}

/// The game `POST /v1/games` stores; the load generator's database ceiling
/// (`examples/loadgen`) builds its games with it too.
pub fn new_game(
    body: &NewGame,
    creator: &PlayerRef,
    opponent: Option<PlayerRef>,
) -> Result<Game, ApiError> {
    let rules = body.rules.resolve()?;
    let start = match &body.position {
        Some(text) => Position::from_notation(text, rules)?,
        None => Position::start(rules, body.first.unwrap_or(SeatChoice::South).pick()),
    };
    if let (Some(_), Some(first)) = (&body.position, body.first.and_then(SeatChoice::seat)) {
        if first != start.turn() {
            return Err(ApiError::InvalidGame(format!(
                "first is {first} but the position has {} to move",
                start.turn()
            )));
        }
    }
    if start.is_over() {
        return Err(ApiError::InvalidPosition(
            "position: the side to move cannot refill its empty row and forfeits at once; \
             a game cannot start decided"
                .to_owned(),
        ));
    }
    let seat = body.seat.pick();
    let now = Utc::now().trunc_subsecs(6);
    let mut game = Game {
        id: GameId::generate(),
        status: GameStatus::Waiting,
        rules,
        rated: body.rated && body.position.is_none() && rules.preset().is_some(),
        created_by: creator.id.clone(),
        south: None,
        north: None,
        reserved_for: opponent,
        first: start.turn(),
        custom_start: body.position.is_some(),
        start_position: start.to_string(),
        position: start.to_string(),
        ply: start.ply(),
        to_move: start.turn(),
        result: None,
        version: 1,
        created_at: now,
        updated_at: now,
        started_at: None,
        finished_at: None,
        recorded_names: None,
    };
    *game.player_mut(seat) = Some(creator.clone());
    Ok(game)
}

async fn opponent_of(
    state: &AppState,
    body: &NewGame,
    creator: &PlayerId,
) -> Result<Option<PlayerRef>, ApiError> {
    let Some(raw) = &body.opponent else {
        return Ok(None);
    };
    let id = PlayerId::parse(raw).map_err(|e| ApiError::InvalidGame(format!("opponent: {e}")))?;
    if &id == creator {
        return Err(ApiError::InvalidGame(
            "opponent: you cannot reserve the other seat for yourself".to_owned(),
        ));
    }
    let player =
        state.store.player_by_id(&id).await?.ok_or_else(|| {
            ApiError::InvalidGame(format!("opponent: no player has the id {raw:?}"))
        })?;
    Ok(Some(PlayerRef {
        id: player.id,
        name: player.name,
    }))
}

/// Creates a game; the creator takes a seat and the game waits for a second player.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    request_body = NewGame,
    params(("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Makes a retry safe: the same key returns the original response")),
    responses(
        (status = 201, description = "Created, `waiting`", body = GameView,
            headers(("Location" = String, description = "`/v1/games/{id}`"), ("ETag" = String, description = "The game's version"))),
        (status = 422, description = "`invalid_rules`, `invalid_position`, `invalid_game`, `idempotency_key_reused` or `invalid_body`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated(player): Authenticated,
    body: Json<NewGame>,
) -> Result<HttpResponse, ApiError> {
    let creator = PlayerRef {
        id: player.id.clone(),
        name: player.name.clone(),
    };
    let opponent = opponent_of(&state, &body, &player.id).await?;
    let what = serde_json::to_string(&*body).map_err(|e| ApiError::Internal(e.into()))?;
    write_once(&state.store, &request, &player.id, &what, async |tx| {
        let game = new_game(&body, &creator, opponent)?;
        tx.insert_game(&game).await?;
        tracing::info!(game_id = %game.id, rated = game.rated, "game created");
        Ok(game_reply(StatusCode::CREATED, &game)?
            .header(header::LOCATION, format!("/v1/games/{}", game.id)))
    })
    .await
}

/// A game: rules, seats, the current position spelled out, legal moves, result.
#[utoipa::path(
    tag = "games",
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("If-None-Match" = Option<String>, Header, description = "An `ETag` from an earlier answer: 304 if unchanged"),
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

/// Takes the open seat (or the one reserved for you); the game becomes `active`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Makes a retry safe"),
    ),
    responses(
        (status = 200, description = "Joined; the game is `active`", body = GameView),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_full`, `own_game`, `seat_reserved` or `game_not_waiting`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/join")]
pub async fn join_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated(player): Authenticated,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    write_once(&state.store, &request, &player.id, "join", async |tx| {
        let mut game = lock(tx, &id).await?;
        if game.seat_of(&player.id).is_some() {
            return Err(ApiError::OwnGame);
        }
        if game.status != GameStatus::Waiting {
            return Err(if game.south.is_some() && game.north.is_some() {
                ApiError::GameFull
            } else {
                ApiError::GameNotWaiting {
                    status: game.status.to_string(),
                }
            });
        }
        if game
            .reserved_for
            .as_ref()
            .is_some_and(|r| r.id != player.id)
        {
            return Err(ApiError::SeatReserved);
        }
        let open = if game.south.is_none() {
            Seat::South
        } else {
            Seat::North
        };
        *game.player_mut(open) = Some(PlayerRef {
            id: player.id.clone(),
            name: player.name.clone(),
        });
        game.reserved_for = None;
        game.status = GameStatus::Active;
        game.updated_at = Utc::now().trunc_subsecs(6);
        game.started_at = Some(game.updated_at);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, seat = %open, "game joined");
        game_reply(StatusCode::OK, &game)
    })
    .await
}

/// Resigns an active game (on your turn or not): the other seat wins.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Makes a retry safe"),
    ),
    responses(
        (status = 200, description = "Resigned; the game is `finished`", body = GameView),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_active`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/resign")]
pub async fn resign_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated(player): Authenticated,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    write_once(&state.store, &request, &player.id, "resign", async |tx| {
        let mut game = lock(tx, &id).await?;
        let seat = game
            .seat_of(&player.id)
            .ok_or_else(|| ApiError::NotAPlayer(game.id.to_string()))?;
        if game.status != GameStatus::Active {
            return Err(ApiError::GameNotActive {
                status: game.status.to_string(),
            });
        }
        let outcome = position_of(&game)?
            .resign(seat)
            .map_err(|e| ApiError::IllegalMove(e.to_string()))?
            .outcome()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a resignation has an outcome")))?;
        finish(tx, &mut game, outcome, Utc::now().trunc_subsecs(6)).await?;
        tracing::info!(game_id = %game.id, %seat, "game resigned");
        game_reply(StatusCode::OK, &game)
    })
    .await
}

/// Cancels a game that is still waiting for its second player (creator only).
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Makes a retry safe"),
    ),
    responses(
        (status = 200, description = "Cancelled", body = GameView),
        (status = 403, description = "`not_game_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_waiting`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/cancel")]
pub async fn cancel_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated(player): Authenticated,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    write_once(&state.store, &request, &player.id, "cancel", async |tx| {
        let mut game = lock(tx, &id).await?;
        if game.created_by != player.id {
            return Err(ApiError::NotGameCreator);
        }
        if game.status != GameStatus::Waiting {
            return Err(ApiError::GameNotWaiting {
                status: game.status.to_string(),
            });
        }
        game.status = GameStatus::Cancelled;
        game.updated_at = Utc::now().trunc_subsecs(6);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, "game cancelled");
        game_reply(StatusCode::OK, &game)
    })
    .await
}
