//! The static evaluation: the expected final score difference, from the
//! side to move's point of view, in [`UNIT`]s (1/16 of a stone).
//!
//! What it counts, and why:
//! - **The score difference** (stores, mandarins at their value). It is
//!   the value itself at the end of the game; everything else estimates
//!   what is still to come.
//! - **Stones on each row** (`row`, 12/16 of a stone each). The final
//!   sweep gives a row's stones to its owner, so they are half-owned
//!   already; less than one because the opponent may still capture them
//!   and because keeping stones at home is what a refill costs (a refill
//!   moves five stones from the store to the row: with a weight of 1 it
//!   would be free; with 12/16 it costs 5/4 stone, which is about what
//!   the loss of tempo and exposure are worth in self-play).
//! - **Mobility** (`mobility`, per non-empty own square): more squares to
//!   lift means more choice of relay and capture, and a row about to run
//!   dry means a refill on borrowed stones.
//! - **Stones in the mandarin squares** count for nobody until captured,
//!   so they are left out, as are the mandarins themselves.
//!
//! The weights are hand-set from these arguments. Self-play at 20,000 nodes
//! a move (BENCHMARKS.md) measured them against the bare score difference:
//! no significant difference on classic (49 % ± 9) — the search's strength
//! comes from its depth, and tuning these terms further is open work.

use crate::engine::{Position, Seat};

/// The search's value unit: a sixteenth of a stone.
pub const UNIT: i32 = 16;

/// Evaluation weights, in [`UNIT`]s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per stone on a player's own row.
    pub row: i32,
    /// Per non-empty own square.
    pub mobility: i32,
}

impl Weights {
    /// The tuned weights.
    pub const TUNED: Weights = Weights {
        row: 12,
        mobility: 4,
    };
    /// The bare score difference, as the published depth-5 AI uses.
    pub const SCORE_ONLY: Weights = Weights {
        row: 0,
        mobility: 0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::TUNED
    }
}

/// The score difference, side to move minus opponent, in stones.
#[inline]
pub fn score_diff(position: &Position) -> i32 {
    let [south, north] = position.scores();
    match position.turn() {
        Seat::South => south - north,
        Seat::North => north - south,
    }
}

/// The heuristic value of a position that is not over.
#[inline]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let mut value = score_diff(position) * UNIT;
    if weights == &Weights::SCORE_ONLY {
        return value;
    }
    let me = position.turn();
    for seat in Seat::ALL {
        let (mut stones, mut squares) = (0i32, 0i32);
        for sq in seat.row() {
            let s = position.stones(sq) as i32;
            stones += s;
            squares += i32::from(s > 0);
        }
        let term = weights.row * stones + weights.mobility * squares;
        value += if seat == me { term } else { -term };
    }
    value
}
