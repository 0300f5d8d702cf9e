//! `POST /v1/analysis/best`: the best move of any position, with the value
//! of every move. Stateless, no authentication; the search runs on the
//! bounded blocking pool ([`SearchPool`]), never on an HTTP worker.
//! A position the endgame table holds is answered from the table
//! (`source: "table"`, exact), the search filling in what the table does
//! not know (the values of moves into positions it does not hold).

use std::time::Duration;

use actix_web::{post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::extractors::Json;
use crate::api::protocol::search_pool::SearchPool;
use crate::api::views::RulesInput;
use crate::engine::{Move, Position, Seat};
use crate::search::oracle;
use crate::search::{score_diff, Level, Limits, SearchResult, MAX_DEPTH};

/// The longest search a request may ask for.
pub const MAX_TIME_MS: u64 = 2000;
/// The search time when the request sets none.
pub const DEFAULT_TIME_MS: u64 = 500;

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "rules": {"preset": "classic"},
    "position": "M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20",
    "time_ms": 200
}))]
pub struct BestMoveRequest {
    /// The ruleset (default `classic`).
    #[serde(default)]
    pub rules: RulesInput,
    /// The position in RULES.md notation (default: the standard start, South to move).
    #[schema(schema_with = crate::api::views::position_schema)]
    pub position: Option<String>,
    /// Playing strength 1..=7 (default 7, the strongest); the weaker levels
    /// search less and choose `best_move` with some randomness.
    #[schema(minimum = 1, maximum = 7)]
    pub level: Option<u8>,
    /// Search time in milliseconds, 1..=2000 (default 500). The search
    /// stops earlier when the value is exact.
    #[schema(minimum = 1, maximum = 2000)]
    pub time_ms: Option<u64>,
    /// Deepest iteration, in plies (1..=96); within the time.
    #[schema(minimum = 1, maximum = 96)]
    pub depth: Option<u32>,
    /// Seeds the tie-breaks and a weak level's randomness (default 0).
    pub seed: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MoveValueView {
    #[serde(rename = "move")]
    #[schema(example = "3R")]
    pub mv: String,
    /// The final score difference (mover minus opponent) expected after this move.
    pub value: f64,
    /// Whether `value` is the game-theoretic value (every line searched to the end).
    pub exact: bool,
}

/// Where an answer's value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValueSource {
    /// The endgame table (`GET /v1/analysis/table`): exact.
    Table,
    /// The search: exact when every line reached the end of the game.
    Search,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BestMoveResponse {
    /// `null` when the game is over.
    #[schema(required = true, example = "3R")]
    pub best_move: Option<String>,
    /// The final score difference (side to move minus opponent), stores
    /// included, expected under best play; ±1000 means a forfeit.
    pub value: f64,
    /// Whether `value` is exact: every line reached the end of the game,
    /// or the endgame table holds the position.
    pub exact: bool,
    /// `table` when the endgame table holds the position (then `exact` is
    /// true and `best_move`, `value` and `pv` are the table's), else `search`.
    pub source: ValueSource,
    /// The expected line, from `best_move` on.
    pub pv: Vec<String>,
    /// Every legal move with its value, best first.
    pub moves: Vec<MoveValueView>,
    /// Plies of the deepest completed iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    pub time_ms: u64,
}

impl BestMoveResponse {
    fn new(result: SearchResult, source: ValueSource) -> Self {
        BestMoveResponse {
            best_move: result.best_move.map(|m| m.to_string()),
            value: result.value,
            exact: result.exact,
            source,
            pv: result.pv.iter().map(ToString::to_string).collect(),
            moves: result
                .moves
                .iter()
                .map(|m| MoveValueView {
                    mv: m.mv.to_string(),
                    value: m.value,
                    exact: m.exact,
                })
                .collect(),
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.elapsed.as_millis() as u64,
        }
    }
}

/// Best move of a position
///
/// Searches a position for its best move and values every legal move. A
/// position with few stones left may be in the endgame table
/// (`GET /v1/analysis/table`): its value is then exact and `source` is
/// `table`.
#[utoipa::path(
    tag = "analysis",
    request_body(content = BestMoveRequest, description = "The position and the search limits", examples(
        ("Standard start" = (summary = "The best first move at full strength, 500 ms", value = json!({"rules": {"preset": "classic"}}))),
        ("Endgame, 200 ms" = (summary = "A custom position, searched 200 ms", value = json!({
            "rules": {"preset": "classic"},
            "position": "M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20",
            "time_ms": 200
        }))),
    )),
    responses(
        (status = 200, description = "The best move, its value and the value of every move", body = BestMoveResponse),
        (status = 422, description = "`invalid_rules`, `invalid_position`, `invalid_search` or `invalid_body`",
            body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`analysis_busy`: every search slot is taken; retry after `Retry-After` seconds",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/analysis/best")]
pub async fn best_move(
    body: Json<BestMoveRequest>,
    pool: web::Data<SearchPool>,
) -> Result<web::Json<BestMoveResponse>, ApiError> {
    let (position, level, limits, seed) = prepare(&body)?;
    let (result, source) = pool
        .run(move || {
            // Loads (or builds) the preset's table the first time.
            let table = oracle::table_for(position.rules());
            let result = level.analyse(&position, limits, seed);
            match table.filter(|_| level == Level::MAX) {
                Some(table) => from_table(table, &position, result),
                None => (result, ValueSource::Search),
            }
        })
        .await
        .map_err(|_| ApiError::AnalysisBusy)?;
    Ok(web::Json(BestMoveResponse::new(result, source)))
}

/// The search's answer with the table's value, best move and line when the
/// table holds `position`, and the table's exact value of every move it
/// knows.
fn from_table(
    table: &oracle::Table,
    position: &Position,
    mut result: SearchResult,
) -> (SearchResult, ValueSource) {
    let Some(probe) = table.probe(position) else {
        return (result, ValueSource::Search);
    };
    let base = score_diff(position);
    let values = table.move_values(position);
    // A move reaches the value (its child is in the table, or the game
    // ends); should none, the search's answer stands.
    let Some(best) = values
        .iter()
        .find(|&&(_, v)| v == Some(probe.value))
        .map(|&(m, _)| m)
    else {
        return (result, ValueSource::Search);
    };
    let value = f64::from(base + probe.value);
    for mv in &mut result.moves {
        if let Some(&(_, Some(v))) = values.iter().find(|&&(m, _)| m == mv.mv) {
            mv.value = f64::from(base + v);
            mv.exact = true;
        } else {
            // No move is worth more than the position: an estimate above
            // it is known to be too high.
            mv.value = mv.value.min(value);
        }
    }
    result.moves.sort_by(|a, b| {
        b.value
            .total_cmp(&a.value)
            .then((b.mv == best).cmp(&(a.mv == best)))
    });
    result.best_move = Some(best);
    result.value = value;
    result.exact = true;
    result.pv = table_line(table, position, best);
    (result, ValueSource::Table)
}

/// The line the table's best moves make from `first` on, while it holds
/// the positions (at most [`MAX_DEPTH`] moves).
fn table_line(table: &oracle::Table, position: &Position, first: Move) -> Vec<Move> {
    let mut line = vec![first];
    let mut p = position.play(first).expect("a legal move");
    while line.len() < MAX_DEPTH && !p.is_over() {
        let Some(probe) = table.probe(&p) else { break };
        let Some(&(m, _)) = table
            .move_values(&p)
            .iter()
            .find(|&&(_, v)| v == Some(probe.value))
        else {
            break;
        };
        line.push(m);
        p = p.play(m).expect("a legal move");
    }
    line
}

fn prepare(request: &BestMoveRequest) -> Result<(Position, Level, Limits, u64), ApiError> {
    let rules = request.rules.resolve()?;
    let position = match &request.position {
        Some(text) => Position::from_notation(text, rules)?,
        None => Position::start(rules, Seat::South),
    };
    let level = match request.level {
        None => Level::MAX,
        Some(n) => Level::new(n)
            .ok_or_else(|| ApiError::InvalidSearch(format!("level: {n} is not a level (1..=7)")))?,
    };
    let time_ms = request.time_ms.unwrap_or(DEFAULT_TIME_MS);
    if !(1..=MAX_TIME_MS).contains(&time_ms) {
        return Err(ApiError::InvalidSearch(format!(
            "time_ms: {time_ms} is out of range (1..={MAX_TIME_MS})"
        )));
    }
    if let Some(depth) = request.depth {
        if !(1..=MAX_DEPTH as u32).contains(&depth) {
            return Err(ApiError::InvalidSearch(format!(
                "depth: {depth} is out of range (1..={MAX_DEPTH})"
            )));
        }
    }
    let limits = Limits {
        depth: request.depth,
        nodes: None,
        time: Some(Duration::from_millis(time_ms)),
    };
    Ok((position, level, limits, request.seed.unwrap_or(0)))
}
