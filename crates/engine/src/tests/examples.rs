//! RULES.md §5, the ground truth.

use crate::*;

fn play_line(start: &str, rules: Rules, moves: &[&str]) -> Position {
    let mut position = Position::from_notation(start, rules).unwrap();
    for m in moves {
        position = position.play(m.parse().unwrap()).unwrap();
    }
    position
}

const START: &str = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";

#[test]
fn standard_start_positions() {
    assert_eq!(
        Position::start(Preset::Classic.rules(), Seat::South).to_string(),
        START
    );
    assert_eq!(
        Position::start(Preset::Online.rules(), Seat::South).to_string(),
        "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1"
    );
    assert_eq!(
        Position::start(Preset::Village.rules(), Seat::North).to_string(),
        "M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 1"
    );
}

#[test]
fn south_1l_relays_and_captures_the_west_mandarin() {
    let after = play_line(START, Preset::Classic.rules(), &["1L"]);
    assert_eq!(after.to_string(), "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2");
}

#[test]
fn south_1l_under_village_captures_nothing_young_mandarin() {
    let after = play_line(START, Preset::Village.rules(), &["1L"]);
    assert_eq!(after.to_string(), "M1,0,6,6,6,6,M1,0,6,6,6,6 n 0:0 0:0 2");
}

#[test]
fn south_1l_under_online_captures_nothing_first_move_ban() {
    let start = Position::start(Preset::Online.rules(), Seat::South);
    let after = start.play("1L".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "11,0,6,6,6,6,11,0,6,6,6,6 n 0:0 0:0 2");
}

#[test]
fn south_3r_relays_and_captures_square_4() {
    let after = play_line(START, Preset::Classic.rules(), &["3R"]);
    assert_eq!(after.to_string(), "M1,6,6,0,0,6,M1,6,6,0,6,6 n 6:0 0:0 2");
}

#[test]
fn capturing_the_last_mandarin_ends_the_game_with_a_sweep() {
    let after = play_line(
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
        Preset::Classic.rules(),
        &["3L"],
    );
    assert_eq!(after.to_string(), "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 41");
    assert_eq!(after.scores(), [33, 37]);
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Seat::North));
    assert_eq!(outcome.reason, EndReason::MandarinsCaptured);
    assert_eq!(outcome.scores, [33, 37]);
}

#[test]
fn the_example_traces_say_what_happened() {
    let start = Position::start(Preset::Classic.rules(), Seat::South);
    let (_, events) = start.play_traced("1L".parse().unwrap()).unwrap();
    let sq = |i| Square::new(i).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Lift {
                square: sq(1),
                stones: 5
            },
            Event::Sow {
                from: sq(0),
                to: sq(8),
                stones: 5
            },
            Event::Relay {
                square: sq(7),
                stones: 5
            },
            Event::Sow {
                from: sq(6),
                to: sq(2),
                stones: 5
            },
            Event::Capture {
                square: sq(0),
                stones: 1,
                mandarin: true
            },
            Event::TurnEnd {
                reason: TurnEndReason::ChainEnded,
                square: sq(11)
            },
        ]
    );

    let end = Position::from_notation(
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
        Preset::Classic.rules(),
    )
    .unwrap();
    let (_, events) = end.play_traced("3L".parse().unwrap()).unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::GameEnd {
            reason: EndReason::MandarinsCaptured,
            sweep: [7, 9],
            scores: [33, 37],
            winner: Some(Seat::North),
        })
    );
}
