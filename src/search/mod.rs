//! Game-tree search: negamax alpha-beta with iterative deepening, a
//! transposition table and move ordering; pure like the engine (no I/O, no
//! async), deterministic for a given seed and node budget.
//!
//! Values are the final score difference (side to move minus opponent)
//! expected under best play, stores included, in stones. A value is
//! `exact` when every line the search looked at reached the end of the
//! game, or a position the endgame table holds: it is then the
//! game-theoretic value, not an estimate.
//!
//! Call [`search`] from a blocking thread (it runs for up to its budget);
//! [`Level`]s turn it into players of graded strength.

mod alphabeta;
mod baselines;
mod eval;
mod levels;
mod model;
pub mod oracle;
mod tt;

#[cfg(test)]
mod agreement;
#[cfg(test)]
mod pinned;
#[cfg(test)]
mod tests;

use std::time::Duration;

use crate::engine::{Move, Position, Rules};

pub use baselines::{alphabeta_score_only, greedy_move, random_move, tied_best};
pub use eval::{evaluate, features, score_diff, Weights, FEATURES, FEATURE_NAMES, UNIT};
pub use levels::{Level, MASTER_NODES};
pub use model::Candidate;

/// The deepest iteration the search will start.
pub const MAX_DEPTH: usize = 96;

/// The value of a forfeit (a player who must refill and cannot), in stones:
/// beyond any score difference, so a forfeit is always the worst outcome
/// for the one who forfeits. `|value| = 1000` in a result means a forfeit.
pub const FORFEIT_VALUE: i32 = 1000;

/// What a search may spend. Unset limits are unlimited; with none set the
/// search stops at [`MAX_DEPTH`] or when the value is exact. The node budget
/// is deterministic; the time budget depends on the machine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Each limit the tighter of the two.
    pub fn min(self, other: Limits) -> Limits {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            depth: tighter(self.depth, other.depth),
            nodes: tighter(self.nodes, other.nodes),
            time: tighter(self.time, other.time),
        }
    }
}

/// How to search, beyond the budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search every root move with a full window, so that each gets its
    /// true value (not just a bound): what the analysis endpoint shows and
    /// what a level's noise needs. Costs a few times more nodes.
    pub all_values: bool,
    pub weights: Weights,
    /// Take exact values from the endgame table ([`oracle`]) wherever a
    /// loaded one holds the position, at any node.
    pub table: bool,
}

impl Options {
    /// Every root move's value, with the weights tuned for `rules`.
    pub fn tuned(rules: &Rules) -> Options {
        Options {
            all_values: true,
            weights: Weights::tuned(rules),
            table: true,
        }
    }
}

/// A root move's value after the search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveValue {
    pub mv: Move,
    /// In stones; an upper bound for a move that was not the best when
    /// `Options::all_values` is off.
    pub value: f64,
    pub exact: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when the game is over.
    pub best_move: Option<Move>,
    /// The best move's value, in stones.
    pub value: f64,
    pub exact: bool,
    /// The expected line, starting with `best_move`.
    pub pv: Vec<Move>,
    /// Every legal move, best first.
    pub moves: Vec<MoveValue>,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches `position` (its rules are part of it) within `limits`.
/// `seed` breaks ties between equal moves, so a seed and a node budget
/// fix the answer.
pub fn search(position: &Position, limits: Limits, seed: u64) -> SearchResult {
    search_with(position, limits, seed, Options::tuned(position.rules()))
}

/// [`search`] with explicit [`Options`].
pub fn search_with(
    position: &Position,
    limits: Limits,
    seed: u64,
    options: Options,
) -> SearchResult {
    alphabeta::Searcher::new(limits, seed, options).run(position)
}

/// A small, fast, seeded generator (SplitMix64) for tie-breaks and noise.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}
