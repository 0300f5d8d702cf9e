//! Properties every move of every game must keep.

use proptest::prelude::*;

use super::strategies::*;
use crate::*;

/// Replays a move's event trace on `before`, stone by stone as an animating
/// client would, and returns the board and stores it arrives at.
fn animate(before: &Position, m: Move, events: &[Event]) -> ([u32; 12], [bool; 2], [Captures; 2]) {
    let mut stones = Square::ALL.map(|s| before.stones(s));
    let mut mandarin = Square::MANDARINS.map(|s| before.has_mandarin(s));
    let mut stores = Seat::ALL.map(|s| before.store(s));
    let mover = before.turn().index();
    let mut hand = 0;
    let mut lifted_first = false;
    for event in events {
        match *event {
            Event::Lift { square, stones: n } => {
                assert!(!lifted_first, "one Lift per move");
                assert_eq!(square, m.origin(before.turn()));
                assert_eq!(stones[square.index()], n);
                stones[square.index()] = 0;
                hand = n;
                lifted_first = true;
            }
            Event::Relay { square, stones: n } => {
                assert_eq!(hand, 0, "relay with stones still in hand");
                assert!(!square.is_mandarin(), "mandarin squares are never lifted");
                assert_eq!(stones[square.index()], n);
                stones[square.index()] = 0;
                hand = n;
            }
            Event::Sow {
                from,
                to,
                stones: n,
            } => {
                assert_eq!(hand, n);
                let mut at = from;
                for i in 0..n {
                    stones[at.index()] += 1;
                    if i + 1 < n {
                        at = at.step(m.direction());
                    }
                }
                assert_eq!(at, to);
                hand = 0;
            }
            Event::Capture {
                square,
                stones: n,
                mandarin: with_mandarin,
            } => {
                assert_eq!(stones[square.index()], n);
                assert_eq!(
                    square.is_mandarin() && mandarin[square.index() / 6],
                    with_mandarin
                );
                assert!(n > 0 || with_mandarin, "captured an empty square");
                stones[square.index()] = 0;
                stores[mover].small += n as i32;
                if with_mandarin {
                    mandarin[square.index() / 6] = false;
                    stores[mover].mandarins += 1;
                }
            }
            Event::TurnEnd { .. } | Event::Forfeit { .. } => {}
            Event::Refill {
                seat,
                stones: n,
                borrowed,
            } => {
                assert_eq!(n, 5);
                for sq in seat.row() {
                    assert_eq!(stones[sq.index()], 0);
                    stones[sq.index()] = 1;
                }
                assert_eq!(
                    borrowed,
                    (5 - stores[seat.index()].small.clamp(0, 5)) as u32
                );
                stores[seat.index()].small -= 5;
            }
            Event::GameEnd { reason, sweep, .. } => {
                let swept = matches!(reason, EndReason::MandarinsCaptured | EndReason::MaxPlies);
                if !swept {
                    assert_eq!(sweep, [0, 0]);
                    continue;
                }
                for seat in Seat::ALL {
                    let row: u32 = seat.row().iter().map(|s| stones[s.index()]).sum();
                    assert_eq!(row, sweep[seat.index()]);
                    for sq in seat.row() {
                        stones[sq.index()] = 0;
                    }
                    stores[seat.index()].small += row as i32;
                }
            }
        }
    }
    assert_eq!(hand, 0);
    (stones, mandarin, stores)
}

fn check_move(before: &Position, m: Move) {
    let after = before.play(m).unwrap();
    let (traced, events) = before.play_traced(m).unwrap();
    assert_eq!(after, traced, "traced and untraced play differ");

    // The trace is well formed and animates to the new position.
    let ends = events
        .iter()
        .filter(|e| matches!(e, Event::TurnEnd { .. }))
        .count();
    assert_eq!(ends, 1);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::TurnEnd {
            reason: TurnEndReason::RelayCycle,
            ..
        }
    )));
    let (stones, mandarin, stores) = animate(before, m, &events);
    assert_eq!(stones, Square::ALL.map(|s| after.stones(s)));
    assert_eq!(mandarin, Square::MANDARINS.map(|s| after.has_mandarin(s)));
    assert_eq!(stores, Seat::ALL.map(|s| after.store(s)));
    assert_eq!(
        events.iter().any(|e| matches!(e, Event::GameEnd { .. })),
        after.is_over()
    );

    // Conservation: small stones (board + stores) and mandarins.
    assert_eq!(before.material(), after.material());
    assert_eq!(after.ply(), before.ply() + 1);
    assert_eq!(after.turn(), before.turn().other());
    assert_eq!(after.rules(), before.rules());

    let stored = after.to_string();
    assert_eq!(
        Position::restore(&stored, *after.rules(), after.outcome()).as_ref(),
        Ok(&after),
        "{stored} does not restore"
    );
    match after.outcome() {
        None => {
            assert!(after.legal_move_count() > 0, "side to move cannot move");
            let text = after.to_string();
            if let Ok(start) = Position::from_notation(&text, *after.rules()) {
                assert_eq!(start, after, "{text} does not round-trip");
            }
        }
        Some(outcome) => {
            assert_eq!(outcome.scores, after.scores());
            assert!(after.ply() - 1 <= after.rules().max_plies());
            let expected_winner = match outcome.reason {
                EndReason::Forfeit => Some(after.turn().other()),
                _ => match outcome.scores[0].cmp(&outcome.scores[1]) {
                    std::cmp::Ordering::Greater => Some(Seat::South),
                    std::cmp::Ordering::Less => Some(Seat::North),
                    std::cmp::Ordering::Equal => None,
                },
            };
            assert_eq!(outcome.winner, expected_winner);
        }
    }
}

fn check_move_generation(position: &Position) {
    let legal = position.legal_moves();
    assert_eq!(legal.len() as u32, position.legal_move_count());
    for (i, m) in legal.iter().enumerate() {
        assert_eq!(position.nth_legal_move(i as u32), Some(*m));
    }
    for m in Move::ALL {
        let result = position.play(m);
        if legal.contains(&m) {
            assert!(position.is_legal(m));
            assert!(result.is_ok());
        } else if position.is_over() {
            assert_eq!(result, Err(PlayError::GameOver));
        } else {
            assert!(!position.is_legal(m));
            assert_eq!(result, Err(PlayError::EmptySquare { square: m.square() }));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_move_of_a_random_game_keeps_the_invariants(
        start in start_position(),
        choices in proptest::collection::vec(any::<u16>(), 0..300),
    ) {
        let line = playout(start, &choices);
        for pair in line.windows(2) {
            let m = pair[0]
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| pair[0].play(m).unwrap() == pair[1])
                .unwrap();
            check_move(&pair[0], m);
        }
        for position in &line {
            check_move_generation(position);
        }
    }

    #[test]
    fn every_move_from_a_custom_position_keeps_the_invariants(
        start in custom_position(),
        choices in proptest::collection::vec(any::<u16>(), 0..40),
    ) {
        check_move_generation(&start);
        if !start.is_over() {
            let text = start.to_string();
            prop_assert_eq!(Position::from_notation(&text, *start.rules()), Ok(start));
        }
        let line = playout(start, &choices);
        for position in &line {
            for &m in position.legal_moves().iter() {
                check_move(position, m);
            }
        }
    }

    #[test]
    fn every_game_ends_within_max_plies(start in start_position(), seed in any::<u64>()) {
        let mut position = start;
        let mut state = seed | 1;
        let mut played = 0;
        while !position.is_over() {
            play_random_move(&mut position, &mut state);
            played += 1;
            prop_assert!(played <= start.rules().max_plies());
        }
        prop_assert_eq!(position.ply(), played + 1);
    }

    #[test]
    fn custom_positions_parse_to_what_they_say(
        (rules, text) in any_rules().prop_flat_map(|r| (Just(r), position_text(r)))
    ) {
        let position = Position::from_notation(&text, rules).unwrap();
        let fields: Vec<&str> = text.split(' ').collect();
        prop_assert_eq!(position.ply().to_string(), fields[4]);
        prop_assert_eq!(position.turn().char().to_string(), fields[1]);
        if !position.is_over() && !text.is_empty() {
            let row_was_empty = fields[0]
                .split(',')
                .enumerate()
                .filter(|(i, _)| (1..=5).contains(&(i % 6)) && (i / 6) == position.turn().index())
                .all(|(_, t)| t == "0");
            if !row_was_empty {
                prop_assert_eq!(position.to_string(), text);
            }
        }
    }
}
