//! The search pinned node for node: for fixed node budgets it must return
//! the same best move, value, principal variation, root values, depth and
//! node count as the search with the evaluation of `Weights::tuned`
//! (mobility 32/16 of a stone per square, 48/16 on village; the literals
//! below were printed by that search), so that speed work cannot silently
//! change what the strength tables measured.

use crate::engine::{Position, Preset, RefillShortfall, RuleParams, Rules};

use super::*;

/// One search, as a line: budget, best move, value, depth, nodes, pv, and
/// every root move's value (with `!` when exact).
fn fingerprint(position: &Position, nodes: u64, all_values: bool) -> String {
    let options = Options {
        all_values,
        weights: Weights::tuned(position.rules()),
        table: false,
    };
    let r = search_with(position, Limits::nodes(nodes), 3, options);
    let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
    let moves: Vec<String> = r
        .moves
        .iter()
        .map(|m| format!("{}={}{}", m.mv, m.value, if m.exact { "!" } else { "" }))
        .collect();
    format!(
        "{nodes}{} best {} value {}{} depth {} nodes {} pv {} moves {}",
        if all_values { " all" } else { "" },
        r.best_move.map_or("-".into(), |m| m.to_string()),
        r.value,
        if r.exact { " exact" } else { "" },
        r.depth,
        r.nodes,
        pv.join(" "),
        moves.join(" "),
    )
}

/// Mid-game positions (from random games, 10–30 plies in) per preset, and
/// the same rules with `max_plies` = 50 and `refill_shortfall = forfeit`
/// (`short`: the ply and the stores enter the hash, values become exact).
const POSITIONS: [(Preset, bool, &str); 12] = [
    (
        Preset::Classic,
        false,
        "M8,15,0,0,7,0,6,1,0,3,0,2 s 6:1 2:0 11",
    ),
    (
        Preset::Classic,
        false,
        "5,1,0,0,0,0,5,1,0,0,1,1 s 26:1 10:1 27",
    ),
    (
        Preset::Classic,
        false,
        "0,1,0,3,0,0,1,1,1,0,2,0 s 31:1 10:1 29",
    ),
    (
        Preset::Classic,
        true,
        "2,1,0,0,1,0,0,1,0,1,0,1 n 5:0 38:2 42",
    ),
    (
        Preset::Village,
        false,
        "6,1,0,0,2,0,2,2,1,2,0,0 n 20:1 14:1 22",
    ),
    (
        Preset::Village,
        false,
        "3,0,0,0,0,1,M10,1,0,3,0,5 n 15:0 12:1 14",
    ),
    (
        Preset::Village,
        false,
        "2,2,0,3,0,2,M12,3,2,3,0,3 s 18:1 0:0 11",
    ),
    (
        Preset::Village,
        true,
        "3,1,1,0,2,0,3,1,1,0,1,0 s 17:1 20:1 41",
    ),
    (
        Preset::Online,
        false,
        "0,0,1,0,3,0,20,0,2,2,2,0 n 10:0 30:0 14",
    ),
    (
        Preset::Online,
        false,
        "25,1,0,2,0,2,1,2,0,1,1,0 s 23:0 12:0 21",
    ),
    (
        Preset::Online,
        false,
        "0,0,0,0,2,2,3,3,0,1,4,1 s 48:0 6:0 15",
    ),
    (
        Preset::Online,
        true,
        "2,1,1,1,1,1,3,1,1,0,2,0 s 10:0 46:0 45",
    ),
];

/// `fingerprint` of each position at each budget, in order.
const EXPECTED: [&str; 36] = [
    "classic M8,15,0,0,7,0,6,1,0,3,0,2 s 6:1 2:0 11 3000 all best 1R value 15 depth 5 nodes 3001 pv 1R 5R 3L 5R 1L moves 1R=15 4R=14 4L=11 1L=4",
    "classic M8,15,0,0,7,0,6,1,0,3,0,2 s 6:1 2:0 11 20000 best 4L value 14 depth 9 nodes 20001 pv 4L 5L 2L 3L 4L 1R 1L 5R 1L moves 4L=14 1R=14 4R=11 1L=8",
    "classic M8,15,0,0,7,0,6,1,0,3,0,2 s 6:1 2:0 11 60000 best 4L value 6 depth 10 nodes 60002 pv 4L 5L 3R 4R 5R 3R 3L 4R 5L 2R moves 4L=6 4R=6 1R=6 1L=6",
    "classic 5,1,0,0,0,0,5,1,0,0,1,1 s 26:1 10:1 27 3000 all best 1R value 14 depth 8 nodes 3002 pv 1R 4R 2R 5R 1R 1L 2R 2L moves 1R=14 1L=10",
    "classic 5,1,0,0,0,0,5,1,0,0,1,1 s 26:1 10:1 27 20000 best 1R value 14 depth 11 nodes 20000 pv 1R 1R 2R moves 1R=14 1L=14",
    "classic 5,1,0,0,0,0,5,1,0,0,1,1 s 26:1 10:1 27 60000 best 1R value 14 depth 13 nodes 60003 pv 1R moves 1R=14 1L=14",
    "classic 0,1,0,3,0,0,1,1,1,0,2,0 s 31:1 10:1 29 3000 all best 3L value 26 depth 7 nodes 3001 pv 3L 1R 2R 2L 3R 1L 1L moves 3L=26 1L=26 3R=24 1R=22",
    "classic 0,1,0,3,0,0,1,1,1,0,2,0 s 31:1 10:1 29 20000 best 3L value 28 depth 12 nodes 20001 pv 3L 1L 2R 3R 3L 2R 2L 5L 1L 3R 1R 4L moves 3L=28 3R=28 1L=27 1R=22",
    "classic 0,1,0,3,0,0,1,1,1,0,2,0 s 31:1 10:1 29 60000 best 3L value 27 depth 14 nodes 60002 pv 3L 1R 2R 2R 1L 5R 3L 3L moves 3L=27 3R=27 1L=26 1R=22",
    "classic short 2,1,0,0,1,0,0,1,0,1,0,1 n 5:0 38:2 42 3000 all best 5R value 58 depth 7 nodes 3003 pv 5R 2L 1R moves 5R=58 3R=58 3L=54 1L=52 1R=52 5L=52",
    "classic short 2,1,0,0,1,0,0,1,0,1,0,1 n 5:0 38:2 42 20000 best 5R value 58 exact depth 9 nodes 3501 pv 5R 2L 1R moves 5R=58! 3R=58 5L=58 1L=58 3L=58 1R=52",
    "classic short 2,1,0,0,1,0,0,1,0,1,0,1 n 5:0 38:2 42 60000 best 5R value 58 exact depth 9 nodes 3500 pv 5R 2L 1R moves 5R=58! 3R=58 5L=58 1L=58 3L=58 1R=52",
    "village 6,1,0,0,2,0,2,2,1,2,0,0 n 20:1 14:1 22 3000 all best 3L value -2 depth 6 nodes 3000 pv 3L 4R 2R 5L 4L moves 3L=-2 2L=-8 2R=-8 3R=-8 1R=-15 1L=-16",
    "village 6,1,0,0,2,0,2,2,1,2,0,0 n 20:1 14:1 22 20000 best 3L value -2 depth 11 nodes 20001 pv 3L 4R 3L moves 3L=-2 2R=-2 2L=-2 1R=-2 3R=-2 1L=-2",
    "village 6,1,0,0,2,0,2,2,1,2,0,0 n 20:1 14:1 22 60000 best 3L value -2 depth 12 nodes 60001 pv 3L 4R moves 3L=-2 2R=-2 2L=-2 1R=-2 3R=-2 1L=-2",
    "village 3,0,0,0,0,1,M10,1,0,3,0,5 n 15:0 12:1 14 3000 all best 5L value 34 depth 7 nodes 3001 pv 5L 4R 2L 5R 4L moves 5L=34 3L=31 3R=30 1R=28 5R=20 1L=18",
    "village 3,0,0,0,0,1,M10,1,0,3,0,5 n 15:0 12:1 14 20000 best 5L value 34 depth 10 nodes 20000 pv 5L 4L 3L 5R 3L moves 5L=34 3R=34 1L=34 3L=33 1R=32 5R=20",
    "village 3,0,0,0,0,1,M10,1,0,3,0,5 n 15:0 12:1 14 60000 best 5L value 34 depth 12 nodes 60000 pv 5L 4L 3L 5R 3L moves 5L=34 3R=34 3L=34 1L=34 1R=34 5R=20",
    "village 2,2,0,3,0,2,M12,3,2,3,0,3 s 18:1 0:0 11 3000 all best 1R value 34 depth 5 nodes 3001 pv 1R 5R 1R 3R 1L moves 1R=34 3R=32 3L=32 1L=29 5L=23 5R=11",
    "village 2,2,0,3,0,2,M12,3,2,3,0,3 s 18:1 0:0 11 20000 best 3L value 30 depth 8 nodes 20001 pv 3L 4R 5L 2L 4R 4R 2R 1R moves 3L=30 1R=30 1L=30 5L=29 3R=27 5R=20",
    "village 2,2,0,3,0,2,M12,3,2,3,0,3 s 18:1 0:0 11 60000 best 3L value 33 depth 9 nodes 60001 pv 3L 4R 1R 2R 1L 3R 2R 4R 3L moves 3L=33 1R=33 1L=33 3R=33 5L=32 5R=28",
    "village short 3,1,1,0,2,0,3,1,1,0,1,0 s 17:1 20:1 41 3000 all best 4L value 2 depth 6 nodes 3000 pv 4L 1L 3L moves 4L=2 2R=0 4R=0 2L=-3 1R=-6 1L=-15",
    "village short 3,1,1,0,2,0,3,1,1,0,1,0 s 17:1 20:1 41 20000 best 4L value 2 exact depth 10 nodes 9836 pv 4L 1L moves 4L=2! 2L=2 1L=2 2R=2 4R=1 1R=-6",
    "village short 3,1,1,0,2,0,3,1,1,0,1,0 s 17:1 20:1 41 60000 best 4L value 2 exact depth 10 nodes 9833 pv 4L 1L 3L moves 4L=2! 2L=2 1L=2 2R=2 4R=1 1R=-6",
    "online 0,0,1,0,3,0,20,0,2,2,2,0 n 10:0 30:0 14 3000 all best 4L value 50 depth 6 nodes 3000 pv 4L moves 4L=50! 4R=48 3R=39 3L=23 2R=19 2L=12",
    "online 0,0,1,0,3,0,20,0,2,2,2,0 n 10:0 30:0 14 20000 best 4L value 50 depth 11 nodes 20001 pv 4L moves 4L=50! 3R=50 4R=50 3L=50 2L=50 2R=50",
    "online 0,0,1,0,3,0,20,0,2,2,2,0 n 10:0 30:0 14 60000 best 4L value 50 depth 13 nodes 60000 pv 4L moves 4L=50! 3R=50 4R=50 3L=50 2L=50 2R=50",
    "online 25,1,0,2,0,2,1,2,0,1,1,0 s 23:0 12:0 21 3000 all best 5L value -10 depth 6 nodes 3001 pv 5L 3R 3L 1R 2R 3L moves 5L=-10 3R=-11 3L=-14 1L=-14 5R=-14 1R=-17",
    "online 25,1,0,2,0,2,1,2,0,1,1,0 s 23:0 12:0 21 20000 best 3R value -10 depth 10 nodes 20001 pv 3R 3R 5L 1R 2R 3L 5R 1L 3L 2L moves 3R=-10 3L=-10 5L=-10 5R=-10 1L=-10 1R=-11",
    "online 25,1,0,2,0,2,1,2,0,1,1,0 s 23:0 12:0 21 60000 best 3R value -10 depth 12 nodes 60005 pv 3R 3R 5L 1R 4L 3L moves 3R=-10 3L=-10 5L=-10 5R=-10 1L=-10 1R=-12",
    "online 0,0,0,0,2,2,3,3,0,1,4,1 s 48:0 6:0 15 3000 all best 4L value 38 depth 6 nodes 3002 pv 4L 4L 4R 2R 3L 1R moves 4L=38 4R=38 5L=36 5R=32",
    "online 0,0,0,0,2,2,3,3,0,1,4,1 s 48:0 6:0 15 20000 best 4L value 38 depth 10 nodes 20001 pv 4L 4L 4R 1R 3L moves 4L=38 5R=38 5L=38 4R=38",
    "online 0,0,0,0,2,2,3,3,0,1,4,1 s 48:0 6:0 15 60000 best 4L value 40 depth 11 nodes 60000 pv 4L 4L 4R 1R 3R 3R 5R 4R 1L 5R 4R moves 4L=40 4R=40 5R=40 5L=39",
    "online short 2,1,1,1,1,1,3,1,1,0,2,0 s 10:0 46:0 45 3000 all best 1R value -22 depth 5 nodes 3002 pv 1R moves 1R=-22! 5R=-26 1L=-28 4L=-35 4R=-36 2R=-36 3L=-36 3R=-37 5L=-40 2L=-50",
    "online short 2,1,1,1,1,1,3,1,1,0,2,0 s 10:0 46:0 45 20000 best 1R value -22 exact depth 6 nodes 841 pv 1R moves 1R=-22! 4L=-22 5R=-24 1L=-24 2R=-25 5L=-26 4R=-29 3L=-32 3R=-33 2L=-50",
    "online short 2,1,1,1,1,1,3,1,1,0,2,0 s 10:0 46:0 45 60000 best 1R value -22 exact depth 6 nodes 841 pv 1R moves 1R=-22! 4L=-22 5R=-24 1L=-24 2R=-25 5L=-26 4R=-29 3L=-32 3R=-33 2L=-50",
];

const BUDGETS: [(u64, bool); 3] = [(3_000, true), (20_000, false), (60_000, false)];

fn rules_of(preset: Preset, short: bool) -> Rules {
    if !short {
        return preset.rules();
    }
    Rules::new(RuleParams {
        max_plies: 50,
        refill_shortfall: RefillShortfall::Forfeit,
        ..preset.params()
    })
    .unwrap()
}

/// `fingerprint` of every pinned position at every budget.
fn fingerprints(positions: &[(Preset, bool, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for &(preset, short, text) in positions {
        let position = Position::from_notation(text, rules_of(preset, short)).unwrap();
        for (nodes, all) in BUDGETS {
            out.push(format!(
                "{}{} {text} {}",
                preset.name(),
                if short { " short" } else { "" },
                fingerprint(&position, nodes, all)
            ));
        }
    }
    out
}

fn listing(lines: &[String]) -> String {
    lines.iter().map(|l| format!("    {l:?},\n")).collect()
}

#[test]
fn fixed_node_budgets_give_the_pinned_results() {
    let actual = fingerprints(&POSITIONS);
    assert_eq!(actual, EXPECTED, "actual:\n{}", listing(&actual));
}

/// The pinned positions are the ones their seeds give (random games from
/// the start, 10–30 plies in, or 40–44 with the short rules): should the
/// generator or the engine change them, the failure lists the new ones to
/// pin (and `the_search_is_pinned` then prints their fingerprints).
#[test]
fn the_pinned_positions_come_from_their_seeds() {
    let mut positions = Vec::new();
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0x9e11 + i as u64);
        for (short, count, plies) in [(false, 3, 10..31), (true, 1, 40..45)] {
            let mut n = 0;
            while n < count {
                let rules = rules_of(preset, short);
                let mut p = Position::start(rules, crate::engine::Seat::South);
                for _ in 0..plies.start + rng.below(plies.len() as u32) {
                    if let Some(m) = random_move(&p, &mut rng) {
                        p = p.play(m).unwrap();
                    }
                }
                if !p.is_over() {
                    positions.push((preset, short, p.to_string()));
                    n += 1;
                }
            }
        }
    }
    let pinned: Vec<(Preset, bool, String)> = POSITIONS
        .iter()
        .map(|&(preset, short, text)| (preset, short, text.to_owned()))
        .collect();
    let listed: Vec<String> = positions
        .iter()
        .map(|(preset, short, text)| format!("    (Preset::{preset:?}, {short}, {text:?}),"))
        .collect();
    assert_eq!(positions, pinned, "to pin:\n{}", listed.join("\n"));
}
