//! One subscriber of one game: a snapshot or the events after its
//! `Last-Event-ID` from the database, then the hub's live events, each
//! once and in version order, until the game's final event.

use std::sync::Arc;

use bytes::Bytes;

use super::{Feed, Gone, Out, Reader, Step};
use crate::domain::{GameId, GameStatus};
use crate::engine::Position;
use crate::games::Game;
use crate::games::{self, GameEvent};
use crate::live::{Change, Signal};

/// What a game's stream writes, each with its `version` as its id.
pub trait GameOut: Out {
    /// The game as it stands (at `position`).
    fn snapshot(&self, game: &Game, position: &Position);

    /// `events` (in version order) as one chunk; empty when there are none.
    fn encode<'a>(&self, events: impl Iterator<Item = &'a GameEvent>) -> Bytes;

    /// Which of a change's shared encodings ([`Change::encoded`]) is this
    /// output's: outputs that encode alike share one.
    fn encoding(&self) -> usize;

    /// Writes a chunk of [`GameOut::encode`].
    fn send(&self, chunk: Bytes);
}

/// The events of a change that its game's stream sends (a game's creation
/// precedes every subscriber).
fn sent(events: &[GameEvent]) -> impl DoubleEndedIterator<Item = &GameEvent> {
    events
        .iter()
        .filter(|event| !matches!(event, GameEvent::Created { .. }))
}

/// One subscriber of one game, as its stream's driver runs it.
pub struct Follower<O> {
    source: Reader,
    out: O,
    game_id: GameId,
    /// The version of the last change this subscriber was sent.
    last: i64,
    done: bool,
}

/// The start of one game stream: the snapshot, or the changes after
/// `since`; then the driver follows the hub's signals until the game's
/// final event, the client leaving, or the hub closing.
pub fn start<O: GameOut>(
    source: Reader,
    game: Game,
    since: Option<i64>,
    out: O,
) -> Step<Follower<O>> {
    let mut follower = Follower {
        source,
        out,
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

impl<O: GameOut> Feed for Follower<O> {
    type Out = O;

    fn out(&self) -> &O {
        &self.out
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
            Signal::Committed(_) | Signal::Notice(_) => Step::Idle(self),
            Signal::Resync => self.work(|follower| Box::pin(follower.reread())),
        }
    }
}

type Reading<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), Gone>> + 'a>>;

impl<O: GameOut> Follower<O> {
    /// Idle again, or the end (the game's final event was sent, or `Gone`).
    fn after(self, sent: Result<(), Gone>) -> Step<Self> {
        if sent.is_err() || self.done {
            Step::End(self)
        } else {
            Step::Idle(self)
        }
    }

    /// Runs `reading` (a path that reads the database) as the driver's work.
    fn work(
        self,
        reading: impl for<'a> FnOnce(&'a mut Follower<O>) -> Reading<'a> + 'static,
    ) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut follower = self;
            let sent = reading(&mut follower).await;
            follower.after(sent)
        }))
    }

    fn snapshot(&mut self, game: &Game) -> Result<(), Gone> {
        let Ok(position) = games::position_of(game) else {
            tracing::error!(game_id = %game.id, "stream: the stored game does not read back");
            return Err(Gone);
        };
        self.out.snapshot(game, &position);
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
        self.out.send(self.out.encode(sent(events)));
        self.last = last;
        self.done = status.is_final();
    }

    /// The changes after `self.last` as stored, or a snapshot when they
    /// cannot be rebuilt.
    async fn catch_up(&mut self, game: Game) -> Result<(), Gone> {
        let source = &*self.source;
        match source
            .games()
            .events_after(source.store(), &game, self.last)
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
        let source = &*self.source;
        match source.games().game(source.store(), &self.game_id).await {
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
        let out = &self.out;
        let chunk = transition.encoded(out.encoding(), |t| out.encode(sent(&t.events)));
        if !chunk.is_empty() {
            self.out.send(chunk);
            self.done = transition.game.status.is_final();
        }
        self.last = version;
        self.after(Ok(()))
    }
}
