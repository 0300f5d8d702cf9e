//! The static evaluation: the expected final score difference, from the
//! side to move's point of view, in [`UNIT`]s (1/16 of a stone).
//!
//! What it counts, and why (every figure is self-play at a fixed node
//! budget, 200 games a row: 100 balanced openings, both colours;
//! BENCHMARKS.md, "Search", has the commands). The weights were fitted to
//! self-play results by `examples/texel.rs` (the Texel method: the
//! squared error of `sigmoid(K · eval)` against the game's result, on
//! quiet positions) and kept only where games against reference weights
//! (mobility 2/16 on classic and online, the bare score difference on
//! village) confirmed the fit on fresh openings.
//! - **The score difference** (stores, mandarins at their value). It is
//!   the value itself at the end of the game; everything else estimates
//!   what is still to come.
//! - **Mobility** (`mobility`, per non-empty own square, minus the
//!   opponent's): the squares the side can lift, its choice of relay and
//!   capture, and how far its row is from running dry (a refill on a
//!   small store costs stones or, under `forfeit`, the game). The fit
//!   puts it at 30–37/16 on every preset, about two stones a square: an
//!   empty square of one's own is nearly as bad as two stones lost, and
//!   the search trades stones for squares. In use at 32/16 on classic and
//!   online and 48/16 on village (an emptied square next to an emptied
//!   mandarin square is a gap a chain of captures runs through). At
//!   20,000 nodes, fresh openings, against mobility 2/16 (classic,
//!   online) and the bare score difference (village): classic
//!   +106 ± 48, online +249 ± 60, village +131 ± 50 Elo. Small weights
//!   gain less or nothing: 2/16 scored +115 ± 51 (classic) and +210 ± 58
//!   (online) against the bare score difference, 8/16 −37 ± 44 against it
//!   on classic at 5,000 nodes, and on village 1–4/16 lost (−56 to
//!   −76 ± 47) and 16/16 scored +24 ± 46.
//! - **Stones on each row** (`row`, per stone): the final sweep gives a
//!   row's stones to its owner, so they look half-owned; measured worse
//!   at every weight tried (4/16: −119 ± 46, −4/16: −94 ± 47, with
//!   mobility 12/16 + 4/16: −78 ± 50; the fit's 3/16 beside mobility
//!   37/16 scored −7 ± 48 on online and −115 ± 51 on classic against
//!   mobility 2/16), so off: stones at home are as much the opponent's
//!   next capture as one's own final sweep.
//! - **Tempo** (`tempo`, for the side to move): the fit on quiet
//!   positions asks for −21 to −31/16 (in a position where it cannot
//!   capture, the side to move must open its row), but in games it cost:
//!   with mobility 36/16, tempo −31/16 scored +92 ± 50 on online where
//!   tempo 0 scored +238 ± 54 (the search's leaves are not quiet), off.
//!   Other weights tried: −8/16: +19 ± 44; +8/16 on top of row 12/16 and
//!   mobility 4/16: −127 ± 52, against −78 ± 50 without it.
//! - **Threat** (`threat`, per stone of the side to move's best immediate
//!   capture, found cheaply: one sowing, no relay followed, the chain over
//!   further gaps included): the leaf is not quiet when the side to move
//!   can capture at once; measured no gain (4/16: +5 ± 45, 8/16:
//!   −44 ± 43, 12/16: +24 ± 46; village 4/16: −16 ± 48), off. The search's
//!   own next ply sees those captures exactly; it also costs a fifth of
//!   the search's speed.
//! - **Flank** (`flank`, per stone on the own squares next to the
//!   mandarin squares) and **ripe** (`ripe`, for the side to move, per
//!   mandarin it may capture, not protected as young): the village rules
//!   suggest them; the fit gives flank 4/16 and ripe −5 to −22/16, but
//!   beside mobility they measured no gain in games (village, mobility
//!   33/16: +45 ± 48 alone, +42 ± 48 with flank 4/16, +56 ± 48 with ripe
//!   −5/16; mobility 48/16: +131 ± 51 alone, +133 ± 50 with both), off.
//! - **Stones in the mandarin squares** count for nobody until captured,
//!   so they are left out, as are the mandarins themselves.

use crate::engine::{Position, Rules, Seat, Square};

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
    /// Per stone on a player's own two squares next to the mandarin
    /// squares (own squares 1 and 5).
    pub flank: i32,
    /// For the side to move, per mandarin square holding a mandarin it may
    /// capture (not protected as young).
    pub ripe: i32,
}

impl Weights {
    /// The tuned weights, where the rules do not make emptied mandarin
    /// squares gaps: mobility, two stones per non-empty own square,
    /// nothing else.
    pub const TUNED: Weights = Weights {
        row: 0,
        mobility: 32,
        tempo: 0,
        threat: 0,
        flank: 0,
        ripe: 0,
    };

    /// The tuned weights where an emptied mandarin square is a gap (the
    /// village preset): mobility, three stones per non-empty own square.
    pub const TUNED_GAPS: Weights = Weights {
        mobility: 48,
        ..Weights::TUNED
    };

    /// The weights tuned for `rules`: [`Weights::TUNED_GAPS`] where an
    /// emptied mandarin square is a gap (the village preset), else
    /// [`Weights::TUNED`].
    pub fn tuned(rules: &Rules) -> Weights {
        if rules.empty_mandarin_is_gap() {
            Weights::TUNED_GAPS
        } else {
            Weights::TUNED
        }
    }
    /// The bare score difference, as the published depth-5 AI uses.
    pub const SCORE_ONLY: Weights = Weights {
        row: 0,
        mobility: 0,
        tempo: 0,
        threat: 0,
        flank: 0,
        ripe: 0,
    };

    /// The weights in the order of [`features`].
    pub fn to_array(self) -> [i32; FEATURES] {
        [
            self.row,
            self.mobility,
            self.tempo,
            self.threat,
            self.flank,
            self.ripe,
        ]
    }

    /// The weights from an array in the order of [`features`].
    pub fn from_array(w: [i32; FEATURES]) -> Weights {
        Weights {
            row: w[0],
            mobility: w[1],
            tempo: w[2],
            threat: w[3],
            flank: w[4],
            ripe: w[5],
        }
    }
}

/// The number of evaluation terms besides the score difference.
pub const FEATURES: usize = 6;

/// The names of the terms, in the order of [`features`].
pub const FEATURE_NAMES: [&str; FEATURES] = ["row", "mobility", "tempo", "threat", "flank", "ripe"];

/// The evaluation's terms of a position that is not over, each the count
/// its weight multiplies (side to move minus opponent for the paired
/// ones): [`evaluate`] is `score_diff * UNIT` plus their dot product with
/// the weights. For tuning; the search computes only the weighted ones.
pub fn features(position: &Position) -> [i32; FEATURES] {
    let me = position.turn();
    let mut f = [0; FEATURES];
    for seat in Seat::ALL {
        let sign = if seat == me { 1 } else { -1 };
        for sq in seat.row() {
            let s = position.stones(sq) as i32;
            f[0] += sign * s;
            f[1] += sign * i32::from(s > 0);
        }
        f[4] += sign * flank_stones(position, seat);
    }
    f[2] = 1;
    f[3] = best_simple_capture(position) as i32;
    f[5] = ripe_mandarins(position);
    f
}

/// The stones on `seat`'s own squares 1 and 5, next to the mandarin
/// squares.
#[inline]
fn flank_stones(position: &Position, seat: Seat) -> i32 {
    let base = 6 * seat.index();
    (position.stones(Square::ALL[base + 1]) + position.stones(Square::ALL[base + 5])) as i32
}

/// The mandarin squares holding a mandarin that may be captured (under
/// `young_mandarin_min`, with at least that many small stones).
#[inline]
fn ripe_mandarins(position: &Position) -> i32 {
    let young = position.rules().young_mandarin_min();
    [0, 6]
        .into_iter()
        .filter(|&i| {
            let sq = Square::ALL[i];
            position.has_mandarin(sq) && position.stones(sq) >= young
        })
        .count() as i32
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
    if weights.flank != 0 {
        let term = flank_stones(position, me) - flank_stones(position, me.other());
        value += weights.flank * term;
    }
    if weights.ripe != 0 {
        value += weights.ripe * ripe_mandarins(position);
    }
    value
}

/// The most the side to move captures with one sowing that ends before an
/// empty square (relays are not followed), chain included, in stones.
fn best_simple_capture(position: &Position) -> u32 {
    let base = 6 * position.turn().index() + 1;
    let mut best = 0;
    for origin in base..base + 5 {
        for forward in [true, false] {
            if let Some(gain) = simple_capture(position, origin, forward) {
                best = best.max(gain);
            }
        }
    }
    best
}

/// What lifting `origin` (a square index) and sowing it (rightwards if
/// `forward`) captures, when the sowing stops without a relay: `None` when
/// the square is empty, holds a lap or more (12+), or the move relays.
pub(super) fn simple_capture(position: &Position, origin: usize, forward: bool) -> Option<u32> {
    let hand = position.stones(Square::ALL[origin]) as usize;
    if hand == 0 || hand >= 12 {
        return None;
    }
    let rules = position.rules();
    let at = |k: usize| {
        if forward {
            (origin + k) % 12
        } else {
            (origin + 12 * 2 - k) % 12
        }
    };
    let mandarin = |sq: usize| position.has_mandarin(Square::ALL[sq]);
    // After the sowing: `origin` empty, the `hand` squares after it +1.
    let after = |sq: usize| -> u32 {
        if sq == origin {
            return 0;
        }
        let ahead = if forward {
            (sq + 12 - origin) % 12
        } else {
            (origin + 12 - sq) % 12
        };
        position.stones(Square::ALL[sq]) + u32::from(ahead <= hand)
    };
    let empty = |sq: usize| after(sq) == 0 && !mandarin(sq);
    let is_gap = |sq: usize| {
        if sq % 6 == 0 {
            rules.empty_mandarin_is_gap() && empty(sq)
        } else {
            after(sq) == 0
        }
    };
    let first = at(hand + 1);
    if first % 6 != 0 && after(first) > 0 {
        return None;
    }
    if !is_gap(first) {
        return Some(0);
    }
    let banned = position.ply() == 1 && rules.first_move_mandarin_ban();
    let young = rules.young_mandarin_min();
    let mut gain = 0;
    let mut k = hand + 2;
    while k < hand + 12 {
        let target = at(k);
        if empty(target) {
            break;
        }
        if target % 6 == 0 && (banned || (young > 0 && mandarin(target) && after(target) < young)) {
            break;
        }
        gain += after(target);
        if mandarin(target) {
            gain += rules.mandarin_value();
        }
        if !is_gap(at(k + 1)) {
            break;
        }
        k += 2;
    }
    Some(gain)
}
