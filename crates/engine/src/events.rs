//! The event trace of a move: enough for a client to animate it stone by stone.

use super::position::EndReason;
use super::types::{Seat, Square};

/// One step of a move, in the order it happened.
///
/// A move's trace starts with [`Event::Lift`] and alternates sowing
/// ([`Event::Sow`]) with relays ([`Event::Relay`]), then any captures, then
/// exactly one [`Event::TurnEnd`]. The turn change follows: a
/// [`Event::Refill`] or [`Event::Forfeit`] of the next mover, or
/// [`Event::GameEnd`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The mover lifts every stone of their chosen square.
    Lift { square: Square, stones: u32 },
    /// The stones in hand are dropped one per square, from `from` to `to`
    /// inclusive in the move's direction. With 12 or more stones the sowing
    /// laps the ring: every square gets `stones / 12` and the first
    /// `stones % 12` squares from `from` one more.
    Sow {
        from: Square,
        to: Square,
        stones: u32,
    },
    /// The square after the last stone held stones: they are lifted and sown on.
    Relay { square: Square, stones: u32 },
    /// The mover captures a square: its small stones and its mandarin, if any.
    Capture {
        square: Square,
        stones: u32,
        mandarin: bool,
    },
    /// The move is over; `square` is the square that ended it.
    TurnEnd {
        reason: TurnEndReason,
        square: Square,
    },
    /// At the turn change the next mover's row was empty: one stone from
    /// their store onto each of their five squares, `borrowed` of them owed.
    Refill {
        seat: Seat,
        stones: u32,
        borrowed: u32,
    },
    /// At the turn change the next mover could not refill and forfeits.
    Forfeit { seat: Seat, store: i32 },
    /// The game is over. `sweep` is what each seat's row added to its store
    /// (zero for a forfeit); `scores` are final; `winner` is `None` on a draw.
    GameEnd {
        reason: EndReason,
        sweep: [u32; 2],
        scores: [i32; 2],
        winner: Option<Seat>,
    },
}

/// Why a move stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TurnEndReason {
    /// The square after the last stone is a mandarin square (§3.4a).
    MandarinSquareAhead,
    /// An empty square followed by another empty one (§3.4c).
    TwoEmptySquares,
    /// The square to capture is a protected mandarin square.
    ProtectedMandarin(Protection),
    /// After a capture the next square was not empty, so the chain stopped.
    ChainEnded,
    /// The endless-relay guard (§3.5): this relay would repeat a state.
    RelayCycle,
}

impl TurnEndReason {
    pub const fn name(self) -> &'static str {
        match self {
            TurnEndReason::MandarinSquareAhead => "mandarin_square_ahead",
            TurnEndReason::TwoEmptySquares => "two_empty_squares",
            TurnEndReason::ProtectedMandarin(Protection::FirstMove) => "first_move_mandarin_ban",
            TurnEndReason::ProtectedMandarin(Protection::YoungMandarin) => "young_mandarin",
            TurnEndReason::ChainEnded => "chain_ended",
            TurnEndReason::RelayCycle => "relay_cycle",
        }
    }
}

/// Why a mandarin square could not be captured.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Protection {
    /// `first_move_mandarin_ban` on the game's first move.
    FirstMove,
    /// `young_mandarin_min`: the mandarin has too few small stones (quan non).
    YoungMandarin,
}

/// Receives the events of a move. `()` discards them at no cost (the fast
/// path for search and playouts); `Vec<Event>` keeps them.
pub trait Recorder {
    fn record(&mut self, event: Event);
    /// A mark to [`Recorder::rollback`] to.
    fn mark(&self) -> usize;
    fn rollback(&mut self, mark: usize);
}

impl Recorder for () {
    #[inline(always)]
    fn record(&mut self, _: Event) {}
    #[inline(always)]
    fn mark(&self) -> usize {
        0
    }
    #[inline(always)]
    fn rollback(&mut self, _: usize) {}
}

impl Recorder for Vec<Event> {
    #[inline]
    fn record(&mut self, event: Event) {
        self.push(event);
    }
    fn mark(&self) -> usize {
        self.len()
    }
    fn rollback(&mut self, mark: usize) {
        self.truncate(mark);
    }
}
