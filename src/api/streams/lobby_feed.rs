//! One subscriber of the lobby: the open (waiting) games, then each one
//! appearing or leaving, once. A subscriber that fell behind gets a fresh
//! snapshot.

use std::collections::HashSet;

use actix_web::web;
use serde_json::{json, Value};

use crate::api::streams::stream_body::{Feed, Step};
use crate::api::streams::streaming::{Gone, Sink};
use crate::api::views::GameView;
use crate::api::AppState;
use crate::domain::{GameId, GameStatus};
use crate::games::Game;
use crate::games::{self, GameEvent, Transition};
use crate::live::Signal;
use crate::store::GameFilter;

/// The most open games a lobby snapshot lists (newest first).
pub const LOBBY_SNAPSHOT_LIMIT: u32 = 200;

fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

/// One subscriber of the lobby, as its stream's body runs it.
pub struct Lobby {
    state: web::Data<AppState>,
    sink: Sink,
    open: HashSet<GameId>,
}

/// The start of a lobby stream (the snapshot); the body then follows the
/// hub's signals until the client leaves or the server stops.
pub fn start(state: web::Data<AppState>, sink: Sink) -> Step<Lobby> {
    Lobby {
        state,
        sink,
        open: HashSet::new(),
    }
    .resync()
}

impl Feed for Lobby {
    fn sink(&self) -> &Sink {
        &self.sink
    }

    fn hear(mut self, signal: Signal) -> Step<Self> {
        match signal {
            Signal::Changed(transition) => self.change(&transition),
            Signal::Committed(announced) => self.reconcile(&announced.game),
            Signal::Resync => return self.resync(),
        }
        Step::Idle(self)
    }
}

impl Lobby {
    /// A fresh snapshot, read from the database.
    fn resync(self) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut lobby = self;
            match lobby.snapshot().await {
                Ok(()) => Step::Idle(lobby),
                Err(Gone) => Step::End(lobby),
            }
        }))
    }

    async fn snapshot(&mut self) -> Result<(), Gone> {
        let filter = GameFilter {
            status: Some(GameStatus::Waiting),
            ..GameFilter::default()
        };
        let games = match self
            .state
            .games
            .list(&self.state.store, &filter, None, LOBBY_SNAPSHOT_LIMIT)
            .await
        {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "lobby stream: cannot list the open games");
                return Err(Gone);
            }
        };
        self.open = games.iter().map(|g| g.id.clone()).collect();
        let views: Vec<GameView> = games.iter().filter_map(view).collect();
        self.sink
            .event(None, &json!({"type": "snapshot", "games": views}));
        Ok(())
    }

    fn change(&mut self, transition: &Transition) {
        let id = &transition.game.id;
        for event in &transition.events {
            let payload: Option<Value> = match event {
                GameEvent::Created { .. } if transition.game.status == GameStatus::Waiting => {
                    if !self.open.insert(id.clone()) {
                        continue;
                    }
                    view(&transition.game).map(|game| json!({"type": "created", "game": game}))
                }
                GameEvent::Joined { .. } => self.left(id, "joined"),
                GameEvent::Cancelled { .. } => self.left(id, "cancelled"),
                GameEvent::Expired { .. } => self.left(id, "expired"),
                _ => None,
            };
            if let Some(payload) = payload {
                self.sink.event(None, &payload);
            }
        }
    }

    /// A change another node committed: the game entered or left the lobby, or neither.
    fn reconcile(&mut self, game: &Game) {
        let known = self.open.contains(&game.id);
        let payload = match game.status {
            GameStatus::Waiting if !known => {
                self.open.insert(game.id.clone());
                view(game).map(|view| json!({"type": "created", "game": view}))
            }
            GameStatus::Waiting => None,
            GameStatus::Active | GameStatus::Finished => self.left(&game.id, "joined"),
            GameStatus::Cancelled => self.left(&game.id, "cancelled"),
            _ => self.left(&game.id, "expired"),
        };
        if let Some(payload) = payload {
            self.sink.event(None, &payload);
        }
    }

    fn left(&mut self, id: &GameId, kind: &str) -> Option<Value> {
        self.open
            .remove(id)
            .then(|| json!({"type": kind, "id": id.as_str()}))
    }
}
