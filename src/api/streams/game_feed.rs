//! One subscriber of one game: a snapshot or the events after its
//! `Last-Event-ID` from the database, then the hub's live events, each
//! once and in version order, until the game's final event.

use std::sync::Arc;

use actix_web::web::{self, Bytes};
use serde_json::{json, Value};

use crate::api::streams::stream_body::{Feed, Step};
use crate::api::streams::streaming::{Framing, Gone, Sink};
use crate::api::views::{EventView, GameView};
use crate::api::AppState;
use crate::domain::{GameId, GameStatus};
use crate::games::Game;
use crate::games::{self, GameEvent};
use crate::live::{Change, Signal};

/// A game event as the streams send it: the Games layer's serialization,
/// with the move's trace rendered as the API's move view does.
pub fn event_payload(event: &GameEvent) -> Value {
    let mut payload = serde_json::to_value(event).unwrap_or(Value::Null);
    if let GameEvent::Move { played, .. } = event {
        payload["move"]["events"] = json!(EventView::all(&played.trace));
    }
    payload
}

/// The events of a change that its game's stream sends (a game's creation
/// precedes every subscriber).
fn sent(events: &[GameEvent]) -> impl DoubleEndedIterator<Item = &GameEvent> {
    events
        .iter()
        .filter(|event| !matches!(event, GameEvent::Created { .. }))
}

/// The events of one change as one chunk, each with its version as `id`.
fn framed(framing: Framing, events: &[GameEvent]) -> Bytes {
    let mut chunk = Vec::new();
    for event in sent(events) {
        chunk.extend_from_slice(&framing.event(Some(event.version()), &event_payload(event)));
    }
    Bytes::from(chunk)
}

pub fn snapshot_payload(game: &Game) -> Option<Value> {
    let position = games::position_of(game).ok()?;
    Some(json!({
        "type": "snapshot",
        "version": game.version,
        "game": GameView::of(game, &position),
    }))
}

/// One subscriber of one game, as its stream's body runs it.
pub struct Follower {
    state: web::Data<AppState>,
    sink: Sink,
    game_id: GameId,
    /// The version of the last change this subscriber was sent.
    last: i64,
    done: bool,
}

/// The start of one game stream: the snapshot, or the changes after
/// `since`; then the body follows the hub's signals until the game's final
/// event, the client leaving, or the hub closing.
pub fn start(
    state: web::Data<AppState>,
    game: Game,
    since: Option<i64>,
    sink: Sink,
) -> Step<Follower> {
    let mut follower = Follower {
        state,
        sink,
        game_id: game.id.clone(),
        last: 0,
        done: false,
    };
    match since {
        None => {
            let sent = follower.snapshot(&game);
            follower.after(sent)
        }
        Some(since) => {
            follower.last = since;
            follower.work(|follower| Box::pin(follower.catch_up(game)))
        }
    }
}

impl Feed for Follower {
    fn sink(&self) -> &Sink {
        &self.sink
    }

    fn hear(mut self, signal: Signal) -> Step<Self> {
        match signal {
            Signal::Changed(transition) => self.live(transition),
            Signal::Committed(announced) if announced.game.version > self.last => {
                match &announced.events {
                    Some(events) => {
                        self.replay(&announced.game, events);
                        self.after(Ok(()))
                    }
                    None => {
                        let game = announced.game.clone();
                        self.work(|follower| Box::pin(follower.catch_up(game)))
                    }
                }
            }
            Signal::Committed(_) => Step::Idle(self),
            Signal::Resync => self.work(|follower| Box::pin(follower.reread())),
        }
    }
}

type Reading<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), Gone>> + 'a>>;

impl Follower {
    /// Idle again, or the end (the game's final event was sent, or `Gone`).
    fn after(self, sent: Result<(), Gone>) -> Step<Self> {
        if sent.is_err() || self.done {
            Step::End(self)
        } else {
            Step::Idle(self)
        }
    }

    /// Runs `reading` (a path that reads the database) as the body's work.
    fn work(
        self,
        reading: impl for<'a> FnOnce(&'a mut Follower) -> Reading<'a> + 'static,
    ) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut follower = self;
            let sent = reading(&mut follower).await;
            follower.after(sent)
        }))
    }

    fn snapshot(&mut self, game: &Game) -> Result<(), Gone> {
        let Some(payload) = snapshot_payload(game) else {
            tracing::error!(game_id = %game.id, "stream: the stored game does not read back");
            return Err(Gone);
        };
        self.sink.event(Some(game.version), &payload);
        self.last = game.version;
        self.done = game.status.is_final();
        Ok(())
    }

    /// The events of one change (one version), in one write: the move that
    /// ends a game and its `ended` share their id, so a client whose
    /// connection drops between them would resume past the `ended`.
    fn send(&mut self, events: &[GameEvent], status: GameStatus) {
        let Some(last) = sent(events).last().map(GameEvent::version) else {
            return;
        };
        self.sink.send(framed(self.sink.framing, events));
        self.last = last;
        self.done = status.is_final();
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
            Ok(Some(events)) => {
                self.replay(&game, &events);
                Ok(())
            }
            Ok(None) => self.snapshot(&game),
            Err(error) => {
                tracing::error!(game_id = %game.id, %error, "stream: cannot rebuild the events");
                self.snapshot(&game)
            }
        }
    }

    /// Sends those of `events` (every event up to `game.version`, or the
    /// tail of them, in version order) this subscriber was not sent yet.
    fn replay(&mut self, game: &Game, events: &[GameEvent]) {
        let unsent = &events[events.partition_point(|event| event.version() <= self.last)..];
        for change in unsent.chunk_by(|a, b| a.version() == b.version()) {
            self.send(change, GameStatus::Active);
        }
        self.last = self.last.max(game.version);
        self.done = game.status.is_final();
    }

    async fn reread(&mut self) -> Result<(), Gone> {
        match self
            .state
            .games
            .game(&self.state.store, &self.game_id)
            .await
        {
            Ok(Some(game)) => self.catch_up(game).await,
            _ => Err(Gone),
        }
    }

    fn live(mut self, transition: Arc<Change>) -> Step<Self> {
        let version = transition.game.version;
        if version <= self.last {
            return Step::Idle(self);
        }
        let first = transition
            .events
            .first()
            .map_or(version, GameEvent::version);
        if first != self.last + 1 {
            // Published out of commit order (two writers of one game): the
            // database has both.
            let game = transition.game.clone();
            return self.work(|follower| Box::pin(follower.catch_up(game)));
        }
        // The same bytes for every subscriber of this node that follows in
        // order: encoded once, by the first of them.
        let framing = self.sink.framing;
        let chunk = transition.encoded(framing.index(), |t| framed(framing, &t.events));
        if !chunk.is_empty() {
            self.sink.send(chunk);
            self.done = transition.game.status.is_final();
        }
        self.last = version;
        self.after(Ok(()))
    }
}
