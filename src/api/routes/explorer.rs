//! `GET /v1/explorer`: the opening explorer. For one position, how many
//! finished games reached it, how they ended, and the same for each move
//! played from it, read from the index the explorer's indexer writes
//! after games finish (`explorer/`), the games it has not counted yet
//! counted first.

use actix_web::{get, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::query_values::{flag, instant, invalid};
use crate::api::views::{PresetName, ResultView, RulesInput, SeatPlayers};
use crate::api::AppState;
use crate::domain::GameId;
use crate::engine::{Move, Position, Preset, Rules, Seat};
use crate::explorer::{explore as explore_position, position_key, rules_key, SPEEDS};
use crate::store::{cut_inside_a_bucket, ExplorerCounts, ExplorerFilter, MAX_ROWS_COUNTED};

pub fn configure(config: &mut ServiceConfig) {
    config.service(explore);
}

/// The most moves `play` may hold.
const MAX_PLAY: usize = 2000;
/// Recent games listed unless `recent` says otherwise, and the most.
const DEFAULT_RECENT: u32 = 8;
const MAX_RECENT: u32 = 20;

/// The query of `GET /v1/explorer`. Every value is taken as text and
/// checked here, so that a bad one is a 400 naming its parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExplorerQuery {
    /// The preset (default `classic`); not with `rules`.
    #[param(value_type = Option<PresetName>)]
    pub preset: Option<String>,
    /// A ruleset as JSON, as the analysis endpoints take it
    /// (`{"preset":"village","max_plies":200}`); not with `preset`.
    pub rules: Option<String>,
    /// `true`: the games that began from a custom position (kept apart).
    #[param(value_type = Option<bool>)]
    pub custom_start: Option<String>,
    /// The position in RULES.md notation; not with `play`.
    pub position: Option<String>,
    /// Moves from the standard start, comma-separated (`3R,2L`).
    pub play: Option<String>,
    /// Who moves first at the standard start of `play` (default `south`).
    #[param(value_type = Option<crate::api::views::SeatName>)]
    pub first: Option<String>,
    /// Only rated (`true`) or unrated (`false`) games.
    #[param(value_type = Option<bool>)]
    pub rated: Option<String>,
    /// Only rated games whose players' mean rating before the game was at least this.
    #[param(value_type = Option<f64>)]
    pub min_rating: Option<String>,
    /// Only games finished at or after this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub since: Option<String>,
    /// Only games finished before this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub until: Option<String>,
    /// Only games of this clock class.
    #[param(pattern = "^(unlimited|correspondence|bullet|blitz|rapid|classical)$")]
    pub speed: Option<String>,
    /// How many of the latest games to list, 0 to 20 (default 8).
    #[param(value_type = Option<u32>, minimum = 0, maximum = 20)]
    pub recent: Option<String>,
}

/// What the games did after one move.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ExplorerMove {
    #[serde(rename = "move")]
    #[schema(example = "3R")]
    pub played: String,
    pub games: i64,
    pub south_wins: i64,
    pub north_wins: i64,
    pub draws: i64,
    /// The mean final score of the side that played the move minus the other's.
    pub average_score_difference: f64,
    /// The mean of the players' ratings before the rated games among them.
    #[schema(required = true)]
    pub average_rating: Option<f64>,
}

/// One of the latest games that reached the position.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ExplorerGame {
    pub id: String,
    pub players: SeatPlayers,
    pub result: ResultView,
}

/// The finished games that reached a position, and each move played from it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ExplorerAnswer {
    /// The position, in RULES.md notation.
    pub position: String,
    pub games: i64,
    pub south_wins: i64,
    pub north_wins: i64,
    pub draws: i64,
    /// Most played first.
    pub moves: Vec<ExplorerMove>,
    /// The latest games first.
    pub recent_games: Vec<ExplorerGame>,
    /// Finished games not counted in this answer: 0 unless more games
    /// waited to be counted than one request counts (after an outage,
    /// say); a later request counts them.
    pub pending_games: i64,
}

impl ExplorerQuery {
    fn rules(&self) -> Result<Rules, ApiError> {
        match (&self.preset, &self.rules) {
            (Some(_), Some(_)) => Err(ApiError::InvalidQuery(
                "preset: not with rules, which names its preset".to_owned(),
            )),
            (Some(raw), None) => Ok(Preset::ALL
                .into_iter()
                .find(|p| p.name() == raw)
                .ok_or_else(|| invalid("preset", raw, "classic, village or online"))?
                .rules()),
            (None, Some(raw)) => {
                let input: RulesInput = serde_json::from_str(raw).map_err(|e| {
                    ApiError::InvalidQuery(format!("rules: not a ruleset as JSON: {e}"))
                })?;
                Ok(input.resolve()?)
            }
            (None, None) => Ok(Preset::Classic.rules()),
        }
    }

    fn position(&self, rules: Rules) -> Result<Position, ApiError> {
        match (&self.position, &self.play) {
            (Some(_), Some(_)) => Err(ApiError::InvalidQuery(
                "position: not with play, which starts from the standard start".to_owned(),
            )),
            (Some(_), None) if self.first.is_some() => Err(ApiError::InvalidPosition(
                "first: only for the standard start; a position says who is to move".to_owned(),
            )),
            (Some(text), None) => Ok(Position::from_notation(text, rules)?),
            (None, play) => {
                let first = match self.first.as_deref() {
                    None | Some("south") => Seat::South,
                    Some("north") => Seat::North,
                    Some(raw) => return Err(invalid("first", raw, "south or north")),
                };
                let mut position = Position::start(rules, first);
                let moves = play.as_deref().filter(|line| !line.is_empty());
                for (index, text) in moves.into_iter().flat_map(|l| l.split(',')).enumerate() {
                    if index >= MAX_PLAY {
                        return Err(ApiError::InvalidMove(format!(
                            "play: a line has at most {MAX_PLAY} moves"
                        )));
                    }
                    let m: Move = text
                        .parse()
                        .map_err(|e| ApiError::InvalidMove(format!("play[{index}]: {e}")))?;
                    position = position.play(m).map_err(|e| {
                        ApiError::IllegalMove(format!("play[{index}] (`{m}`): {e}"))
                    })?;
                }
                Ok(position)
            }
        }
    }

    fn filter(&self, rules: &Rules, position: &Position) -> Result<ExplorerFilter, ApiError> {
        let custom_start = flag("custom_start", self.custom_start.as_deref())?.unwrap_or(false);
        let min_rating = self
            .min_rating
            .as_deref()
            .map(|raw| {
                raw.parse::<f64>()
                    .ok()
                    .filter(|r| r.is_finite())
                    .ok_or_else(|| invalid("min_rating", raw, "a number"))
            })
            .transpose()?;
        let speed = match self.speed.as_deref() {
            Some(raw) if !SPEEDS.contains(&raw) => {
                return Err(invalid(
                    "speed",
                    raw,
                    "unlimited, correspondence, bullet, blitz, rapid or classical",
                ))
            }
            speed => speed.map(str::to_owned),
        };
        Ok(ExplorerFilter {
            rules: rules_key(rules, custom_start),
            position: position_key(position),
            rated: flag("rated", self.rated.as_deref())?,
            min_rating,
            since: instant("since", self.since.as_deref())?,
            until: instant("until", self.until.as_deref())?,
            speed,
        })
    }

    fn recent(&self) -> Result<u32, ApiError> {
        match self.recent.as_deref() {
            None => Ok(DEFAULT_RECENT),
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= MAX_RECENT)
                .ok_or_else(|| invalid("recent", raw, "a whole number from 0 to 20")),
        }
    }
}

/// The refusal of a filter that cuts inside a bucket, at a position
/// reached by more games than are counted from their rows.
fn too_fine(query: &ExplorerQuery, filter: &ExplorerFilter) -> ApiError {
    let field = cut_inside_a_bucket(filter).unwrap_or("since");
    let raw = match field {
        "min_rating" => &query.min_rating,
        "until" => &query.until,
        _ => &query.since,
    };
    invalid(
        field,
        raw.as_deref().unwrap_or_default(),
        &format!(
            "the first instant of a month (since, until) or a multiple of 100 (min_rating), \
             which a position reached by more than {MAX_ROWS_COUNTED} games needs"
        ),
    )
}

fn move_of(counts: ExplorerCounts) -> ExplorerMove {
    ExplorerMove {
        played: counts.played,
        games: counts.games,
        south_wins: counts.south_wins,
        north_wins: counts.north_wins,
        draws: counts.draws,
        average_score_difference: counts.average_score_difference.unwrap_or(0.0),
        average_rating: counts.average_rating,
    }
}

/// The finished games that reached the latest ones of a position.
async fn recent_games(state: &AppState, ids: Vec<String>) -> Result<Vec<ExplorerGame>, ApiError> {
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        let Ok(id) = GameId::parse(&id) else { continue };
        let Some(game) = state.games.game(&state.store, &id).await? else {
            continue;
        };
        let Some(result) = &game.result else { continue };
        let mut players = SeatPlayers::of(&game);
        players.mark_bots(&game);
        games.push(ExplorerGame {
            id: game.id.to_string(),
            players,
            result: ResultView::from(result),
        });
    }
    Ok(games)
}

/// Opening explorer
///
/// The finished games that reached a position — named by `position`, or by
/// `play` from the standard start — and, for each move played from it,
/// how those games ended. A position is its board, side to move and stores
/// (not its ply), so lines that transpose meet. Games under other rules,
/// and games from a custom start (`custom_start=true`), are counted apart.
/// The filters narrow the games counted. Every game finished before the
/// request is counted, unless more were waiting to be counted than one
/// request counts: `pending_games` then says how many are left out.
#[utoipa::path(
    tag = "analysis",
    params(ExplorerQuery),
    responses(
        (status = 200, description = "The position's games and moves", body = ExplorerAnswer),
        (status = 400, description = "`invalid_query`: a parameter is not valid",
            body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_rules`, `invalid_position`, `invalid_move` or `illegal_move` (in `play`)",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/explorer")]
pub async fn explore(
    state: web::Data<AppState>,
    query: web::Query<ExplorerQuery>,
) -> Result<HttpResponse, ApiError> {
    let rules = query.rules()?;
    let position = query.position(rules)?;
    let filter = query.filter(&rules, &position)?;
    let recent = query.recent()?;
    let explored = explore_position(
        &state.store,
        &filter,
        recent,
        state.explorer.read_max_pending,
    )
    .await?;
    let Some((total, moves)) = explored.counts else {
        return Err(too_fine(&query, &filter));
    };
    let mut moves: Vec<ExplorerMove> = moves.into_iter().map(move_of).collect();
    moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.played.cmp(&b.played)));
    let answer = ExplorerAnswer {
        position: position.to_string(),
        games: total.games,
        south_wins: total.south_wins,
        north_wins: total.north_wins,
        draws: total.draws,
        moves,
        recent_games: recent_games(&state, explored.recent).await?,
        pending_games: explored.pending_games,
    };
    Ok(HttpResponse::Ok().json(answer))
}
