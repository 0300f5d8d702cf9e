//! Stateless analysis: play a line of moves from any position. No database,
//! no authentication: a tool to preview a move, check a line or animate a
//! replay.

use actix_web::{post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::extractors::Json;
use crate::api::views::{
    EventView, PositionView, ResultView, RulesInput, RulesView, ScoresView, SeatName,
};
use crate::engine::{Move, Position};

/// A line cannot be longer than the longest game.
pub const MAX_MOVES: usize = 2000;
/// The most events one answer holds (about 50 bytes of JSON each), so that
/// a line of long relays cannot make an answer of gigabytes.
pub const MAX_EVENTS: usize = 100_000;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(play_line)
        .service(super::analysis_best::best_move)
        .service(super::analysis_table::endgame_table);
}

/// A move in notation: own square 1-5 and `L` or `R`.
#[derive(ToSchema)]
#[schema(value_type = String, pattern = "^[1-5][LlRr]$", example = "3R")]
pub struct MoveNotation(#[allow(dead_code)] String);

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "rules": {"preset": "classic"},
    "position": "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
    "moves": ["3L"]
}))]
pub struct AnalysisRequest {
    /// The ruleset (default `classic`).
    #[serde(default)]
    pub rules: RulesInput,
    /// The start in RULES.md position notation (default: the standard start).
    #[schema(schema_with = crate::api::views::position_schema)]
    pub position: Option<String>,
    /// Who moves first from the standard start (default `south`); not with `position`.
    pub first: Option<SeatName>,
    /// Moves in notation (`3R`), played in order; at most 2000.
    #[serde(default)]
    #[schema(max_items = 2000, inline, value_type = Vec<MoveNotation>)]
    pub moves: Vec<String>,
}

/// The start, after any refill a custom position needs at once.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalysisStart {
    #[serde(flatten)]
    pub position: PositionView,
    /// The start-up refill (or forfeit) of a custom position; usually empty.
    pub events: Vec<EventView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnalysedMove {
    pub ply: u32,
    pub seat: SeatName,
    pub notation: String,
    pub events: Vec<EventView>,
    pub position_after: String,
    pub scores: ScoresView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnalysisResponse {
    pub rules: RulesView,
    pub start: AnalysisStart,
    /// Each move with its events and the position and scores after it.
    pub moves: Vec<AnalysedMove>,
    /// The position after the last move.
    #[serde(rename = "final")]
    pub final_position: PositionView,
    /// Set when the line reaches the end of the game.
    #[schema(required = true)]
    pub result: Option<ResultView>,
}

/// Play a line of moves
///
/// Plays a line of moves from the standard start or any valid position and
/// returns, after each move, its event trace, position and scores. An
/// answer holds at most 100,000 events (`answer_too_large` beyond).
#[utoipa::path(
    tag = "analysis",
    request_body(content = AnalysisRequest, description = "The start and the line to play", examples(
        ("From the start" = (summary = "Two moves from the standard start", value = json!({"rules": {"preset": "classic"}, "moves": ["3R", "2L"]}))),
        ("From a position" = (summary = "One move from a custom position", value = json!({
            "rules": {"preset": "classic"},
            "position": "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
            "moves": ["3L"]
        }))),
    )),
    responses(
        (status = 200, description = "The line, move by move", body = AnalysisResponse),
        (status = 422, description = "`invalid_rules`, `invalid_position`, `invalid_move`, `illegal_move` (naming the first bad move), `answer_too_large` or `invalid_body`",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/illegal_move",
                "title": "Illegal move",
                "status": 422,
                "detail": "moves[1] (`1L`): own square 1 is empty: there is nothing to lift",
                "code": "illegal_move"
            })),
    )
)]
#[post("/v1/analysis/play")]
pub async fn play_line(
    body: Json<AnalysisRequest>,
) -> Result<web::Json<AnalysisResponse>, ApiError> {
    let Json(request) = body;
    crate::api::protocol::offload::run(move || analyse(&request))
        .await
        .map(web::Json)
}

fn analyse(request: &AnalysisRequest) -> Result<AnalysisResponse, ApiError> {
    let rules = request.rules.resolve()?;
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::InvalidMove(format!(
            "moves: {} moves; a line has at most {MAX_MOVES}",
            request.moves.len()
        )));
    }
    let (mut position, start_events) = match (&request.position, request.first) {
        (Some(_), Some(_)) => {
            return Err(ApiError::InvalidPosition(
                "first: only for the standard start; a position says who is to move".to_owned(),
            ))
        }
        (Some(text), None) => Position::from_notation_traced(text, rules)?,
        (None, first) => (
            Position::start(rules, first.unwrap_or(SeatName::South).into()),
            Vec::new(),
        ),
    };
    let start = AnalysisStart {
        position: PositionView::of(&position),
        events: EventView::all(&start_events),
    };
    let mut moves = Vec::with_capacity(request.moves.len());
    let mut events_so_far = start_events.len();
    for (index, text) in request.moves.iter().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|e| ApiError::InvalidMove(format!("moves[{index}]: {e}")))?;
        let (after, events) = position
            .play_traced(m)
            .map_err(|e| ApiError::IllegalMove(format!("moves[{index}] (`{m}`): {e}")))?;
        events_so_far += events.len();
        if events_so_far > MAX_EVENTS {
            return Err(ApiError::AnswerTooLarge(format!(
                "moves[{index}]: the line's events pass {MAX_EVENTS}, the most one answer holds"
            )));
        }
        moves.push(AnalysedMove {
            ply: position.ply(),
            seat: position.turn().into(),
            notation: m.to_string(),
            events: EventView::all(&events),
            position_after: after.to_string(),
            scores: after.scores().into(),
        });
        position = after;
    }
    Ok(AnalysisResponse {
        rules: RulesView::from(&rules),
        start,
        moves,
        final_position: PositionView::of(&position),
        result: position.outcome().as_ref().map(ResultView::from),
    })
}
