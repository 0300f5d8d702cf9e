//! A game's stream as HTTP writes it: what its feed
//! ([`crate::live::feeds::game`]) says, rendered with the API's views.

use actix_web::web::Bytes;
use serde_json::{json, Value};

use crate::api::streams::streaming::Sink;
use crate::api::views::{EventView, GameView};
use crate::engine::Position;
use crate::games::{Game, GameEvent};
use crate::live::feeds::game::GameOut;

/// A game event as the streams send it: the Games layer's serialization,
/// with the move's trace rendered as the API's move view does.
pub fn event_payload(event: &GameEvent) -> Value {
    let mut payload = serde_json::to_value(event).unwrap_or(Value::Null);
    if let GameEvent::Move { played, .. } = event {
        payload["move"]["events"] = json!(EventView::all(&played.trace));
    }
    payload
}

impl GameOut for Sink {
    fn snapshot(&self, game: &Game, position: &Position) {
        let payload = json!({
            "type": "snapshot",
            "version": game.version,
            "game": GameView::of(game, position),
        });
        self.event(Some(game.version), &payload);
    }

    fn encode<'a>(&self, events: impl Iterator<Item = &'a GameEvent>) -> Bytes {
        let mut chunk = Vec::new();
        for event in events {
            chunk.extend_from_slice(
                &self
                    .framing
                    .event(Some(event.version()), &event_payload(event)),
            );
        }
        Bytes::from(chunk)
    }

    fn encoding(&self) -> usize {
        self.framing.index()
    }

    fn send(&self, chunk: Bytes) {
        Sink::send(self, chunk);
    }
}
