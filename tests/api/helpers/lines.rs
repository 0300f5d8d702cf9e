//! Lines of play computed with the engine, to replay over HTTP or to put
//! in records: random games, and long ones.

use oanquan::engine::{Position, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Random legal moves from `start` until the game ends (or `max` moves).
pub fn random_line(start: Position, seed: u64, max: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = start;
    let mut line = Vec::new();
    while !position.is_over() && line.len() < max {
        let legal = position.legal_moves();
        let moves: Vec<_> = legal.iter().copied().collect();
        let m = moves[rng.gen_range(0..moves.len())];
        position = position.play(m).expect("a legal move");
        line.push(m.to_string());
    }
    line
}

/// Stones and mandarins (at 10) still on the board.
fn material_on_board(position: &Position) -> u32 {
    Square::ALL
        .iter()
        .map(|&sq| position.stones(sq) + if position.has_mandarin(sq) { 10 } else { 0 })
        .sum()
}

/// A long game: each move is the one that captures least (ties broken at
/// random), which keeps the mandarins on the board; under `village` rules
/// such a game runs to `max_plies`.
pub fn long_line(start: Position, seed: u64, max: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = start;
    let mut line = Vec::new();
    while !position.is_over() && line.len() < max {
        let (m, next) = position
            .legal_moves()
            .iter()
            .map(|&m| (m, position.play(m).expect("a legal move")))
            .max_by_key(|(_, next)| {
                let kept = if next.is_over() {
                    0
                } else {
                    material_on_board(next)
                };
                (kept, rng.gen::<u32>())
            })
            .expect("a position that is not over has a move");
        position = next;
        line.push(m.to_string());
    }
    line
}
