//! Engine speed: apply-move on mid-game positions, legal-move generation,
//! and random playouts from the start of each preset.
//! Run: `cargo bench --bench engine`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use oanquan::engine::{Move, Position, Preset, Seat};

/// xorshift64: a playout needs speed, not statistical quality.
struct Rng(u64);

impl Rng {
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (((self.0 >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// Plays random legal moves to the end; returns the plies played.
#[inline]
fn playout(start: &Position, rng: &mut Rng) -> u32 {
    let mut position = *start;
    let mut plies = 0;
    loop {
        let count = position.legal_move_count();
        if count == 0 {
            return plies;
        }
        let m = position.nth_legal_move(rng.below(count)).unwrap();
        position.apply(m, &mut ()).unwrap();
        plies += 1;
    }
}

/// Positions 8 to 20 plies into random games of every preset.
fn mid_game_positions() -> Vec<(Position, Move)> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for preset in Preset::ALL {
        while out.len() < 256 * (preset as usize + 1) {
            let mut position = Position::start(preset.rules(), Seat::South);
            let depth = 8 + rng.below(13);
            for _ in 0..depth {
                let count = position.legal_move_count();
                if count == 0 {
                    break;
                }
                let m = position.nth_legal_move(rng.below(count)).unwrap();
                position = position.play(m).unwrap();
            }
            let count = position.legal_move_count();
            if count > 0 {
                let m = position.nth_legal_move(rng.below(count)).unwrap();
                out.push((position, m));
            }
        }
    }
    out
}

fn bench_apply(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut group = c.benchmark_group("apply");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("no_trace", |b| {
        b.iter(|| {
            for (position, m) in &positions {
                let mut p = *position;
                p.apply(*m, &mut ()).unwrap();
                black_box(&p);
            }
        })
    });
    group.bench_function("traced", |b| {
        b.iter(|| {
            for (position, m) in &positions {
                black_box(position.play_traced(*m).unwrap());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for (position, _) in &positions {
                black_box(position.legal_moves());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("notation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("print_and_parse", |b| {
        b.iter(|| {
            for (position, _) in &positions {
                let text = position.to_string();
                black_box(Position::from_notation(&text, *position.rules()).unwrap());
            }
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    const PLAYOUTS: u64 = 1000;
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(PLAYOUTS));
    for preset in Preset::ALL {
        let start = Position::start(preset.rules(), Seat::South);
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        group.bench_function(preset.name(), |b| {
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..PLAYOUTS {
                    plies += playout(&start, &mut rng);
                }
                black_box(plies)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_apply, bench_playouts);
criterion_main!(benches);
