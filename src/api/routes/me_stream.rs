//! A player's own stream, and the tickets that open it
//! from a browser: `EventSource` cannot send `Authorization`, and the
//! long-lived token must not travel in a URL (URLs end up in logs and
//! histories), so a client trades its token for a ticket that opens one
//! stream within a minute, and uses it in `?ticket=`.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{self, scope, Bearer};
use crate::api::streams::{me_feed, streaming};
use crate::api::views::MeStreamEvent;
use crate::api::AppState;
use crate::domain::StreamTicket;
use crate::live::feeds;
use crate::live::feeds::me::Resume;

pub fn configure(config: &mut ServiceConfig) {
    config.service(create_stream_ticket).service(me_stream);
}

/// A ticket for one `GET /v1/me/stream?ticket=…`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "ticket": "oq_st_Q2x5EXAMPLEticketEXAMPLEticketEXAMPLEtick",
    "expires_at": "2025-01-31T08:31:00.123456Z"
}))]
pub struct StreamTicketView {
    /// Opens one stream, once, until `expires_at`. Masked in the server's logs.
    pub ticket: String,
    pub expires_at: DateTime<Utc>,
}

/// Issues a stream ticket.
///
/// For clients that cannot send `Authorization` with a stream request (a
/// browser's `EventSource`): the ticket opens `GET /v1/me/stream?ticket=…`
/// once, within `--stream-ticket-ttl-s` (60 s by default), on any node. The
/// server stores only its SHA-256; a used, expired or unknown ticket, or
/// one whose token was deleted since, is refused with 401 `invalid_ticket`. Ask for a new one for each
/// (re)connection.
#[utoipa::path(
    tag = "streams",
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The ticket", body = StreamTicketView),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/stream-tickets")]
pub async fn create_stream_ticket(
    state: web::Data<AppState>,
    bearer: Bearer<scope::Read>,
) -> Result<HttpResponse, ApiError> {
    let ticket = StreamTicket::generate();
    let now = state.games.time().now();
    let expires_at = now + TimeDelta::seconds(i64::from(state.streams.ticket_ttl_s.max(1)));
    state
        .store
        .insert_stream_ticket(
            &bearer.player.id,
            &bearer.token_id,
            &ticket.hash(),
            now,
            expires_at,
        )
        .await?;
    Ok(HttpResponse::Created().json(StreamTicketView {
        ticket: ticket.into_string(),
        expires_at,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MeStreamQuery {
    /// A ticket from `POST /v1/me/stream-tickets`, instead of `Authorization`.
    pub ticket: Option<String>,
    /// Resume after this `cursor` (as `Last-Event-ID` does, which wins when both are given): for a browser, whose new `EventSource` (a ticket opens one stream) cannot send `Last-Event-ID`.
    #[param(pattern = r"^\d{1,18}(\.[A-Za-z0-9_-]{1,64}\.\d{1,18})?$")]
    pub since: Option<String>,
}

const LAST_EVENT_ID: &str = "Last-Event-ID";

/// The `Last-Event-ID` of a player's stream.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct MeLastEventId {
    /// The `cursor` (SSE `id`) of the last event seen: the stream resumes
    /// after it instead of starting with a snapshot.
    #[param(
        rename = "Last-Event-ID",
        required = false,
        pattern = r"^\d{1,18}(\.[A-Za-z0-9_-]{1,64}\.\d{1,18})?$",
        example = "1738312200123456.mWoJ05eLIa.2"
    )]
    pub last_event_id: String,
}

/// Where a reconnecting stream resumes: `Last-Event-ID`, else `?since=`.
fn resume(
    request: &HttpRequest,
    query: &MeStreamQuery,
    now: DateTime<Utc>,
) -> Result<Option<Resume>, ApiError> {
    if let Some(value) = request.headers().get(LAST_EVENT_ID) {
        return value
            .to_str()
            .ok()
            .and_then(|text| me_feed::resume_from(text, now))
            .map(Some)
            .ok_or_else(|| {
                ApiError::InvalidHeader(
                    "Last-Event-ID: give the cursor of the last event seen".to_owned(),
                )
            });
    }
    query
        .since
        .as_deref()
        .map(|since| {
            me_feed::resume_from(since, now).ok_or_else(|| {
                ApiError::InvalidQuery(format!(
                    "since: {since:?} is not the cursor of an event of this stream"
                ))
            })
        })
        .transpose()
}

/// Follows what concerns you, live.
///
/// Authenticated with `Authorization: Bearer <token>`, or with `?ticket=`
/// (see `POST /v1/me/stream-tickets`). SSE or NDJSON as for a game's
/// stream, with the same heartbeat and `retry:`. First a `snapshot`: your
/// waiting and active games (with your seat and whether it is your move)
/// and the open challenges to you. Then, as they are committed on any
/// node: `challenge` (a game reserved for you was created), `game_started`
/// (a game in which you hold a seat became active), `your_turn` (with the
/// ply and your deadline), `game_ended` (status and result), each once, in
/// commit order per game; a challenge already accepted when this node
/// heard of it is told by its `game_started` only. Each event carries a
/// `cursor` (also its SSE `id`): a reconnection with `Last-Event-ID` (or
/// `?since=`) set to the last one seen is told, instead of a snapshot,
/// every event since, from the database, in the order they were stamped:
/// of the game of the last event seen, those after its version; of the
/// others, those from 5 s before it, so that a change stamped before it
/// but committed after it is not missed — such an event of another game
/// may come again (the same `game_id`, `version` and `type`). With more
/// than 200 games changed since, it gets a fresh snapshot. A stream that
/// fell behind gets a fresh `snapshot`, which tells where you stand. When
/// the server stops, the stream ends with a `retry:` hint.
/// When the token it was opened with (as the bearer, or the one that
/// issued its ticket) is deleted, it ends, on every node; so do that
/// token's unused tickets.
#[utoipa::path(
    tag = "streams",
    security(("bearer" = []), ()),
    params(MeLastEventId, MeStreamQuery),
    responses(
        (status = 200, description = "The stream: each message one `MeStreamEvent`",
            content(
                (MeStreamEvent = "text/event-stream"),
                (MeStreamEvent = "application/x-ndjson"),
            )),
        (status = 400, description = "`invalid_query` (`since` not a cursor) or `invalid_header` (`Last-Event-ID` not one)", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized` (no ticket, no valid token) or `invalid_ticket`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: this client IP holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`too_many_streams`: the server holds the most streams allowed", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/me/stream")]
pub async fn me_stream(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<MeStreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let resume = resume(&request, &query, state.games.time().now())?;
    // A place under the caps first: a refused stream does not use up its ticket.
    let mut opening = streaming::start(&state, &request)?;
    let (player, token) = auth::stream_player(&state, &request, query.ticket.as_deref()).await?;
    if crate::api::middleware::head::is_head(&request) {
        return Ok(opening.head());
    }
    opening.authorised_by(&state, &token);
    // Subscribed before the snapshot is read: a change committed after the
    // read arrives on the channel, one before it is in the read.
    let signals = state.live.watch_player(&player.id);
    let first = feeds::me::start(state.into_inner(), player.id, resume, opening.sink());
    Ok(opening.respond(signals, first))
}
