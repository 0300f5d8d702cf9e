//! The three baseline players of the strength measurements: random,
//! greedy, and the published AI's depth-5 alpha-beta on the bare score
//! difference (written here from its description: plain negamax with
//! alpha-beta, moves in notation order, no table, no ordering). They use
//! the engine's moves and scores only, nothing of the search, so that
//! they measure it from outside.
//!
//! [`tied_best`] gives the moves the depth-5 AI ties best (it picks one of
//! them): the top level's opponent model and `examples/tie_tree` follow
//! them all.

use crate::engine::{EndReason, Move, Position};

use super::Rng;

/// A uniformly random legal move; `None` when the game is over.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let count = position.legal_move_count();
    (count > 0).then(|| {
        position
            .nth_legal_move(rng.below(count))
            .expect("a legal move")
    })
}

/// The move that leaves the best score difference after one ply (ties at
/// random).
pub fn greedy_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    best_by(position, rng, |child| -value_after(child))
}

/// The move a depth-`depth` alpha-beta on the score difference chooses
/// (ties at random).
pub fn alphabeta_score_only(position: &Position, depth: u32, rng: &mut Rng) -> Option<Move> {
    best_by(position, rng, |child| {
        -negamax(child, depth.saturating_sub(1), -i32::MAX, i32::MAX)
    })
}

/// The score difference for the side to move, in stones: a finished
/// game's final scores (the rows swept), else the stores as they stand; a
/// forfeit is beyond any score (±1000).
pub(super) fn value_after(position: &Position) -> i32 {
    let me = position.turn();
    let scores = match position.outcome() {
        Some(o) if o.reason == EndReason::Forfeit => {
            return if o.winner == Some(me) { 1000 } else { -1000 };
        }
        Some(o) => o.scores,
        None => position.scores(),
    };
    scores[me.index()] - scores[me.other().index()]
}

fn negamax(position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 || position.is_over() {
        return value_after(position);
    }
    let mut best = -i32::MAX;
    for &m in &position.legal_moves() {
        let child = position.play(m).expect("a legal move");
        best = best.max(-negamax(&child, depth - 1, -beta, -alpha));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The moves whose depth-`depth` negamax value on the score difference
/// ([`value_after`] at the leaves) is tied best, in notation order, and
/// that value: the moves [`alphabeta_score_only`] picks among. The same
/// values its plain alpha-beta computes, found with ordered fail-soft
/// alpha-beta (cheaper); `nodes` counts the positions made.
pub fn tied_best(position: &Position, depth: u32, nodes: &mut u64) -> (Vec<Move>, i32) {
    let mut best = -INF;
    let mut set = Vec::new();
    for (m, child) in ordered_children(position, nodes) {
        // Exact when it is at least `best`; else only known to be below.
        let v = -ordered_negamax(&child, depth.saturating_sub(1), -INF, 1 - best, nodes);
        if v > best {
            best = v;
            set.clear();
        }
        if v == best {
            set.push(m);
        }
    }
    set.sort();
    (set, best)
}

const INF: i32 = 1 << 20;

/// The children, the largest immediate gain for the mover first.
fn ordered_children(position: &Position, nodes: &mut u64) -> Vec<(Move, Position)> {
    let mut children: Vec<(i32, Move, Position)> = position
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = position.play(m).expect("a legal move");
            *nodes += 1;
            (value_after(&child), m, child)
        })
        .collect();
    // The child's value is the opponent's: lowest first.
    children.sort_by_key(|c| c.0);
    children.into_iter().map(|(_, m, c)| (m, c)).collect()
}

/// Fail-soft negamax on the score difference, children ordered, as
/// [`negamax`]'s values.
fn ordered_negamax(
    position: &Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    if depth == 0 || position.is_over() {
        return value_after(position);
    }
    let mut best = -INF;
    if depth == 1 {
        for &m in &position.legal_moves() {
            let mut child = *position;
            child.apply(m, &mut ()).expect("a legal move");
            *nodes += 1;
            best = best.max(-value_after(&child));
            if best >= beta {
                break;
            }
        }
        return best;
    }
    for (_, child) in ordered_children(position, nodes) {
        best = best.max(-ordered_negamax(&child, depth - 1, -beta, -alpha, nodes));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn best_by(
    position: &Position,
    rng: &mut Rng,
    mut value: impl FnMut(&Position) -> i32,
) -> Option<Move> {
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i32::MIN;
    for &m in &position.legal_moves() {
        let v = value(&position.play(m).expect("a legal move"));
        if v > best_value {
            best_value = v;
            best.clear();
        }
        if v == best_value {
            best.push(m);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len() as u32) as usize])
}
