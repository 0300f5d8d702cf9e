//! The players of the strength matches: the levels, the three baselines
//! and the full search with explicit evaluation weights, each with an
//! optional budget of its own.

use std::time::Duration;

use oanquan::engine::{Move, Position};
use oanquan::search::{
    alphabeta_score_only, greedy_move, random_move, search_with, Level, Limits, Options, Rng,
    Weights, FEATURES,
};

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Budget {
    /// The run's `--nodes`.
    Default,
    Nodes(u64),
    Time(Duration),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    Random,
    Greedy,
    AlphaBeta5,
    Level(Level, Budget),
    /// The top level's minimax search alone, as it chose before its
    /// opponent model: `minimax`.
    Minimax(Budget),
    /// The full search with other evaluation weights:
    /// `w<row>,<mobility>,<tempo>,<threat>[,<flank>,<ripe>]`.
    Weighted(Weights, Budget),
}

impl Player {
    /// `random`, `greedy`, `ab5`, `L1`..`L7`, `minimax` or
    /// `w<row>,<mobility>,<tempo>,<threat>[,<flank>,<ripe>]` (missing
    /// weights 0), optionally followed by `@<nodes>` or `@<ms>ms`.
    pub fn parse(text: &str) -> Player {
        let (name, budget) = match text.split_once('@') {
            Some((name, b)) => match b.strip_suffix("ms") {
                Some(ms) => (
                    name,
                    Budget::Time(Duration::from_millis(ms.parse().expect("a time in ms"))),
                ),
                None => (name, Budget::Nodes(b.parse().expect("a node budget"))),
            },
            None => (text, Budget::Default),
        };
        match name {
            "random" => Player::Random,
            "greedy" => Player::Greedy,
            "ab5" => Player::AlphaBeta5,
            "minimax" => Player::Minimax(budget),
            w if w.starts_with('w') => {
                let n: Vec<i32> = w[1..]
                    .split(',')
                    .map(|x| x.parse().expect("a weight"))
                    .collect();
                let mut w = [0; FEATURES];
                assert!(n.len() <= FEATURES, "at most {FEATURES} weights");
                w[..n.len()].copy_from_slice(&n);
                Player::Weighted(Weights::from_array(w), budget)
            }
            level => {
                let n = level.strip_prefix('L').and_then(|n| n.parse().ok());
                let level = n
                    .and_then(Level::new)
                    .expect("random, greedy, ab5, w… or L1..L7");
                Player::Level(level, budget)
            }
        }
    }

    pub fn name(&self) -> String {
        let budget = |b: &Budget| match b {
            Budget::Default => String::new(),
            Budget::Nodes(n) => format!("@{n}"),
            Budget::Time(t) => format!("@{}ms", t.as_millis()),
        };
        match self {
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
            Player::AlphaBeta5 => "ab5".into(),
            Player::Level(level, b) => format!("L{}{}", level.number(), budget(b)),
            Player::Minimax(b) => format!("minimax{}", budget(b)),
            Player::Weighted(w, b) => {
                let w = w.to_array();
                // The first four always, the rest when set.
                let shown = w
                    .iter()
                    .rposition(|&x| x != 0)
                    .map_or(4, |i| (i + 1).max(4));
                let w: Vec<String> = w[..shown].iter().map(ToString::to_string).collect();
                format!("w{}{}", w.join(","), budget(b))
            }
        }
    }

    /// The move, and the nodes searched for it (0 for the baselines).
    pub fn choose(&self, position: &Position, nodes: u64, seed: u64) -> (Move, u64) {
        let mut rng = Rng::new(seed);
        let limits = |b: &Budget| match b {
            Budget::Default => Limits::nodes(nodes),
            Budget::Nodes(n) => Limits::nodes(*n),
            Budget::Time(t) => Limits::time(*t),
        };
        let (m, nodes) = match self {
            Player::Random => (random_move(position, &mut rng), 0),
            Player::Greedy => (greedy_move(position, &mut rng), 0),
            Player::AlphaBeta5 => (alphabeta_score_only(position, 5, &mut rng), 0),
            Player::Level(level, b) => {
                let r = level.choose(position, limits(b), seed);
                (r.best_move, r.nodes)
            }
            Player::Minimax(b) => {
                let r = Level::MAX.choose_minimax(position, limits(b), seed);
                (r.best_move, r.nodes)
            }
            Player::Weighted(weights, b) => {
                let options = Options {
                    all_values: false,
                    weights: *weights,
                    table: false,
                };
                let r = search_with(position, limits(b), seed, options);
                (r.best_move, r.nodes)
            }
        };
        (m.expect("a move in a game that is not over"), nodes)
    }
}

/// This thread's CPU time so far (not the wall clock: the machine is shared).
pub fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}
