//! The text form of a record, after PGN: tag pairs, a blank line, then the
//! numbered moves and the result. README.md ("Game records") documents it.
//!
//! ```text
//! [Rules "classic"]
//! [South "Lan"]
//! [North "Minh"]
//! [Date "2025.01.31"]
//! [Time "08:30:00"]
//! [Result "1-0"]
//! [Termination "resignation"]
//! [Score "11-2"]
//! [TimeControl "600+5"]
//!
//! 1. 1L {[%clk 0:10:05] [%emt 0:00:02]} 3R {[%clk 0:10:05] [%emt 0:00:04]} 1-0
//! ```

mod clock;
mod parse;
mod print;

pub use parse::{parse, MAX_TAGS};
pub use print::print;

use oanquan_engine::{RuleParam, Seat};

/// The tag naming each rule parameter.
fn parameter_tag(param: RuleParam) -> &'static str {
    match param {
        RuleParam::MandarinSetup => "MandarinSetup",
        RuleParam::MandarinValue => "MandarinValue",
        RuleParam::EmptyMandarinIsGap => "EmptyMandarinIsGap",
        RuleParam::YoungMandarinMin => "YoungMandarinMin",
        RuleParam::FirstMoveMandarinBan => "FirstMoveMandarinBan",
        RuleParam::RefillShortfall => "RefillShortfall",
        RuleParam::MaxPlies => "MaxPlies",
    }
}

const PARAMETERS: [RuleParam; 7] = [
    RuleParam::MandarinSetup,
    RuleParam::MandarinValue,
    RuleParam::EmptyMandarinIsGap,
    RuleParam::YoungMandarinMin,
    RuleParam::FirstMoveMandarinBan,
    RuleParam::RefillShortfall,
    RuleParam::MaxPlies,
];
/// `1-0` (South won), `0-1` (North won), `1/2-1/2` (a draw) or `*`.
fn result_token(winner: Option<Option<Seat>>) -> &'static str {
    match winner {
        Some(Some(Seat::South)) => "1-0",
        Some(Some(Seat::North)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

fn parse_result_token(token: &str) -> Option<Option<Option<Seat>>> {
    Some(match token {
        "1-0" => Some(Some(Seat::South)),
        "0-1" => Some(Some(Seat::North)),
        "1/2-1/2" => Some(None),
        "*" => None,
        _ => return None,
    })
}
/// The ply field of a position string, if it has one. Read as the
/// notation parser reads it: surrounding whitespace is not a field.
fn start_ply_of(position: &str) -> Option<u32> {
    position.trim().rsplit(' ').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_result_has_its_token_and_reads_back() {
        let results = [
            ("1-0", Some(Some(Seat::South))),
            ("0-1", Some(Some(Seat::North))),
            ("1/2-1/2", Some(None)),
            ("*", None),
        ];
        for (token, winner) in results {
            assert_eq!(result_token(winner), token);
            assert_eq!(parse_result_token(token), Some(winner), "{token}");
        }
        for foreign in ["", "1/2", "½-½", "0-0", "1-0 "] {
            assert_eq!(parse_result_token(foreign), None, "{foreign:?}");
        }
    }
}
