//! A game's clock as the API shows it.

use chrono::{DateTime, Utc};
use serde::{Serialize, Serializer};

use crate::engine::Seat;

/// Both sides' time left and who is thinking. `south_ms` and `north_ms`
/// are as of the game's last change; `deadline` is when the running side's
/// flag falls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockState {
    pub south_ms: i64,
    pub north_ms: i64,
    #[serde(serialize_with = "running_seat")]
    pub running: Option<Seat>,
    pub deadline: Option<DateTime<Utc>>,
}

fn running_seat<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => s.serialize_str(seat.name()),
        None => s.serialize_none(),
    }
}
