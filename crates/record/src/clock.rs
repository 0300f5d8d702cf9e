//! The clocks a record states: its time control and, for each move, the
//! mover's think time and time left after it. A record may leave any of
//! them out; what it gives is checked against the time control with the
//! arithmetic the server keeps its clocks by (`games::clock`).

use super::{inconsistent, invalid, RecordError, RecordMove};
use oanquan_domain::TimeControl;
use oanquan_engine::Seat;

/// The most milliseconds a record may give for a think time or a clock:
/// about 317 years, far beyond any game (a day each and an hour's
/// increment per move for thousands of moves), and far within an `i64`.
pub const MAX_CLOCK_MS: i64 = 10_000_000_000_000;

/// Follows both sides' clocks through a record's (or a stored game's) moves.
pub struct ClockCheck {
    control: Option<TimeControl>,
    /// Each side's time left after its last move, where the record lets it
    /// be known.
    left: [Option<i64>; 2],
    moved: [bool; 2],
}

impl ClockCheck {
    pub fn new(control: Option<TimeControl>) -> Result<ClockCheck, RecordError> {
        if let Some(control) = control {
            control.check().map_err(invalid)?;
        }
        let initial = control.map(TimeControl::initial_ms);
        Ok(ClockCheck {
            control,
            left: [initial; 2],
            moved: [false; 2],
        })
    }

    /// Checks the clock `given` states for `seat`'s move (`name` says
    /// which move, for the error).
    pub fn check(&mut self, name: &str, seat: Seat, given: &RecordMove) -> Result<(), RecordError> {
        for (what, value) in [("think_ms", given.think_ms), ("clock_ms", given.clock_ms)] {
            if let Some(value) = value.filter(|v| !(0..=MAX_CLOCK_MS).contains(v)) {
                return Err(invalid(format!(
                    "{name}: {what} {value} is not 0 to {MAX_CLOCK_MS}"
                )));
            }
        }
        let Some(control) = self.control else {
            if given.think_ms.is_some() || given.clock_ms.is_some() {
                return Err(invalid(format!(
                    "{name}: a clock is given, but the game has no time control"
                )));
            }
            return Ok(());
        };
        let i = seat.index();
        let first = !std::mem::replace(&mut self.moved[i], true);
        let expected = match control {
            TimeControl::Correspondence { .. } => Some(control.initial_ms()),
            TimeControl::RealTime {
                initial_s,
                increment_s,
            } => {
                let increment = i64::from(increment_s) * 1000;
                if first {
                    // A side's first move does not use its clock.
                    Some(i64::from(initial_s) * 1000 + increment)
                } else {
                    self.left[i]
                        .zip(given.think_ms)
                        .map(|(left, think)| left - think + increment)
                }
            }
        };
        if let Some((expected, stated)) = expected.zip(given.clock_ms) {
            if expected != stated {
                return Err(inconsistent(format!(
                    "{name}: {seat} has {stated} ms left after it, but the time control and \
                     the think times leave {expected} ms"
                )));
            }
        }
        self.left[i] = given.clock_ms.or(expected);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{text, Record, RecordError, RecordMove, StatedResult};
    use oanquan_domain::TimeControl;
    use oanquan_engine::{EndReason, Preset, Seat};

    const BLITZ: TimeControl = TimeControl::RealTime {
        initial_s: 300,
        increment_s: 3,
    };

    /// 1L 3R 2L by South, North, South with these (think, clock) pairs.
    fn timed(control: Option<TimeControl>, clocks: [(Option<i64>, Option<i64>); 3]) -> Record {
        Record {
            rules: Preset::Classic.rules(),
            names: [None, None],
            player_ids: [None, None],
            start_position: None,
            first: None,
            started_at: None,
            finished_at: None,
            time_control: control,
            moves: ["1L", "3R", "2L"]
                .into_iter()
                .zip(clocks)
                .map(|(notation, (think_ms, clock_ms))| RecordMove {
                    notation: notation.to_owned(),
                    think_ms,
                    clock_ms,
                    ..RecordMove::default()
                })
                .collect(),
            result: StatedResult::default(),
        }
    }

    fn error(record: &Record) -> RecordError {
        record.replay().unwrap_err()
    }

    #[test]
    fn the_clocks_follow_the_time_control() {
        // First moves are free and earn the increment; later ones cost
        // their think time.
        let good = [
            (Some(9_000), Some(303_000)),
            (Some(1), Some(303_000)),
            (Some(10_500), Some(295_500)),
        ];
        assert!(timed(Some(BLITZ), good).replay().is_ok());
        let mut wrong = good;
        wrong[2].1 = Some(295_501);
        let RecordError::Inconsistent(why) = error(&timed(Some(BLITZ), wrong)) else {
            panic!("a clock that does not add up is inconsistent");
        };
        assert!(
            why.contains("move 3 (2L)") && why.contains("295500"),
            "{why}"
        );
        // A clock alone (no think time) cannot be checked, only bounded.
        wrong[2] = (None, Some(1));
        assert!(timed(Some(BLITZ), wrong).replay().is_ok());
        let correspondence = TimeControl::Correspondence { days_per_move: 2 };
        let days = Some(2 * 86_400_000);
        assert!(timed(Some(correspondence), [(Some(5), days); 3])
            .replay()
            .is_ok());
    }

    #[test]
    fn malformed_clocks_are_invalid() {
        let none = [(None, None); 3];
        let cases = [
            timed(None, [(None, Some(1000)), (None, None), (None, None)]),
            timed(Some(BLITZ), [(Some(-1), None), (None, None), (None, None)]),
            timed(
                Some(BLITZ),
                [(None, Some(i64::MAX)), (None, None), (None, None)],
            ),
            timed(
                Some(TimeControl::RealTime {
                    initial_s: 0,
                    increment_s: 0,
                }),
                none,
            ),
        ];
        for record in cases {
            assert!(
                matches!(error(&record), RecordError::Invalid(_)),
                "{record:?}"
            );
        }
        for bad in [
            "[TimeControl \"600\"]\n\n1. 1L",
            "[TimeControl \"600+x\"]\n\n1. 1L",
            "[TimeControl \"1/1000\"]\n\n1. 1L",
            "[TimeControl \"99999999999+0\"]\n\n1. 1L",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:9:55]}",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:09:60]}",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:09:55.]}",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:09:55.1234]}",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:09:55] [%clk 0:09:55]}",
            "[TimeControl \"600+5\"]\n\n1. 1L {[%clk 0:09:55}",
            "[TimeControl \"600+5\"]\n\n{[%clk 0:09:55]} 1. 1L",
            "1. 1L {[%clk 0:09:55]}",
        ] {
            let read = text::parse(bad).and_then(|r| r.replay().map(|_| r));
            assert!(
                matches!(read, Err(RecordError::Invalid(_))),
                "{bad}: {read:?}"
            );
        }
    }

    #[test]
    fn the_text_form_keeps_every_clock() {
        let record = timed(
            Some(BLITZ),
            [
                (Some(9_000), Some(303_000)),
                (Some(1), Some(303_000)),
                (Some(3_607_250), None),
            ],
        );
        let printed = text::print(&record);
        assert!(printed.contains("[TimeControl \"300+3\"]"), "{printed}");
        assert!(
            printed.contains(
                "1. 1L {[%clk 0:05:03] [%emt 0:00:09]} 3R {[%clk 0:05:03] [%emt 0:00:00.001]}"
            ),
            "{printed}"
        );
        assert!(printed.contains("2L {[%emt 1:00:07.250]}"), "{printed}");
        let read = text::parse(&printed).unwrap();
        assert_eq!(read.time_control, record.time_control);
        let clocks = |r: &Record| {
            r.moves
                .iter()
                .map(|m| (m.think_ms, m.clock_ms))
                .collect::<Vec<_>>()
        };
        assert_eq!(clocks(&read), clocks(&record));
        // Other comments and commands are read past; `-` is no clock.
        let other = "[TimeControl \"-\"]\n\n1. 1L {good [%eval 0.3] move} 3R";
        assert_eq!(text::parse(other).unwrap().time_control, None);
        let correspondence = TimeControl::Correspondence { days_per_move: 2 };
        let printed = text::print(&Record {
            time_control: Some(correspondence),
            ..timed(None, [(None, None); 3])
        });
        assert!(printed.contains("[TimeControl \"1/172800\"]"), "{printed}");
        assert_eq!(
            text::parse(&printed).unwrap().time_control,
            Some(correspondence)
        );
    }

    #[test]
    fn a_record_can_end_on_time_for_the_side_to_move_only() {
        let on_time = |winner| Record {
            result: StatedResult {
                winner: Some(Some(winner)),
                reason: Some(EndReason::Timeout),
                scores: None,
            },
            ..timed(Some(BLITZ), [(None, None); 3])
        };
        // After three moves North is to move: only North's flag can fall.
        let outcome = on_time(Seat::South).replay().unwrap().outcome.unwrap();
        assert_eq!(
            (outcome.winner, outcome.reason),
            (Some(Seat::South), EndReason::Timeout)
        );
        assert!(matches!(
            error(&on_time(Seat::North)),
            RecordError::Inconsistent(_)
        ));
    }
}
