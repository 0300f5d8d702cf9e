//! Position notation: `<squares> <to-move> <south> <north> <ply>`, then
//! (after a newline) bytes that pick the moves to play from it.
//!
//! Invariants: no input panics; a parsed start obeys the request bounds
//! (plus one start-up refill); parse(print(p)) == p; every position play
//! reaches from it reads back through `Position::restore`; what the
//! stored read path accepts prints and reads back as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oanquan::engine::{EndReason, Outcome, Position, Seat};
use oanquan_fuzz::{assert_reads_back, assert_within_start_bounds, play_out, rule_sets};

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (text, choices) = data.split_at(split);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    for rules in rule_sets() {
        match Position::from_notation_traced(text, rules) {
            Ok((start, startup_events)) => {
                assert_within_start_bounds(&start);
                if startup_events.is_empty() && !start.is_over() {
                    // Nothing was refilled: the printed text is a start too.
                    let again = Position::from_notation(&start.to_string(), rules);
                    assert_eq!(again, Ok(start), "{text:?}");
                }
                play_out(start, choices);
            }
            Err(error) => {
                let _ = (error.field(), error.to_string());
            }
        }
        let ended = Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Resignation,
            scores: [0, 0],
        };
        for outcome in [None, Some(ended)] {
            if let Ok(stored) = Position::restore(text, rules, outcome) {
                assert_reads_back(&stored);
            }
        }
    }
});
