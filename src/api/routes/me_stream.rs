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
use crate::api::protocol::auth::{self, Bearer};
use crate::api::streams::streaming;
use crate::api::views::MeStreamEvent;
use crate::api::AppState;
use crate::domain::StreamTicket;
use crate::live::feeds;

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
    bearer: Bearer,
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
/// heard of it is told by its `game_started` only. The events carry no `id`: a reconnection (and a
/// stream that fell behind) gets a fresh `snapshot`, which tells where you
/// stand. When the server stops, the stream ends with a `retry:` hint.
/// When the token it was opened with (as the bearer, or the one that
/// issued its ticket) is deleted, it ends, on every node; so do that
/// token's unused tickets.
#[utoipa::path(
    tag = "streams",
    security(("bearer" = []), ()),
    params(MeStreamQuery),
    responses(
        (status = 200, description = "The stream: each message one `MeStreamEvent`",
            content(
                (MeStreamEvent = "text/event-stream"),
                (MeStreamEvent = "application/x-ndjson"),
            )),
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
    let first = feeds::me::start(state.into_inner(), player.id, opening.sink());
    Ok(opening.respond(signals, first))
}
