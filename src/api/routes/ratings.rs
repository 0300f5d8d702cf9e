//! A player's rating history and head-to-head records.

use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::links::{add_links, page_url};
use crate::api::protocol::params::PlayerIdPath;
use crate::api::routes::leaderboards::page_limit;
use crate::api::views::rating_cursors;
use crate::api::views::{
    PlayerSummary, PresetName, RatingChangeView, RatingHistoryPage, RecordView, VersusView,
};
use crate::api::AppState;
use crate::domain::PlayerId;
use crate::engine::Preset;
use crate::store::{Player, Store};

pub fn configure(config: &mut ServiceConfig) {
    config.service(get_rating_history).service(get_versus);
}

pub const DEFAULT_HISTORY_LIMIT: u32 = 100;
pub const MAX_HISTORY_LIMIT: u32 = 1000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Only this preset's changes (default: every preset).
    pub preset: Option<PresetName>,
    /// `next_cursor` of an earlier page.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
    /// Changes per page, 1 to 1000 (default 100).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<u32>,
}

pub(crate) async fn existing_player(store: &Store, id: &PlayerId) -> Result<Player, ApiError> {
    store
        .player_by_id(id)
        .await?
        .ok_or_else(|| ApiError::PlayerNotFound(id.to_string()))
}

/// A player's rating history
///
/// A player's rating changes, newest first: one per rated game, with the
/// rating, RD and volatility before and after.
#[utoipa::path(
    tag = "ratings",
    params(
        PlayerIdPath,
        HistoryQuery,
    ),
    responses(
        (status = 200, description = "The changes, newest first", body = RatingHistoryPage,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next (older) page, its `next_cursor` with the same `preset` and `limit`, when there is one"))),
        (status = 400, description = "`invalid_query` or `invalid_path_parameter`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`player_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/players/{id}/rating-history")]
pub async fn get_rating_history(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<PlayerId>,
    query: crate::api::protocol::extractors::StrictQuery<HistoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.limit, DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT)?;
    let before = query
        .cursor
        .as_deref()
        .map(rating_cursors::history_before)
        .transpose()?;
    let preset = query.preset.map(Preset::from);
    let player = existing_player(&state.store, &id).await?;
    let mut changes = state
        .store
        .rating_changes(&player.id, preset, before, limit as i64 + 1)
        .await?;
    let more = changes.len() > limit;
    changes.truncate(limit);
    let next_cursor = changes
        .last()
        .filter(|_| more)
        .map(|c| rating_cursors::older_than(c.id));
    let kept = [
        ("preset", preset.map(|p| p.name().to_owned())),
        ("limit", query.limit.map(|v| v.to_string())),
    ];
    let next = next_cursor
        .as_deref()
        .map(|cursor| page_url(request.path(), &kept, cursor));
    let mut response = HttpResponse::Ok().json(RatingHistoryPage {
        player_id: player.id.to_string(),
        preset: preset.map(|p| p.name().to_owned()),
        next_cursor,
        changes: changes.iter().map(RatingChangeView::from).collect(),
    });
    add_links(&mut response, next, None);
    Ok(response)
}

/// Head-to-head record
///
/// The head-to-head record of one player against another, from the first
/// player's side: every finished game between them, and the rated ones.
#[utoipa::path(
    tag = "ratings",
    params(
        ("a" = PlayerId, Path, description = "The player whose side the record is from"),
        ("b" = PlayerId, Path, description = "The opponent"),
    ),
    responses(
        (status = 200, description = "The record", body = VersusView),
        (status = 400, description = "`invalid_path_parameter`: a malformed id, or the same player twice",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`player_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/players/{a}/versus/{b}")]
pub async fn get_versus(
    state: web::Data<AppState>,
    path: web::Path<(PlayerId, PlayerId)>,
) -> Result<web::Json<VersusView>, ApiError> {
    let (a, b) = path.into_inner();
    if a == b {
        return Err(ApiError::InvalidPathParameter(format!(
            "/v1/players/{a}/versus/{b}: a player has no record against themselves"
        )));
    }
    let player = existing_player(&state.store, &a).await?;
    let opponent = existing_player(&state.store, &b).await?;
    let record = state.store.head_to_head(&a, &b).await?;
    let summary = |p: Player| PlayerSummary::from(&crate::games::player_ref(&p));
    Ok(web::Json(VersusView {
        player: summary(player),
        opponent: summary(opponent),
        all: RecordView::from(record.all),
        rated: RecordView::from(record.rated),
        last_played_at: record.last_played_at,
    }))
}
