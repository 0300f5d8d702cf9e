//! The static evaluation: the expected final score difference, from the
//! side to move's point of view, in [`UNIT`]s (1/16 of a stone).
//!
//! What it counts, and why (the weights and what self-play measured of
//! them are in BENCHMARKS.md, "Search (issue 12)"):
//! - **The score difference** (stores, mandarins at their value). It is
//!   the value itself at the end of the game; everything else estimates
//!   what is still to come.
//! - **Stones on each row** (`row`, per stone). The final sweep gives a
//!   row's stones to its owner, so they are partly owned already; less
//!   than one because the opponent may still capture them, and because a
//!   refill (five stones from the store to the row) must not look free.
//! - **Mobility** (`mobility`, per non-empty own square): more squares to
//!   lift means more choice of relay and capture, and a row about to run
//!   dry means a refill on borrowed stones.
//! - **Tempo** (`tempo`): a constant for the side to move. Sowing games
//!   favour the player who moves next (the next capture is theirs to
//!   make); without it, odd and even search depths disagree by about that
//!   much and the iterations' values oscillate.
//! - **Threat** (`threat`, per stone of the side to move's best immediate
//!   capture): the leaf is not quiet when the side to move can capture at
//!   once; the capture is found cheaply (one sowing, no relay followed,
//!   the chain over further gaps included), so it is an underestimate of
//!   what the next ply can take, weighted below one stone.
//! - **Stones in the mandarin squares** count for nobody until captured,
//!   so they are left out, as are the mandarins themselves (except through
//!   `threat`, when one is capturable now).

use crate::engine::{Position, Seat, Square};

/// The search's value unit: a sixteenth of a stone.
pub const UNIT: i32 = 16;

/// Evaluation weights, in [`UNIT`]s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per stone on a player's own row.
    pub row: i32,
    /// Per non-empty own square.
    pub mobility: i32,
    /// For the side to move.
    pub tempo: i32,
    /// Per stone of the side to move's best one-sowing capture.
    pub threat: i32,
}

impl Weights {
    /// The tuned weights.
    pub const TUNED: Weights = Weights {
        row: 12,
        mobility: 4,
        tempo: 0,
        threat: 0,
    };
    /// The bare score difference, as the published depth-5 AI uses.
    pub const SCORE_ONLY: Weights = Weights {
        row: 0,
        mobility: 0,
        tempo: 0,
        threat: 0,
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
    if weights.row != 0 || weights.mobility != 0 {
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
    }
    value += weights.tempo;
    if weights.threat != 0 {
        value += weights.threat * best_simple_capture(position) as i32;
    }
    value
}

/// The most the side to move captures with one sowing that ends before an
/// empty square (relays are not followed), chain included, in stones.
fn best_simple_capture(position: &Position) -> u32 {
    let rules = position.rules();
    let mandarin_value = rules.mandarin_value();
    let young = rules.young_mandarin_min();
    let gap_mandarins = rules.empty_mandarin_is_gap();
    let banned = position.ply() == 1 && rules.first_move_mandarin_ban();
    let mut board = [0u32; 12];
    let mut mandarin = [false; 12];
    for sq in Square::ALL {
        board[sq.index()] = position.stones(sq);
        mandarin[sq.index()] = position.has_mandarin(sq);
    }
    let base = 6 * position.turn().index() + 1;
    let mut best = 0;
    for origin in base..base + 5 {
        let hand = board[origin] as usize;
        if hand == 0 || hand >= 12 {
            continue;
        }
        for step in [1usize, 11] {
            let at = |k: usize| (origin + k * step) % 12;
            // After the sowing: `origin` empty, the next `hand` squares +1.
            let after = |sq: usize| -> u32 {
                if sq == origin {
                    return 0;
                }
                let forward = (sq + 12 - origin) % 12;
                let distance = if step == 1 {
                    forward
                } else {
                    (12 - forward) % 12
                };
                board[sq] + u32::from(distance <= hand)
            };
            let empty = |sq: usize| after(sq) == 0 && !mandarin[sq];
            let gap = at(hand + 1);
            let is_gap = if gap % 6 == 0 {
                gap_mandarins && empty(gap)
            } else {
                after(gap) == 0
            };
            if !is_gap {
                continue;
            }
            let mut gain = 0;
            let mut k = hand + 2;
            while k < hand + 12 {
                let target = at(k);
                if empty(target) {
                    break;
                }
                if target % 6 == 0
                    && (banned || (young > 0 && mandarin[target] && after(target) < young))
                {
                    break;
                }
                gain += after(target) + if mandarin[target] { mandarin_value } else { 0 };
                let next = at(k + 1);
                let next_is_gap = if next % 6 == 0 {
                    gap_mandarins && empty(next)
                } else {
                    after(next) == 0
                };
                if !next_is_gap || k + 2 >= hand + 12 {
                    break;
                }
                k += 2;
            }
            best = best.max(gain);
        }
    }
    best
}
