//! The push side's fan-out: one task of this process follows every
//! committed transition ([`Games::subscribe`]) and hands each to the
//! subscribers of its game and of the lobby. Each subscriber has a bounded
//! buffer; one that falls behind (or when this hub itself fell behind) is
//! told to resynchronise from the database, never silently skipped.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use crate::domain::GameId;
use crate::games::{Games, Transition};
use crate::store::Game;

mod nodes;
pub mod settings;

pub use settings::StreamSettings;

/// How many transitions one subscriber may have waiting before it is
/// resynchronised from the database.
pub const SUBSCRIBER_BUFFER: usize = 64;

/// What a subscriber hears.
#[derive(Clone, Debug)]
pub enum Signal {
    Changed(Arc<Transition>),
    /// The game as stored after a change some node committed (announced
    /// by PostgreSQL): catch up to it from the database.
    Committed(Arc<Game>),
    /// Something may have been missed: read the database again.
    Resync,
}

/// The per-game and lobby channels of this process. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Hub {
    games: Arc<Mutex<HashMap<GameId, broadcast::Sender<Signal>>>>,
    lobby: Arc<Mutex<Option<broadcast::Sender<Signal>>>>,
    dispatched: Arc<AtomicUsize>,
}

/// Every this many transitions the channels of games nobody follows any
/// more are dropped.
const PRUNE_EVERY: usize = 256;

impl Hub {
    /// A hub fed by a task that follows `games` until the process ends.
    pub fn start(games: &Games) -> Hub {
        let hub = Hub::default();
        let mut published = games.subscribe();
        let feeder = hub.clone();
        tokio::spawn(async move {
            loop {
                match published.recv().await {
                    Ok(transition) => feeder.dispatch(transition),
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "stream hub fell behind; subscribers resync");
                        feeder.resync_all();
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
        hub
    }

    /// Follows one game from now on.
    pub fn watch_game(&self, id: &GameId) -> broadcast::Receiver<Signal> {
        let mut games = self.games.lock().expect("hub lock");
        games
            .entry(id.clone())
            .or_insert_with(|| broadcast::channel(SUBSCRIBER_BUFFER).0)
            .subscribe()
    }

    /// Follows every game (the lobby and the players' streams filter).
    pub fn watch_all(&self) -> broadcast::Receiver<Signal> {
        let mut lobby = self.lobby.lock().expect("hub lock");
        lobby
            .get_or_insert_with(|| broadcast::channel(SUBSCRIBER_BUFFER).0)
            .subscribe()
    }

    /// How many game channels this process holds (for tests and metrics).
    pub fn watched_games(&self) -> usize {
        self.games.lock().expect("hub lock").len()
    }

    fn dispatch(&self, transition: Arc<Transition>) {
        {
            let mut games = self.games.lock().expect("hub lock");
            if let Some(sender) = games.get(&transition.game.id) {
                if sender.send(Signal::Changed(transition.clone())).is_err() {
                    games.remove(&transition.game.id);
                }
            }
            if self.dispatched.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == 0 {
                games.retain(|_, sender| sender.receiver_count() > 0);
            }
        }
        if let Some(lobby) = self.lobby.lock().expect("hub lock").as_ref() {
            let _ = lobby.send(Signal::Changed(transition));
        }
    }

    fn senders_of(
        &self,
        id: &GameId,
    ) -> (
        Option<broadcast::Sender<Signal>>,
        Option<broadcast::Sender<Signal>>,
    ) {
        let game = self.games.lock().expect("hub lock").get(id).cloned();
        let lobby = self.lobby.lock().expect("hub lock").clone();
        (game, lobby)
    }

    fn resync_all(&self) {
        let mut games = self.games.lock().expect("hub lock");
        games.retain(|_, sender| sender.send(Signal::Resync).is_ok());
        if let Some(lobby) = self.lobby.lock().expect("hub lock").as_ref() {
            let _ = lobby.send(Signal::Resync);
        }
    }
}
