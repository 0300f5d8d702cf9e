//! Moves: submit one, fetch one.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{SubsecRound, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::{find_game, finish, lock, position_of, save};
use crate::api::auth::Authenticated;
use crate::api::caching::{cached_json, Freshness};
use crate::api::conditional::{check_if_match, etag, if_match_text};
use crate::api::extractors::Json;
use crate::api::idempotency::{write_once, Reply};
use crate::api::problem::{ApiError, Problem};
use crate::api::views::{GameView, MoveView};
use crate::api::AppState;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Direction, Event, Move, Position};
use crate::replay;
use crate::store::{Game, MoveRecord, WriteTx};

pub fn configure(config: &mut ServiceConfig) {
    config.service(submit_move).service(get_move);
}

/// A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"move": "3R", "ply": 1}))]
pub struct MoveInput {
    /// The move in notation: own square 1..=5 and `L` or `R`.
    #[serde(rename = "move")]
    #[schema(example = "3R", pattern = "^[1-5][LlRr]$")]
    pub notation: Option<String>,
    /// Own square 1..=5 (counted from the mover's left), with `direction`.
    #[schema(minimum = 1, maximum = 5)]
    pub square: Option<i64>,
    /// `left` or `right` (or `L` / `R`, any case), with `square`.
    #[schema(
        example = "right",
        pattern = "^([Ll][Ee][Ff][Tt]|[Rr][Ii][Gg][Hh][Tt]|[LlRr])$"
    )]
    pub direction: Option<String>,
    /// The ply the move is meant for (the game's `ply`): if a move was
    /// played meanwhile the request fails with 409 `stale_ply`.
    #[schema(minimum = 1)]
    pub ply: Option<u32>,
}

impl MoveInput {
    fn parse(&self) -> Result<Move, ApiError> {
        let invalid = |detail: String| ApiError::InvalidMove(detail);
        match (&self.notation, self.square, &self.direction) {
            (Some(text), None, None) => text.parse().map_err(|e| invalid(format!("move: {e}"))),
            (None, Some(square), Some(direction)) => {
                let direction: Direction = direction
                    .parse()
                    .map_err(|e| invalid(format!("direction: {e}")))?;
                Move::new(square, direction).map_err(|e| invalid(format!("square: {e}")))
            }
            _ => Err(invalid(
                "give either `move` (e.g. \"3R\") or both `square` and `direction`".to_owned(),
            )),
        }
    }
}

/// The move played and the game after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub played: MoveView,
    pub game: GameView,
}

/// Plays a move in an active game, on your turn.
///
/// The move and the game's new state are written in one transaction; of
/// several submissions for one ply exactly one succeeds and the others get
/// 409. Send `ply` (or `If-Match` with the game's `ETag`) to make sure the
/// move is played in the position you saw, and `Idempotency-Key` to retry
/// safely.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    request_body = MoveInput,
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("If-Match" = Option<String>, Header, description = "The game's `ETag`: 412 if it changed"),
        ("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Makes a retry safe: the same key returns the original response and never plays twice"),
    ),
    responses(
        (status = 201, description = "Played", body = PlayedMove,
            headers(("Location" = String, description = "`/v1/games/{id}/moves/{ply}`"), ("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_your_turn`, `stale_ply` or `game_not_active`", body = Problem, content_type = "application/problem+json"),
        (status = 412, description = "`precondition_failed`: `If-Match` is not the current `ETag`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`illegal_move` (with the engine's reason), `invalid_move`, `idempotency_key_reused` or `invalid_body`",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/illegal_move",
                "title": "Illegal move",
                "status": 422,
                "detail": "own square 1 is empty: there is nothing to lift",
                "code": "illegal_move"
            })),
    )
)]
#[post("/v1/games/{id}/moves")]
pub async fn submit_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated(player): Authenticated,
    id: web::Path<GameId>,
    body: Json<MoveInput>,
) -> Result<HttpResponse, ApiError> {
    let m = body.parse()?;
    let what = format!(
        "{m} ply={:?} if-match={}",
        body.ply,
        if_match_text(&request)
    );
    write_once(&state.store, &request, &player.id, &what, async |tx| {
        let if_match = |game: &Game| check_if_match(&request, &etag(game.version));
        let played = play_move(tx, &id, &player.id, m, body.ply, if_match).await?;
        let Played {
            game,
            record,
            events,
            after,
        } = played;
        let played_at = record.played_at.unwrap_or(game.updated_at);
        let view = MoveView::new(
            record.ply,
            record.seat,
            record.notation,
            &events,
            record.position_after,
            played_at,
        );
        let body = PlayedMove {
            played: view,
            game: GameView::of(&game, &after),
        };
        Ok(Reply::json(StatusCode::CREATED, &body)?
            .header(header::ETAG, etag(game.version))
            .header(
                header::LOCATION,
                format!("/v1/games/{}/moves/{}", game.id, record.ply),
            ))
    })
    .await
}

/// A move as [`play_move`] played and stored it.
pub struct Played {
    /// The game after the move, saved (its `version` bumped).
    pub game: Game,
    pub record: MoveRecord,
    pub events: Vec<Event>,
    pub after: Position,
}

/// The work of a move submission inside its write transaction: lock the
/// game, check the submission (seat, status, `precondition`, expected ply,
/// turn), play it with the engine, store the move and the game's new state,
/// and rate the game if the move ended a rated one. The HTTP handler wraps
/// it in authentication, idempotency and JSON; the load generator's
/// database ceiling calls it directly, so both issue the same SQL.
pub async fn play_move(
    tx: &mut WriteTx,
    id: &GameId,
    player: &PlayerId,
    m: Move,
    expected_ply: Option<u32>,
    precondition: impl FnOnce(&Game) -> Result<(), ApiError>,
) -> Result<Played, ApiError> {
    let mut game = lock(tx, id).await?;
    let seat = game
        .seat_of(player)
        .ok_or_else(|| ApiError::NotAPlayer(game.id.to_string()))?;
    if game.status != GameStatus::Active {
        return Err(ApiError::GameNotActive {
            status: game.status.to_string(),
        });
    }
    precondition(&game)?;
    if let Some(expected) = expected_ply.filter(|&p| p != game.ply) {
        return Err(ApiError::StalePly {
            expected,
            current: game.ply,
        });
    }
    if game.to_move != seat {
        return Err(ApiError::NotYourTurn {
            seat: seat.to_string(),
            to_move: game.to_move.to_string(),
        });
    }
    let (after, events) = position_of(&game)?
        .play_traced(m)
        .map_err(|e| ApiError::IllegalMove(e.to_string()))?;
    let now = Utc::now().trunc_subsecs(6);
    let record = MoveRecord {
        game_id: game.id.clone(),
        ply: game.ply,
        seat,
        notation: m.to_string(),
        player_id: Some(player.clone()),
        position_after: after.to_string(),
        played_at: Some(now),
    };
    if !tx.insert_move(&record).await? {
        return Err(ApiError::StalePly {
            expected: record.ply,
            current: record.ply + 1,
        });
    }
    game.position = record.position_after.clone();
    game.ply = after.ply();
    game.to_move = after.turn();
    game.updated_at = now;
    match after.outcome() {
        Some(outcome) => finish(tx, &mut game, outcome, now).await?,
        None => save(tx, &mut game).await?,
    }
    Ok(Played {
        game,
        record,
        events,
        after,
    })
}

/// One move of a game, with its event trace. A move never changes once
/// played: it is sent `Cache-Control: public, max-age=31536000, immutable`.
#[utoipa::path(
    tag = "games",
    params(
        ("id" = inline(GameId), Path, description = "Game id"),
        ("ply" = u32, Path, description = "The move's ply"),
    ),
    responses(
        (status = 200, description = "The move", body = MoveView,
            headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`public, max-age=31536000, immutable`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` or `not_found` (no move at that ply)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/moves/{ply}")]
pub async fn get_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(GameId, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, ply) = path.into_inner();
    let game = find_game(&state, &id).await?;
    let traced = replay::traced_moves(&state.store, &game, ply, ply)
        .await?
        .pop()
        .ok_or_else(|| ApiError::NotFound(format!("game {id} has no move at ply {ply}")))?;
    cached_json(&request, &MoveView::from(traced), Freshness::Immutable)
}
