//! The three baseline players of the strength measurements: random,
//! greedy, and the published AI's depth-5 alpha-beta on the bare score
//! difference (written here from its description: plain negamax with
//! alpha-beta, moves in notation order, no table, no ordering).

use crate::engine::{Move, Position};

use super::alphabeta::terminal_value;
use super::eval::{score_diff, UNIT};
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

fn value_after(position: &Position) -> i32 {
    if position.is_over() {
        terminal_value(position)
    } else {
        score_diff(position) * UNIT
    }
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
