//! Strength measurements: matches between search levels and baselines at a
//! fixed node budget per move (deterministic, independent of machine load)
//! or a time per move, colours alternated, each pair of games from the same
//! two-ply random opening, on `--threads` threads. Prints one Markdown row
//! per pairing with Elo and a 95 % interval, what each player spent (nodes
//! and thread CPU time per move), and for a round-robin every player's
//! rating from all results at once (Bradley–Terry, bootstrap intervals).
//!
//! `cargo run --release --example strength -- [--games N] [--nodes N]
//!  [--threads N] [--presets classic,village,online] [--anchor NAME]
//!  [--first-opening N | --from-start]
//!  (PAIR... | --round-robin P1,P2,...)` where a PAIR is `A:B` and a player
//! is `random`, `greedy`, `ab5` (depth-5 alpha-beta on the score
//! difference), `L1`..`L7`, `minimax` (the top level's search without its
//! opponent model) or `w<row>,<mobility>,<tempo>,<threat>[,<flank>,<ripe>]`
//! (the full search with those evaluation weights, in 1/16 stone), optionally with its own
//! budget: `L7@80000` (nodes) or `L7@100ms`. With no PAIR: the top level
//! against ab5, and each level against the one below it.
//! `--from-start` plays every game from the start position (as a game
//! through the server begins) instead of balanced random openings.
//! `STRENGTH_GAMES=1` prints each game's result and colours on stderr,
//! `STRENGTH_MOVES=1` its moves too.
//! `--fit` instead reads pairing rows (this tool's output) from stdin and
//! prints the ratings they give.

mod matches;
mod players;
mod rating;

use std::collections::BTreeMap;
use std::io::BufRead;

use matches::{Pairing, Tally};
use oanquan::engine::Preset;
use oanquan::search::Level;
use players::{Budget, Player};

const HEADER: &str = "| preset | A | B | games | A wins-draws-losses | A's wins of decided | Elo A−B (95 %) | plies/game |\n|---|---|---|---|---|---|---|---|";

fn row(p: &Pairing, t: &Tally) -> String {
    let (elo, err) = t.elo();
    let decided = t.wins + t.losses;
    format!(
        "| {} | {} | {} | {} | {}-{}-{} | {:.1} % | {:+.0} ± {:.0} | {:.0} |",
        p.preset.name(),
        p.a.name(),
        p.b.name(),
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        100.0 * f64::from(t.wins) / f64::from(decided.max(1)),
        elo,
        err,
        t.plies as f64 / f64::from(t.games()),
    )
}

/// Prints each preset's ratings from its pairings' results, and whether
/// each level beats the one below it.
fn print_ratings(results: &[(Preset, String, String, Tally)], anchor: &str) {
    let presets: Vec<Preset> = Preset::ALL
        .into_iter()
        .filter(|p| results.iter().any(|r| r.0 == *p))
        .collect();
    for preset in presets {
        let mut names: Vec<String> = Vec::new();
        let mut index = |name: &String| match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.clone());
                names.len() - 1
            }
        };
        let fitted: Vec<rating::Result> = results
            .iter()
            .filter(|r| r.0 == preset)
            .map(|(_, a, b, t)| rating::Result {
                a: index(a),
                b: index(b),
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
            })
            .collect();
        let Some(anchor_index) = names.iter().position(|n| n == anchor) else {
            println!(
                "\n{}: no player named {anchor} to anchor at 0",
                preset.name()
            );
            continue;
        };
        let (ratings, intervals) =
            rating::fit_with_intervals(names.len(), &fitted, anchor_index, 1000);
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&i, &j| ratings[j].total_cmp(&ratings[i]));
        println!(
            "\n{}: Bradley–Terry ratings from {} pairings, {anchor} = 0, 95 % bootstrap interval\n",
            preset.name(),
            fitted.len()
        );
        println!("| player | Elo | 95 % interval |\n|---|---|---|");
        for i in order {
            println!(
                "| {} | {:+.0} | {:+.0} … {:+.0} |",
                names[i], ratings[i], intervals[i].0, intervals[i].1
            );
        }
        let mut ladder = Vec::new();
        for n in 2..=Level::MAX.number() {
            let direct = results.iter().find_map(|(p, a, b, t)| {
                if *p != preset {
                    return None;
                }
                match (level_of(a), level_of(b)) {
                    (Some(x), Some(y)) if x == n && y == n - 1 => Some(t.elo()),
                    (Some(x), Some(y)) if x == n - 1 && y == n => {
                        let (e, err) = t.elo();
                        Some((-e, err))
                    }
                    _ => None,
                }
            });
            if let Some((elo, err)) = direct {
                let verdict = if elo - err > 0.0 { "yes" } else { "NO" };
                ladder.push(format!("L{n}–L{}: {elo:+.0} ± {err:.0} ({verdict})", n - 1));
            }
        }
        if !ladder.is_empty() {
            println!(
                "\n{}: each level against the one below (direct games): {}",
                preset.name(),
                ladder.join("; ")
            );
        }
    }
}

/// The level number of a player's name (`L7@50000` → 7).
fn level_of(name: &str) -> Option<u8> {
    let n = name.strip_prefix('L')?;
    n.split('@').next()?.parse().ok()
}

/// Reads pairing rows from stdin (this tool's own output).
fn read_rows() -> Vec<(Preset, String, String, Tally)> {
    let mut out = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(preset) = cells.get(1).and_then(|p| p.parse::<Preset>().ok()) else {
            continue;
        };
        let wdl: Vec<u32> = cells[5].split('-').filter_map(|x| x.parse().ok()).collect();
        if wdl.len() != 3 {
            continue;
        }
        let tally = Tally {
            wins: wdl[0],
            draws: wdl[1],
            losses: wdl[2],
            plies: 0,
        };
        out.push((preset, cells[2].to_string(), cells[3].to_string(), tally));
    }
    out
}

fn main() {
    let mut games = 200;
    let mut nodes = 20_000;
    let mut threads = 2;
    let mut first_opening = Some(1);
    let mut anchor = "L1".to_string();
    let mut presets = Preset::ALL.to_vec();
    let mut pairs = Vec::new();
    let mut round_robin = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => games = args.next().unwrap().parse().unwrap(),
            "--nodes" => nodes = args.next().unwrap().parse().unwrap(),
            "--threads" => threads = args.next().unwrap().parse().unwrap(),
            "--first-opening" => first_opening = Some(args.next().unwrap().parse().unwrap()),
            "--from-start" => first_opening = None,
            "--anchor" => anchor = args.next().unwrap(),
            "--presets" => {
                presets = args
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|p| p.parse().unwrap())
                    .collect()
            }
            "--fit" => return print_ratings(&read_rows(), &anchor),
            "--round-robin" => {
                round_robin = true;
                let players: Vec<Player> =
                    args.next().unwrap().split(',').map(Player::parse).collect();
                for (i, a) in players.iter().enumerate() {
                    for b in &players[i + 1..] {
                        pairs.push((a.clone(), b.clone()));
                    }
                }
            }
            pair => {
                let (a, b) = pair.split_once(':').expect("a pair A:B");
                pairs.push((Player::parse(a), Player::parse(b)));
            }
        }
    }
    if pairs.is_empty() {
        let level = |n| Player::Level(Level::new(n).unwrap(), Budget::Default);
        pairs.push((level(Level::MAX.number()), Player::AlphaBeta5));
        for n in 2..=Level::MAX.number() {
            pairs.push((level(n), level(n - 1)));
        }
    }
    let pairings: Vec<Pairing> = presets
        .iter()
        .flat_map(|&preset| {
            pairs.iter().map(move |(a, b)| Pairing {
                preset,
                a: a.clone(),
                b: b.clone(),
            })
        })
        .collect();
    println!("nodes per move: {nodes}; games per pairing: {games}; threads: {threads}\n");
    println!("{HEADER}");
    let started = std::time::Instant::now();
    let (tallies, spending) =
        matches::run(&pairings, games, first_opening, nodes, threads, |i, t| {
            println!("{}", row(&pairings[i], t));
        });
    println!(
        "\nwall time {:.0} s. What each player spent (thread CPU time):\n",
        started.elapsed().as_secs_f64()
    );
    println!("| preset | player | moves | nodes/move | CPU ms/move | M nodes per CPU-s |\n|---|---|---|---|---|---|");
    let mut by_player: BTreeMap<(Preset, String), matches::Spent> = BTreeMap::new();
    by_player.extend(spending);
    for ((preset, name), s) in &by_player {
        let cpu = s.cpu.as_secs_f64();
        println!(
            "| {} | {} | {} | {:.0} | {:.2} | {} |",
            preset.name(),
            name,
            s.moves,
            s.nodes as f64 / s.moves as f64,
            1000.0 * cpu / s.moves as f64,
            if s.nodes > 0 {
                format!("{:.2}", s.nodes as f64 / cpu / 1e6)
            } else {
                "–".into()
            }
        );
    }
    if round_robin {
        let results: Vec<(Preset, String, String, Tally)> = pairings
            .iter()
            .zip(&tallies)
            .map(|(p, t)| (p.preset, p.a.name(), p.b.name(), *t))
            .collect();
        print_ratings(&results, &anchor);
    }
}
