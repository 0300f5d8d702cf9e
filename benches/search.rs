//! Search speed: nodes per second of the full search (table, ordering,
//! evaluation) on mid-game positions of every preset, single-threaded.
//! Run: `cargo bench --bench search`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use oanquan::engine::{Position, Preset, Seat};
use oanquan::search::{random_move, search, Limits, Rng};

const NODES: u64 = 100_000;

/// Positions 10 to 30 plies into random games.
fn positions(preset: Preset) -> Vec<Position> {
    let mut rng = Rng::new(0x5eed);
    let mut out = Vec::new();
    while out.len() < 8 {
        let mut p = Position::start(preset.rules(), Seat::South);
        for _ in 0..10 + rng.below(21) {
            if let Some(m) = random_move(&p, &mut rng) {
                p = p.play(m).unwrap();
            }
        }
        if !p.is_over() {
            out.push(p);
        }
    }
    out
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for preset in Preset::ALL {
        let positions = positions(preset);
        // The node count is deterministic: measure it once for the throughput.
        let nodes: u64 = positions
            .iter()
            .map(|p| search(p, Limits::nodes(NODES), 1).nodes)
            .sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(preset.name(), |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(search(p, Limits::nodes(NODES), 1));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
