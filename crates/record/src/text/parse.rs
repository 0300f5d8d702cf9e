//! Reading a record from text.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

use super::clock::{parse_time_control, read_comment};
use super::{parameter_tag, parse_result_token, result_token, start_ply_of, PARAMETERS};
use crate::{Record, RecordError, RecordMove, StatedResult, UNKNOWN_NAME};
use oanquan_engine::{EndReason, MandarinSetup, Preset, RefillShortfall, RuleParam, Rules, Seat};

/// PGN roster tags that say nothing about an Ô Ăn Quan game; read and dropped.
const IGNORED_TAGS: [&str; 4] = ["Event", "Site", "Round", "Annotator"];
fn invalid(what: impl Into<String>) -> RecordError {
    RecordError::Invalid(what.into())
}
/// One `[Name "value"]` line.
fn parse_tag(line: &str, number: usize) -> Result<(String, String), RecordError> {
    let bad = || {
        invalid(format!(
            "line {number}: expected a tag pair [Name \"value\"]"
        ))
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    Ok((name.to_owned(), value))
}

/// The tags a record may hold: the roster, the rule parameters and the ones
/// dropped. Each may appear once, so no record has more than
/// [`MAX_TAGS`].
const KNOWN_TAGS: [&str; 11] = [
    "Rules",
    "South",
    "North",
    "Date",
    "Time",
    "Result",
    "Termination",
    "Score",
    "First",
    "Position",
    "TimeControl",
];

/// The most tag pairs a record may hold (every known tag once).
pub const MAX_TAGS: usize = KNOWN_TAGS.len() + PARAMETERS.len() + IGNORED_TAGS.len();

fn is_known_tag(name: &str) -> bool {
    KNOWN_TAGS.contains(&name)
        || PARAMETERS.iter().any(|&p| parameter_tag(p) == name)
        || IGNORED_TAGS.contains(&name)
}

/// The tags, in order, and the movetext after them. Each tag is checked as
/// it is read (known, not repeated, within [`MAX_TAGS`]), so the work stays
/// linear in the text however many tags it tries.
fn split_sections(text: &str) -> Result<(Vec<(String, String)>, String), RecordError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.peek() {
        let line = line.trim();
        if line.is_empty() {
            lines.next();
            continue;
        }
        if !line.starts_with('[') {
            break;
        }
        let (name, value) = parse_tag(line, i + 1)?;
        if !is_known_tag(&name) {
            return Err(invalid(format!(
                "unknown tag [{name}] (README.md lists the tags)"
            )));
        }
        if !seen.insert(name.clone()) {
            return Err(invalid(format!("[{name}] is given twice")));
        }
        if tags.len() == MAX_TAGS {
            return Err(invalid(format!(
                "line {}: more than {MAX_TAGS} tags; a record holds each known tag at most once",
                i + 1
            )));
        }
        tags.push((name, value));
        lines.next();
    }
    let movetext: Vec<&str> = lines.map(|(_, line)| line).collect();
    Ok((tags, movetext.join("\n")))
}

fn parse_bool(tag: &str, value: &str) -> Result<bool, RecordError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(invalid(format!(
            "[{tag} {value:?}]: expected true or false"
        ))),
    }
}

fn parse_number<T: std::str::FromStr>(tag: &str, value: &str) -> Result<T, RecordError> {
    value
        .parse()
        .map_err(|_| invalid(format!("[{tag} {value:?}]: expected a whole number")))
}

fn parse_score(value: &str) -> Result<[i32; 2], RecordError> {
    let bad = || {
        invalid(format!(
            "[Score {value:?}]: expected South-North, e.g. 33-37"
        ))
    };
    // A score may be negative: split at the first '-' after the first digit.
    let digit = value.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
    let dash = value[digit..].find('-').ok_or_else(bad)? + digit;
    let south = value[..dash].parse().map_err(|_| bad())?;
    let north = value[dash + 1..].parse().map_err(|_| bad())?;
    Ok([south, north])
}

/// `YYYY.MM.DD` and an optional `HH:MM:SS`, in UTC; `?` marks unknown.
fn parse_date(date: &str, time: Option<&str>) -> Result<Option<DateTime<Utc>>, RecordError> {
    if date.contains('?') {
        return Ok(None);
    }
    let day = NaiveDate::parse_from_str(date, "%Y.%m.%d")
        .map_err(|_| invalid(format!("[Date {date:?}]: expected YYYY.MM.DD")))?;
    let time = match time.filter(|t| !t.contains('?')) {
        Some(time) => NaiveTime::parse_from_str(time, "%H:%M:%S")
            .map_err(|_| invalid(format!("[Time {time:?}]: expected HH:MM:SS (UTC)")))?,
        None => NaiveTime::MIN,
    };
    Ok(Some(day.and_time(time).and_utc()))
}

/// Reads a text record. Only its form is checked here;
/// [`Record::replay`](super::Record::replay) checks the moves.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let (tags, movetext) = split_sections(text)?;
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let rules = parse_rules(&tag)?;
    let mut result = StatedResult::default();
    if let Some(value) = tag("Result") {
        result.winner = parse_result_token(value).ok_or_else(|| {
            invalid(format!(
                "[Result {value:?}]: expected 1-0, 0-1, 1/2-1/2 or *"
            ))
        })?;
    }
    if let Some(value) = tag("Termination") {
        result.reason = Some(EndReason::from_name(value).ok_or_else(|| {
            invalid(format!(
                "[Termination {value:?}]: expected mandarins_captured, max_plies, forfeit, resignation or timeout"
            ))
        })?);
    }
    result.scores = tag("Score").map(parse_score).transpose()?;
    let first = tag("First")
        .map(|value| match value {
            "south" => Ok(Seat::South),
            "north" => Ok(Seat::North),
            _ => Err(invalid(format!(
                "[First {value:?}]: expected south or north"
            ))),
        })
        .transpose()?;
    let start_position = tag("Position").map(str::to_owned);
    let start_ply = start_position
        .as_deref()
        .and_then(start_ply_of)
        .unwrap_or(1);
    let (moves, ending) = parse_movetext(&movetext, start_ply)?;
    if let Some(ending) = ending {
        match tag("Result") {
            Some(stated) if stated != result_token(ending) => {
                return Err(invalid(format!(
                    "the moves end with {} but [Result] is {stated:?}",
                    result_token(ending)
                )))
            }
            Some(_) => {}
            None => result.winner = ending,
        }
    }
    Ok(Record {
        rules,
        names: [tag("South"), tag("North")]
            .map(|n| n.filter(|&n| n != UNKNOWN_NAME).map(str::to_owned)),
        player_ids: [None, None],
        start_position,
        first,
        started_at: tag("Date")
            .map(|date| parse_date(date, tag("Time")))
            .transpose()?
            .flatten(),
        finished_at: None,
        time_control: tag("TimeControl")
            .map(parse_time_control)
            .transpose()?
            .flatten(),
        moves,
        result,
    })
}

fn parse_rules<'a>(tag: &impl Fn(&str) -> Option<&'a str>) -> Result<Rules, RecordError> {
    let base = match tag("Rules") {
        None | Some("custom") => Preset::Classic,
        Some(value) => Preset::ALL
            .into_iter()
            .find(|p| p.name() == value)
            .ok_or_else(|| {
                invalid(format!(
                    "[Rules {value:?}]: expected classic, village, online or custom"
                ))
            })?,
    };
    let mut params = base.params();
    for param in PARAMETERS {
        let name = parameter_tag(param);
        let Some(value) = tag(name) else { continue };
        match param {
            RuleParam::MandarinSetup => {
                params.mandarin_setup = MandarinSetup::from_name(value).ok_or_else(|| {
                    invalid(format!(
                        "[{name} {value:?}]: expected big_stone or small_stones"
                    ))
                })?
            }
            RuleParam::MandarinValue => params.mandarin_value = parse_number(name, value)?,
            RuleParam::EmptyMandarinIsGap => {
                params.empty_mandarin_is_gap = parse_bool(name, value)?
            }
            RuleParam::YoungMandarinMin => params.young_mandarin_min = parse_number(name, value)?,
            RuleParam::FirstMoveMandarinBan => {
                params.first_move_mandarin_ban = parse_bool(name, value)?
            }
            RuleParam::RefillShortfall => {
                params.refill_shortfall = RefillShortfall::from_name(value).ok_or_else(|| {
                    invalid(format!("[{name} {value:?}]: expected borrow or forfeit"))
                })?
            }
            RuleParam::MaxPlies => params.max_plies = parse_number(name, value)?,
        }
    }
    Rules::new(params).map_err(|e| invalid(format!("[{}]: {}", parameter_tag(e.field), e.message)))
}

/// The moves, each with the ply its number implies (once a number was
/// seen), and the result token that ends the movetext, if any.
type Movetext = (Vec<RecordMove>, Option<Option<Option<Seat>>>);

fn parse_movetext(text: &str, start_ply: u32) -> Result<Movetext, RecordError> {
    let mut moves = Vec::new();
    let mut ending = None;
    let mut implied: Option<u32> = None;
    for token in tokens(text)? {
        let token = match token {
            Token::Comment(comment) => {
                let name = moves.last().map_or_else(String::new, |m: &RecordMove| {
                    format!(
                        "move {} ({})",
                        start_ply as usize + moves.len() - 1,
                        m.notation
                    )
                });
                read_comment(comment, moves.last_mut(), &name)?;
                continue;
            }
            Token::Word(word) => word,
        };
        if ending.is_some() {
            return Err(invalid(format!(
                "{token:?} after the result token that ends the moves"
            )));
        }
        if let Some(result) = parse_result_token(token) {
            ending = Some(result);
            continue;
        }
        let (number, notation) = split_number(token)?;
        if let Some(ply) = number {
            let expected = implied.unwrap_or(start_ply.saturating_add(moves.len() as u32));
            if implied.is_some() && ply != expected {
                return Err(invalid(format!(
                    "{token:?}: the move numbers skip (ply {ply} where ply {expected} comes next)"
                )));
            }
            implied = Some(ply);
        }
        let Some(notation) = notation else { continue };
        moves.push(RecordMove {
            notation: notation.to_owned(),
            ply: implied,
            ..RecordMove::default()
        });
        implied = implied.map(|p| p.saturating_add(1));
    }
    Ok((moves, ending))
}

/// A piece of movetext: a word (a move number, a move, a result) or the
/// inside of a `{…}` comment.
enum Token<'a> {
    Word(&'a str),
    Comment(&'a str),
}

/// Whitespace-separated words and `{…}` comments, without `;…` comments.
fn tokens(text: &str) -> Result<Vec<Token<'_>>, RecordError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(c) = rest.chars().next() else { break };
        match c {
            '{' => {
                let end = rest
                    .find('}')
                    .ok_or_else(|| invalid("a {comment} is not closed"))?;
                tokens.push(Token::Comment(&rest[1..end]));
                rest = &rest[end + 1..];
            }
            ';' => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
                    .unwrap_or(rest.len());
                tokens.push(Token::Word(&rest[..end]));
                rest = &rest[end..];
            }
        }
    }
    Ok(tokens)
}

/// `12.` / `12...` (with or without a move after it) gives the ply it
/// numbers: the odd ply `2n − 1` or the even ply `2n`.
fn split_number(token: &str) -> Result<(Option<u32>, Option<&str>), RecordError> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &token[digits..];
    let (dots, notation) = if let Some(rest) = after.strip_prefix("...") {
        (3, rest)
    } else if let Some(rest) = after.strip_prefix('.') {
        (1, rest)
    } else {
        return Ok((None, Some(token)));
    };
    let number: u32 = token[..digits]
        .parse()
        .ok()
        .filter(|n| (1..=u32::MAX / 2).contains(n))
        .ok_or_else(|| invalid(format!("{token:?}: not a move number")))?;
    let ply = if dots == 1 {
        2 * number - 1
    } else {
        2 * number
    };
    Ok((Some(ply), Some(notation).filter(|n| !n.is_empty())))
}
