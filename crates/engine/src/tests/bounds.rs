//! Every position play reaches from a start at the request bounds reads back
//! under the stored bounds.

use proptest::prelude::*;

use super::strategies::{play_random_move, rules};
use crate::*;

fn store_bound() -> impl Strategy<Value = i32> {
    prop::sample::select(vec![-MAX_STORE_STONES, -4, 0, MAX_STORE_STONES])
}

/// A start at the bounds: the board's stones piled on few squares up to
/// [`MAX_BOARD_STONES`], stores at ±[`MAX_STORE_STONES`], often an empty row
/// for the side to move (a start-up refill), `max_plies` up to its top.
fn bound_start() -> impl Strategy<Value = Position> {
    (
        rules(),
        proptest::collection::vec(0usize..12, 1..4),
        prop::sample::select(vec![0u64, 1, 9_990, MAX_BOARD_STONES]),
        [store_bound(), store_bound()],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter_map(
            "not a valid start",
            |(rules, piles, total, stores, north, empty_row)| {
                let mut squares = [0u64; 12];
                let share = total / piles.len() as u64;
                for &pile in &piles {
                    squares[pile] += share;
                }
                let turn = if north { Seat::North } else { Seat::South };
                if empty_row {
                    for sq in turn.row() {
                        squares[sq.index()] = 0;
                    }
                }
                let big = rules.mandarin_setup() == MandarinSetup::BigStone;
                if !big && squares[0] == 0 && squares[6] == 0 {
                    squares[6] = 1;
                }
                let board: Vec<String> = squares
                    .iter()
                    .enumerate()
                    .map(|(i, n)| match (big, i % 6) {
                        (true, 0) => format!("M{n}"),
                        _ => n.to_string(),
                    })
                    .collect();
                let text = format!(
                    "{} {} {}:0 {}:0 1",
                    board.join(","),
                    turn.char(),
                    stores[0],
                    stores[1]
                );
                Position::from_notation(&text, rules).ok()
            },
        )
}

/// Plays `start` to its end with the moves `seed` picks, checking each
/// position against the stored bounds and that it reads back.
fn play_out(start: Position, seed: u64) {
    let mut position = start;
    let mut state = seed | 1;
    for played in 0.. {
        // Every game ends within max_plies moves (RULES.md §3.6).
        assert!(played <= start.rules().max_plies(), "{played} moves");
        let text = position.to_string();
        let board: u64 = Square::ALL
            .iter()
            .map(|&s| u64::from(position.stones(s)))
            .sum();
        assert!(board <= STORED_MAX_BOARD_STONES, "{text}");
        for seat in Seat::ALL {
            assert!(
                position.store(seat).small.abs() <= STORED_MAX_STORE_STONES,
                "{text}"
            );
        }
        assert_eq!(
            Position::restore(&text, *position.rules(), position.outcome()),
            Ok(position),
            "{text} does not read back"
        );
        if position.is_over() {
            return;
        }
        play_random_move(&mut position, &mut state);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// What the position fuzz target checks: no text panics either reader,
    /// and a start that parses restores to itself.
    #[test]
    fn no_text_makes_the_position_readers_panic(text in "[M0-9,:snx -]{0,60}|\\PC{0,60}") {
        for preset in Preset::ALL {
            let rules = preset.rules();
            if let Ok(position) = Position::from_notation(&text, rules) {
                let printed = position.to_string();
                prop_assert_eq!(Position::restore(&printed, rules, position.outcome()), Ok(position));
            }
            let _ = Position::restore(&text, rules, None);
            let _ = text.parse::<Move>();
        }
    }

    #[test]
    fn games_from_starts_at_the_bounds_always_read_back(start in bound_start(), seed in any::<u64>()) {
        play_out(start, seed);
    }
}

#[test]
fn the_stored_bounds_cover_every_refill_a_game_can_see() {
    // Only refills add stones to the board: one at the start, one per ply.
    let refills = u64::from(*Rules::MAX_PLIES_RANGE.end()) + 1;
    assert_eq!(STORED_MAX_BOARD_STONES, MAX_BOARD_STONES + 5 * refills);
    assert!(i64::from(STORED_MAX_STORE_STONES) >= i64::from(MAX_STORE_STONES) + 5 * refills as i64);
}

#[test]
fn the_issue_9_positions_read_back() {
    let classic = Preset::Classic.rules();
    let start =
        Position::from_notation("M0,5,5,5,5,5,M0,5,5,5,5,5 s 100000:0 0:0 1", classic).unwrap();
    let after = start.play("1L".parse().unwrap()).unwrap();
    let text = after.to_string();
    assert_eq!(
        Position::restore(&text, classic, after.outcome()),
        Ok(after)
    );

    let refilled =
        Position::from_notation("M5000,0,0,0,0,0,M5000,0,0,0,0,0 s 100:0 0:0 1", classic).unwrap();
    let text = refilled.to_string();
    assert!(text.starts_with("M5000,1,1,1,1,1,M5000"), "{text}");
    assert_eq!(Position::restore(&text, classic, None), Ok(refilled));
    play_out(refilled, 7);
}

#[test]
fn a_start_beyond_the_request_bounds_is_still_refused() {
    let classic = Preset::Classic.rules();
    for text in [
        "M5001,0,0,0,0,0,M5000,1,1,1,1,1 s 100:0 0:0 1",
        "M0,5,5,5,5,5,M0,5,5,5,5,5 s 100001:0 0:0 1",
    ] {
        assert!(Position::from_notation(text, classic).is_err(), "{text}");
    }
}

#[test]
fn a_start_may_reach_each_request_bound_exactly() {
    let classic = Preset::Classic.rules();
    let at_bounds = [
        // One square of exactly 10,000.
        "M0,10000,0,0,0,0,M0,0,0,0,0,0 s 0:0 0:0 1",
        // A board of exactly 10,000 in all, and both stores at ±100,000.
        "M5000,1,1,1,1,1,M4995,0,0,0,0,0 s 100000:0 -100000:0 1",
    ];
    for text in at_bounds {
        let position = Position::from_notation(text, classic).unwrap();
        assert_eq!(position.to_string(), text);
    }
    let beyond = [
        (
            "M0,10001,0,0,0,0,M0,0,0,0,0,0 s 0:0 0:0 1",
            PositionError::SquareTooLarge {
                square: 1,
                count: 10_001,
                limit: 10_000,
            },
        ),
        (
            "M5000,1,1,1,1,1,M4996,0,0,0,0,0 s 0:0 0:0 1",
            PositionError::TooManyStones {
                total: 10_001,
                limit: 10_000,
            },
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 -100001:0 1",
            PositionError::StoreOutOfRange {
                seat: Seat::North,
                small: -100_001,
                limit: 100_000,
            },
        ),
    ];
    for (text, error) in beyond {
        assert_eq!(Position::from_notation(text, classic), Err(error), "{text}");
    }
}

#[test]
fn a_stored_position_may_reach_each_stored_bound_exactly() {
    let classic = Preset::Classic.rules();
    let board = STORED_MAX_BOARD_STONES;
    let store = STORED_MAX_STORE_STONES;
    assert_eq!((board, store), (10_000 + 5 * 2001, 100_000 + 20_005));
    let text = format!("M0,{board},0,0,0,0,M0,0,0,0,0,0 s {store}:0 -{store}:0 1");
    // Beyond a start's bounds, yet a position play can reach.
    assert!(Position::from_notation(&text, classic).is_err());
    let restored = Position::restore(&text, classic, None).unwrap();
    assert_eq!(restored.to_string(), text);
    let over = format!("M0,{},0,0,0,0,M0,0,0,0,0,0 s 0:0 0:0 1", board + 1);
    assert_eq!(
        Position::restore(&over, classic, None),
        Err(PositionError::SquareTooLarge {
            square: 1,
            count: board + 1,
            limit: board,
        })
    );
}
