//! Search speed: nodes per second of the full search (table, ordering,
//! evaluation) on mid-game positions of every preset, single-threaded,
//! timed in the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not the
//! wall clock: on a shared machine the wall clock counts the other
//! processes' turns too. Run: `cargo bench --bench search`.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
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

/// This thread's CPU time as criterion's measurement (formatted as time).
struct ThreadCpu(WallTime);

fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, started: Duration) -> Duration {
        thread_cpu() - started
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

fn bench_search(c: &mut Criterion<ThreadCpu>) {
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

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpu(WallTime));
    targets = bench_search
}
criterion_main!(benches);
