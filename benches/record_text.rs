//! Reading game records in the text notation: the worst inputs a client
//! may send (the documented bounds), at about 1 and 2 MiB, so that the reader's cost
//! per byte can be compared across sizes (the same per byte: linear).
//! Run: `cargo bench --bench record_text`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use oanquan::record::text;

/// The inputs of `crates/record`'s bounds test, scaled to about `mib` MiB.
fn inputs(mib: usize) -> [(&'static str, String); 5] {
    [
        (
            "unknown_tags",
            (0..116_000 * mib)
                .map(|i| format!("[t{i} \"\"]\n"))
                .collect(),
        ),
        ("moves", "1. 1L ".repeat(175_000 * mib)),
        ("comment", "{".to_owned() + &"x".repeat(mib << 20)),
        ("line_comments", "; a comment\n".repeat(87_000 * mib)),
        (
            "escaped_tag",
            format!("[South \"{}\"]", "\\\"".repeat(524_000 * mib)),
        ),
    ]
}

fn reading(c: &mut Criterion) {
    let mut group = c.benchmark_group("record_text");
    group.sample_size(10);
    for mib in [1, 2] {
        for (name, input) in inputs(mib) {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(
                BenchmarkId::new(name, format!("{mib}MiB")),
                &input,
                |b, input| {
                    b.iter(|| {
                        black_box(
                            text::parse(input)
                                .and_then(|record| record.replay())
                                .is_ok(),
                        )
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
