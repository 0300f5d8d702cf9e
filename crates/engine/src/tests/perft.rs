//! Perft: the number of move sequences of each length from the start, per
//! preset. Pinned so that any accidental change to the rules is caught. A
//! game that ends early contributes no longer sequences (as in chess perft).

use crate::*;

fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft(&position.play(m).unwrap(), depth - 1))
        .sum()
}

fn perft_line(preset: Preset) -> Vec<u64> {
    let start = Position::start(preset.rules(), Seat::South);
    (1..=6).map(|depth| perft(&start, depth)).collect()
}

#[test]
fn perft_classic() {
    assert_eq!(perft_line(Preset::Classic), PERFT_CLASSIC);
}

#[test]
fn perft_village() {
    assert_eq!(perft_line(Preset::Village), PERFT_VILLAGE);
}

#[test]
fn perft_online() {
    assert_eq!(perft_line(Preset::Online), PERFT_ONLINE);
}

// Classic and online agree this deep: sowing never lifts a mandarin square,
// so what one holds (a mandarin or ten stones) only matters once captured,
// and the first-move ban changed no citizen square's emptiness here.
const PERFT_CLASSIC: [u64; 6] = [10, 80, 664, 5132, 38524, 279544];
const PERFT_VILLAGE: [u64; 6] = [10, 80, 668, 5188, 39128, 285324];
const PERFT_ONLINE: [u64; 6] = [10, 80, 664, 5132, 38524, 279544];
