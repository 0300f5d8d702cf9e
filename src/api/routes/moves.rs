//! Moves: submit one, fetch one.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::{find_game, position_of};
use crate::api::problems::{ApiError, Fields, Problem};
use crate::api::protocol::auth::{record_use, Presented};
use crate::api::protocol::caching::{cached_json, Freshness};
use crate::api::protocol::conditional::{etag, if_match_text, if_match_versions};
use crate::api::protocol::extractors::Json;
use crate::api::protocol::idempotency::{Reply, IDEMPOTENCY_KEY};
use crate::api::protocol::params::{GameIdPath, IdempotencyKey, IfMatch, IfNoneMatch};
use crate::api::protocol::prefer::{
    prefers_minimal, PreferReturn, PREFERENCE_APPLIED, RETURN_MINIMAL,
};
use crate::api::protocol::transition::{answer_committed, run_unkeyed, transition_once};
use crate::api::views::{GameView, MoveView, PlayedMoveMinimal};
use crate::api::AppState;
use crate::domain::{GameId, PlayerId, Scope};
use crate::engine::{Direction, Move};
use crate::games::{positions, Done, Expected, Games, GamesError, Transition};
use crate::store::WriteTx;

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
    /// The move asked for; with `square` and `direction`, each invalid one
    /// named.
    fn parse(&self) -> Result<Move, ApiError> {
        let invalid = |detail: String| ApiError::InvalidMove(detail);
        match (&self.notation, self.square, &self.direction) {
            (Some(text), None, None) => {
                let mut fields = Fields::new();
                let m = fields.check(
                    "/move",
                    text.parse().map_err(|e| invalid(format!("move: {e}"))),
                );
                fields.into_result(m)
            }
            (None, Some(square), Some(direction)) => {
                let mut fields = Fields::new();
                // The square is checked whatever the direction, so that
                // both are named when both are wrong.
                let in_range =
                    Move::new(square, Direction::Left).map_err(|e| invalid(format!("square: {e}")));
                fields.check("/square", in_range);
                let direction = direction
                    .parse::<Direction>()
                    .map_err(|e| invalid(format!("direction: {e}")));
                let direction = fields.check("/direction", direction);
                let m = direction.and_then(|direction| Move::new(square, direction).ok());
                fields.into_result(m)
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
///
/// With `Prefer: return=minimal` the answer is compact and carries
/// `Preference-Applied: return=minimal`: `{"move": {"ply", "notation"},
/// "game": {"id", "status", "version", "ply", "to_move", "position",
/// "scores", "legal_moves", "clock", "result"}}`, each field as in
/// `PlayedMove` (no event trace, board, players or rules). Without it the
/// answer is the full `PlayedMove` below. (The 201 names only `PlayedMove`,
/// so that the typed clients' answer type stays one.)
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    request_body(content = MoveInput, description = "The move, in notation or as square and direction", examples(
        ("Notation" = (summary = "Square 3 to the right, meant for ply 1", value = json!({"move": "3R", "ply": 1}))),
        ("Square and direction" = (summary = "The same move spelled out", value = json!({"square": 3, "direction": "right", "ply": 1}))),
    )),
    params(
        GameIdPath,
        IfMatch,
        IdempotencyKey,
        PreferReturn,
    ),
    responses(
        (status = 201, description = "Played: the full answer; with `Prefer: return=minimal`, the compact one described above, with `Preference-Applied`", body = PlayedMove,
            headers(
                ("Location" = String, description = "`/v1/games/{id}/moves/{ply}`"),
                ("ETag" = String, description = "The game's new version"),
                ("Preference-Applied" = String, description = "`return=minimal` on the compact answer; absent on the full one"),
            )),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_your_turn`, `stale_ply`, `game_not_active` or `time_out` (the move came after the deadline: the game is over)", body = Problem, content_type = "application/problem+json"),
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
    token: Presented,
    id: Result<web::Path<GameId>, actix_web::Error>,
    body: Result<Json<MoveInput>, actix_web::Error>,
) -> Result<HttpResponse, actix_web::Error> {
    let keyed = request.headers().contains_key(IDEMPOTENCY_KEY);
    let fused = match (&id, &body) {
        (Ok(_), Ok(body)) if !keyed => body.parse().ok(),
        _ => None,
    };
    let (player, id, body, m) = match fused {
        // Without a key the token is read with the game, in one statement.
        Some(m) => (None, id?.into_inner(), body?, m),
        None => {
            // Refused in the order of the extractors: the token first,
            // then the path, the body, the move.
            let player = token.player(&state, Scope::Play).await?;
            let id = id?.into_inner();
            let body = body?;
            let m = body.parse()?;
            (Some(player), id, body, m)
        }
    };
    let player = player.as_ref().map(|player| &player.id);
    Ok(submit(&state, &request, player, &token, &id, &body, m).await?)
}

/// Plays `m` for `player`, or (`None`, no `Idempotency-Key`) for the
/// holder of `token`, read with the game's lock.
async fn submit(
    state: &AppState,
    request: &HttpRequest,
    player: Option<&PlayerId>,
    token: &Presented,
    id: &GameId,
    body: &MoveInput,
    m: Move,
) -> Result<HttpResponse, ApiError> {
    let expected = Expected {
        ply: body.ply,
        version: if_match_versions(request),
    };
    let minimal = prefers_minimal(request);
    let render = |done: &Transition| {
        let played = done
            .played()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a move was played")))?;
        let game = &done.game;
        let position = position_of(game)?;
        let reply = if minimal {
            let body = PlayedMoveMinimal::of(played, game, &position);
            Reply::json(StatusCode::CREATED, &body)?.header(PREFERENCE_APPLIED, RETURN_MINIMAL)
        } else {
            let body = PlayedMove {
                played: MoveView::of_played(played),
                game: GameView::of(game, &position),
            };
            Reply::json(StatusCode::CREATED, &body)?
        };
        Ok(reply.header(header::ETAG, etag(game.version)).header(
            header::LOCATION,
            format!("/v1/games/{}/moves/{}", game.id, played.ply),
        ))
    };
    let played = match player {
        Some(player) => {
            let what = format!("{m} ply={:?} if-match={}", body.ply, if_match_text(request));
            let work = async |games: &Games, tx: &mut WriteTx| {
                games.play(tx, id, player, m, &expected).await
            };
            transition_once(state, request, player, &what, work, render).await
        }
        None => {
            let hash = token.0.hash();
            let games = &state.games;
            if let Some((who, done)) = games
                .play_at_once(&state.store, &hash, id, m, &expected)
                .await?
            {
                record_use(state, &who.token_id, who.last_used_at).await;
                let transition = done
                    .transition
                    .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a transition was made")))?;
                return answer_committed(&transition, render);
            }
            let mut caller = None;
            let work = async |games: &Games, tx: &mut WriteTx| {
                let played = games
                    .play_for_token(tx, &hash, id, m, &expected, &mut caller)
                    .await?;
                Ok::<_, GamesError>(Done::transition(played))
            };
            let played = run_unkeyed(state, work, |(), done| render(done)).await;
            if let Some(who) = caller {
                record_use(state, &who.token_id, who.last_used_at).await;
            }
            match played {
                // The statement reads only a token that may play: tell a
                // token without `play` from none.
                Err(ApiError::Unauthorized(_)) => Err(token.refusal(state, Scope::Play).await),
                played => played,
            }
        }
    };
    if let Err(ApiError::Game(refused)) = &played {
        state
            .games
            .settle_if_late(&state.store, id, refused)
            .await?;
    }
    played
}

/// Get one move
///
/// One move of a game, with its event trace. A move never changes once
/// played: it is sent `Cache-Control: public, max-age=31536000, immutable`.
#[utoipa::path(
    tag = "games",
    params(
        GameIdPath,
        ("ply" = u32, Path, description = "The move's ply"),
        IfNoneMatch,
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
    let traced = positions::traced_moves(&state.store, &game, ply, ply)
        .await?
        .pop()
        .ok_or_else(|| ApiError::NotFound(format!("game {id} has no move at ply {ply}")))?;
    cached_json(&request, &MoveView::from(traced), Freshness::Immutable)
}
