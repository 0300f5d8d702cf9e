use serde::Serialize;
use utoipa::ToSchema;

use super::{ScoresView, SeatName};
use crate::engine::{EndReason, Event, Seat};

/// One step of a move, in order, for animating it stone by stone.
///
/// A move starts with `lift`, then `sow` and `relay` alternate, then any
/// `capture`s, then one `turn_end`. The turn change follows: `refill` or
/// `forfeit` of the next mover, or `game_end`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventView {
    /// The mover lifts every stone of their chosen square.
    Lift { square: u8, stones: u32 },
    /// The stones in hand are dropped one per square from `from` to `to`
    /// inclusive, in the move's direction. With 12 or more stones the sowing
    /// laps the ring (every square gets `stones / 12`, and the first
    /// `stones % 12` squares from `from` one more).
    Sow { from: u8, to: u8, stones: u32 },
    /// The square after the last stone held stones: they are lifted and sown on.
    Relay { square: u8, stones: u32 },
    /// The mover captures a square's small stones and its mandarin, if any.
    Capture {
        square: u8,
        stones: u32,
        mandarin: bool,
    },
    /// The move is over. `reason` is one of `mandarin_square_ahead`,
    /// `two_empty_squares`, `chain_ended`, `first_move_mandarin_ban`,
    /// `young_mandarin`, `relay_cycle`; `square` is the square that ended it.
    TurnEnd { reason: String, square: u8 },
    /// The next mover's row was empty: one stone from their store onto each
    /// of their five squares; `borrowed` of them are owed.
    Refill {
        seat: SeatName,
        stones: u32,
        borrowed: u32,
    },
    /// The next mover could not refill and forfeits (`refill_shortfall = forfeit`).
    Forfeit { seat: SeatName, store: i32 },
    /// The game is over. `sweep` is what each row added to its owner's store
    /// (zero for a forfeit or resignation).
    GameEnd {
        reason: String,
        sweep: SweepView,
        scores: ScoresView,
        /// `south`, `north` or `draw`.
        winner: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SweepView {
    pub south: u32,
    pub north: u32,
}

/// `south`, `north` or `draw`.
pub fn winner_name(winner: Option<Seat>) -> String {
    winner.map_or("draw", Seat::name).to_owned()
}

fn reason_name(reason: EndReason) -> String {
    reason.name().to_owned()
}

impl From<&Event> for EventView {
    fn from(event: &Event) -> Self {
        let index = |sq: crate::engine::Square| sq.index() as u8;
        match *event {
            Event::Lift { square, stones } => EventView::Lift {
                square: index(square),
                stones,
            },
            Event::Sow { from, to, stones } => EventView::Sow {
                from: index(from),
                to: index(to),
                stones,
            },
            Event::Relay { square, stones } => EventView::Relay {
                square: index(square),
                stones,
            },
            Event::Capture {
                square,
                stones,
                mandarin,
            } => EventView::Capture {
                square: index(square),
                stones,
                mandarin,
            },
            Event::TurnEnd { reason, square } => EventView::TurnEnd {
                reason: reason.name().to_owned(),
                square: index(square),
            },
            Event::Refill {
                seat,
                stones,
                borrowed,
            } => EventView::Refill {
                seat: seat.into(),
                stones,
                borrowed,
            },
            Event::Forfeit { seat, store } => EventView::Forfeit {
                seat: seat.into(),
                store,
            },
            Event::GameEnd {
                reason,
                sweep,
                scores,
                winner,
            } => EventView::GameEnd {
                reason: reason_name(reason),
                sweep: SweepView {
                    south: sweep[0],
                    north: sweep[1],
                },
                scores: scores.into(),
                winner: winner_name(winner),
            },
        }
    }
}

impl EventView {
    pub fn all(events: &[Event]) -> Vec<EventView> {
        events.iter().map(EventView::from).collect()
    }
}
