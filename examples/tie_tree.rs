//! The top level against every tie-break of the depth-5 baseline: from the
//! start, wherever the baseline (negamax on the bare score difference,
//! depth 5) has several moves tied best, every one of them is followed, so
//! the games are all the games the baseline can play against the top level
//! whatever its tie-break rule (in order, last, random…). The top level
//! chooses as it does in play (1,000,000 nodes; its seed from the ply, as
//! the server's from the game and the ply; `--seed` adds to it).
//!
//!     cargo run --release --example tie_tree -- --presets classic,online \
//!         [--seats north,south] [--seed N] [--max-games N] [--prefix "4R 3R"]
//!
//! `--prefix` plays those moves first, whoever is to move.
//!
//! Prints every lost or drawn game with its moves, and per preset and seat
//! the games that are wins, draws and losses, counted once each and
//! weighted as a baseline breaking ties uniformly at random would play
//! them.

use std::collections::HashMap;

use oanquan::engine::{Move, Position, Preset, Seat};
use oanquan::search::{tied_best, Level, Limits, MASTER_NODES};

/// The baseline's moves tied best (depth 5 on the score difference), in
/// notation order.
fn ties(position: &Position) -> Vec<Move> {
    tied_best(position, 5, &mut 0).0
}

#[derive(Default, Clone, Copy)]
struct Tally {
    games: [u32; 3],
    weighted: [f64; 3],
}

struct Walk {
    bot: Seat,
    seed: u64,
    cache: HashMap<String, Move>,
    tally: Tally,
    max_games: u32,
    moves: Vec<Move>,
}

impl Walk {
    fn go(&mut self, p: &Position, weight: f64) {
        if self.tally.games.iter().sum::<u32>() >= self.max_games {
            return;
        }
        if p.is_over() {
            let o = p.outcome().unwrap();
            let i = match o.winner {
                Some(w) if w == self.bot => 0,
                None => 1,
                Some(_) => 2,
            };
            self.tally.games[i] += 1;
            self.tally.weighted[i] += weight;
            if i > 0 {
                let line: Vec<String> = self.moves.iter().map(Move::to_string).collect();
                println!(
                    "  {} ({:.4}) {:?}: {}",
                    ["won", "drew", "lost"][i],
                    weight,
                    o.scores,
                    line.join(" ")
                );
            }
            return;
        }
        if p.turn() == self.bot {
            let key = p.to_string();
            let m = match self.cache.get(&key) {
                Some(&m) => m,
                None => {
                    let seed = self.seed.wrapping_add(u64::from(p.ply()));
                    let m = Level::MAX
                        .choose(p, Limits::nodes(MASTER_NODES), seed)
                        .best_move
                        .unwrap();
                    self.cache.insert(key, m);
                    m
                }
            };
            self.moves.push(m);
            self.go(&p.play(m).unwrap(), weight);
            self.moves.pop();
        } else {
            let set = ties(p);
            let w = weight / set.len() as f64;
            for m in set {
                self.moves.push(m);
                self.go(&p.play(m).unwrap(), w);
                self.moves.pop();
            }
        }
    }
}

fn main() {
    let mut presets = vec![Preset::Classic, Preset::Online];
    let mut seats = vec![Seat::North, Seat::South];
    let mut seed = 0;
    let mut max_games = 10_000;
    let mut prefix: Vec<Move> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().expect("a value");
        match arg.as_str() {
            "--presets" => presets = value.split(',').map(|p| p.parse().unwrap()).collect(),
            "--seats" => {
                seats = value
                    .split(',')
                    .map(|s| match s {
                        "north" => Seat::North,
                        _ => Seat::South,
                    })
                    .collect()
            }
            "--seed" => seed = value.parse().unwrap(),
            "--max-games" => max_games = value.parse().unwrap(),
            "--prefix" => {
                prefix = value
                    .split_whitespace()
                    .map(|m| m.parse().unwrap())
                    .collect()
            }
            other => panic!("unknown argument {other}"),
        }
    }
    for preset in presets {
        for &bot in &seats {
            println!("{} top level as {bot:?}:", preset.name());
            let mut walk = Walk {
                bot,
                seed,
                cache: HashMap::new(),
                tally: Tally::default(),
                max_games,
                moves: Vec::new(),
            };
            let mut start = Position::start(preset.rules(), Seat::South);
            for &m in &prefix {
                start = start.play(m).unwrap();
                walk.moves.push(m);
            }
            walk.go(&start, 1.0);
            let t = walk.tally;
            println!(
                "RESULT preset={} bot={bot:?} games={}-{}-{} random_ties={:.1}%-{:.1}%-{:.1}% positions={}",
                preset.name(),
                t.games[0],
                t.games[1],
                t.games[2],
                100.0 * t.weighted[0],
                100.0 * t.weighted[1],
                100.0 * t.weighted[2],
                walk.cache.len()
            );
        }
    }
}
