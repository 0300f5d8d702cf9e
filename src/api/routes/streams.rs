//! The push side: a game's changes, the lobby's, a player's, a
//! tournament's, as server-sent events or NDJSON.

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::find_game;
use super::tournaments::{tournament_id, TournamentIdPath};
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth;
use crate::api::protocol::params::{GameIdPath, LastEventId};
use crate::api::streams::streaming;
use crate::api::views::{GameStreamEvent, LobbyStreamEvent, TournamentStreamEvent};
use crate::api::AppState;
use crate::domain::GameId;
use crate::live::feeds;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(game_stream)
        .service(lobby_stream)
        .service(tournament_stream);
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Replay the changes after this version (as `Last-Event-ID` does, which wins when both are given): an integer from 0 to the game's current version.
    #[param(minimum = 0)]
    pub since: Option<u64>,
}

const LAST_EVENT_ID: &str = "Last-Event-ID";

/// Where a stream resumes: the version a reconnecting client last saw, and
/// what said so.
#[derive(Clone, Copy, Debug)]
struct ResumePoint {
    version: u64,
    given_by: &'static str,
}

/// The version a reconnecting client last saw: `Last-Event-ID`, else `?since=`.
fn resume_point(
    request: &HttpRequest,
    query: &StreamQuery,
) -> Result<Option<ResumePoint>, ApiError> {
    let Some(value) = request.headers().get(LAST_EVENT_ID) else {
        return Ok(query.since.map(|version| ResumePoint {
            version,
            given_by: "since",
        }));
    };
    value
        .to_str()
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok())
        .map(|version| {
            Some(ResumePoint {
                version,
                given_by: LAST_EVENT_ID,
            })
        })
        .ok_or_else(|| {
            ApiError::InvalidHeader(
                "Last-Event-ID: give the version of the last event seen (an integer ≥ 0)"
                    .to_owned(),
            )
        })
}

/// Follows a game live.
///
/// `text/event-stream` by default, `application/x-ndjson` when `Accept`
/// asks for it (one JSON object a line, the same payloads). First a
/// `snapshot` (the game view), then one event per committed change in
/// commit order: `joined`, `move`, `ended`, `cancelled` (`aborted`,
/// `expired` with timed games). Each SSE event's `id` is the game's
/// `version` after the change; reconnect with `Last-Event-ID` (or
/// `?since=`) to get every change after it from the database, then the live
/// ones: none missed, none twice. An idle stream carries a heartbeat (an
/// SSE comment or an empty NDJSON line) every `--stream-heartbeat-ms`
/// (15 s by default); SSE starts with `retry:`. The stream ends after the
/// game's final event; a resumption of a game already over with nothing to
/// replay is answered 204, which tells `EventSource` to stop. When the
/// server stops, the stream ends at once with a `retry:` hint. Anyone may
/// open it; one opened with `Authorization: Bearer` (which must then name
/// a token) ends when that token is deleted. Streams are capped per client
/// IP (an IPv6 client by its /56; 429) and per server (503),
/// `too_many_streams`.
#[utoipa::path(
    tag = "streams",
    security((), ("bearer" = [])),
    params(
        GameIdPath,
        LastEventId,
        StreamQuery,
    ),
    responses(
        (status = 200, description = "The stream: each message one `GameStreamEvent`",
            content(
                (GameStreamEvent = "text/event-stream"),
                (GameStreamEvent = "application/x-ndjson"),
            )),
        (status = 204, description = "The game is over and nothing is left to replay"),
        (status = 400, description = "`invalid_path_parameter`, `invalid_query` (`since` not an integer ≥ 0), `invalid_header` (`Last-Event-ID` not one) or `since_ahead` (either after the game's current version, which the detail gives)", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`: `Authorization` was given, and names no token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: this client IP holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`too_many_streams`: the server holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/stream")]
pub async fn game_stream(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<GameId>,
    query: web::Query<StreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let resume = resume_point(&request, &query)?;
    // Subscribed before the game is read: a change committed after the read
    // arrives on the channel, one before it is in the read.
    let signals = state.live.watch_game(&id);
    let game = find_game(&state, &id).await?;
    let since = match resume {
        None => None,
        Some(resume) => match i64::try_from(resume.version) {
            Ok(version) if version <= game.version => Some(version),
            _ => {
                return Err(ApiError::SinceAhead {
                    given_by: resume.given_by,
                    given: resume.version,
                    current: game.version,
                })
            }
        },
    };
    if since.is_some_and(|v| v >= game.version) && game.status.is_final() {
        return Ok(HttpResponse::NoContent()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish());
    }
    let mut opening = streaming::start(&state, &request)?;
    if let Some(token) = auth::optional_bearer(&request).await? {
        opening.authorised_by(&state, &token);
    }
    let first = feeds::game::start(state.into_inner(), game, since, opening.sink());
    Ok(opening.respond(signals, first))
}

/// Follows the lobby: the open games, kept current.
///
/// First a `snapshot` of the waiting games (newest first, at most 200),
/// then `created` (with the game view) as one appears and `joined`,
/// `cancelled` or `expired` (with its id) as one leaves, each once. SSE or
/// NDJSON as for a game's stream, with the same heartbeat, `retry:`, end
/// at shutdown, caps and end of a stream opened with a token that is
/// deleted; the events carry no `id`: a reconnection (and a subscriber
/// that fell behind) starts from a new snapshot.
#[utoipa::path(
    tag = "streams",
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The stream: each message one `LobbyStreamEvent`",
            content(
                (LobbyStreamEvent = "text/event-stream"),
                (LobbyStreamEvent = "application/x-ndjson"),
            )),
        (status = 401, description = "`unauthorized`: `Authorization` was given, and names no token", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: this client IP holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`too_many_streams`: the server holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/lobby/stream")]
pub async fn lobby_stream(
    state: web::Data<AppState>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut opening = streaming::start(&state, &request)?;
    if let Some(token) = auth::optional_bearer(&request).await? {
        opening.authorised_by(&state, &token);
    }
    let signals = state.live.watch_all();
    let first = feeds::lobby::start(state.into_inner(), opening.sink());
    Ok(opening.respond(signals, first))
}

/// Follows a tournament live.
///
/// First a `snapshot` (the tournament view of `GET /v1/tournaments/{id}`),
/// then, as it changes: `pairing` (a board paired: its round, board,
/// players by seat and game, or a bye or a forfeit), `game_ended` (a
/// board's game ended: its result and points), `standings` (after
/// results, and when it starts: its status, round and standings) and, last,
/// `finished` (it finished or was cancelled: its final standings); the
/// stream ends after it. Each message carries the tournament's `version`,
/// also its SSE `id`: each `pairing`, `game_ended` and `finished` is one
/// more than the message before it, `standings` repeats the version it
/// follows; a client that sees a larger step reads the tournament again.
/// A change that is none of these (players entering, leaving or
/// withdrawing) comes as a new `snapshot`. Changes made through any node
/// of a cluster reach every node's streams. A reconnection starts from a
/// new snapshot; one whose `Last-Event-ID` is the version of a tournament
/// over is answered 204, which tells `EventSource` to stop. SSE or NDJSON
/// as for a game's stream, with the same heartbeat, `retry:`, end at
/// shutdown, caps and end of a stream opened with a token that is deleted.
#[utoipa::path(
    tag = "streams",
    security((), ("bearer" = [])),
    params(TournamentIdPath),
    responses(
        (status = 200, description = "The stream: each message one `TournamentStreamEvent`",
            content(
                (TournamentStreamEvent = "text/event-stream"),
                (TournamentStreamEvent = "application/x-ndjson"),
            )),
        (status = 204, description = "The tournament is over and `Last-Event-ID` is its version"),
        (status = 400, description = "`invalid_path_parameter` or `invalid_header` (`Last-Event-ID` not an integer ≥ 0)", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`: `Authorization` was given, and names no token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: this client IP holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`too_many_streams`: the server holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/tournaments/{id}/stream")]
pub async fn tournament_stream(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<TournamentIdPath>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&path.id)?;
    let seen = resume_point(&request, &StreamQuery { since: None })?;
    // Subscribed before the tournament is read: a change committed after
    // the read arrives on the channel, one before it is in the read.
    let signals = state.live.watch_tournament(id);
    let tournament = feeds::tournament::read(&state.store, id)
        .await?
        .ok_or_else(|| {
            ApiError::Tournament(crate::tournaments::TournamentsError::NotFound(
                id.to_owned(),
            ))
        })?;
    let version = feeds::tournament::version(&tournament);
    let over = feeds::tournament::is_over(&tournament.row.status);
    if over && seen.is_some_and(|seen| i64::try_from(seen.version).is_ok_and(|v| v >= version)) {
        return Ok(HttpResponse::NoContent()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish());
    }
    let mut opening = streaming::start(&state, &request)?;
    if let Some(token) = auth::optional_bearer(&request).await? {
        opening.authorised_by(&state, &token);
    }
    let first = feeds::tournament::start(state.into_inner(), tournament, opening.sink());
    Ok(opening.respond(signals, first))
}
