//! Writing a record as text.

use super::clock::{move_comment, time_control_tag};
use super::{parameter_tag, result_token, start_ply_of, PARAMETERS};
use crate::{Record, UNKNOWN_NAME};
use oanquan_engine::{Position, Preset, RuleParam, RuleParams, Seat};

/// Movetext lines are wrapped before this many characters, as PGN does.
const LINE_WIDTH: usize = 80;
fn parameter_value(params: &RuleParams, param: RuleParam) -> String {
    match param {
        RuleParam::MandarinSetup => params.mandarin_setup.name().to_owned(),
        RuleParam::MandarinValue => params.mandarin_value.to_string(),
        RuleParam::EmptyMandarinIsGap => params.empty_mandarin_is_gap.to_string(),
        RuleParam::YoungMandarinMin => params.young_mandarin_min.to_string(),
        RuleParam::FirstMoveMandarinBan => params.first_move_mandarin_ban.to_string(),
        RuleParam::RefillShortfall => params.refill_shortfall.name().to_owned(),
        RuleParam::MaxPlies => params.max_plies.to_string(),
    }
}
fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The record as text.
pub fn print(record: &Record) -> String {
    let mut tags: Vec<(&str, String)> = Vec::new();
    let preset = record.rules.preset();
    tags.push(("Rules", preset.map_or("custom", Preset::name).to_owned()));
    for seat in Seat::ALL {
        let name = record.names[seat.index()]
            .as_deref()
            .unwrap_or(UNKNOWN_NAME);
        let tag = if seat == Seat::South {
            "South"
        } else {
            "North"
        };
        tags.push((tag, name.to_owned()));
    }
    match record.started_at {
        Some(at) => {
            tags.push(("Date", at.format("%Y.%m.%d").to_string()));
            tags.push(("Time", at.format("%H:%M:%S").to_string()));
        }
        None => tags.push(("Date", "????.??.??".to_owned())),
    }
    let result = record.result;
    tags.push(("Result", result_token(result.winner).to_owned()));
    if let Some(reason) = result.reason {
        tags.push(("Termination", reason.name().to_owned()));
    }
    if let Some([south, north]) = result.scores {
        tags.push(("Score", format!("{south}-{north}")));
    }
    if let Some(control) = record.time_control {
        tags.push(("TimeControl", time_control_tag(control)));
    }
    if preset.is_none() {
        let params = record.rules.params();
        for param in PARAMETERS {
            let value = parameter_value(&params, param);
            if value != parameter_value(&RuleParams::DEFAULT, param) {
                tags.push((parameter_tag(param), value));
            }
        }
    }
    let first = record.first.unwrap_or(Seat::South);
    let standard = Position::start(record.rules, first).to_string();
    let start_ply = match record.start_position.as_deref() {
        Some(start) if start != standard => {
            tags.push(("Position", start.to_owned()));
            start_ply_of(start).unwrap_or(1)
        }
        _ => {
            if first == Seat::North {
                tags.push(("First", "north".to_owned()));
            }
            1
        }
    };
    let mut text: String = tags
        .iter()
        .map(|(tag, value)| format!("[{tag} \"{}\"]\n", quote(value)))
        .collect();
    text.push('\n');
    text.push_str(&movetext(record, start_ply));
    text.push('\n');
    text
}

fn movetext(record: &Record, start_ply: u32) -> String {
    let mut tokens = Vec::with_capacity(record.moves.len() * 3 / 2 + 1);
    for (i, m) in record.moves.iter().enumerate() {
        let ply = start_ply + i as u32;
        if ply % 2 == 1 {
            tokens.push(format!("{}.", ply.div_ceil(2)));
        } else if i == 0 {
            tokens.push(format!("{}...", ply / 2));
        }
        tokens.push(m.notation.clone());
        tokens.extend(move_comment(m));
    }
    tokens.push(result_token(record.result.winner).to_owned());
    let mut lines = vec![String::new()];
    for token in tokens {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            lines.push(token);
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
    }
    lines.join("\n")
}
