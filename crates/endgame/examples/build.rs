//! Builds endgame tables and prints their sizes, build times and coverage
//! (what BENCHMARKS.md "Search" reports); with `--out DIR` also writes
//! them as the server reads them (`<preset>-<stones>.oqet`).
//!
//! ```sh
//! cargo run --release -p oanquan-endgame --example build -- --stones 8,10,12 --presets classic,online
//! ```

use std::time::Instant;

use oanquan_endgame::build;
use oanquan_engine::Preset;

fn main() {
    let mut stones = vec![8];
    let mut presets = Preset::ALL.to_vec();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().expect("a value after each flag");
        match arg.as_str() {
            "--stones" => stones = value.split(',').map(|s| s.parse().unwrap()).collect(),
            "--presets" => presets = value.split(',').map(|s| s.parse().unwrap()).collect(),
            "--threads" => threads = value.parse().unwrap(),
            "--out" => out = Some(std::path::PathBuf::from(value)),
            _ => panic!("unknown flag {arg}"),
        }
    }
    println!("| preset | stones | entries | positions | exact | exact % | longest proof | passes | table bytes | build s |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for &preset in &presets {
        for &n in &stones {
            let started = Instant::now();
            let table = build(preset, n, threads);
            let s = table.stats();
            println!(
                "| {preset} | {n} | {} | {} | {} | {:.1} | {} | {} | {} | {:.1} |",
                table.entries(),
                s.positions,
                s.exact,
                100.0 * s.exact as f64 / s.positions.max(1) as f64,
                s.max_depth,
                s.passes,
                table.bytes(),
                started.elapsed().as_secs_f64()
            );
            if let Some(dir) = &out {
                let path = dir.join(format!("{}-{n}.oqet", preset.name()));
                let file = std::fs::File::create(&path).unwrap();
                table.write_to(std::io::BufWriter::new(file)).unwrap();
            }
        }
    }
}
