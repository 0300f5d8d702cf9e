//! One test per rule branch of RULES.md §3, on hand-built positions whose
//! outcomes were worked out on paper from the rules.

use crate::*;

fn rules_with(f: impl FnOnce(&mut RuleParams)) -> Rules {
    let mut params = RuleParams::DEFAULT;
    f(&mut params);
    Rules::new(params).unwrap()
}

fn classic() -> Rules {
    Preset::Classic.rules()
}

fn after(start: &str, rules: Rules, m: &str) -> Position {
    Position::from_notation(start, rules)
        .unwrap()
        .play(m.parse().unwrap())
        .unwrap()
}

fn trace(start: &str, rules: Rules, m: &str) -> Vec<Event> {
    Position::from_notation(start, rules)
        .unwrap()
        .play_traced(m.parse().unwrap())
        .unwrap()
        .1
}

fn turn_end(events: &[Event]) -> (TurnEndReason, usize) {
    events
        .iter()
        .find_map(|e| match e {
            Event::TurnEnd { reason, square } => Some((*reason, square.index())),
            _ => None,
        })
        .expect("every move has a TurnEnd")
}

fn sq(i: u8) -> Square {
    Square::new(i).unwrap()
}

#[test]
fn a_lap_of_twelve_refills_the_origin_then_relays() {
    let start = "M0,0,0,12,0,0,M0,0,0,0,0,1 s 0:0 0:0 2";
    let events = trace(start, classic(), "3R");
    assert_eq!(
        events[..3],
        [
            Event::Lift {
                square: sq(3),
                stones: 12
            },
            Event::Sow {
                from: sq(4),
                to: sq(3),
                stones: 12
            },
            Event::Relay {
                square: sq(4),
                stones: 1
            },
        ]
    );
    assert_eq!(turn_end(&events), (TurnEndReason::MandarinSquareAhead, 6));
    assert_eq!(
        after(start, classic(), "3R").to_string(),
        "M1,1,1,1,0,2,M1,1,1,1,1,2 n 0:0 0:0 3"
    );
}

#[test]
fn a_lap_of_thirteen_relays_round_the_ring_and_chains_through_both_mandarins() {
    let start = "M0,0,0,13,0,0,M0,0,0,0,0,0 s 0:0 0:0 2";
    let end = after(start, classic(), "3R");
    assert_eq!(end.to_string(), "0,0,0,0,0,0,0,0,0,0,0,0 n 13:2 0:0 3");
    let outcome = end.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::MandarinsCaptured);
    assert_eq!(outcome.winner, Some(Seat::South));
    assert_eq!(outcome.scores, [33, 0]);
    let captured: Vec<usize> = trace(start, classic(), "3R")
        .iter()
        .filter_map(|e| match e {
            Event::Capture { square, .. } => Some(square.index()),
            _ => None,
        })
        .collect();
    assert_eq!(captured, [6, 8, 10, 0, 2, 4]);
}

#[test]
fn a_sowing_of_twenty_five_laps_twice() {
    let start = "M0,0,25,0,0,0,M0,0,0,0,0,0 s 0:0 0:0 2";
    let events = trace(start, classic(), "2L");
    assert_eq!(
        events[1],
        Event::Sow {
            from: sq(1),
            to: sq(1),
            stones: 25
        }
    );
    // Every square +2 and square 1 one more; the next square, 0, is a
    // mandarin square.
    assert_eq!(turn_end(&events), (TurnEndReason::MandarinSquareAhead, 0));
    assert_eq!(
        after(start, classic(), "2L").to_string(),
        "M2,3,2,2,2,2,M2,2,2,2,2,2 n 0:0 0:0 3"
    );
}

#[test]
fn an_empty_mandarin_square_ends_the_turn_unless_it_is_a_gap() {
    let start = "M0,0,0,0,1,0,0,2,0,3,0,0 s 0:0 0:1 5";
    let plain = after(start, classic(), "4R");
    assert_eq!(plain.to_string(), "M0,0,0,0,0,1,0,2,0,3,0,0 n 0:0 0:1 6");

    let gap = rules_with(|p| p.empty_mandarin_is_gap = true);
    assert_eq!(
        after(start, gap, "4R").to_string(),
        "M0,0,0,0,0,1,0,1,1,1,1,1 n 5:0 -5:1 6"
    );
    assert_eq!(
        turn_end(&trace(start, gap, "4R")),
        (TurnEndReason::TwoEmptySquares, 11)
    );
}

#[test]
fn a_capture_chain_crosses_an_empty_mandarin_square_only_as_a_gap() {
    let start = "M0,0,1,0,0,4,0,2,0,0,0,0 s 0:0 0:1 5";
    let gap = rules_with(|p| p.empty_mandarin_is_gap = true);
    assert_eq!(
        after(start, gap, "2R").to_string(),
        "M0,0,0,1,0,0,0,1,1,1,1,1 n 6:0 -5:1 6"
    );
    assert_eq!(
        after(start, classic(), "2R").to_string(),
        "M0,0,0,1,0,0,0,2,0,0,0,0 n 4:0 0:1 6"
    );
    assert_eq!(
        turn_end(&trace(start, classic(), "2R")),
        (TurnEndReason::ChainEnded, 6)
    );
}

#[test]
fn a_young_mandarin_is_protected_below_the_threshold_only() {
    let village = Preset::Village.rules();
    let young = "M4,0,0,1,0,0,M0,1,1,1,1,1 s 0:0 0:0 10";
    assert_eq!(
        after(young, village, "3L").to_string(),
        "M4,0,1,0,0,0,M0,1,1,1,1,1 n 0:0 0:0 11"
    );
    assert_eq!(
        turn_end(&trace(young, village, "3L")),
        (
            TurnEndReason::ProtectedMandarin(Protection::YoungMandarin),
            0
        )
    );
    let ripe = "M5,0,0,1,0,0,M0,1,1,1,1,1 s 0:0 0:0 10";
    assert_eq!(
        after(ripe, village, "3L").to_string(),
        "0,0,1,0,0,0,M0,1,1,1,1,1 n 5:1 0:0 11"
    );
    // Once the mandarin is gone, its square is not "young" any more.
    let no_mandarin = "3,0,0,1,0,0,M0,1,1,1,1,1 s 0:1 0:0 10";
    assert_eq!(
        after(no_mandarin, village, "3L").to_string(),
        "0,0,1,0,0,0,M0,1,1,1,1,1 n 3:1 0:0 11"
    );
}

#[test]
fn the_first_move_ban_stops_a_chain_but_keeps_earlier_captures() {
    let banned = rules_with(|p| p.first_move_mandarin_ban = true);
    let start = "M0,0,2,0,0,1,M0,0,0,0,0,0 s 0:0 0:0 1";
    assert_eq!(
        after(start, banned, "5L").to_string(),
        "M0,0,0,0,1,0,M0,1,1,1,1,1 n 2:0 -5:0 2"
    );
    assert_eq!(
        turn_end(&trace(start, banned, "5L")),
        (TurnEndReason::ProtectedMandarin(Protection::FirstMove), 0)
    );
    assert_eq!(
        after(start, classic(), "5L").to_string(),
        "0,0,0,0,1,0,M0,1,1,1,1,1 n 2:1 -5:0 2"
    );
    // From ply 2 on the ban no longer applies.
    let later = "M0,0,2,0,0,1,M0,0,0,0,0,0 s 0:0 0:0 2";
    assert_eq!(
        after(later, banned, "5L").to_string(),
        "0,0,0,0,1,0,M0,1,1,1,1,1 n 2:1 -5:0 3"
    );
}

#[test]
fn the_first_move_ban_protects_small_stone_mandarin_squares_too() {
    let online = Preset::Online.rules();
    let start = "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1";
    let events = trace(start, online, "1L");
    assert_eq!(
        turn_end(&events),
        (TurnEndReason::ProtectedMandarin(Protection::FirstMove), 0)
    );
    // The same board at ply 2: the mandarin square's ten stones plus the one
    // sown there are captured.
    let later = "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 2";
    assert_eq!(
        after(later, online, "1L").to_string(),
        "0,0,6,6,6,6,11,0,6,6,6,6 n 11:0 0:0 3"
    );
}

#[test]
fn refill_takes_five_from_the_store_at_the_turn_change() {
    let start = "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 5:0 10";
    assert_eq!(
        after(start, classic(), "5R").to_string(),
        "M0,0,0,0,0,0,M1,1,1,1,1,1 n 0:0 0:0 11"
    );
    assert_eq!(
        trace(start, classic(), "5R").last(),
        Some(&Event::Refill {
            seat: Seat::North,
            stones: 5,
            borrowed: 0
        })
    );
}

#[test]
fn refill_with_a_shortfall_borrows_and_the_store_goes_negative() {
    let start = "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 3:0 10";
    let end = after(start, classic(), "5R");
    assert_eq!(end.to_string(), "M0,0,0,0,0,0,M1,1,1,1,1,1 n 0:0 -2:0 11");
    assert_eq!(end.scores(), [0, -2]);
    assert_eq!(
        trace(start, classic(), "5R").last(),
        Some(&Event::Refill {
            seat: Seat::North,
            stones: 5,
            borrowed: 2
        })
    );
    let in_debt = "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 -3:0 10";
    assert_eq!(
        after(in_debt, classic(), "5R").to_string(),
        "M0,0,0,0,0,0,M1,1,1,1,1,1 n 0:0 -8:0 11"
    );
}

#[test]
fn refill_shortfall_forfeit_ends_the_game_with_scores_as_they_stand() {
    let forfeit = rules_with(|p| p.refill_shortfall = RefillShortfall::Forfeit);
    let start = "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 4:0 10";
    let end = after(start, forfeit, "5R");
    assert_eq!(end.to_string(), "M0,0,0,0,0,0,M1,0,0,0,0,0 n 0:0 4:0 11");
    assert_eq!(
        end.outcome(),
        Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::Forfeit,
            scores: [0, 4],
        })
    );
    assert!(end.legal_moves().is_empty());
    // Five in store is enough: no forfeit.
    let enough = "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 5:0 10";
    assert!(!after(enough, forfeit, "5R").is_over());
}

#[test]
fn a_custom_position_is_refilled_at_once() {
    let (position, events) =
        Position::from_notation_traced("M0,0,0,0,0,1,M0,0,0,0,0,0 n 0:0 7:0 5", classic()).unwrap();
    assert_eq!(
        position.to_string(),
        "M0,0,0,0,0,1,M0,1,1,1,1,1 n 0:0 2:0 5"
    );
    assert_eq!(
        events,
        [Event::Refill {
            seat: Seat::North,
            stones: 5,
            borrowed: 0
        }]
    );
    let forfeit = rules_with(|p| p.refill_shortfall = RefillShortfall::Forfeit);
    let lost = Position::from_notation("M0,0,0,0,0,1,M0,0,0,0,0,0 n 0:0 4:0 5", forfeit).unwrap();
    assert_eq!(lost.outcome().unwrap().reason, EndReason::Forfeit);
    assert_eq!(lost.outcome().unwrap().winner, Some(Seat::South));
}

#[test]
fn max_plies_ends_the_game_sweeping_rows_and_leaving_mandarin_squares() {
    let short = rules_with(|p| p.max_plies = 50);
    let start = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 50";
    let end = after(start, short, "3R");
    assert_eq!(end.to_string(), "M1,0,0,0,0,0,M1,0,0,0,0,0 n 24:0 24:0 51");
    assert_eq!(
        end.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::MaxPlies,
            scores: [24, 24],
        })
    );
    // One ply earlier the game goes on.
    let earlier = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 49";
    assert!(!after(earlier, short, "3R").is_over());
}

#[test]
fn resignation_hands_the_game_to_the_other_seat() {
    let start = Position::start(classic(), Seat::South);
    let resigned = start.resign(Seat::North).unwrap();
    assert_eq!(
        resigned.outcome(),
        Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::Resignation,
            scores: [0, 0],
        })
    );
    assert_eq!(resigned.to_string(), start.to_string());
    assert_eq!(resigned.resign(Seat::South), Err(PlayError::GameOver));
    assert_eq!(
        resigned.play("1L".parse().unwrap()),
        Err(PlayError::GameOver)
    );
}

#[test]
fn illegal_moves_are_rejected_with_the_reason() {
    let position =
        Position::from_notation("M0,0,3,0,0,1,M0,1,1,1,1,1 s 0:0 0:0 7", classic()).unwrap();
    assert_eq!(
        position.play("1R".parse().unwrap()),
        Err(PlayError::EmptySquare { square: 1 })
    );
    let legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(legal, ["2L", "2R", "5L", "5R"]);
    assert_eq!(position.legal_move_count(), 4);
    assert_eq!(position.nth_legal_move(3), "5R".parse().ok());
    assert_eq!(position.nth_legal_move(4), None);
}
