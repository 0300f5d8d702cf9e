//! The JSON shapes of tournaments.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::game::GameView;
use super::rules::PresetName;
use crate::store::{EntrantRow, PairingRow, TournamentRow};
use crate::tournaments::Tournament;

/// A tournament's rules: one of the presets (default `classic`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentRules {
    pub preset: Option<PresetName>,
}

/// A tournament's clock: Fischer, for every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentClock {
    /// 1 to 86400.
    pub initial_s: u32,
    /// 0 to 3600.
    pub increment_s: u32,
}

/// A player, as a tournament names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentPlayer {
    #[schema(example = "aB3dE6gH9j")]
    pub id: String,
    pub name: String,
}

impl TournamentPlayer {
    fn of(entrant: &EntrantRow) -> TournamentPlayer {
        TournamentPlayer {
            id: entrant.player_id.clone(),
            name: entrant.name.clone(),
        }
    }
}

/// A player entered, by seed (the order they joined in, from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct EntrantView {
    pub id: String,
    pub name: String,
    pub seed: u32,
    /// A built-in bot.
    pub bot: bool,
    /// Withdrawn while the tournament ran: paired no more.
    pub withdrawn: bool,
}

/// The tiebreaks of a standings line.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TiebreaksView {
    /// The sum of the points of the opponents met over the board (in an
    /// arena, their arena points, once per game played).
    pub buchholz: f64,
    /// The sum of the points of the opponents beaten, and half the points
    /// of those drawn (0 in an arena).
    pub sonneborn_berger: f64,
    /// The points scored against the players with as many points (0 in an
    /// arena).
    pub direct_encounter: f64,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct StandingView {
    /// 1 and up; players equal on points and every tiebreak share one.
    pub rank: u32,
    pub player: TournamentPlayer,
    /// 1 a win, ½ a draw, 1 a Swiss bye or a forfeit won; in an arena, 2
    /// a win, 1 a draw, doubled on a streak.
    pub points: f64,
    /// Games played over the board.
    pub games: u32,
    pub tiebreaks: TiebreaksView,
    /// An arena's only (`null` in the other formats): on a streak (the
    /// last two games won), so that the next game's points are doubled.
    #[schema(required = true)]
    pub streak: Option<bool>,
    /// An arena's only (`null` in the other formats): the points of each
    /// game, in the order they were paired (a game in progress not yet
    /// among them).
    #[schema(required = true)]
    pub sheet: Option<Vec<u32>>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PairingView {
    pub round: u32,
    pub board: u32,
    pub south: TournamentPlayer,
    /// `null`: a bye.
    #[schema(required = true)]
    pub north: Option<TournamentPlayer>,
    /// `null`: a bye, or a game forfeited by a withdrawn player.
    #[schema(required = true)]
    pub game_id: Option<String>,
    /// South's points and North's once decided.
    #[schema(required = true)]
    pub south_points: Option<f64>,
    #[schema(required = true)]
    pub north_points: Option<f64>,
}

/// A tournament: its settings, players, pairings and standings.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TournamentView {
    #[schema(example = "Tn4x9QzLp2")]
    pub id: String,
    pub name: String,
    /// `round_robin`, `swiss` or `arena`.
    pub format: String,
    /// A round-robin played twice, the seats swapped.
    pub double: bool,
    /// An arena's length in minutes; `null` in the other formats.
    #[schema(required = true)]
    pub duration_min: Option<u32>,
    /// When a running arena stops pairing (its start plus `duration_min`);
    /// the games under way then are played out and count.
    #[schema(required = true)]
    pub ends_at: Option<DateTime<Utc>>,
    /// `registering`, `running`, `finished` or `cancelled`.
    pub status: String,
    pub rules: TournamentRules,
    pub clock: TournamentClock,
    pub rated: bool,
    /// The round paired last (0 before the start); in an arena, how many
    /// times players were paired.
    pub round: u32,
    /// A Swiss's rounds; a round-robin's once it started.
    #[schema(required = true)]
    pub rounds: Option<u32>,
    pub max_players: u32,
    #[schema(required = true)]
    pub starts_at: Option<DateTime<Utc>>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// The players entered, by seed.
    pub players: Vec<EntrantView>,
    /// Best first.
    pub standings: Vec<StandingView>,
    /// By round and board.
    pub pairings: Vec<PairingView>,
}

/// A tournament in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    /// `round_robin`, `swiss` or `arena`.
    pub format: String,
    pub status: String,
    pub round: u32,
    #[schema(required = true)]
    pub rounds: Option<u32>,
    pub player_count: u32,
    pub max_players: u32,
    #[schema(required = true)]
    pub starts_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// A page of tournaments, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentPage {
    pub tournaments: Vec<TournamentSummary>,
    /// The `cursor` of the next page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// Where a game stands in its tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentRef {
    pub id: String,
    pub round: u32,
}

/// A tournament's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentGameView {
    #[serde(flatten)]
    pub game: GameView,
    pub tournament: TournamentRef,
}

/// A tournament's games, by round and board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentGames {
    pub games: Vec<TournamentGameView>,
}

fn count(value: i32) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

fn half(points2: i32) -> f64 {
    f64::from(points2) / 2.0
}

impl TournamentSummary {
    pub fn of(row: &TournamentRow, player_count: usize) -> TournamentSummary {
        TournamentSummary {
            id: row.id.clone(),
            name: row.name.clone(),
            format: row.format.clone(),
            status: row.status.clone(),
            round: count(row.round),
            rounds: row.rounds.map(count),
            player_count: player_count as u32,
            max_players: count(row.max_players),
            starts_at: row.starts_at,
            created_at: row.created_at,
        }
    }
}

impl TournamentView {
    pub fn of(tournament: &Tournament) -> TournamentView {
        let row = &tournament.row;
        let name_of = |id: &str| {
            tournament
                .entrants
                .iter()
                .find(|e| e.player_id == id)
                .map_or_else(
                    || TournamentPlayer {
                        id: id.to_owned(),
                        name: String::new(),
                    },
                    TournamentPlayer::of,
                )
        };
        TournamentView {
            id: row.id.clone(),
            name: row.name.clone(),
            format: row.format.clone(),
            double: row.double_round,
            duration_min: row.duration_min.map(count),
            ends_at: row.ends_at,
            status: row.status.clone(),
            rules: TournamentRules {
                preset: row
                    .preset
                    .parse::<crate::engine::Preset>()
                    .ok()
                    .map(PresetName::from),
            },
            clock: TournamentClock {
                initial_s: count(row.initial_s),
                increment_s: count(row.increment_s),
            },
            rated: row.rated,
            round: count(row.round),
            rounds: row.rounds.map(count),
            max_players: count(row.max_players),
            starts_at: row.starts_at,
            created_by: row.created_by.clone(),
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            players: tournament
                .entrants
                .iter()
                .map(|e| EntrantView {
                    id: e.player_id.clone(),
                    name: e.name.clone(),
                    seed: count(e.seed) + 1,
                    bot: e.bot_level.is_some(),
                    withdrawn: e.withdrawn,
                })
                .collect(),
            standings: tournament
                .standings()
                .into_iter()
                .map(|s| {
                    // Arena points are whole points already.
                    let scale = if s.sheet.is_some() { 1.0 } else { 2.0 };
                    StandingView {
                        rank: s.line.rank as u32,
                        player: TournamentPlayer::of(s.entrant),
                        points: f64::from(s.line.points2) / scale,
                        games: s.line.games,
                        tiebreaks: TiebreaksView {
                            buchholz: f64::from(s.line.buchholz2) / scale,
                            sonneborn_berger: f64::from(s.line.sonneborn_berger4) / 4.0,
                            direct_encounter: f64::from(s.line.direct2) / 2.0,
                        },
                        streak: s.sheet.as_ref().map(|sheet| sheet.on_fire),
                        sheet: s
                            .sheet
                            .as_ref()
                            .map(|sheet| sheet.scores.iter().map(|g| g.points).collect()),
                    }
                })
                .collect(),
            pairings: tournament
                .pairings
                .iter()
                .map(|p: &PairingRow| PairingView {
                    round: count(p.round),
                    board: count(p.board),
                    south: name_of(&p.south_id),
                    north: p.north_id.as_deref().map(name_of),
                    game_id: p.game_id.clone(),
                    south_points: p.south_points2.map(half),
                    north_points: p.north_points2.map(half),
                })
                .collect(),
        }
    }
}
