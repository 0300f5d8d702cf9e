//! Fits the evaluation's weights to self-play results (the Texel method).
//!
//! Per preset: plays `--games` games of the full search against itself on
//! `--nodes` nodes a move with the weights it starts from (`--start`,
//! else `Weights::tuned`), each from its own random opening of
//! `--random-plies` uniformly random moves; keeps the quiet positions
//! after the opening (no legal move changes the score difference or ends
//! the game; `--positions all` keeps every one), each labelled with the game's result for its side to move
//! (win 1, draw ½, loss 0). Then fits, on four games in five (the fifth
//! is held out):
//!
//! 1. `K`, the scale of `sigmoid(K · eval)` (eval in stones), for the
//!    starting weights, by golden-section search on the squared error;
//! 2. the weights of the terms named by `--free` (default every term), in
//!    whole units of 1/16 stone, by coordinate descent from the starting
//!    weights: a step of one unit up or down while it lowers the error,
//!    term after term, until a pass changes nothing. The score difference
//!    keeps its weight of one stone a stone.
//!
//! Prints, per preset, the samples, `K`, the error of the bare score
//! difference, of the starting and of the fitted weights (on the training
//! and the held-out positions), and the fitted weights as a player of
//! `examples/strength` (`w…`). Deterministic for a seed (the games do not
//! depend on `--threads`).
//!
//!     cargo run --release --example texel -- [--presets village,online]
//!         [--games 3000] [--nodes 2000] [--random-plies 6] [--seed 1]
//!         [--threads 2] [--free row,mobility,tempo,threat,flank,ripe]
//!         [--start w0,2,0,0] [--positions quiet|all]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use oanquan::engine::{Position, Preset, Seat};
use oanquan::search::{
    features, random_move, score_diff, search_with, Limits, Options, Rng, Weights, FEATURES,
    FEATURE_NAMES, UNIT,
};

/// A labelled quiet position: its score difference in [`UNIT`]s, its
/// terms, and the result for its side to move.
#[derive(Clone, Copy)]
struct Sample {
    base: i32,
    terms: [i32; FEATURES],
    result: f64,
}

/// No legal move captures, refills at a cost, or ends the game.
fn quiet(position: &Position) -> bool {
    let before = score_diff(position);
    position.legal_moves().iter().all(|&m| {
        let child = position.play(m).expect("a legal move");
        !child.is_over() && score_diff(&child) == -before
    })
}

struct Config {
    games: u32,
    nodes: u64,
    random_plies: u32,
    seed: u64,
    threads: usize,
    /// Every position after the opening, not only the quiet ones.
    all: bool,
}

/// Game `game`'s quiet positions, labelled.
fn play(preset: Preset, game: u32, config: &Config, weights: Weights) -> Vec<Sample> {
    let game_seed = config
        .seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(game))
        .wrapping_add((preset as u64) << 40);
    let mut rng = Rng::new(game_seed);
    let mut p = Position::start(preset.rules(), Seat::South);
    for _ in 0..config.random_plies {
        if let Some(m) = random_move(&p, &mut rng) {
            p = p.play(m).expect("a legal move");
        }
    }
    let options = Options {
        all_values: false,
        weights,
        table: false,
    };
    let mut seen: Vec<(Position, Seat)> = Vec::new();
    while !p.is_over() {
        if config.all || quiet(&p) {
            seen.push((p, p.turn()));
        }
        let seed = game_seed ^ u64::from(p.ply());
        let m = search_with(&p, Limits::nodes(config.nodes), seed, options)
            .best_move
            .expect("a move");
        p = p.play(m).expect("a legal move");
    }
    let winner = p.outcome().expect("over").winner;
    seen.into_iter()
        .map(|(q, side)| Sample {
            base: score_diff(&q) * UNIT,
            terms: features(&q),
            result: match winner {
                None => 0.5,
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
            },
        })
        .collect()
}

/// Every game's samples, in game order, and whether the game is held out.
fn samples(preset: Preset, config: &Config, weights: Weights) -> Vec<(bool, Vec<Sample>)> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(vec![Vec::new(); config.games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= config.games as usize {
                    break;
                }
                let s = play(preset, game as u32, config, weights);
                out.lock().unwrap()[game] = s;
            });
        }
    });
    out.into_inner()
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, s)| (i % 5 == 4, s))
        .collect()
}

fn eval(s: &Sample, w: &[i32; FEATURES]) -> i32 {
    s.base + s.terms.iter().zip(w).map(|(f, w)| f * w).sum::<i32>()
}

/// The mean squared error of `sigmoid(k · eval)` (eval in stones).
fn loss(samples: &[Sample], k: f64, w: &[i32; FEATURES]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let x = f64::from(eval(s, w)) / f64::from(UNIT);
            let p = 1.0 / (1.0 + (-k * x).exp());
            (p - s.result).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The `k` of least error for `w` (golden-section search on [0.001, 4]).
fn fit_k(samples: &[Sample], w: &[i32; FEATURES]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.001f64, 4.0f64);
    for _ in 0..60 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if loss(samples, c, w) < loss(samples, d, w) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Coordinate descent over whole units of the `free` terms.
fn fit_weights(
    samples: &[Sample],
    k: f64,
    start: [i32; FEATURES],
    free: &[usize],
) -> [i32; FEATURES] {
    let mut w = start;
    let mut best = loss(samples, k, &w);
    loop {
        let mut changed = false;
        for &i in free {
            for step in [1, -1] {
                loop {
                    let mut trial = w;
                    trial[i] += step;
                    let l = loss(samples, k, &trial);
                    if l < best {
                        best = l;
                        w = trial;
                        changed = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !changed {
            return w;
        }
    }
}

fn parse_weights(text: &str) -> Weights {
    let n: Vec<i32> = text
        .trim_start_matches('w')
        .split(',')
        .map(|x| x.parse().expect("a weight"))
        .collect();
    let mut w = [0; FEATURES];
    w[..n.len()].copy_from_slice(&n);
    Weights::from_array(w)
}

fn name(w: &[i32; FEATURES]) -> String {
    let w: Vec<String> = w.iter().map(ToString::to_string).collect();
    format!("w{}", w.join(","))
}

fn main() {
    let mut presets = vec![Preset::Village, Preset::Online];
    let mut config = Config {
        games: 3000,
        nodes: 2000,
        random_plies: 6,
        seed: 1,
        threads: 2,
        all: false,
    };
    let mut free: Vec<usize> = (0..FEATURES).collect();
    let mut start: Option<Weights> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().expect("a value");
        match arg.as_str() {
            "--presets" => presets = value.split(',').map(|p| p.parse().unwrap()).collect(),
            "--games" => config.games = value.parse().unwrap(),
            "--nodes" => config.nodes = value.parse().unwrap(),
            "--random-plies" => config.random_plies = value.parse().unwrap(),
            "--seed" => config.seed = value.parse().unwrap(),
            "--threads" => config.threads = value.parse().unwrap(),
            "--free" => {
                free = value
                    .split(',')
                    .map(|f| {
                        FEATURE_NAMES
                            .iter()
                            .position(|n| *n == f)
                            .unwrap_or_else(|| panic!("a term of {FEATURE_NAMES:?}"))
                    })
                    .collect()
            }
            "--start" => start = Some(parse_weights(&value)),
            "--positions" => config.all = value == "all",
            other => panic!("unknown argument {other}"),
        }
    }
    println!(
        "games {} a preset, {} nodes a move, {} random plies, seed {}, {} positions; terms {:?}, fitted {:?}",
        config.games,
        config.nodes,
        config.random_plies,
        config.seed,
        if config.all { "all" } else { "quiet" },
        FEATURE_NAMES,
        free.iter().map(|&i| FEATURE_NAMES[i]).collect::<Vec<_>>()
    );
    for preset in presets {
        let weights = start.unwrap_or_else(|| Weights::tuned(&preset.rules()));
        let began = std::time::Instant::now();
        let games = samples(preset, &config, weights);
        let (mut train, mut test) = (Vec::new(), Vec::new());
        let (mut results, mut decided) = (0.0, 0usize);
        for (held_out, s) in games {
            if let Some(first) = s.first() {
                results += first.result;
                decided += 1;
            }
            if held_out {
                test.extend(s);
            } else {
                train.extend(s);
            }
        }
        let start_w = weights.to_array();
        let bare = [0; FEATURES];
        let k = fit_k(&train, &start_w);
        let fitted = fit_weights(&train, k, start_w, &free);
        println!(
            "\n{}: {} training and {} held-out positions from {} games ({:.0} s; first sample's side scored {:.3})",
            preset.name(),
            train.len(),
            test.len(),
            config.games,
            began.elapsed().as_secs_f64(),
            results / decided.max(1) as f64,
        );
        println!("K = {k:.4} per stone (fitted for {})", name(&start_w));
        println!("| weights | training error | held-out error |\n|---|---|---|");
        for (label, w) in [
            ("bare score difference", bare),
            ("starting", start_w),
            ("fitted", fitted),
        ] {
            println!(
                "| {label} {} | {:.6} | {:.6} |",
                name(&w),
                loss(&train, k, &w),
                loss(&test, k, &w)
            );
        }
        println!("fitted: {}", name(&fitted));
    }
}
