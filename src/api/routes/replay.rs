//! Replay: a game's moves over a ply range, and its position after any ply.

use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::find_game;
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::caching::{cached_json, Freshness};
use crate::api::protocol::params::{GameIdPath, IfNoneMatch};
use crate::api::views::{GamePosition, MoveRange, MoveView, PositionView, ResultView};
use crate::api::AppState;
use crate::domain::GameId;
use crate::games::positions::{self, TraceError, TracedMove};

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_moves).service(get_position);
}

impl From<TraceError> for ApiError {
    fn from(error: TraceError) -> Self {
        match error {
            TraceError::Store(error) => error.into(),
            corrupt @ TraceError::Corrupt { .. } => ApiError::Internal(corrupt.into()),
        }
    }
}

impl From<TracedMove> for MoveView {
    fn from(traced: TracedMove) -> Self {
        MoveView::of_record(traced.record, &traced.events)
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MoveRangeQuery {
    /// The first ply to include (default: the first move).
    pub from: Option<u32>,
    /// The last ply to include (default: the last move played).
    pub to: Option<u32>,
}

/// A game's moves, each with its event trace and the position after it.
///
/// Every position string of the game comes with one request. Ranges are
/// clipped to the moves played. Once nothing in the answer can change (the
/// game is over, or `to` is a move already played) it is sent `immutable`.
#[utoipa::path(
    tag = "history",
    params(GameIdPath, MoveRangeQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The moves, in order", body = MoveRange,
            headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`public, max-age=31536000, immutable` or `no-cache`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_query` (`from` after `to`) or `invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/moves")]
pub async fn list_moves(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<GameId>,
    query: crate::api::protocol::extractors::StrictQuery<MoveRangeQuery>,
) -> Result<HttpResponse, ApiError> {
    let from = query.from.unwrap_or(0);
    let to = query.to.unwrap_or(u32::MAX);
    if from > to {
        return Err(ApiError::InvalidQuery(format!(
            "from: {from} is after to: {to}"
        )));
    }
    let game = find_game(&state, &id).await?;
    let (before, records) = positions::moves_to_trace(&state.store, &game, from, to).await?;
    let settled = game.status.is_final() || query.to.is_some_and(|to| to <= game.last_ply());
    let game_id = game.id.to_string();
    // Tracing every move of a long game is the CPU of this request.
    let moves = crate::api::protocol::offload::run(move || {
        let traced = positions::trace(&game, before, records)?;
        Ok(traced.into_iter().map(MoveView::from).collect())
    })
    .await?;
    let body = MoveRange { game_id, moves };
    cached_json(&request, &body, Freshness::immutable_if(settled))
}

/// The position after a ply: 0 (or the start position's ply − 1) is the start.
///
/// Served from the position stored with each move. Positions a later move
/// followed, and every position of a finished game, never change and are
/// sent `Cache-Control: public, max-age=31536000, immutable`; the current
/// position of a game in progress is sent `no-cache` (a resignation would
/// end the game there), with an ETag for 304s.
#[utoipa::path(
    tag = "history",
    params(
        GameIdPath,
        ("ply" = u32, Path, description = "The ply of the last move before the position; 0 = the start"),
        IfNoneMatch,
    ),
    responses(
        (status = 200, description = "The position", body = GamePosition,
            headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`public, max-age=31536000, immutable` or `no-cache`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` or `not_found` (no such ply yet)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/positions/{ply}")]
pub async fn get_position(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(GameId, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, asked) = path.into_inner();
    let game = find_game(&state, &id).await?;
    let ply = positions::resolve_ply(&game, asked).ok_or_else(|| {
        ApiError::NotFound(format!(
            "game {id} has positions after plies {} to {} (0 = the start), not {asked}",
            positions::start_ply(&game),
            game.last_ply()
        ))
    })?;
    let position = positions::stored_position(&state.store, &game, ply).await?;
    let last = ply == game.last_ply();
    let body = GamePosition {
        game_id: game.id.to_string(),
        after_ply: ply,
        position: PositionView::of(&position),
        result: game.result.as_ref().filter(|_| last).map(ResultView::from),
    };
    let settled = game.status.is_final() || !last;
    cached_json(&request, &body, Freshness::immutable_if(settled))
}
