//! Game records: export a game as JSON or text, import one.

use actix_web::error::JsonPayloadError;
use actix_web::http::header::{self, Accept, Header};
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::find_game;
use super::games::game_reply;
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::caching::{cached, Freshness};
use crate::api::protocol::offload;
use crate::api::protocol::params::{GameIdPath, IdempotencyKey, IfNoneMatch};
use crate::api::protocol::transition::transition_once;
use crate::api::views::names::{GameRecordText, RecordFormatName};
use crate::api::views::{GameRecord, GameRecordInput, GameView};
use crate::api::AppState;
use crate::domain::GameId;
use crate::games::Game;
use crate::record::{text, Record, RecordError, RecordMove, UNKNOWN_NAME};
use crate::store::MoveRecord;

pub fn configure(config: &mut ServiceConfig) {
    config.service(export_game).service(export_game_text);
}

/// The largest record an import takes: four times a 2000-ply game exported
/// as JSON with every position and time (about 250 KiB), and still a bound
/// on the work one request can cause (replaying it takes milliseconds).
pub const MAX_IMPORT_BYTES: usize = 1024 * 1024;

pub(super) const TEXT_PLAIN: &str = "text/plain; charset=utf-8";

impl From<RecordError> for ApiError {
    fn from(error: RecordError) -> Self {
        match error {
            RecordError::Invalid(detail) => ApiError::InvalidRecord(detail),
            RecordError::Inconsistent(detail) => ApiError::InconsistentRecord(detail),
        }
    }
}

/// What a stored game's record says: everything the game row and its
/// moves hold.
fn record_of(game: &Game, moves: Vec<MoveRecord>) -> Record {
    let (names, player_ids) = match &game.recorded_names {
        Some(names) => (
            names
                .clone()
                .map(|name| Some(name).filter(|n| n != UNKNOWN_NAME)),
            [None, None],
        ),
        None => (
            [game.south.as_ref(), game.north.as_ref()].map(|p| p.map(|p| p.name.clone())),
            [game.south.as_ref(), game.north.as_ref()].map(|p| p.map(|p| p.id.to_string())),
        ),
    };
    Record {
        rules: game.rules,
        names,
        player_ids,
        start_position: Some(game.start_position.clone()),
        first: Some(game.first),
        started_at: game.started_at,
        finished_at: game.finished_at,
        time_control: game.timing.control,
        moves: moves
            .into_iter()
            .map(|m| RecordMove {
                notation: m.notation,
                ply: Some(m.ply),
                seat: Some(m.seat),
                position_after: Some(m.position_after),
                played_at: m.played_at,
                think_ms: m.think_ms,
                clock_ms: m.clock_ms,
            })
            .collect(),
        result: game.result.into(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    Json,
    Text,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `json` (`application/json`) or `text` (`text/plain`); without it,
    /// `Accept` decides (JSON unless it prefers `text/plain`).
    #[param(value_type = Option<RecordFormatName>)]
    pub format: Option<String>,
}

fn format_of(request: &HttpRequest, query: &ExportQuery) -> Result<Format, ApiError> {
    match query.format.as_deref() {
        Some("json") => return Ok(Format::Json),
        Some("text") => return Ok(Format::Text),
        Some(other) => {
            return Err(ApiError::InvalidQuery(format!(
                "format: {other:?} is not json or text"
            )))
        }
        None => {}
    }
    let Ok(accept) = Accept::parse(request) else {
        return Ok(Format::Json);
    };
    for mime in accept.ranked() {
        match (mime.type_().as_str(), mime.subtype().as_str()) {
            ("text", "plain" | "*") => return Ok(Format::Text),
            ("application", "json" | "*") | ("*", "*") => return Ok(Format::Json),
            _ => {}
        }
    }
    Ok(Format::Json)
}

/// The text record both export operations show as their example.
const EXPORTED_TEXT_EXAMPLE: &str = "[Rules \"classic\"]\n[South \"Lan\"]\n[North \"Minh\"]\n\
    [Date \"2025.01.31\"]\n[Time \"08:30:00\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\
    [Score \"11-2\"]\n\n1. 1L 3R 1-0\n";

/// The full record of a game, as JSON or as PGN-like text.
///
/// JSON (the default) holds the rules, players, start position, every move
/// with its time and the position after it, and the result. Ask for text
/// with `Accept: text/plain` or `?format=text`; README.md describes that
/// format. A finished game's record never changes and is sent `immutable`.
#[utoipa::path(
    tag = "history",
    params(GameIdPath, ExportQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The record", content(
            (GameRecord = "application/json"),
            (GameRecordText = "text/plain", example = json!(EXPORTED_TEXT_EXAMPLE)),
        ), headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`public, max-age=31536000, immutable` once the game is over, else `no-cache`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_query` or `invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/export")]
pub async fn export_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<GameId>,
    query: crate::api::protocol::extractors::StrictQuery<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let format = format_of(&request, &query)?;
    export(&state, &request, &id, format).await
}

/// A game's record as PGN-like text only.
///
/// The same body and `ETag` as `GET /v1/games/{id}/export` answers to
/// `Accept: text/plain` or `?format=text`, as an operation of its own, so
/// that a generated client, which reads one media type per operation, gets
/// the text back as text. A finished game's record is sent `immutable`.
#[utoipa::path(
    tag = "history",
    params(GameIdPath, IfNoneMatch),
    responses(
        (status = 200, description = "The record as text", content(
            (GameRecordText = "text/plain", example = json!(EXPORTED_TEXT_EXAMPLE)),
        ), headers(("ETag" = String, description = "Of the content"), ("Cache-Control" = String, description = "`public, max-age=31536000, immutable` once the game is over, else `no-cache`"))),
        (status = 304, description = "Unchanged since the `If-None-Match` ETag"),
        (status = 400, description = "`invalid_path_parameter` or `invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/export.txt")]
pub async fn export_game_text(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    export(&state, &request, &id, Format::Text).await
}

async fn export(
    state: &AppState,
    request: &HttpRequest,
    id: &GameId,
    format: Format,
) -> Result<HttpResponse, ApiError> {
    let game = find_game(state, id).await?;
    let moves = state.store.moves_between(&game.id, 0, u32::MAX).await?;
    let body = render(&game, moves, format)?;
    let content_type = match format {
        Format::Json => "application/json",
        Format::Text => TEXT_PLAIN,
    };
    let freshness = Freshness::immutable_if(game.status.is_final());
    Ok(cached(
        request,
        content_type,
        body,
        freshness,
        Some("Accept"),
    ))
}

/// A game's record with `moves`, as JSON (one line) or as text.
pub(super) fn render(
    game: &Game,
    moves: Vec<MoveRecord>,
    format: Format,
) -> Result<String, ApiError> {
    let record = record_of(game, moves);
    Ok(match format {
        Format::Json => {
            let mut json = GameRecord::of(&record, game.id.to_string(), game.status.to_string());
            json.players.mark_bots(game);
            serde_json::to_string(&json).map_err(|e| ApiError::Internal(e.into()))?
        }
        Format::Text => text::print(&record),
    })
}

/// Reads a record in the form its `Content-Type` names (public for the
/// fuzz target `record_json`, which reads bodies exactly as an import does).
pub fn parse_record(content_type: &str, body: &[u8]) -> Result<Record, ApiError> {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    match essence.as_str() {
        "application/json" => {
            // As the JSON extractor does: syntax first, then the shape,
            // whose errors name the field (`moves[3].notation: …`).
            let value: serde_json::Value = serde_json::from_slice(body)
                .map_err(|e| ApiError::from(JsonPayloadError::Deserialize(e)))?;
            let json: GameRecordInput = serde_path_to_error::deserialize(value)
                .map_err(|e| ApiError::InvalidBody(e.to_string()))?;
            Ok(json.to_record()?)
        }
        "text/plain" => {
            let text = std::str::from_utf8(body)
                .map_err(|e| ApiError::InvalidRecord(format!("the text is not UTF-8: {e}")))?;
            Ok(text::parse(text)?)
        }
        _ => Err(ApiError::UnsupportedMediaType(
            "a record is sent as application/json or text/plain".to_owned(),
        )),
    }
}

/// Imports a game record (JSON or text) as an unrated game for study.
///
/// Every move is replayed with the engine; a record that does not replay,
/// or that states positions or a result the moves contradict, is refused
/// with a problem naming the first bad move (or the disagreement), and
/// nothing is stored. A record that reaches an end (or states a
/// resignation) becomes a `finished` game, any other an `archived` one
/// (read-only). The players are the names the record gives, linked to no
/// account; you are the game's `created_by`. Bodies up to 1 MiB.
#[utoipa::path(
    tag = "history",
    security(("bearer" = [])),
    request_body(description = "A record as `GET /v1/games/{id}/export` gives it", content(
        (GameRecordInput = "application/json", examples(
            ("Two moves" = (summary = "Names and moves only: imported as an `archived` game",
                value = json!({"rules": {"preset": "classic"}, "players": {"south": {"name": "Lan"}, "north": {"name": "Minh"}}, "moves": [{"notation": "1L"}, {"notation": "3R"}]}))),
        )),
        (GameRecordText = "text/plain", example = "[Rules \"classic\"]\n[South \"Lan\"]\n[North \"Minh\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. 1L 3R 1-0\n"),
    )),
    params(IdempotencyKey),
    responses(
        (status = 201, description = "Imported: `finished` or `archived`", body = GameView,
            headers(("Location" = String, description = "`/v1/games/{id}`"), ("ETag" = String, description = "The game's version"))),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`: over 1 MiB", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: neither JSON nor text", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_record`, `inconsistent_record`, `invalid_body` or `idempotency_key_reused`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/import")]
pub async fn import_game(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body = body
        .to_bytes_limited(MAX_IMPORT_BYTES)
        .await
        .map_err(|_| ApiError::PayloadTooLarge {
            limit: MAX_IMPORT_BYTES,
        })?
        .map_err(|e| ApiError::BadRequest(format!("the body could not be read: {e}")))?;
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let (imported, what) = {
        let importer = player.id.clone();
        let games = state.games.clone();
        offload::run(move || {
            let record = parse_record(&content_type, &body)?;
            let replayed = record.replay()?;
            let imported = games.imported(&replayed, &record, &importer);
            let what = format!("{content_type}\n{}", String::from_utf8_lossy(&body));
            Ok((imported, what))
        })
        .await?
    };
    transition_once(
        &state,
        &request,
        &player.id,
        &what,
        async |games, tx| games.import(tx, imported).await,
        |done| {
            Ok(game_reply(StatusCode::CREATED, &done.game)?
                .header(header::LOCATION, format!("/v1/games/{}", done.game.id)))
        },
    )
    .await
}
