//! Bulk export: many games' records in one streamed answer, NDJSON (one
//! record per line, as `GET /v1/games/{id}/export` gives it) or text
//! records separated by a blank line. The body pages through the games by
//! keyset, a batch at a time, and reads the next batch only when the
//! client has taken the last one: memory stays bounded whatever the
//! number of games, and a slow reader slows the reads, not the server.

use std::collections::HashMap;

use actix_web::http::header::{Accept, Header};
use actix_web::{get, web, HttpRequest, HttpResponse};
use bytes::Bytes;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use super::records::{render, Format, TEXT_PLAIN};
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::extractors::StrictQuery;
use crate::api::protocol::params::PlayerIdPath;
use crate::api::protocol::query_values::{flag, instant, invalid};
use crate::api::views::names::GameRecordText;
use crate::api::views::GameRecord;
use crate::api::AppState;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::Preset;
use crate::games::Game;
use crate::store::{GameFilter, HistoryKey, MoveRecord, RulesFilter};

pub fn configure(config: &mut ServiceConfig) {
    config.service(export_games).service(export_player_games);
}

/// Games read and sent per step of the stream.
const BATCH: u64 = 20;

const NDJSON: &str = "application/x-ndjson";

/// The query of a bulk export. Every value is taken as text and checked
/// here, so that a bad one is a 400 naming its parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BulkExportQuery {
    /// `ndjson` (`application/x-ndjson`) or `text` (`text/plain`); without
    /// it, `Accept` decides (NDJSON unless it prefers `text/plain`).
    #[param(pattern = "^(ndjson|text)$")]
    pub format: Option<String>,
    /// Only games created at or after this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub since: Option<String>,
    /// Only games created before this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub until: Option<String>,
    /// At most this many games (default: all).
    #[param(value_type = Option<u64>, minimum = 1)]
    pub max: Option<String>,
    /// Only rated (`true`) or unrated (`false`) games.
    #[param(value_type = Option<bool>)]
    pub rated: Option<String>,
    /// `classic`, `village`, `online`, or `custom` (a mix that is no preset).
    #[param(pattern = "^(classic|village|online|custom)$")]
    pub preset: Option<String>,
    /// The games in this status (default `finished`).
    #[param(value_type = Option<crate::api::views::names::GameStatusName>)]
    pub status: Option<String>,
    /// Whether the records hold their moves (default `true`).
    #[param(value_type = Option<bool>)]
    pub with_moves: Option<String>,
    /// Resume after this game: the id of the last record received.
    #[param(value_type = Option<GameId>)]
    pub after: Option<String>,
}

impl BulkExportQuery {
    fn filter(&self, player: Option<PlayerId>) -> Result<GameFilter, ApiError> {
        let status = match self.status.as_deref() {
            None => GameStatus::Finished,
            Some(raw) => GameStatus::parse(raw).ok_or_else(|| {
                invalid(
                    "status",
                    raw,
                    "waiting, active, finished, cancelled or archived",
                )
            })?,
        };
        let rules = match self.preset.as_deref() {
            None => None,
            Some("custom") => Some(RulesFilter::Custom),
            Some(raw) => Some(RulesFilter::Preset(
                Preset::ALL
                    .into_iter()
                    .find(|p| p.name() == raw)
                    .ok_or_else(|| invalid("preset", raw, "classic, village, online or custom"))?,
            )),
        };
        Ok(GameFilter {
            status: Some(status),
            player,
            rated: flag("rated", self.rated.as_deref())?,
            rules,
            since: instant("since", self.since.as_deref())?,
            until: instant("until", self.until.as_deref())?,
            ..GameFilter::default()
        })
    }

    fn max(&self) -> Result<u64, ApiError> {
        match self.max.as_deref() {
            None => Ok(u64::MAX),
            Some(raw) => raw
                .parse::<u64>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| invalid("max", raw, "a whole number from 1")),
        }
    }

    fn format(&self, request: &HttpRequest) -> Result<Format, ApiError> {
        match self.format.as_deref() {
            Some("ndjson") => return Ok(Format::Json),
            Some("text") => return Ok(Format::Text),
            Some(other) => return Err(invalid("format", other, "ndjson or text")),
            None => {}
        }
        let Ok(accept) = Accept::parse(request) else {
            return Ok(Format::Json);
        };
        for mime in accept.ranked() {
            match (mime.type_().as_str(), mime.subtype().as_str()) {
                ("text", "plain") => return Ok(Format::Text),
                ("application", "x-ndjson" | "json" | "*") | ("*", "*") => return Ok(Format::Json),
                _ => {}
            }
        }
        Ok(Format::Json)
    }

    /// The place to resume from: after the game `after` names.
    async fn after(&self, state: &AppState) -> Result<Option<HistoryKey>, ApiError> {
        let Some(raw) = self.after.as_deref() else {
            return Ok(None);
        };
        let id = GameId::parse(raw).map_err(|_| invalid("after", raw, "a game id"))?;
        let game = state
            .games
            .game(&state.store, &id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(raw.to_owned()))?;
        Ok(Some(game.history_key()))
    }
}

/// Where the stream stands.
struct Export {
    state: web::Data<AppState>,
    filter: GameFilter,
    after: Option<HistoryKey>,
    left: u64,
    format: Format,
    with_moves: bool,
}

impl Export {
    /// The next batch as one chunk of the body; `None` once done.
    async fn next_chunk(&mut self) -> Result<Option<Bytes>, ApiError> {
        let limit = self.left.min(BATCH);
        if limit == 0 {
            return Ok(None);
        }
        let (state, filter) = (&self.state, &self.filter);
        let games = state
            .games
            .list(&state.store, filter, self.after.as_ref(), limit as u32)
            .await?;
        let Some(last) = games.last() else {
            self.left = 0;
            return Ok(None);
        };
        self.after = Some(last.history_key());
        self.left = if (games.len() as u64) < limit {
            0
        } else {
            self.left - limit
        };
        let mut moves = self.moves_of(&games).await?;
        let mut body = String::new();
        for game in &games {
            let moves = moves.remove(&game.id).unwrap_or_default();
            body.push_str(&render(game, moves, self.format)?);
            // A line per JSON record; a blank line after each text record.
            if self.format == Format::Text && !body.ends_with('\n') {
                body.push('\n');
            }
            body.push('\n');
        }
        Ok(Some(Bytes::from(body)))
    }

    async fn moves_of(&self, games: &[Game]) -> Result<HashMap<GameId, Vec<MoveRecord>>, ApiError> {
        let mut by_game: HashMap<GameId, Vec<MoveRecord>> = HashMap::new();
        if !self.with_moves {
            return Ok(by_game);
        }
        let ids: Vec<GameId> = games.iter().map(|g| g.id.clone()).collect();
        for record in self.state.store.moves_of_games(&ids).await? {
            by_game
                .entry(record.game_id.clone())
                .or_default()
                .push(record);
        }
        Ok(by_game)
    }
}

async fn stream(
    state: web::Data<AppState>,
    request: &HttpRequest,
    query: &BulkExportQuery,
    player: Option<PlayerId>,
) -> Result<HttpResponse, ApiError> {
    let format = query.format(request)?;
    let export = Export {
        filter: query.filter(player)?,
        after: query.after(&state).await?,
        left: query.max()?,
        format,
        with_moves: flag("with_moves", query.with_moves.as_deref())?.unwrap_or(true),
        state,
    };
    let body = futures_util::stream::unfold(Some(export), |export| async move {
        let mut export = export?;
        match export.next_chunk().await {
            Ok(Some(chunk)) => Some((Ok(chunk), Some(export))),
            Ok(None) => None,
            Err(error) => {
                tracing::warn!(%error, "a bulk export ended early");
                Some((Err(std::io::Error::other(error.to_string())), None))
            }
        }
    });
    let content_type = match format {
        Format::Json => NDJSON,
        Format::Text => TEXT_PLAIN,
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Vary", "Accept"))
        .streaming(body))
}

/// Export games
///
/// The records of every game passing the filters (by default the finished
/// ones), newest first, streamed: NDJSON, one record per line — the record
/// `GET /v1/games/{id}/export` gives — or, with `Accept: text/plain` or
/// `?format=text`, text records separated by a blank line. An export cut
/// short resumes with `after=<id of the last record received>`, the same
/// filters: the games after it in the same order, none twice.
#[utoipa::path(
    tag = "history",
    params(BulkExportQuery),
    responses(
        (status = 200, description = "The records, streamed", content(
            (GameRecord = "application/x-ndjson"),
            (GameRecordText = "text/plain"),
        ), headers(("Vary" = String, description = "`Accept`"))),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`: `after` names no game", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/export")]
pub async fn export_games(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: StrictQuery<BulkExportQuery>,
) -> Result<HttpResponse, ApiError> {
    stream(state, &request, &query, None).await
}

/// Export a player's games
///
/// As `GET /v1/games/export`, over the games the player sits in.
#[utoipa::path(
    tag = "history",
    params(PlayerIdPath, BulkExportQuery),
    responses(
        (status = 200, description = "The records, streamed", content(
            (GameRecord = "application/x-ndjson"),
            (GameRecordText = "text/plain"),
        ), headers(("Vary" = String, description = "`Accept`"))),
        (status = 400, description = "`invalid_query` or `invalid_path_parameter`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`player_not_found`, or `game_not_found`: `after` names no game", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/players/{id}/games/export")]
pub async fn export_player_games(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<PlayerId>,
    query: StrictQuery<BulkExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    if state.store.player_by_id(&id).await?.is_none() {
        return Err(ApiError::PlayerNotFound(id.to_string()));
    }
    stream(state, &request, &query, Some(id)).await
}
