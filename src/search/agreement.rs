//! The search against a plain fixed-depth minimax written here from
//! RULES.md (the engine's move generation and scores only): at every depth,
//! odd and even, with the bare score difference at the leaves (the
//! baselines' own, which uses nothing of the search), each root
//! move's value must be the minimax value of the same depth. A sign or
//! perspective error at odd or even depths, a leaf that scores the end of
//! the game or a refill wrongly, or a transposition table entry used where
//! it does not hold changes some of these values.

use crate::engine::{Position, Preset, Seat};

use super::baselines::value_after as leaf;
use super::*;

/// Full-width minimax to `depth` plies on the score difference.
fn minimax(position: &Position, depth: u32) -> i32 {
    if depth == 0 || position.is_over() {
        return leaf(position);
    }
    position
        .legal_moves()
        .iter()
        .map(|&m| -minimax(&position.play(m).unwrap(), depth - 1))
        .max()
        .unwrap()
}

/// Positions from random games, `plies` in, that are not over.
pub(super) fn positions(
    preset: Preset,
    count: usize,
    plies: std::ops::Range<u32>,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = Position::start(preset.rules(), Seat::South);
        for _ in 0..plies.start + rng.below(plies.len() as u32) {
            match random_move(&p, &mut rng) {
                Some(m) => p = p.play(m).unwrap(),
                None => break,
            }
        }
        if !p.is_over() {
            out.push(p);
        }
    }
    out
}

fn assert_agrees_at(position: &Position, depth: u32) {
    let options = Options {
        all_values: true,
        weights: Weights::SCORE_ONLY,
        table: false,
    };
    let result = search_with(position, Limits::depth(depth), 9, options);
    // A search whose every root move is proven stops early: exact values
    // are the minimax values at any greater depth too.
    assert!(result.depth == depth || result.exact, "{position}");
    for mv in &result.moves {
        let expected = -minimax(&position.play(mv.mv).unwrap(), depth - 1);
        assert_eq!(
            mv.value,
            f64::from(expected),
            "{position} ({}) depth {depth}: {}",
            position.rules().params().mandarin_setup.name(),
            mv.mv
        );
    }
}

#[test]
fn root_values_are_the_minimax_values_at_odd_and_even_depths() {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        for p in positions(preset, 12, 4..40, 100 + i as u64) {
            for depth in 1..=5 {
                assert_agrees_at(&p, depth);
            }
        }
    }
}

#[test]
fn root_values_are_the_minimax_values_late_in_the_game() {
    // Late positions: few stones, refills and borrowing, games ending
    // inside the horizon.
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        for p in positions(preset, 12, 40..90, 200 + i as u64) {
            for depth in 1..=6 {
                assert_agrees_at(&p, depth);
            }
        }
    }
}
