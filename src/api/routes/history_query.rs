//! The query of a game list (`GET /v1/games`, `GET /v1/players/{id}/games`):
//! its filters, checked one by one, and the next page's query string.

use serde::Deserialize;
use utoipa::IntoParams;

use super::history::decode_cursor;
use crate::api::problems::ApiError;
use crate::api::protocol::query_values::{flag, instant, invalid};
use crate::domain::{GameStatus, PlayerId};
use crate::engine::{EndReason, Preset, Seat};
use crate::store::{GameFilter, HistoryKey, RulesFilter};

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// The query of a game list. Every value is taken as text and checked
/// here, so that a bad one is a 400 naming its parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameListQuery {
    /// Only the games in this status.
    #[param(value_type = Option<crate::api::views::names::GameStatusName>)]
    pub status: Option<String>,
    /// A player id: the games in which this player sits, in either seat.
    #[param(value_type = Option<PlayerId>)]
    pub player: Option<String>,
    /// With a player: only the games against this player.
    #[param(value_type = Option<PlayerId>)]
    pub opponent: Option<String>,
    /// Only rated (`true`) or unrated (`false`) games.
    #[param(value_type = Option<bool>)]
    pub rated: Option<String>,
    /// `classic`, `village`, `online`, or `custom` (a mix that is no preset).
    #[param(pattern = "^(classic|village|online|custom)$")]
    pub rules: Option<String>,
    /// The same as `rules` (not with it).
    #[param(pattern = "^(classic|village|online|custom)$")]
    pub preset: Option<String>,
    /// Only the games won by this seat, or drawn.
    #[param(value_type = Option<crate::api::views::names::WinnerName>)]
    pub result: Option<String>,
    /// Only the games that ended this way.
    #[param(value_type = Option<crate::api::views::names::EndReasonName>)]
    pub reason: Option<String>,
    /// Only games created at or after this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub since: Option<String>,
    /// Only games created before this instant (RFC 3339).
    #[param(value_type = Option<String>, format = DateTime)]
    pub until: Option<String>,
    /// Only rated games whose rating changes all started at this rating or above.
    #[param(value_type = Option<f64>)]
    pub min_rating: Option<String>,
    /// From the previous page's `next_cursor`; omit for the newest games.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
    /// Games per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

fn player_id(parameter: &str, raw: Option<&str>) -> Result<Option<PlayerId>, ApiError> {
    raw.map(|raw| PlayerId::parse(raw).map_err(|_| invalid(parameter, raw, "a player id")))
        .transpose()
}

/// `value` with every byte but letters, digits and `-._~` percent-encoded.
fn escaped(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl GameListQuery {
    /// The filter; `path_player` is the player a path names, if any.
    pub(super) fn filter(&self, path_player: Option<PlayerId>) -> Result<GameFilter, ApiError> {
        let status = self
            .status
            .as_deref()
            .map(|raw| {
                GameStatus::parse(raw).ok_or_else(|| {
                    invalid(
                        "status",
                        raw,
                        "waiting, active, finished, cancelled or archived",
                    )
                })
            })
            .transpose()?;
        let player = path_player.or(player_id("player", self.player.as_deref())?);
        let opponent = player_id("opponent", self.opponent.as_deref())?;
        if opponent.is_some() && player.is_none() {
            return Err(ApiError::InvalidQuery(
                "opponent: only with a player, whose opponent it is".to_owned(),
            ));
        }
        let rated = flag("rated", self.rated.as_deref())?;
        let (name, rules) = match (&self.rules, &self.preset) {
            (Some(_), Some(_)) => {
                return Err(ApiError::InvalidQuery(
                    "preset: not with rules, which says the same".to_owned(),
                ))
            }
            (Some(rules), None) => ("rules", Some(rules.as_str())),
            (None, preset) => ("preset", preset.as_deref()),
        };
        let rules = match rules {
            None => None,
            Some("custom") => Some(RulesFilter::Custom),
            Some(raw) => Some(RulesFilter::Preset(
                Preset::ALL
                    .into_iter()
                    .find(|p| p.name() == raw)
                    .ok_or_else(|| invalid(name, raw, "classic, village, online or custom"))?,
            )),
        };
        let winner = match self.result.as_deref() {
            None => None,
            Some("south") => Some(Some(Seat::South)),
            Some("north") => Some(Some(Seat::North)),
            Some("draw") => Some(None),
            Some(raw) => return Err(invalid("result", raw, "south, north or draw")),
        };
        let reason = self
            .reason
            .as_deref()
            .map(|raw| {
                EndReason::from_name(raw).ok_or_else(|| {
                    invalid(
                        "reason",
                        raw,
                        "mandarins_captured, max_plies, forfeit, resignation or timeout",
                    )
                })
            })
            .transpose()?;
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
        Ok(GameFilter {
            status,
            player,
            rated,
            rules,
            since: instant("since", self.since.as_deref())?,
            until: instant("until", self.until.as_deref())?,
            opponent,
            winner,
            reason,
            min_rating,
        })
    }

    pub(super) fn limit(&self) -> Result<u32, ApiError> {
        match self.limit.as_deref() {
            None => Ok(DEFAULT_PAGE_SIZE),
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
                .ok_or_else(|| invalid("limit", raw, "a whole number from 1 to 100")),
        }
    }

    pub(super) fn after(&self) -> Result<Option<HistoryKey>, ApiError> {
        self.cursor.as_deref().map(decode_cursor).transpose()
    }

    /// The query string of the next page: the same filters, the new cursor.
    pub(super) fn next_page(&self, cursor: &str) -> String {
        let kept = [
            ("status", &self.status),
            ("player", &self.player),
            ("opponent", &self.opponent),
            ("rated", &self.rated),
            ("rules", &self.rules),
            ("preset", &self.preset),
            ("result", &self.result),
            ("reason", &self.reason),
            ("since", &self.since),
            ("until", &self.until),
            ("min_rating", &self.min_rating),
            ("limit", &self.limit),
        ];
        // Every kept value was checked above; a time's `+` and `:` are
        // escaped.
        kept.iter()
            .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={}", escaped(v))))
            .chain([format!("cursor={cursor}")])
            .collect::<Vec<_>>()
            .join("&")
    }
}
