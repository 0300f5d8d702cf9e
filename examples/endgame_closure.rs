//! Is an endgame table (Awari-style retrograde analysis of every position
//! with few stones on the board) closed under moves here? Samples positions
//! with at most `B` stones on the board from random games and counts how
//! many reach, within `D` plies, a position with more than `B` (a refill
//! brings five stones back from a store) or a game end by `max_plies`.
//! `cargo run --release --example endgame_closure -- [B] [D]`

use oanquan::engine::{Position, Preset, Seat, Square};
use oanquan::search::{random_move, Rng};

fn board(p: &Position) -> u32 {
    Square::ALL.iter().map(|&s| p.stones(s)).sum()
}

/// Whether some line of at most `depth` plies leaves the set.
fn escapes(p: &Position, limit: u32, depth: u32) -> bool {
    if p.is_over() || depth == 0 {
        return false;
    }
    p.legal_moves().iter().any(|&m| {
        let child = p.play(m).unwrap();
        (!child.is_over() && board(&child) > limit) || escapes(&child, limit, depth - 1)
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let limit: u32 = args.next().map_or(10, |a| a.parse().unwrap());
    let depth: u32 = args.next().map_or(4, |a| a.parse().unwrap());
    let mut rng = Rng::new(11);
    for preset in Preset::ALL {
        let (mut sampled, mut escaped) = (0, 0);
        while sampled < 2000 {
            let mut p = Position::start(preset.rules(), Seat::South);
            while !p.is_over() && board(&p) > limit {
                p = p.play(random_move(&p, &mut rng).unwrap()).unwrap();
            }
            if p.is_over() {
                continue;
            }
            sampled += 1;
            escaped += u32::from(escapes(&p, limit, depth));
        }
        println!(
            "{}: of {sampled} positions with ≤ {limit} stones on the board, {escaped} ({:.0} %) reach one with more within {depth} plies",
            preset.name(),
            100.0 * f64::from(escaped) / f64::from(sampled)
        );
    }
}
