//! The top level's opponent model: when the minimax search (which
//! assumes the best reply) finds the position lost, it models the
//! opponent as the published depth-5 alpha-beta on the bare score
//! difference ([`alphabeta_score_only`](super::alphabeta_score_only)) and
//! (except under the village rules, see [`MODEL_MIN_BUDGET`]) plays the
//! move that does best against that model, among the moves
//! whose minimax value is within a margin of the best (a safety floor: an
//! opponent who is not the model gains at most the margin from the
//! choice, in a position the search already counts as lost).
//!
//! Why: from the start the first mover is worth 13–17 stones, so a search
//! that assumes best replies finds every move lost as the second mover
//! and picks the least bad, whatever the opponent is likely to play. The
//! shallow baseline does not play best: it is blind beyond five plies and
//! values only the stores. Against it the right move is often the one
//! that invites its mistake (an M*-style search: our nodes maximise, the
//! opponent's nodes are its modelled reply).
//!
//! The model's reply: the moves whose depth-5 score-only value is tied
//! best ([`tied_best`]; the baseline picks uniformly among them, so the
//! model averages over them). The model looks [`MODEL_PLIES`] of our moves ahead, each
//! followed by its modelled replies; the minimax search, on a share of the
//! budget, values the positions after them. Every node, the model's own
//! included, counts against the move's node budget; the result is
//! deterministic for a seed and a node budget. The values reported stay
//! the minimax values.
//!
//! Where the position is not lost the minimax search alone chooses, on
//! nearly the whole budget: with the model at every move (a margin of one
//! or two stones) the top level won 3 of 20 games against the minimax
//! search alone from balanced openings on classic and on online — the
//! model's picks among moves a shallower search finds equal, and the
//! shallower search itself, cost more against strong play than they won.

use std::time::Instant;

use crate::engine::{Move, Position};

use super::baselines::{tied_best, value_after};
use super::levels::{in_opening, vary, OPENING_MARGIN};
use super::{search_with, Limits, Options, Rng, SearchResult};

/// The depth of the modelled opponent (the published AI's).
pub(super) const MODEL_DEPTH: u32 = 5;

/// How many of our moves the model looks ahead: ours, the modelled
/// replies, then our best few moves against the model and their replies,
/// and once more, before the minimax search values the position. With
/// two (the root move and one more) the top level lost every game of the
/// second mover after the baseline's 4R from the start on classic and on
/// online (a quarter of its games as North against a baseline breaking
/// ties at random): its pick 5R looked best two of its moves ahead and
/// led into a position lost by six with the baseline seeing to the end.
/// With three it won every game the baseline can play from the start,
/// whatever its tie-breaks (`examples/tie_tree`, BENCHMARKS.md).
pub(super) const MODEL_PLIES: u32 = 3;

/// At our later moves in the model, the moves tried against it: the best
/// few by minimax value.
const INNER_MOVES: usize = 3;

/// Below this minimax value (in stones) a position counts as lost and the
/// model chooses the move; above it the minimax search alone does.
pub(super) const SWINDLE_BELOW: f64 = 3.0;

/// The least margin below the best minimax value (in stones) within which
/// the model chooses.
pub(super) const MARGIN: f64 = 1.0;

/// The margin grows with how lost the position is (half the stones it is
/// lost by), up to [`SWINDLE_MARGIN`]: against a best reply the game is
/// lost anyway, and a wider margin leaves more room for a swindle.
const SWINDLE_SLOPE: f64 = 0.5;

/// The widest margin, in stones.
pub(super) const SWINDLE_MARGIN: f64 = 8.0;

/// The share of the budget of the first, quick minimax search, which says
/// whether the position is lost.
const PROBE_SHARE: f64 = 0.1;

/// The share of the budget of the minimax search of every root move's
/// true value, when the position is lost; the rest is the model's.
const ROOT_SHARE: f64 = 0.3;

/// The smallest budget the model runs on; below it the minimax search
/// has all the nodes. Nor does it run where an emptied mandarin square is
/// a gap (the village preset): there, 100 games a row, the minimax search
/// alone won 100-0-0 from the start against the baseline, and with the
/// model the top level did worse against every opponent measured (89-11-0
/// against the baseline, 80-0-20 against level 6 where the minimax search
/// alone won 90-0-10, 39-0-61 against the minimax search alone).
pub(super) const MODEL_MIN_BUDGET: u64 = 100_000;

/// The share of the time left, at the rate measured, that the model plans
/// to spend under a time limit (the rest is slack for the rate to drop).
const TIME_SAFETY: f64 = 0.6;

/// The fewest nodes worth a search after a modelled reply.
const MIN_LEAF_NODES: u64 = 2_000;

/// How far below `best` (the best minimax value, in stones) a move may be
/// and still be chosen for the model's sake.
pub(super) fn margin(best: f64) -> f64 {
    if best >= 0.0 {
        MARGIN
    } else {
        (-best * SWINDLE_SLOPE).clamp(MARGIN, SWINDLE_MARGIN)
    }
}

/// A root move's standing after the model.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// The minimax value, in stones.
    pub minimax: f64,
    /// The expected value against the modelled replies, in stones.
    pub model: f64,
    /// The modelled replies.
    pub replies: Vec<Move>,
}

/// The top level's choice. A quick minimax search first; if it finds the
/// position lost by more than [`SWINDLE_BELOW`], the minimax search of
/// every root move's true value, then, among the moves within
/// [`margin`] of the best, the one with the best value against the
/// modelled replies; else the minimax search alone on the rest of the
/// budget. The result is the minimax search's, with the chosen move, its
/// (minimax) value and the nodes of every part. `limits.nodes` must be
/// set (the budget to share); below [`MODEL_MIN_BUDGET`] the minimax
/// search has it all. With the result, the candidates the model compared
/// (empty when it did not run).
pub(super) fn choose_explained(
    position: &Position,
    limits: Limits,
    seed: u64,
    options: Options,
) -> (SearchResult, Vec<Candidate>) {
    let start = Instant::now();
    let budget = limits.nodes.expect("a node budget");
    // In the opening every root value is searched, for the variety.
    let opening = in_opening(position);
    if budget < MODEL_MIN_BUDGET || position.rules().empty_mandarin_is_gap() {
        // Too few nodes to share, or the village rules: the minimax search
        // alone.
        let options = Options {
            all_values: options.all_values || opening,
            ..options
        };
        let mut result = search_with(position, limits, seed, options);
        if opening {
            vary(&mut result, seed);
        }
        return (result, Vec::new());
    }
    let mut model = Model {
        options: Options {
            all_values: true,
            ..options
        },
        limits,
        start,
        seed,
        nodes: 0,
        out_of_time: false,
    };
    let finish = |mut result: SearchResult, model: &Model, candidates| {
        result.nodes = model.nodes;
        result.elapsed = start.elapsed();
        (result, candidates)
    };
    // A quick minimax search says whether the position is lost.
    let probe_budget = (budget as f64 * PROBE_SHARE) as u64;
    let probe = model.search(position, probe_budget, false);
    if probe.moves.len() < 2 || probe.exact || probe.value >= -SWINDLE_BELOW {
        // Not lost, or seen to the end, or nothing to choose: the minimax
        // search alone, on the rest of the budget.
        let deeper = model.deeper(position, budget, opening);
        return finish(deeper, &model, Vec::new());
    }
    let root_budget = ((budget as f64 * ROOT_SHARE) as u64).max(MIN_LEAF_NODES);
    let mut result = model.search(position, root_budget, true);
    let floor = result.value - margin(result.value);
    let moves: Vec<(Move, f64)> = result
        .moves
        .iter()
        .filter(|m| m.value >= floor)
        .map(|m| (m.mv, m.value))
        .collect();
    if moves.len() < 2 {
        // Nothing for the model to choose between: the rest of the budget
        // on a deeper minimax search.
        let deeper = model.deeper(position, budget, opening);
        return finish(deeper, &model, Vec::new());
    }
    let share = model.affordable(budget) / moves.len() as u64;
    let mut candidates = Vec::new();
    for (mv, minimax) in moves {
        let child = position.play(mv).expect("a legal move");
        let (replies, value) =
            model.against_replies(position.turn(), &child, MODEL_PLIES - 1, share);
        candidates.push(Candidate {
            mv,
            minimax,
            model: value,
            replies,
        });
    }
    if model.out_of_time {
        // Keep the minimax choice.
        return finish(result, &model, Vec::new());
    }
    // The best against the model; between equals, the better minimax value
    // (the candidates are in minimax order, best first).
    let mut chosen = candidates
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.model.total_cmp(&b.model).then(j.cmp(i)))
        .map(|(_, c)| c.clone())
        .expect("two candidates");
    if opening {
        // For variety, any within the opening margin of it.
        let near: Vec<&Candidate> = candidates
            .iter()
            .filter(|c| c.model >= chosen.model - OPENING_MARGIN)
            .collect();
        chosen = near[Rng::new(seed ^ 0x0be1_a7e5).below(near.len() as u32) as usize].clone();
    }
    if Some(chosen.mv) != result.best_move {
        result.best_move = Some(chosen.mv);
        result.value = chosen.minimax;
        result.exact = result.moves.iter().any(|m| m.mv == chosen.mv && m.exact);
        result.pv = vec![chosen.mv];
    }
    finish(result, &model, candidates)
}

/// The model's searches, and what they spent.
struct Model {
    options: Options,
    limits: Limits,
    start: Instant,
    seed: u64,
    nodes: u64,
    out_of_time: bool,
}

impl Model {
    /// The nodes left of `budget` for the model; under a time limit, at
    /// most what the time left buys at the rate of the searches so far
    /// ([`TIME_SAFETY`]): on a busy machine the model then runs on fewer
    /// nodes instead of being cut off by the clock, which would leave the
    /// minimax choice.
    fn affordable(&self, budget: u64) -> u64 {
        let left = budget.saturating_sub(self.nodes);
        let Some(time) = self.limits.time else {
            return left;
        };
        let spent = self.start.elapsed();
        let rate = self.nodes as f64 / spent.as_secs_f64().max(1e-6);
        let buys = rate * time.saturating_sub(spent).as_secs_f64() * TIME_SAFETY;
        left.min(buys as u64)
    }

    /// The minimax search alone on the rest of `budget`; in the opening,
    /// of every root value, and the move the seed picks among the best
    /// ([`vary`]).
    fn deeper(&mut self, position: &Position, budget: u64, opening: bool) -> SearchResult {
        let rest = budget.saturating_sub(self.nodes).max(MIN_LEAF_NODES);
        let mut result = self.search(position, rest, opening);
        if opening {
            vary(&mut result, self.seed);
        }
        result
    }

    /// The minimax search of `position` on `budget` nodes (within the
    /// caller's depth and time), every root value when `all_values`.
    fn search(&mut self, position: &Position, budget: u64, all_values: bool) -> SearchResult {
        let elapsed = self.start.elapsed();
        let limits = Limits {
            nodes: Some(budget.max(1)),
            depth: self.limits.depth,
            time: self.limits.time.map(|t| t.saturating_sub(elapsed)),
        };
        if self.limits.time.is_some_and(|t| elapsed >= t) {
            self.out_of_time = true;
        }
        // A seed of its own for every search (fixed by the order of the
        // searches, itself fixed by the position and the budget).
        self.seed = self
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(1);
        let options = Options {
            all_values,
            ..self.options
        };
        let result = search_with(position, limits, self.seed, options);
        self.nodes += result.nodes;
        result
    }

    /// The value for `me` of `position` where the opponent is to move (or
    /// the game is over), against the modelled replies, with `plies` of
    /// our moves still to model after them; and the replies.
    fn against_replies(
        &mut self,
        me: crate::engine::Seat,
        position: &Position,
        plies: u32,
        budget: u64,
    ) -> (Vec<Move>, f64) {
        let for_me = |p: &Position, v: f64| if p.turn() == me { v } else { -v };
        if position.is_over() {
            return (
                Vec::new(),
                for_me(position, f64::from(value_after(position))),
            );
        }
        if position.turn() == me {
            return (Vec::new(), self.value(position, plies, budget));
        }
        let before = self.nodes;
        let (replies, _) = tied_best(position, MODEL_DEPTH, &mut self.nodes);
        let share = budget.saturating_sub(self.nodes - before) / replies.len() as u64;
        let mut total = 0.0;
        for &r in &replies {
            let after = position.play(r).expect("a legal move");
            total += if after.is_over() {
                for_me(&after, f64::from(value_after(&after)))
            } else if after.turn() == me {
                self.value(&after, plies, share)
            } else {
                -self.value(&after, plies, share)
            };
        }
        let value = total / replies.len() as f64;
        (replies, value)
    }

    /// The value of `position` for its side to move (us), playing our best
    /// against the model for `plies` more of our moves, then the minimax
    /// search's value.
    fn value(&mut self, position: &Position, plies: u32, budget: u64) -> f64 {
        if plies == 0 || budget < 4 * MIN_LEAF_NODES {
            return self.search(position, budget, false).value;
        }
        let result = self.search(position, budget / 4, true);
        if result.exact || result.moves.len() < 2 {
            return result.value;
        }
        let moves: Vec<Move> = result
            .moves
            .iter()
            .take(INNER_MOVES)
            .map(|m| m.mv)
            .collect();
        let share = budget.saturating_sub(result.nodes) / moves.len() as u64;
        let me = position.turn();
        moves
            .iter()
            .map(|&m| {
                let child = position.play(m).expect("a legal move");
                self.against_replies(me, &child, plies - 1, share).1
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
}
