//! Random playouts per preset on one thread: playouts/s and plies per game.
//! Usage: `cargo run --release --example playouts -- [playouts_per_preset]`.
//! Also a steady workload for profilers (callgrind, perf).

use std::time::Instant;

use oanquan::engine::{Position, Preset, Seat};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for preset in Preset::ALL {
        let start = Position::start(preset.rules(), Seat::South);
        let began = Instant::now();
        let mut plies = 0u64;
        let mut decisive = 0u64;
        for _ in 0..n {
            let mut position = start;
            while let count @ 1.. = position.legal_move_count() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pick = ((state >> 32) * u64::from(count)) >> 32;
                let m = position.nth_legal_move(pick as u32).unwrap();
                position.apply(m, &mut ()).unwrap();
                plies += 1;
            }
            decisive += u64::from(position.outcome().unwrap().winner.is_some());
        }
        let secs = began.elapsed().as_secs_f64();
        println!(
            "{:8} {:>10.0} playouts/s  {:>6.2} plies/playout  {:>5.1} ns/ply  {:.1}% decisive",
            preset.name(),
            n as f64 / secs,
            plies as f64 / n as f64,
            secs * 1e9 / plies as f64,
            100.0 * decisive as f64 / n as f64
        );
    }
}
