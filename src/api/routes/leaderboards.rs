//! Leaderboards: one per preset, ranked by Glicko-2 rating, paged by keyset
//! cursor, and the page around one player.

use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::caching::{cached_json, Freshness};
use crate::api::protocol::links::{add_links, page_url};
use crate::api::protocol::params::IfNoneMatch;
use crate::api::views::rating_cursors;
use crate::api::views::{LeaderboardEntry, LeaderboardPage, PresetName};
use crate::api::AppState;
use crate::domain::PlayerId;
use crate::engine::Preset;
use crate::store::{LeaderboardFilter, LeaderboardRow, PageStart, Store};

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(get_leaderboard)
        .service(get_leaderboard_around);
}

/// Rows per page unless `limit` says otherwise.
pub const DEFAULT_LIMIT: u32 = 50;
pub const MAX_LIMIT: u32 = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// `next_cursor` or `prev_cursor` of an earlier page.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
    /// Rows per page, 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// Only players with at least this many rated games in the preset (default 0).
    pub min_games: Option<u32>,
    /// Include provisional ratings (players not yet established); default `false`.
    pub include_provisional: Option<bool>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AroundQuery {
    /// Rows on the page, the player's included, 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// Only players with at least this many rated games in the preset (default 0).
    pub min_games: Option<u32>,
    /// Include provisional ratings (players not yet established); default `false`.
    pub include_provisional: Option<bool>,
}

/// The preset a leaderboard path names (exactly as the API spells it).
fn leaderboard_preset(raw: &str) -> Result<Preset, ApiError> {
    Preset::ALL
        .into_iter()
        .find(|p| p.name() == raw)
        .ok_or_else(|| ApiError::LeaderboardNotFound(raw.to_owned()))
}

/// A page size from the query: `default` when absent, else 1 to `max`.
pub(crate) fn page_limit(limit: Option<u32>, default: u32, max: u32) -> Result<usize, ApiError> {
    match limit.unwrap_or(default) {
        limit if (1..=max).contains(&limit) => Ok(limit as usize),
        other => Err(ApiError::InvalidQuery(format!(
            "limit: {other} is not between 1 and {max}"
        ))),
    }
}

fn filter(min_games: Option<u32>, include_provisional: Option<bool>) -> LeaderboardFilter {
    LeaderboardFilter {
        include_provisional: include_provisional.unwrap_or(false),
        min_games: i64::from(min_games.unwrap_or(0)),
    }
}

/// The page as JSON with its ETag (304 when `If-None-Match` names it) and
/// a `Link` to the pages before and after it in `GET
/// /v1/leaderboards/{preset}`, keeping the page's filters and `limit`.
fn render(
    request: &HttpRequest,
    page: &LeaderboardPage,
    limit: Option<u32>,
    min_games: Option<u32>,
    include_provisional: Option<bool>,
) -> Result<HttpResponse, ApiError> {
    let path = format!("/v1/leaderboards/{}", page.preset);
    let kept = [
        ("limit", limit.map(|v| v.to_string())),
        ("min_games", min_games.map(|v| v.to_string())),
        (
            "include_provisional",
            include_provisional.map(|v| v.to_string()),
        ),
    ];
    let url = |cursor: &Option<String>| cursor.as_deref().map(|c| page_url(&path, &kept, c));
    let mut response = cached_json(request, page, Freshness::Revalidate)?;
    add_links(
        &mut response,
        url(&page.next_cursor),
        url(&page.prev_cursor),
    );
    Ok(response)
}

/// The page's entries, numbered from the rank of the first row.
async fn page(
    store: &Store,
    preset: Preset,
    filter: &LeaderboardFilter,
    rows: &[LeaderboardRow],
    first_rank: Option<i64>,
) -> Result<Vec<LeaderboardEntry>, ApiError> {
    let Some(first) = rows.first() else {
        return Ok(Vec::new());
    };
    let rank = match first_rank {
        Some(rank) => rank,
        None => store.rank_of(preset, filter, &first.key()).await?,
    };
    Ok(rows
        .iter()
        .zip(rank..)
        .map(|(row, rank)| LeaderboardEntry::new(rank, row))
        .collect())
}

const LEADERBOARD_404: &str = "`leaderboard_not_found`: the path names no preset";

/// A preset's leaderboard, best first.
///
/// Ranked by rating, ties by player id. Provisional ratings (not established) are
/// left off unless `include_provisional=true`. Pages are keyset-paged:
/// follow `next_cursor` / `prev_cursor`; a cursor stays valid while ratings
/// change (rows are never skipped or repeated because others moved, though
/// a player whose rating changed may appear in another place).
#[utoipa::path(
    tag = "ratings",
    params(
        ("preset" = PresetName, Path, description = "The preset whose leaderboard"),
        LeaderboardQuery,
        IfNoneMatch,
    ),
    responses(
        (status = 200, description = "A page of the leaderboard", body = LeaderboardPage,
            headers(("ETag" = String, description = "Of the content"),
                ("Cache-Control" = String, description = "`no-cache`: ratings change with every rated game"),
                ("Link" = String, description = "`<…>; rel=\"next\"` and `<…>; rel=\"prev\"`: the pages after and before this one in `GET /v1/leaderboards/{preset}` (its `next_cursor` and `prev_cursor`), with the same filters and `limit`, when there are such pages"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_query`: a bad `limit`, `min_games`, `include_provisional` or `cursor`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = LEADERBOARD_404, body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/leaderboards/{preset}")]
pub async fn get_leaderboard(
    state: web::Data<AppState>,
    request: HttpRequest,
    preset: web::Path<String>,
    query: crate::api::protocol::extractors::StrictQuery<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let preset = leaderboard_preset(&preset)?;
    let limit = page_limit(query.limit, DEFAULT_LIMIT, MAX_LIMIT)?;
    let filter = filter(query.min_games, query.include_provisional);
    let start = match &query.cursor {
        Some(cursor) => rating_cursors::page_start(cursor)?,
        None => PageStart::Top,
    };
    let store = &state.store;
    let mut rows = store
        .leaderboard(preset, &filter, &start, limit as i64 + 1)
        .await?;
    let more = rows.len() > limit;
    match start {
        // Fetched upwards from the key: keep the rows nearest to it.
        PageStart::Before(_) if more => drop(rows.remove(0)),
        _ => rows.truncate(limit),
    }
    let top = matches!(start, PageStart::Top).then_some(1);
    let entries = page(store, preset, &filter, &rows, top).await?;
    let prev_cursor = match (entries.first(), &start) {
        (Some(first), _) => (first.rank > 1).then(|| rating_cursors::before(&rows[0].key())),
        // Past the end: offer the way back if anything is above.
        (None, PageStart::After(key)) => {
            (store.rank_of(preset, &filter, key).await? > 1).then(|| rating_cursors::before(key))
        }
        (None, _) => None,
    };
    let next_cursor = match (rows.last(), &start) {
        (Some(last), PageStart::Before(_)) => {
            let after = PageStart::After(last.key());
            let below = store.leaderboard(preset, &filter, &after, 1).await?;
            (!below.is_empty()).then(|| rating_cursors::after(&last.key()))
        }
        (Some(last), _) => more.then(|| rating_cursors::after(&last.key())),
        (None, _) => None,
    };
    let page = LeaderboardPage {
        preset: preset.name().to_owned(),
        entries,
        prev_cursor,
        next_cursor,
    };
    render(
        &request,
        &page,
        query.limit,
        query.min_games,
        query.include_provisional,
    )
}

/// The leaderboard page centred on one player.
///
/// About half the page is above the player and half below (more on one side
/// near the top or bottom), with cursors to go on either way. The filters
/// are those of the leaderboard; a player they leave off is a 404.
#[utoipa::path(
    tag = "ratings",
    params(
        ("preset" = PresetName, Path, description = "The preset whose leaderboard"),
        ("player_id" = PlayerId, Path, description = "Player id"),
        AroundQuery,
        IfNoneMatch,
    ),
    responses(
        (status = 200, description = "The page around the player", body = LeaderboardPage,
            headers(("ETag" = String, description = "Of the content"),
                ("Cache-Control" = String, description = "`no-cache`: ratings change with every rated game"),
                ("Link" = String, description = "`<…>; rel=\"next\"` and `<…>; rel=\"prev\"`: the pages after and before this one in `GET /v1/leaderboards/{preset}` (its `next_cursor` and `prev_cursor`), with the same filters and `limit`, when there are such pages"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_query` or `invalid_path_parameter`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`leaderboard_not_found`, `player_not_found` or `not_on_leaderboard`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/leaderboards/{preset}/around/{player_id}")]
pub async fn get_leaderboard_around(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, PlayerId)>,
    query: crate::api::protocol::extractors::StrictQuery<AroundQuery>,
) -> Result<HttpResponse, ApiError> {
    let (preset, player_id) = path.into_inner();
    let preset = leaderboard_preset(&preset)?;
    let limit = page_limit(query.limit, DEFAULT_LIMIT, MAX_LIMIT)?;
    let filter = filter(query.min_games, query.include_provisional);
    let store = &state.store;
    let player = store
        .player_by_id(&player_id)
        .await?
        .ok_or_else(|| ApiError::PlayerNotFound(player_id.to_string()))?;
    let off = |why: String| ApiError::NotOnLeaderboard(format!("player {player_id} {why}"));
    let standing = store
        .standing(&player_id, preset)
        .await?
        .ok_or_else(|| off(format!("has no {preset} rating")))?;
    if !standing.is_established() && !filter.include_provisional {
        return Err(off(format!(
            "has a provisional {preset} rating (RD {:.0}, {} counted games against {} \
             opponents); add include_provisional=true",
            standing.glicko.rd, standing.games, standing.opponents
        )));
    }
    if standing.games < filter.min_games {
        return Err(off(format!(
            "has {} rated {preset} games, fewer than min_games={}",
            standing.games, filter.min_games
        )));
    }
    let me = LeaderboardRow {
        player: crate::games::player_ref(&player),
        standing,
    };
    let key = me.key();
    let mut above = store
        .leaderboard(
            preset,
            &filter,
            &PageStart::Before(key.clone()),
            limit as i64,
        )
        .await?;
    let mut below = store
        .leaderboard(
            preset,
            &filter,
            &PageStart::After(key.clone()),
            limit as i64,
        )
        .await?;
    let room = limit - 1;
    let below_take = below.len().min(room - above.len().min(room / 2));
    let above_take = above.len().min(room - below_take);
    let more_above = above.len() > above_take;
    let more_below = below.len() > below_take;
    let my_rank = store.rank_of(preset, &filter, &key).await?;

    let mut rows = above.split_off(above.len() - above_take);
    rows.push(me);
    below.truncate(below_take);
    rows.append(&mut below);
    let first_rank = my_rank - above_take as i64;
    let entries = page(store, preset, &filter, &rows, Some(first_rank)).await?;
    let page = LeaderboardPage {
        preset: preset.name().to_owned(),
        entries,
        prev_cursor: more_above.then(|| rating_cursors::before(&rows[0].key())),
        next_cursor: more_below.then(|| rating_cursors::after(&rows[rows.len() - 1].key())),
    };
    render(
        &request,
        &page,
        query.limit,
        query.min_games,
        query.include_provisional,
    )
}
