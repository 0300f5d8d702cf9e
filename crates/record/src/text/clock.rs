//! Clocks in the text form, as PGN writes them: the time control in a
//! `[TimeControl]` tag (`"600+5"`: 600 s each and 5 s per move;
//! `"1/172800"`: one move per 172,800 s, i.e. two days per move; `"-"`:
//! unlimited), and after each move a comment with the mover's time left and
//! think time, `{[%clk 0:09:55] [%emt 0:00:10]}` (`H:MM:SS`, with `.mmm`
//! when the milliseconds are not zero).

use crate::{RecordError, RecordMove};
use oanquan_domain::TimeControl;

const SECONDS_PER_DAY: u32 = 86_400;

fn invalid(what: impl Into<String>) -> RecordError {
    RecordError::Invalid(what.into())
}

/// The `[TimeControl]` value of a control.
pub(super) fn time_control_tag(control: TimeControl) -> String {
    match control {
        TimeControl::RealTime {
            initial_s,
            increment_s,
        } => format!("{initial_s}+{increment_s}"),
        TimeControl::Correspondence { days_per_move } => {
            format!(
                "1/{}",
                u64::from(days_per_move) * u64::from(SECONDS_PER_DAY)
            )
        }
    }
}

/// Reads a `[TimeControl]` value; `None` for `-` (unlimited).
pub(super) fn parse_time_control(value: &str) -> Result<Option<TimeControl>, RecordError> {
    let bad = |why: &str| {
        invalid(format!(
            "[TimeControl {value:?}]: {why} (expected e.g. 600+5, 1/172800 or -)"
        ))
    };
    let number = |text: &str| -> Result<u32, RecordError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("not a whole number of seconds"));
        }
        text.parse().map_err(|_| bad("too large"))
    };
    let control = if value == "-" {
        return Ok(None);
    } else if let Some((initial, increment)) = value.split_once('+') {
        TimeControl::RealTime {
            initial_s: number(initial)?,
            increment_s: number(increment)?,
        }
    } else if let Some(seconds) = value.strip_prefix("1/") {
        let seconds = number(seconds)?;
        if seconds % SECONDS_PER_DAY != 0 {
            return Err(bad("a move's time is a whole number of days"));
        }
        TimeControl::Correspondence {
            days_per_move: seconds / SECONDS_PER_DAY,
        }
    } else {
        return Err(bad("unknown form"));
    };
    control
        .check()
        .map(Some)
        .map_err(|why| invalid(format!("[TimeControl {value:?}]: {why}")))
}

/// `H:MM:SS`, or `H:MM:SS.mmm` when the milliseconds are not zero.
pub(super) fn duration_text(ms: i64) -> String {
    let (seconds, millis) = (ms.div_euclid(1000), ms.rem_euclid(1000));
    let text = format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    if millis == 0 {
        text
    } else {
        format!("{text}.{millis:03}")
    }
}

/// Reads `H:MM:SS` with an optional fraction of up to three digits.
fn parse_duration(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let mut parts = whole.split(':');
    let (hours, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |t: &str, len: std::ops::RangeInclusive<usize>| {
        len.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    if parts.next().is_some()
        || !digits(hours, 1..=10)
        || !digits(minutes, 2..=2)
        || !digits(seconds, 2..=2)
        || !(fraction.is_empty() || digits(fraction, 1..=3))
        || text.ends_with('.')
    {
        return None;
    }
    let (minutes, seconds): (i64, i64) = (minutes.parse().ok()?, seconds.parse().ok()?);
    if minutes >= 60 || seconds >= 60 {
        return None;
    }
    let millis: i64 = format!("{fraction:0<3}").parse().ok()?;
    let hours: i64 = hours.parse().ok()?;
    Some(((hours * 60 + minutes) * 60 + seconds) * 1000 + millis)
}

/// The comment an export writes after a move with a clock, if it has one.
pub(super) fn move_comment(m: &RecordMove) -> Option<String> {
    let commands: Vec<String> = [("clk", m.clock_ms), ("emt", m.think_ms)]
        .into_iter()
        .filter_map(|(name, ms)| Some(format!("[%{name} {}]", duration_text(ms?))))
        .collect();
    (!commands.is_empty()).then(|| format!("{{{}}}", commands.join(" ")))
}

/// Reads the `[%clk …]` and `[%emt …]` commands of a comment after move
/// `m` (`name` says which, for errors) into it; the comment's other text
/// is ignored, as are other commands.
pub(super) fn read_comment(
    comment: &str,
    mut m: Option<&mut RecordMove>,
    name: &str,
) -> Result<(), RecordError> {
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        let command = &rest[start + 2..];
        let end = command
            .find(']')
            .ok_or_else(|| invalid(format!("{name}: a [%command] in a comment is not closed")))?;
        let (keyword, value) = command[..end]
            .split_once(' ')
            .unwrap_or((&command[..end], ""));
        rest = &command[end + 1..];
        let field = match keyword {
            "clk" => "clk",
            "emt" => "emt",
            _ => continue,
        };
        let Some(m) = m.as_deref_mut() else {
            return Err(invalid(format!(
                "a [%{field}] comment before the first move"
            )));
        };
        let ms = parse_duration(value.trim()).ok_or_else(|| {
            invalid(format!(
                "{name}: [%{field} {value}]: expected H:MM:SS, e.g. 0:09:55 or 0:09:55.250"
            ))
        })?;
        let slot = if field == "clk" {
            &mut m.clock_ms
        } else {
            &mut m.think_ms
        };
        if slot.replace(ms).is_some() {
            return Err(invalid(format!("{name}: [%{field}] is given twice")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(value: &str) -> String {
        match parse_time_control(value) {
            Err(RecordError::Invalid(why)) => why,
            other => panic!("{value:?}: expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_time_control_field_must_be_digits() {
        for value in ["+5", "600+", "60x+5", "1/", "1/8640O"] {
            assert!(
                refusal(value).contains("not a whole number of seconds"),
                "{value:?}: {}",
                refusal(value)
            );
        }
        assert!(refusal("99999999999+5").contains("too large"));
        assert_eq!(
            parse_time_control("600+5").unwrap(),
            Some(TimeControl::RealTime {
                initial_s: 600,
                increment_s: 5
            })
        );
    }

    #[test]
    fn a_duration_has_exactly_three_fields() {
        assert_eq!(parse_duration("1:00:00"), Some(3_600_000));
        assert_eq!(parse_duration("0:09:55.25"), Some(595_250));
        for text in [
            "1:00:00:00",
            "0:00:00:5",
            "1:00",
            "0:9:55",
            "0:09:60",
            "0:09:55.",
        ] {
            assert_eq!(parse_duration(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_comment_gives_its_move_a_clock_and_a_think_time() {
        let mut m = RecordMove::default();
        read_comment("[%clk 0:10:05] [%emt 0:00:02.5]", Some(&mut m), "move 1").unwrap();
        assert_eq!((m.clock_ms, m.think_ms), (Some(605_000), Some(2_500)));
        let mut m = RecordMove::default();
        read_comment(
            "a note [%emt 1:00:04] and [%eval 0.3]",
            Some(&mut m),
            "move 2",
        )
        .unwrap();
        assert_eq!((m.clock_ms, m.think_ms), (None, Some(3_604_000)));
        // An empty command is one more unknown command; the scan goes on
        // after its `]`.
        let mut m = RecordMove::default();
        read_comment("[%] [%clk 0:00:01]", Some(&mut m), "move 3").unwrap();
        assert_eq!(m.clock_ms, Some(1_000));
    }
}
