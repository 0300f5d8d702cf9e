//! A tournament's stream as HTTP writes it: what its feed
//! ([`crate::live::feeds::tournament`]) says, rendered with the API's
//! tournament view, each message with the tournament's `version` as its id.

use serde_json::{json, Value};

use crate::api::streams::streaming::Sink;
use crate::api::views::{PairingView, TournamentView};
use crate::live::feeds::tournament::{Told, TournamentOut};
use crate::tournaments::Tournament;

/// A board's view with the message's `type` and `version` first.
fn board(kind: &str, version: i64, pairing: &PairingView) -> Value {
    let mut payload = json!({"type": kind, "version": version});
    if let (Some(payload), Value::Object(board)) = (
        payload.as_object_mut(),
        serde_json::to_value(pairing).unwrap_or(Value::Null),
    ) {
        payload.extend(board);
    }
    payload
}

/// A decided board's result: `south_won`, `north_won` or `draw`.
fn result(pairing: &PairingView) -> &'static str {
    match (pairing.south_points, pairing.north_points) {
        (Some(south), Some(north)) if south > north => "south_won",
        (Some(south), Some(north)) if south < north => "north_won",
        _ => "draw",
    }
}

impl TournamentOut for Sink {
    fn snapshot(&self, tournament: &Tournament, version: i64) {
        let payload = json!({
            "type": "snapshot",
            "version": version,
            "tournament": TournamentView::of(tournament),
        });
        self.event(Some(version), &payload);
    }

    fn told(&self, tournament: &Tournament, told: &[Told]) {
        let view = TournamentView::of(tournament);
        let pairing = |round: i32, board: i32| {
            view.pairings.iter().find(|p| {
                i64::from(p.round) == i64::from(round) && i64::from(p.board) == i64::from(board)
            })
        };
        for told in told {
            let (version, payload) = match *told {
                Told::Pairing {
                    round,
                    board: number,
                    version,
                } => match pairing(round, number) {
                    Some(p) => {
                        let mut payload = board("pairing", version, p);
                        // The board as it was paired: a board with a game
                        // was undecided then, though the state read here
                        // may already hold its result (told later).
                        if p.game_id.is_some() {
                            payload["south_points"] = Value::Null;
                            payload["north_points"] = Value::Null;
                        }
                        (version, payload)
                    }
                    None => continue,
                },
                Told::GameEnded {
                    round,
                    board: number,
                    version,
                } => match pairing(round, number) {
                    Some(p) => {
                        let mut payload = board("game_ended", version, p);
                        payload["result"] = json!(result(p));
                        (version, payload)
                    }
                    None => continue,
                },
                Told::Standings { version } => (
                    version,
                    json!({
                        "type": "standings",
                        "version": version,
                        "status": view.status,
                        "round": view.round,
                        "rounds": view.rounds,
                        "started_at": view.started_at,
                        "standings": view.standings,
                    }),
                ),
                Told::Finished { version } => (
                    version,
                    json!({
                        "type": "finished",
                        "version": version,
                        "status": view.status,
                        "round": view.round,
                        "rounds": view.rounds,
                        "finished_at": view.finished_at,
                        "standings": view.standings,
                    }),
                ),
            };
            self.event(Some(version), &payload);
        }
    }
}
