//! One subscriber of the lobby: the open (waiting) games, then each one
//! appearing or leaving, once. A subscriber that fell behind gets a fresh
//! snapshot.

use std::collections::HashSet;

use super::{Feed, Gone, Out, Reader, Step};
use crate::domain::{GameId, GameStatus};
use crate::games::Game;
use crate::games::{GameEvent, Transition};
use crate::live::Signal;
use crate::store::GameFilter;

/// The most open games a lobby snapshot lists (newest first).
pub const LOBBY_SNAPSHOT_LIMIT: u32 = 200;

/// Why a game left the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    Joined,
    Cancelled,
    Expired,
}

/// What the lobby's stream writes.
pub trait LobbyOut: Out {
    /// The open games, newest first.
    fn snapshot(&self, games: &[Game]);

    /// A game that appeared (opened).
    fn created(&self, game: &Game);

    /// A game that left, and why.
    fn left(&self, id: &GameId, why: Left);
}

/// One subscriber of the lobby, as its stream's driver runs it.
pub struct Lobby<O> {
    source: Reader,
    out: O,
    open: HashSet<GameId>,
}

/// The start of a lobby stream (the snapshot); the driver then follows the
/// hub's signals until the client leaves or the server stops.
pub fn start<O: LobbyOut>(source: Reader, out: O) -> Step<Lobby<O>> {
    Lobby {
        source,
        out,
        open: HashSet::new(),
    }
    .resync()
}

impl<O: LobbyOut> Feed for Lobby<O> {
    type Out = O;

    fn out(&self) -> &O {
        &self.out
    }

    fn hear(mut self, signal: Signal) -> Step<Self> {
        match signal {
            Signal::Changed(transition) => self.change(&transition),
            Signal::Committed(announced) => self.reconcile(&announced.game),
            Signal::Resync => return self.resync(),
            Signal::Notice(_) => {}
        }
        Step::Idle(self)
    }
}

impl<O: LobbyOut> Lobby<O> {
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
        let source = &*self.source;
        let games = match source
            .games()
            .list(source.store(), &filter, None, LOBBY_SNAPSHOT_LIMIT)
            .await
        {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "lobby stream: cannot list the open games");
                return Err(Gone);
            }
        };
        self.open = games.iter().map(|g| g.id.clone()).collect();
        self.out.snapshot(&games);
        Ok(())
    }

    fn change(&mut self, transition: &Transition) {
        let id = &transition.game.id;
        for event in &transition.events {
            match event {
                GameEvent::Created { .. } if transition.game.status == GameStatus::Waiting => {
                    self.opened(&transition.game)
                }
                GameEvent::Joined { .. } => self.left(id, Left::Joined),
                GameEvent::Cancelled { .. } | GameEvent::Declined { .. } => {
                    self.left(id, Left::Cancelled)
                }
                GameEvent::Expired { .. } => self.left(id, Left::Expired),
                _ => {}
            }
        }
    }

    /// A change another node committed: the game entered or left the lobby, or neither.
    fn reconcile(&mut self, game: &Game) {
        match game.status {
            GameStatus::Waiting => self.opened(game),
            GameStatus::Active | GameStatus::Finished => self.left(&game.id, Left::Joined),
            GameStatus::Cancelled => self.left(&game.id, Left::Cancelled),
            _ => self.left(&game.id, Left::Expired),
        }
    }

    fn opened(&mut self, game: &Game) {
        if self.open.insert(game.id.clone()) {
            self.out.created(game);
        }
    }

    fn left(&mut self, id: &GameId, why: Left) {
        if self.open.remove(id) {
            self.out.left(id, why);
        }
    }
}
