//! One subscriber of one game: a snapshot or the events after its
//! `Last-Event-ID` from the database, then the hub's live events, each
//! once and in version order, until the game's final event.

use serde_json::{json, Value};
use tokio::sync::broadcast::{error::RecvError, Receiver};

use super::streaming::{Gone, Pulse, Sink};
use super::views::{EventView, GameView};
use super::AppState;
use crate::domain::{GameId, GameStatus};
use crate::games::{self, GameEvent};
use crate::live::{Announced, Signal};
use crate::store::Game;

/// No further change can come to a game in this status.
pub fn is_final(status: GameStatus) -> bool {
    !matches!(status, GameStatus::Waiting | GameStatus::Active)
}

/// A game event as the streams send it: the Games layer's serialization,
/// with the move's trace rendered as the API's move view does.
pub fn event_payload(event: &GameEvent) -> Value {
    let mut payload = serde_json::to_value(event).unwrap_or(Value::Null);
    if let GameEvent::Move { played, .. } = event {
        payload["move"]["events"] = json!(EventView::all(&played.trace));
    }
    payload
}

pub fn snapshot_payload(game: &Game) -> Option<Value> {
    let position = games::position_of(game).ok()?;
    Some(json!({
        "type": "snapshot",
        "version": game.version,
        "game": GameView::of(game, &position),
    }))
}

struct Follower<'a> {
    state: &'a AppState,
    sink: Sink,
    game_id: GameId,
    /// The version of the last change this subscriber was sent.
    last: i64,
    done: bool,
}

/// Runs one game stream to its end (the game's final event, the client
/// leaving, or the hub closing).
pub async fn follow(
    state: &AppState,
    game: Game,
    since: Option<i64>,
    mut signals: Receiver<Signal>,
    sink: Sink,
    mut pulse: Pulse,
) {
    let mut follower = Follower {
        state,
        sink,
        game_id: game.id.clone(),
        last: 0,
        done: false,
    };
    // The paths that read the database are boxed, and the game read at the
    // start is gone once sent: a subscriber spends its life idle in the loop
    // below, holding this task's state (BENCHMARKS.md, "Streams under load").
    let started = Box::pin(follower.start(game, since)).await;
    if started.is_err() || follower.done {
        return;
    }
    loop {
        let sent = tokio::select! {
            signal = signals.recv() => match signal {
                Ok(Signal::Changed(transition)) => Box::pin(follower.live(&transition)).await,
                Ok(Signal::Committed(announced)) if announced.game.version > follower.last => {
                    Box::pin(follower.announced(&announced)).await
                }
                Ok(Signal::Committed(_)) => Ok(()),
                Ok(Signal::Resync) | Err(RecvError::Lagged(_)) => Box::pin(follower.reread()).await,
                Err(RecvError::Closed) => return,
            },
            tick = pulse.next() => follower.sink.on(tick).await,
        };
        if sent.is_err() || follower.done {
            return;
        }
    }
}

impl Follower<'_> {
    /// The snapshot, or the changes after `since`.
    async fn start(&mut self, game: Game, since: Option<i64>) -> Result<(), Gone> {
        match since {
            None => self.snapshot(&game).await,
            Some(since) => {
                self.last = since;
                self.catch_up(game).await
            }
        }
    }

    async fn snapshot(&mut self, game: &Game) -> Result<(), Gone> {
        let Some(payload) = snapshot_payload(game) else {
            tracing::error!(game_id = %game.id, "stream: the stored game does not read back");
            return Err(Gone);
        };
        self.sink.event(Some(game.version), &payload).await?;
        self.last = game.version;
        self.done = is_final(game.status);
        Ok(())
    }

    /// The events of one change (one version), in one write: the move that
    /// ends a game and its `ended` share their id, so a client whose
    /// connection drops between them would resume past the `ended`.
    async fn send(&mut self, events: &[GameEvent], status: GameStatus) -> Result<(), Gone> {
        let sent: Vec<_> = events
            .iter()
            .filter(|event| !matches!(event, GameEvent::Created { .. }))
            .map(|event| (Some(event.version()), event_payload(event)))
            .collect();
        let Some(last) = sent.last().and_then(|(version, _)| *version) else {
            return Ok(());
        };
        self.sink.events(&sent).await?;
        self.last = last;
        self.done = is_final(status);
        Ok(())
    }

    /// The changes after `self.last` as stored, or a snapshot when they
    /// cannot be rebuilt.
    async fn catch_up(&mut self, game: Game) -> Result<(), Gone> {
        match self
            .state
            .games
            .events_after(&self.state.store, &game, self.last)
            .await
        {
            Ok(Some(events)) => self.replay(&game, &events).await,
            Ok(None) => self.snapshot(&game).await,
            Err(error) => {
                tracing::error!(game_id = %game.id, %error, "stream: cannot rebuild the events");
                self.snapshot(&game).await
            }
        }
    }

    /// A change another node committed: its events as this node rebuilt
    /// them once for every follower, or the database when it could not.
    async fn announced(&mut self, announced: &Announced) -> Result<(), Gone> {
        match &announced.events {
            Some(events) => self.replay(&announced.game, events).await,
            None => self.catch_up(announced.game.clone()).await,
        }
    }

    /// Sends those of `events` (every event up to `game.version`, or the
    /// tail of them, in version order) this subscriber was not sent yet.
    async fn replay(&mut self, game: &Game, events: &[GameEvent]) -> Result<(), Gone> {
        let unsent = &events[events.partition_point(|event| event.version() <= self.last)..];
        for change in unsent.chunk_by(|a, b| a.version() == b.version()) {
            self.send(change, GameStatus::Active).await?;
        }
        self.last = self.last.max(game.version);
        self.done = is_final(game.status);
        Ok(())
    }

    async fn reread(&mut self) -> Result<(), Gone> {
        match self.state.store.game_by_id(&self.game_id).await {
            Ok(Some(game)) => self.catch_up(game).await,
            _ => Err(Gone),
        }
    }

    async fn live(&mut self, transition: &games::Transition) -> Result<(), Gone> {
        let version = transition.game.version;
        if version <= self.last {
            return Ok(());
        }
        let first = transition
            .events
            .first()
            .map_or(version, GameEvent::version);
        if first != self.last + 1 {
            // Published out of commit order (two writers of one game): the
            // database has both.
            return self.catch_up(transition.game.clone()).await;
        }
        self.send(&transition.events, transition.game.status)
            .await?;
        self.last = version;
        Ok(())
    }
}
