//! What a transition did, for those who follow a game (streams, bots):
//! returned by every function of the layer and published after commit.
//! Serialized with a `type` tag; `version` is the game's version after it.

use chrono::{DateTime, Utc};
use serde::{Serialize, Serializer};

use super::clock::ClockState;
use crate::domain::GameStatus;
use crate::domain::PlayerRef;
use crate::engine::{Event, Move, Outcome, Seat};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameEvent {
    /// A new game, waiting for its second player.
    Created {
        version: i64,
    },
    Joined {
        version: i64,
        #[serde(serialize_with = "as_seat_name")]
        seat: Seat,
        #[serde(serialize_with = "as_player")]
        player: PlayerRef,
        #[serde(serialize_with = "as_status")]
        status: GameStatus,
        started_at: Option<DateTime<Utc>>,
        clock: Option<ClockState>,
    },
    Move {
        version: i64,
        #[serde(rename = "move")]
        played: PlayedMove,
        /// The ply of the next move.
        ply: u32,
        #[serde(serialize_with = "as_seat_name")]
        to_move: Seat,
        #[serde(serialize_with = "as_scores")]
        scores: [i32; 2],
        clock: Option<ClockState>,
        #[serde(serialize_with = "as_notations")]
        legal_moves: Vec<Move>,
    },
    Ended {
        version: i64,
        #[serde(serialize_with = "as_status")]
        status: GameStatus,
        #[serde(serialize_with = "as_result")]
        result: Outcome,
        clock: Option<ClockState>,
    },
    Aborted {
        version: i64,
        reason: String,
    },
    Expired {
        version: i64,
    },
    Cancelled {
        version: i64,
    },
    /// A player offered a takeback or a rematch, withdrew their offer, or
    /// the other declined or accepted it.
    Offer {
        version: i64,
        /// `takeback` or `rematch`.
        offer: &'static str,
        /// The seat that made the offer.
        #[serde(serialize_with = "as_seat_name")]
        by: Seat,
        /// `offered`, `withdrawn`, `declined` or `accepted`.
        action: &'static str,
        /// The game an accepted rematch made.
        game_id: Option<String>,
    },
    /// An accepted takeback: the last `plies` moves are undone.
    TakenBack {
        version: i64,
        plies: u32,
        /// The ply of the next move.
        ply: u32,
        #[serde(serialize_with = "as_seat_name")]
        to_move: Seat,
        position: String,
        #[serde(serialize_with = "as_scores")]
        scores: [i32; 2],
        clock: Option<ClockState>,
        #[serde(serialize_with = "as_notations")]
        legal_moves: Vec<Move>,
    },
    /// The player challenged declined: the game is cancelled.
    Declined {
        version: i64,
        reason: String,
    },
}

/// A move as played: what the API's move view shows. The trace is the
/// engine's; the API renders it (`EventView`), it is not serialized here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    pub ply: u32,
    #[serde(serialize_with = "as_seat_name")]
    pub seat: Seat,
    pub notation: String,
    #[serde(skip)]
    pub trace: Vec<Event>,
    pub position_after: String,
    pub played_at: DateTime<Utc>,
    /// How long the mover thought, on the server's clock.
    pub think_ms: Option<i64>,
    /// The mover's time left after the move and its increment.
    pub clock_ms: Option<i64>,
}

impl GameEvent {
    pub fn version(&self) -> i64 {
        match self {
            GameEvent::Created { version }
            | GameEvent::Joined { version, .. }
            | GameEvent::Move { version, .. }
            | GameEvent::Ended { version, .. }
            | GameEvent::Aborted { version, .. }
            | GameEvent::Declined { version, .. }
            | GameEvent::Offer { version, .. }
            | GameEvent::TakenBack { version, .. }
            | GameEvent::Expired { version }
            | GameEvent::Cancelled { version } => *version,
        }
    }
}

fn as_seat_name<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(seat.name())
}

fn as_status<S: Serializer>(status: &GameStatus, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(status.as_str())
}

fn as_player<S: Serializer>(player: &PlayerRef, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Player<'a> {
        id: &'a str,
        name: &'a str,
        bot: bool,
    }
    Player {
        id: player.id.as_str(),
        name: &player.name,
        bot: player.is_bot(),
    }
    .serialize(s)
}

#[derive(Serialize)]
struct Scores {
    south: i32,
    north: i32,
}

fn as_scores<S: Serializer>(scores: &[i32; 2], s: S) -> Result<S::Ok, S::Error> {
    Scores {
        south: scores[0],
        north: scores[1],
    }
    .serialize(s)
}

fn as_notations<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(Move::to_string))
}

fn as_result<S: Serializer>(outcome: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Result {
        winner: &'static str,
        reason: &'static str,
        scores: Scores,
    }
    Result {
        winner: outcome.winner.map_or("draw", Seat::name),
        reason: outcome.reason.name(),
        scores: Scores {
            south: outcome.scores[0],
            north: outcome.scores[1],
        },
    }
    .serialize(s)
}
