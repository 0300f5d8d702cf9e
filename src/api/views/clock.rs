//! Time controls and clocks as the API shows and takes them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::SeatName;
use crate::domain::TimeControl;
use crate::games::ClockState;

/// Real time: `initial_s` each, `increment_s` more after every move (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RealTimeClock {
    #[schema(minimum = 1, maximum = 86400, example = 300)]
    pub initial_s: u32,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 3600, example = 3)]
    pub increment_s: u32,
}

/// Correspondence: each move within `days_per_move` days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrespondenceClock {
    #[schema(minimum = 1, maximum = 30, example = 2)]
    pub days_per_move: u32,
}

/// A time control: `{initial_s, increment_s}` or `{days_per_move}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum TimeControlView {
    RealTime(RealTimeClock),
    Correspondence(CorrespondenceClock),
}

impl From<TimeControlView> for TimeControl {
    fn from(view: TimeControlView) -> Self {
        match view {
            TimeControlView::RealTime(c) => TimeControl::RealTime {
                initial_s: c.initial_s,
                increment_s: c.increment_s,
            },
            TimeControlView::Correspondence(c) => TimeControl::Correspondence {
                days_per_move: c.days_per_move,
            },
        }
    }
}

impl From<TimeControl> for TimeControlView {
    fn from(control: TimeControl) -> Self {
        match control {
            TimeControl::RealTime {
                initial_s,
                increment_s,
            } => TimeControlView::RealTime(RealTimeClock {
                initial_s,
                increment_s,
            }),
            TimeControl::Correspondence { days_per_move } => {
                TimeControlView::Correspondence(CorrespondenceClock { days_per_move })
            }
        }
    }
}

/// Both sides' time left, as of the game's last change, and who is thinking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClockView {
    pub south_ms: i64,
    pub north_ms: i64,
    /// The side whose time runs; `null` unless the game is active.
    #[schema(required = true)]
    pub running: Option<SeatName>,
    /// When the running side's flag falls (for a first move of a real-time
    /// game: when the game is aborted), on the server's clock.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

impl From<ClockState> for ClockView {
    fn from(state: ClockState) -> Self {
        ClockView {
            south_ms: state.south_ms,
            north_ms: state.north_ms,
            running: state.running.map(SeatName::from),
            deadline: state.deadline,
        }
    }
}
