//! One subscriber of the lobby: the open (waiting) games, then each one
//! appearing or leaving, once. A subscriber that fell behind gets a fresh
//! snapshot.

use std::collections::HashSet;

use serde_json::{json, Value};
use tokio::sync::broadcast::{error::RecvError, Receiver};

use super::streaming::{Gone, Pulse, Sink};
use super::views::GameView;
use super::AppState;
use crate::domain::{GameId, GameStatus};
use crate::games::{self, GameEvent, Transition};
use crate::live::Signal;
use crate::store::{Game, GameFilter};

/// The most open games a lobby snapshot lists (newest first).
pub const LOBBY_SNAPSHOT_LIMIT: u32 = 200;

fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

struct Lobby<'a> {
    state: &'a AppState,
    sink: Sink,
    open: HashSet<GameId>,
}

pub async fn follow(state: &AppState, mut signals: Receiver<Signal>, sink: Sink, mut pulse: Pulse) {
    let mut lobby = Lobby {
        state,
        sink,
        open: HashSet::new(),
    };
    if lobby.snapshot().await.is_err() {
        return;
    }
    loop {
        let sent = tokio::select! {
            signal = signals.recv() => match signal {
                Ok(Signal::Changed(transition)) => lobby.change(&transition).await,
                Ok(Signal::Committed(announced)) => lobby.reconcile(&announced.game).await,
                Ok(Signal::Resync) | Err(RecvError::Lagged(_)) => lobby.snapshot().await,
                Err(RecvError::Closed) => return,
            },
            tick = pulse.next() => lobby.sink.on(tick).await,
        };
        if sent.is_err() {
            return;
        }
    }
}

impl Lobby<'_> {
    async fn snapshot(&mut self) -> Result<(), Gone> {
        let filter = GameFilter {
            status: Some(GameStatus::Waiting),
            ..GameFilter::default()
        };
        let games = match self
            .state
            .store
            .list_games(&filter, None, LOBBY_SNAPSHOT_LIMIT)
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
            .event(None, &json!({"type": "snapshot", "games": views}))
            .await
    }

    async fn change(&mut self, transition: &Transition) -> Result<(), Gone> {
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
                self.sink.event(None, &payload).await?;
            }
        }
        Ok(())
    }

    /// A change another node committed: the game entered or left the lobby, or neither.
    async fn reconcile(&mut self, game: &Game) -> Result<(), Gone> {
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
        match payload {
            Some(payload) => self.sink.event(None, &payload).await,
            None => Ok(()),
        }
    }

    fn left(&mut self, id: &GameId, kind: &str) -> Option<Value> {
        self.open
            .remove(id)
            .then(|| json!({"type": kind, "id": id.as_str()}))
    }
}
