//! Reads RESULT lines and prints the figures, the ratios against the
//! ceilings and whether each target is met.

use std::collections::HashMap;
use std::path::PathBuf;

use clap::Args;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A file of RESULT lines (as `--out` writes them).
    #[arg(long)]
    pub file: PathBuf,
}

type Fields = HashMap<String, String>;

fn parse(text: &str) -> HashMap<String, Fields> {
    text.lines()
        .filter_map(|line| line.strip_prefix("RESULT "))
        .map(|rest| {
            let fields: Fields = rest
                .split_whitespace()
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect();
            (fields.get("label").cloned().unwrap_or_default(), fields)
        })
        .collect()
}

fn number(results: &HashMap<String, Fields>, label: &str, key: &str) -> Option<f64> {
    results.get(label)?.get(key)?.parse().ok()
}

fn verdict(ok: Option<bool>) -> &'static str {
    match ok {
        Some(true) => "met",
        Some(false) => "NOT met",
        None => "not measured",
    }
}

fn show(value: Option<f64>, decimals: usize) -> String {
    value.map_or("–".to_owned(), |v| format!("{v:.decimals$}"))
}

pub fn report(args: &ReportArgs) -> anyhow::Result<()> {
    let results = parse(&std::fs::read_to_string(&args.file)?);
    println!(
        "| label | rate /s | p50 ms | p95 ms | p99 ms | errors | CPU µs/op | server peak RSS MiB |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut labels: Vec<_> = results
        .keys()
        .filter(|l| !l.ends_with("startup") && !l.contains("/open-") && !l.ends_with("/wal"))
        .collect();
    labels.sort();
    for label in labels {
        let n = |key| number(&results, label, key);
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} | {} |",
            show(n("rate"), 0),
            show(n("p50_ms"), 2),
            show(n("p95_ms"), 2),
            show(n("p99_ms"), 2),
            show(n("errors"), 0),
            show(n("cpu_us_per_op"), 0),
            show(n("server_peak_rss_kib").map(|k| k / 1024.0), 1),
        );
    }
    open_loop(&results);
    let errors: f64 = results
        .values()
        .filter_map(|f| f.get("errors")?.parse::<f64>().ok())
        .sum();
    println!();
    println!("| target | backend | figure | verdict |");
    println!("| --- | --- | --- | --- |");
    for backend in ["sqlite", "postgres"] {
        let n = |what: &str, key| number(&results, &format!("{backend}/{what}"), key);
        let row = |target: &str, figure: String, ok: Option<bool>| {
            println!("| {target} | {backend} | {figure} | {} |", verdict(ok));
        };
        let moves = n("play", "rate").zip(n("db-ceiling", "rate"));
        row(
            "moves/s ≥ 50 % of the database ceiling",
            moves.map_or("–".to_owned(), |(p, c)| {
                format!("{p:.0} / {c:.0} = {:.0} %", 100.0 * p / c)
            }),
            moves.map(|(p, c)| p >= 0.5 * c),
        );
        let p99 = n("play", "p99_ms");
        row(
            "move p99 ≤ 20 ms",
            format!("{} ms", show(p99, 2)),
            p99.map(|p| p <= 20.0),
        );
        let gets = n("get-game", "rate").zip(n("health", "rate"));
        row(
            "GET game ≥ 25 % of /health",
            gets.map_or("–".to_owned(), |(g, h)| {
                format!("{g:.0} / {h:.0} = {:.0} %", 100.0 * g / h)
            }),
            gets.map(|(g, h)| g >= 0.25 * h),
        );
        let rss = ["play", "get-game", "health"]
            .iter()
            .filter_map(|what| n(what, "server_peak_rss_kib"))
            .reduce(f64::max);
        row(
            "server peak RSS ≤ 64 MiB",
            format!("{} MiB", show(rss.map(|k| k / 1024.0), 1)),
            rss.map(|k| k <= 64.0 * 1024.0),
        );
        let start = n("startup", "max_ms");
        row(
            "start-up to ready < 1 s (100,000 moves)",
            format!(
                "median {} ms, max {} ms",
                show(n("startup", "median_ms"), 0),
                show(start, 0)
            ),
            start.map(|s| s < 1000.0),
        );
    }
    println!(
        "| errors = 0 | all | {errors:.0} | {} |",
        verdict(Some(errors == 0.0))
    );
    Ok(())
}

/// The open-loop runs (`loadgen open`): offered and accepted rates, refusals
/// and the accepted moves' latency from their scheduled send.
fn open_loop(results: &HashMap<String, Fields>) {
    let mut labels: Vec<_> = results.keys().filter(|l| l.contains("/open-")).collect();
    if labels.is_empty() {
        return;
    }
    labels.sort_by_key(|l| {
        let (run, pct) = l.rsplit_once("/open-").unwrap_or((l, "0"));
        (run.to_owned(), pct.parse::<u32>().unwrap_or(0))
    });
    println!();
    println!("| label | offered /s | accepted /s | refused /s | p50 ms | p99 ms | p99.9 ms | max ms | errors |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for label in labels {
        let n = |key| number(results, label, key);
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} | {} | {} |",
            show(n("offered"), 0),
            show(n("accepted_rate"), 0),
            show(n("refused_rate"), 0),
            show(n("p50_ms"), 2),
            show(n("p99_ms"), 2),
            show(n("p999_ms"), 2),
            show(n("max_ms"), 1),
            show(n("errors"), 0),
        );
    }
}
