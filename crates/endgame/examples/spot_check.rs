//! Checks a table file against an exhaustive search written here from
//! RULES.md (the engine's moves and scores only): random positions the
//! table holds, each searched to the end of the game with exactly as many
//! moves left as the table's proof needs. Also prints the exact share per
//! stone count.
//!
//! ```sh
//! cargo run --release -p oanquan-endgame --example spot_check -- classic-12.oqet 200 14
//! ```

use std::collections::HashMap;

use oanquan_endgame::Table;
use oanquan_engine::{Position, RuleParams, Rules, Seat, Square};

type Key = ([u32; 12], [bool; 2], Seat, u32);

fn lead(p: &Position, seat: Seat) -> i32 {
    p.score(seat) - p.score(seat.other())
}

fn exhaustive(p: &Position, memo: &mut HashMap<Key, i32>) -> i32 {
    if p.is_over() {
        return 0;
    }
    let k = (
        Square::ALL.map(|s| p.stones(s)),
        [
            p.has_mandarin(Square::ALL[0]),
            p.has_mandarin(Square::ALL[6]),
        ],
        p.turn(),
        p.ply(),
    );
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let me = p.turn();
    let best = p
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = p.play(m).unwrap();
            let gain = lead(&child, me) - lead(p, me);
            if child.is_over() {
                gain
            } else {
                gain - exhaustive(&child, memo)
            }
        })
        .max()
        .unwrap();
    memo.insert(k, best);
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = std::fs::File::open(&args[0]).unwrap();
    let table = Table::read_from(std::io::BufReader::new(file)).unwrap();
    let samples: usize = args.get(1).map_or(100, |s| s.parse().unwrap());
    let max_depth: u32 = args.get(2).map_or(12, |s| s.parse().unwrap());
    let preset = table.preset();
    let n = table.stones();
    let rules = Rules::new(RuleParams {
        max_plies: 2000,
        ..preset.params()
    })
    .unwrap();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let big = preset.params().mandarin_setup == oanquan_engine::MandarinSetup::BigStone;
    let (mut checked, mut tried) = (0, 0);
    let mut by_stones = vec![(0u64, 0u64); n as usize + 1];
    while checked < samples && tried < 10_000_000 {
        tried += 1;
        // A random board of at most n stones, a random mandarin combination.
        let total = (next() % (u64::from(n) + 1)) as u32;
        let mut board = [0u32; 12];
        for _ in 0..total {
            board[(next() % 12) as usize] += 1;
        }
        let mandarins = if big {
            [next() % 2 == 0, next() % 2 == 0]
        } else {
            [false, false]
        };
        let turn = if next() % 2 == 0 {
            Seat::South
        } else {
            Seat::North
        };
        let Some(p) = Position::from_board(board, mandarins, turn, 2, rules) else {
            continue;
        };
        let probe = table.lookup(&p);
        by_stones[total as usize].0 += 1;
        by_stones[total as usize].1 += u64::from(probe.is_some());
        let Some(probe) = probe.filter(|p| p.depth <= max_depth) else {
            continue;
        };
        let limited = Rules::new(RuleParams {
            max_plies: 50,
            ..preset.params()
        })
        .unwrap();
        let q = Position::from_board(board, mandarins, turn, 51 - probe.depth, limited).unwrap();
        let mut memo = HashMap::new();
        let v = exhaustive(&q, &mut memo);
        assert_eq!(v, probe.value, "{q}: table {probe:?}, exhaustive {v}");
        checked += 1;
    }
    println!("{preset} <= {n}: {checked} positions agree with exhaustive search (proofs <= {max_depth} plies)");
    for (s, (seen, held)) in by_stones.iter().enumerate() {
        println!(
            "  {s} stones: {held} of {seen} sampled held ({:.1} %)",
            100.0 * *held as f64 / (*seen).max(1) as f64
        );
    }
}
