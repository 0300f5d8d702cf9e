//! Ratings, leaderboards, rating history and head-to-head records.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::{PlayerSummary, PresetName};
use crate::engine::Preset;
use crate::ratings::{GameResult, Standing, Streak};
use crate::store::{BotRecord, LeaderboardRow, PresetStanding, RatingChange, Record};

/// `win`, `draw` or `loss`, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultName {
    Win,
    Draw,
    Loss,
}

impl From<GameResult> for ResultName {
    fn from(result: GameResult) -> Self {
        match result {
            GameResult::Win => ResultName::Win,
            GameResult::Draw => ResultName::Draw,
            GameResult::Loss => ResultName::Loss,
        }
    }
}

/// The run of equal results that ends with the player's last rated game of
/// the preset: e.g. `{"kind": "win", "length": 3}` after three wins in a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"kind": "win", "length": 3}))]
pub struct StreakView {
    pub kind: ResultName,
    pub length: i64,
}

impl From<Streak> for StreakView {
    fn from(streak: Streak) -> Self {
        StreakView {
            kind: streak.kind.into(),
            length: streak.length,
        }
    }
}

/// A player's Glicko-2 rating and record in one preset (rated games only).
/// Values are as of the player's last rated game of the preset; exact, not
/// rounded.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "rating": 1662.3108939062977, "rd": 290.31896371798047, "volatility": 0.05999967537233814,
    "provisional": true, "games": 1, "opponents": 1, "wins": 1, "draws": 0, "losses": 0,
    "streak": {"kind": "win", "length": 1}, "last_played_at": "2025-01-31T08:30:00.123456Z"
}))]
pub struct PresetRatingView {
    pub rating: f64,
    /// Rating deviation: the rating is within ±2 RD with ~95 % confidence.
    pub rd: f64,
    pub volatility: f64,
    /// Not yet established (docs/API.md "How ratings resist farming"): the
    /// player's games do not move their opponents' ratings, and the player
    /// is left off leaderboards by default.
    pub provisional: bool,
    /// Rated games that counted: against established opponents.
    pub games: i64,
    /// Distinct opponents among those games.
    pub opponents: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    #[schema(required = true)]
    pub streak: Option<StreakView>,
    /// When the last rated game of the preset finished.
    #[schema(required = true)]
    pub last_played_at: Option<DateTime<Utc>>,
}

impl From<&Standing> for PresetRatingView {
    fn from(standing: &Standing) -> Self {
        PresetRatingView {
            rating: standing.glicko.rating,
            rd: standing.glicko.rd,
            volatility: standing.glicko.volatility,
            provisional: !standing.is_established(),
            games: standing.games,
            opponents: standing.opponents,
            wins: standing.wins,
            draws: standing.draws,
            losses: standing.losses,
            streak: standing.streak.map(StreakView::from),
            last_played_at: standing.last_played_at,
        }
    }
}

/// Ratings per preset; `null` where the player has finished no rated game.
/// Games under a custom mix of rules are never rated.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct RatingsView {
    #[schema(required = true)]
    pub classic: Option<PresetRatingView>,
    #[schema(required = true)]
    pub village: Option<PresetRatingView>,
    #[schema(required = true)]
    pub online: Option<PresetRatingView>,
}

impl RatingsView {
    pub fn of(standings: &[PresetStanding]) -> RatingsView {
        let mut view = RatingsView::default();
        for s in standings {
            let slot = match s.preset {
                Preset::Classic => &mut view.classic,
                Preset::Village => &mut view.village,
                Preset::Online => &mut view.online,
            };
            *slot = Some(PresetRatingView::from(&s.standing));
        }
        view
    }
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "rank": 1, "player": {"id": "aB3dE6gH9j", "name": "Lan", "bot": false}, "rating": 1893.4, "rd": 61.2,
    "provisional": false, "games": 48, "wins": 35, "draws": 3, "losses": 10,
    "last_played_at": "2025-01-31T08:30:00.123456Z"
}))]
pub struct LeaderboardEntry {
    /// 1 + the number of players ranked above under the same filters. Ties
    /// in rating are ranked by player id, so ranks are unique.
    pub rank: i64,
    pub player: PlayerSummary,
    pub rating: f64,
    pub rd: f64,
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    #[schema(required = true)]
    pub last_played_at: Option<DateTime<Utc>>,
}

impl LeaderboardEntry {
    pub fn new(rank: i64, row: &LeaderboardRow) -> LeaderboardEntry {
        let s = &row.standing;
        LeaderboardEntry {
            rank,
            player: PlayerSummary::from(&row.player),
            rating: s.glicko.rating,
            rd: s.glicko.rd,
            provisional: !s.is_established(),
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            last_played_at: s.last_played_at,
        }
    }
}

/// A page of a leaderboard, best first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LeaderboardPage {
    #[schema(value_type = PresetName)]
    pub preset: String,
    pub entries: Vec<LeaderboardEntry>,
    /// Pass as `cursor` for the page above this one; `null` at the top.
    #[schema(required = true)]
    pub prev_cursor: Option<String>,
    /// Pass as `cursor` for the page below this one; `null` at the bottom.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// One rating change: the player's rating before and after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RatingChangeView {
    #[schema(example = "Gm4x9QzLp2")]
    pub game_id: String,
    #[schema(value_type = PresetName)]
    pub preset: String,
    pub result: ResultName,
    pub opponent: PlayerSummary,
    /// When the game finished.
    pub rated_at: DateTime<Utc>,
    /// Stored values before the game (RD before any growth for idle days).
    pub rating_before: f64,
    pub rd_before: f64,
    pub volatility_before: f64,
    pub rating_after: f64,
    pub rd_after: f64,
    pub volatility_after: f64,
}

impl From<&RatingChange> for RatingChangeView {
    fn from(change: &RatingChange) -> Self {
        RatingChangeView {
            game_id: change.game_id.to_string(),
            preset: change.preset.name().to_owned(),
            result: change.result.into(),
            opponent: PlayerSummary::from(&change.opponent),
            rated_at: change.rated_at,
            rating_before: change.before.rating,
            rd_before: change.before.rd,
            volatility_before: change.before.volatility,
            rating_after: change.after.rating,
            rd_after: change.after.rd,
            volatility_after: change.after.volatility,
        }
    }
}

/// A player's rating changes, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RatingHistoryPage {
    pub player_id: String,
    /// The preset asked for; `null` for every preset.
    #[schema(required = true, value_type = Option<PresetName>)]
    pub preset: Option<String>,
    pub changes: Vec<RatingChangeView>,
    /// Pass as `cursor` for older changes; `null` when there are none.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// Games counted from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecordView {
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl From<Record> for RecordView {
    fn from(record: Record) -> Self {
        RecordView {
            games: record.games,
            wins: record.wins,
            draws: record.draws,
            losses: record.losses,
        }
    }
}

/// The head-to-head record of `player` against `opponent`, from `player`'s side.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "player": {"id": "aB3dE6gH9j", "name": "Lan", "bot": false}, "opponent": {"id": "Zx8Yw7Vu6T", "name": "Minh", "bot": false},
    "all": {"games": 5, "wins": 3, "draws": 0, "losses": 2},
    "rated": {"games": 4, "wins": 2, "draws": 0, "losses": 2},
    "last_played_at": "2025-01-31T08:30:00.123456Z"
}))]
pub struct VersusView {
    pub player: PlayerSummary,
    pub opponent: PlayerSummary,
    /// Every finished game between the two, rated or not.
    pub all: RecordView,
    /// The rated ones among them.
    pub rated: RecordView,
    /// When the last of those games finished; `null` if they never played.
    #[schema(required = true)]
    pub last_played_at: Option<DateTime<Utc>>,
}

/// A player's record against one built-in bot: every finished game, none
/// of them rated.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "bot": {"id": "botLevel04", "name": "bot-4", "bot": true}, "level": 4,
    "games": 5, "wins": 3, "draws": 0, "losses": 2
}))]
pub struct BotRecordView {
    pub bot: PlayerSummary,
    /// The bot's level, 1 (weakest) to 7.
    pub level: u8,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl From<&BotRecord> for BotRecordView {
    fn from(r: &BotRecord) -> Self {
        BotRecordView {
            bot: PlayerSummary::from(&r.bot),
            level: r.bot.bot_level.unwrap_or_default(),
            games: r.record.games,
            wins: r.record.wins,
            draws: r.record.draws,
            losses: r.record.losses,
        }
    }
}
