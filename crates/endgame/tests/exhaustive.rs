//! The table against an exhaustive minimax written here from RULES.md with
//! the engine's moves and scores only: for every position of the small
//! tables (each board of at most `n` small stones, each mandarin
//! combination, either side to move), wherever the table gives a value, a
//! full-width search of the game with exactly as many moves left as the
//! table's proof needs — and with more — finds the same value.

use std::collections::HashMap;

use oanquan_endgame::{build, Table};
use oanquan_engine::{MandarinSetup, Position, Preset, RuleParams, Rules, Seat};

/// `max_plies` of the games searched: the smallest the rules allow.
const MAX_PLIES: u32 = 50;

type Key = ([u32; 12], [bool; 2], Seat, u32);

fn key(p: &Position) -> Key {
    let squares = oanquan_engine::Square::ALL;
    (
        squares.map(|s| p.stones(s)),
        [p.has_mandarin(squares[0]), p.has_mandarin(squares[6])],
        p.turn(),
        p.ply(),
    )
}

fn lead(p: &Position, seat: Seat) -> i32 {
    p.score(seat) - p.score(seat.other())
}

/// What the side to move gains on its opponent from `p` to the end of the
/// game under best play: full width, every line to the end (both mandarin
/// squares empty, or `max_plies`), remembered by board and ply.
fn exhaustive(p: &Position, memo: &mut HashMap<Key, i32>) -> i32 {
    if p.is_over() {
        return 0;
    }
    let k = key(p);
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let me = p.turn();
    let before = lead(p, me);
    let best = p
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = p.play(m).unwrap();
            let gain = lead(&child, me) - before;
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

/// Every board of at most `n` small stones.
fn boards(n: u32) -> Vec<[u32; 12]> {
    fn go(i: usize, left: u32, board: &mut [u32; 12], out: &mut Vec<[u32; 12]>) {
        if i == 12 {
            out.push(*board);
            return;
        }
        for v in 0..=left {
            board[i] = v;
            go(i + 1, left - v, board, out);
        }
        board[i] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &mut [0; 12], &mut out);
    out
}

fn notation(board: &[u32; 12], mandarins: [bool; 2], turn: Seat, ply: u32) -> String {
    let squares: Vec<String> = board
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let m = (i == 0 && mandarins[0]) || (i == 6 && mandarins[1]);
            format!("{}{c}", if m { "M" } else { "" })
        })
        .collect();
    format!("{} {} 3:0 -4:0 {ply}", squares.join(","), turn.char())
}

struct Checked {
    positions: u64,
    covered: u64,
}

fn check_every_position(preset: Preset, n: u32) -> Checked {
    let table: Table = build(preset, n, 2);
    let rules = Rules::new(RuleParams {
        max_plies: MAX_PLIES,
        ..preset.params()
    })
    .unwrap();
    let combos: &[[bool; 2]] = match preset.params().mandarin_setup {
        MandarinSetup::BigStone => &[[false, false], [true, false], [false, true], [true, true]],
        MandarinSetup::SmallStones => &[[false, false]],
    };
    let mut memo = HashMap::new();
    let mut checked = Checked {
        positions: 0,
        covered: 0,
    };
    for board in boards(n) {
        for &mandarins in combos {
            for turn in Seat::ALL {
                let row = &board[6 * turn.index() + 1..6 * turn.index() + 6];
                let west = board[0] > 0 || mandarins[0];
                let east = board[6] > 0 || mandarins[1];
                if row.iter().all(|&s| s == 0) || !(west || east) {
                    continue;
                }
                checked.positions += u64::from(turn == Seat::South);
                let text = notation(&board, mandarins, turn, 2);
                let p = Position::from_notation(&text, rules).unwrap();
                let Some(probe) = table.lookup(&p) else {
                    continue;
                };
                checked.covered += u64::from(turn == Seat::South);
                // Proofs longer than a game of the fewest plies allowed
                // are checked with as many moves as such a game has.
                assert!(
                    probe.depth < MAX_PLIES,
                    "{text}: a proof of {} plies",
                    probe.depth
                );
                // As many moves left as the proof needs, and (on the
                // smallest boards) one more: the other side then has the
                // last move.
                let mut left = vec![probe.depth];
                if n <= 2 {
                    left.push(probe.depth + 1);
                }
                for left in left {
                    let text = notation(&board, mandarins, turn, MAX_PLIES + 1 - left);
                    let p = Position::from_notation(&text, rules).unwrap();
                    assert_eq!(
                        table.probe(&p).map(|p| p.value),
                        Some(probe.value),
                        "{text}"
                    );
                    assert_eq!(exhaustive(&p, &mut memo), probe.value, "{preset} {text}");
                }
                if probe.depth > 1 {
                    let text = notation(&board, mandarins, turn, MAX_PLIES + 2 - probe.depth);
                    let p = Position::from_notation(&text, rules).unwrap();
                    assert_eq!(table.probe(&p), None, "too few moves left: {text}");
                }
            }
        }
    }
    assert_eq!(checked.positions, table.stats().positions, "{preset} {n}");
    assert_eq!(checked.covered, table.stats().exact, "{preset} {n}");
    checked
}

#[test]
fn every_small_classic_position_agrees_with_exhaustive_search() {
    for n in 0..=3 {
        let checked = check_every_position(Preset::Classic, n);
        assert!(n < 2 || checked.covered > 0, "{n}");
    }
}

#[test]
fn every_small_village_position_agrees_with_exhaustive_search() {
    for n in 0..=3 {
        check_every_position(Preset::Village, n);
    }
}

#[test]
fn every_small_online_position_agrees_with_exhaustive_search() {
    for n in 0..=3 {
        check_every_position(Preset::Online, n);
    }
}
