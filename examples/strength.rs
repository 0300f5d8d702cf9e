//! Strength measurements: matches between search levels and baselines at a
//! fixed node budget per move (deterministic, independent of machine load),
//! colours alternated, each pair of games from the same two-ply random
//! opening. Prints one Markdown row per pairing with Elo and a 95 % interval.
//!
//! `cargo run --release --example strength -- [--games N] [--nodes N]
//!  [--presets classic,village,online] PAIR...` where a PAIR is `A:B` and a
//! player is `random`, `greedy`, `ab5` (depth-5 alpha-beta on the score
//! difference) or `L1`..`L7`, optionally with its own budget: `L7@80000`.
//! With no PAIR: the top level against ab5, and each level against the one
//! below it.

use oanquan::engine::{Move, Position, Preset, Seat};
use oanquan::search::{
    alphabeta_score_only, greedy_move, random_move, search, search_with, Level, Limits, Options,
    Rng, Weights,
};

#[derive(Clone, Debug)]
enum Player {
    Random,
    Greedy,
    AlphaBeta5,
    Level(Level, Option<u64>),
    /// The full search with other evaluation weights: `w<row>.<mobility>`.
    Weighted(Weights, Option<u64>),
}

impl Player {
    fn parse(text: &str) -> Player {
        let (name, budget) = match text.split_once('@') {
            Some((name, nodes)) => (name, Some(nodes.parse().expect("a node budget"))),
            None => (text, None),
        };
        match name {
            "random" => Player::Random,
            "greedy" => Player::Greedy,
            "ab5" => Player::AlphaBeta5,
            w if w.starts_with('w') => {
                let (row, mobility) = w[1..].split_once('.').expect("w<row>.<mobility>");
                let weights = Weights {
                    row: row.parse().unwrap(),
                    mobility: mobility.parse().unwrap(),
                };
                Player::Weighted(weights, budget)
            }
            level => {
                let n = level.strip_prefix('L').and_then(|n| n.parse().ok());
                Player::Level(
                    n.and_then(Level::new)
                        .expect("random, greedy, ab5 or L1..L7"),
                    budget,
                )
            }
        }
    }

    fn name(&self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
            Player::AlphaBeta5 => "ab5".into(),
            Player::Level(level, None) => format!("L{}", level.number()),
            Player::Level(level, Some(n)) => format!("L{}@{n}", level.number()),
            Player::Weighted(w, n) => format!("w{}.{}@{}", w.row, w.mobility, n.unwrap_or(0)),
        }
    }

    fn choose(&self, position: &Position, nodes: u64, seed: u64) -> Move {
        let mut rng = Rng::new(seed);
        match self {
            Player::Random => random_move(position, &mut rng),
            Player::Greedy => greedy_move(position, &mut rng),
            Player::AlphaBeta5 => alphabeta_score_only(position, 5, &mut rng),
            Player::Level(level, budget) => {
                level
                    .choose(position, Limits::nodes(budget.unwrap_or(nodes)), seed)
                    .best_move
            }
            Player::Weighted(weights, budget) => {
                let options = Options {
                    all_values: false,
                    weights: *weights,
                };
                search_with(
                    position,
                    Limits::nodes(budget.unwrap_or(nodes)),
                    seed,
                    options,
                )
                .best_move
            }
        }
        .expect("a move in a game that is not over")
    }
}

/// Plays one game; returns South's score minus North's sign (1, 0, -1) and
/// the plies played.
fn play(south: &Player, north: &Player, opening: &Position, nodes: u64, seed: u64) -> (i32, u32) {
    let mut p = *opening;
    let mut ply = 0u64;
    while !p.is_over() {
        let player = if p.turn() == Seat::South {
            south
        } else {
            north
        };
        let m = player.choose(&p, nodes, seed.wrapping_mul(1000).wrapping_add(ply));
        p = p.play(m).unwrap();
        ply += 1;
    }
    let outcome = p.outcome().unwrap();
    let sign = match outcome.winner {
        Some(Seat::South) => 1,
        Some(Seat::North) => -1,
        None => 0,
    };
    (sign, p.ply() - 1)
}

struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    plies: u64,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Elo difference and its 95 % interval half-width (normal approximation
    /// on the per-game score, draws counted as half).
    fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let score = (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n;
        let var = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |s: f64| {
            let s = s.clamp(0.5 / n, 1.0 - 0.5 / n);
            -400.0 * (1.0 / s - 1.0).log10()
        };
        let (lo, hi) = (elo(score - 1.96 * se), elo(score + 1.96 * se));
        (elo(score), (hi - lo) / 2.0)
    }
}

/// A two-ply random opening that a 20,000-node search finds within four
/// stones of equal: the start itself favours the first player by ~17 stones,
/// and games from lopsided openings measure the opening, not the players.
fn balanced_opening(preset: Preset, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    loop {
        let mut opening = Position::start(preset.rules(), Seat::South);
        for _ in 0..2 {
            opening = opening
                .play(random_move(&opening, &mut rng).unwrap())
                .unwrap();
        }
        if !opening.is_over() && search(&opening, Limits::nodes(20_000), 0).value.abs() <= 4.0 {
            return opening;
        }
    }
}

fn run_match(preset: Preset, a: &Player, b: &Player, games: u32, nodes: u64) -> Tally {
    let mut tally = Tally {
        wins: 0,
        draws: 0,
        losses: 0,
        plies: 0,
    };
    for pair in 0..games.div_ceil(2) {
        let opening = balanced_opening(preset, u64::from(pair) + 1);
        for a_is_south in [true, false] {
            if tally.games() == games {
                break;
            }
            let seed = u64::from(tally.games());
            let (sign, plies) = if a_is_south {
                play(a, b, &opening, nodes, seed)
            } else {
                let (sign, plies) = play(b, a, &opening, nodes, seed);
                (-sign, plies)
            };
            tally.plies += u64::from(plies);
            match sign {
                1 => tally.wins += 1,
                0 => tally.draws += 1,
                _ => tally.losses += 1,
            }
        }
    }
    tally
}

fn main() {
    let mut games = 200;
    let mut nodes = 20_000;
    let mut presets = Preset::ALL.to_vec();
    let mut pairs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => games = args.next().unwrap().parse().unwrap(),
            "--nodes" => nodes = args.next().unwrap().parse().unwrap(),
            "--presets" => {
                presets = args
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|p| p.parse().unwrap())
                    .collect()
            }
            pair => {
                let (a, b) = pair.split_once(':').expect("a pair A:B");
                pairs.push((Player::parse(a), Player::parse(b)));
            }
        }
    }
    if pairs.is_empty() {
        pairs.push((Player::Level(Level::MAX, None), Player::AlphaBeta5));
        for n in 2..=Level::MAX.number() {
            let level = |n| Player::Level(Level::new(n).unwrap(), None);
            pairs.push((level(n), level(n - 1)));
        }
    }
    println!("nodes per move: {nodes}; games per pairing: {games}\n");
    println!("| preset | A | B | games | A wins-draws-losses | A's wins of decided | Elo A−B (95 %) | plies/game | s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for preset in presets {
        for (a, b) in &pairs {
            let started = std::time::Instant::now();
            let t = run_match(preset, a, b, games, nodes);
            let (elo, err) = t.elo();
            let decided = t.wins + t.losses;
            println!(
                "| {} | {} | {} | {} | {}-{}-{} | {:.1} % | {:+.0} ± {:.0} | {:.0} | {:.0} |",
                preset.name(),
                a.name(),
                b.name(),
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                100.0 * f64::from(t.wins) / f64::from(decided.max(1)),
                elo,
                err,
                t.plies as f64 / f64::from(t.games()),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
