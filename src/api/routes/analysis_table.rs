//! `GET /v1/analysis/table`: what the endgame table covers. Stateless, no
//! authentication. Asking loads (or builds) every preset's table, as the
//! first analysis of a preset would.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::problems::ApiError;
use crate::engine::Preset;
use crate::search::oracle;

/// The table's rule for positions that can repeat.
pub const REPETITION_RULE: &str = "The rules end a game only by capturing both mandarin squares \
or at max_plies; there is no repetition rule. A value is in the table only when both players \
can force the game to end (both mandarin squares empty) within `depth` plies whatever the other \
does, so it holds whenever at least that many moves are left before max_plies. A position whose \
value depends on the moves left (lines that can repeat, refills that borrow again and again, \
refills that lead to more stones than the table holds) is not covered and left to the search.";

#[derive(Debug, Serialize, ToSchema)]
pub struct EndgameTablesView {
    /// The most small stones on the board of a position the tables hold; 0
    /// when the server has no table.
    pub stones: u32,
    /// How positions that can repeat, and `max_plies`, are treated.
    #[schema(
        example = "The rules end a game only by capturing both mandarin squares or at max_plies; …"
    )]
    pub repetition_rule: &'static str,
    /// One table per preset (empty when `stones` is 0).
    pub tables: Vec<EndgameTableView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EndgameTableView {
    /// The preset's rules, with any `max_plies`.
    #[schema(example = "classic")]
    pub preset: &'static str,
    /// Every board of at most this many small stones, each combination of
    /// mandarins still on the board, either side to move.
    pub stones: u32,
    /// Legal positions with South to move (a North position is the same
    /// as its mirror with South to move).
    pub positions: u64,
    /// Of those, the positions with an exact value.
    pub exact: u64,
    /// `exact / positions`.
    pub exact_fraction: f64,
    /// The longest proof among the exact values, in plies: a position's
    /// own proof length is how many moves must be left before `max_plies`
    /// for its value to hold.
    pub max_depth: u32,
    /// Retrograde passes until the values stopped changing.
    pub passes: u32,
    /// Memory the table takes: two bytes per entry.
    pub bytes: u64,
    /// How long the table took to build, in milliseconds (when it was
    /// built, for a table read from a file).
    pub build_ms: u64,
    /// `file` (read from the endgame directory) or `built` (in memory at
    /// first use).
    #[schema(example = "built")]
    pub origin: &'static str,
}

/// Endgame table coverage
///
/// What the endgame table covers, per preset: the stones, positions,
/// exactly solved count, size and build time, and the rule for positions
/// that can repeat. `POST /v1/analysis/best` answers a covered position
/// from the table (`source: "table"`, `exact: true`).
#[utoipa::path(
    tag = "analysis",
    responses(
        (status = 200, description = "The tables and what they cover", body = EndgameTablesView),
    )
)]
#[get("/v1/analysis/table")]
pub async fn endgame_table() -> Result<web::Json<EndgameTablesView>, ApiError> {
    let view = web::block(describe)
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("endgame table: {e}")))?;
    Ok(web::Json(view))
}

fn describe() -> EndgameTablesView {
    let stones = oracle::settings().map_or(0, |s| s.stones);
    let tables = Preset::ALL
        .into_iter()
        .filter_map(|preset| {
            let loaded = oracle::table(preset)?;
            let stats = loaded.table.stats();
            Some(EndgameTableView {
                preset: preset.name(),
                stones: loaded.table.stones(),
                positions: stats.positions,
                exact: stats.exact,
                exact_fraction: if stats.positions == 0 {
                    0.0
                } else {
                    stats.exact as f64 / stats.positions as f64
                },
                max_depth: stats.max_depth,
                passes: stats.passes,
                bytes: loaded.table.bytes(),
                build_ms: stats.build_time.as_millis() as u64,
                origin: loaded.origin.name(),
            })
        })
        .collect();
    EndgameTablesView {
        stones,
        repetition_rule: REPETITION_RULE,
        tables,
    }
}
