//! The lobby's stream as HTTP writes it: what its feed
//! ([`crate::live::feeds::lobby`]) says, rendered with the API's views.

use serde_json::json;

use crate::api::streams::streaming::Sink;
use crate::api::views::GameView;
use crate::domain::GameId;
use crate::games::{self, Game};
use crate::live::feeds::lobby::{Left, LobbyOut};

/// The view of `game`, unless its stored position does not read back.
fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

impl LobbyOut for Sink {
    fn snapshot(&self, games: &[Game]) {
        let views: Vec<GameView> = games.iter().filter_map(view).collect();
        self.event(None, &json!({"type": "snapshot", "games": views}));
    }

    fn created(&self, game: &Game) {
        if let Some(game) = view(game) {
            self.event(None, &json!({"type": "created", "game": game}));
        }
    }

    fn left(&self, id: &GameId, why: Left) {
        let kind = match why {
            Left::Joined => "joined",
            Left::Cancelled => "cancelled",
            Left::Expired => "expired",
        };
        self.event(None, &json!({"type": kind, "id": id.as_str()}));
    }
}
