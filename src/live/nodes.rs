//! Several processes on one PostgreSQL behave as one: each listens (one
//! connection) for the changes any node commits, reads the game and
//! rebuilds its events once, and hands both to its subscribers: a node
//! reads each change once, however many follow the game. When the
//! connection drops, every subscriber of this process catches up from the
//! database, and the tokens of its streams are checked again (a
//! revocation may have been missed).
//!
//! A token's deletion is announced on the same connection: every node
//! ends the streams opened with it.

use std::sync::Arc;
use std::time::Duration;

use super::{Announced, Hub, Signal};
use crate::games::Games;
use crate::store::{ChangeListener, Heard, Store};

/// How long to wait before listening again after a failure.
const RELISTEN_AFTER: Duration = Duration::from_millis(500);

impl Hub {
    /// Follows PostgreSQL's announcements until the process ends (nothing
    /// on SQLite: a SQLite file is served by one process). Returns once
    /// this process listens (or failed to, and keeps trying), so that a
    /// server serves no stream before it hears the other nodes.
    pub async fn follow_other_nodes(&self, store: Store, games: Games) {
        if !matches!(store, Store::Postgres(_)) {
            return;
        }
        let mut listening = listen(&store).await;
        let hub = self.clone();
        tokio::spawn(async move {
            // Streams served while this process did not listen catch up
            // once it does.
            let mut missed = listening.is_none();
            loop {
                if let Some(mut listener) = listening.take() {
                    if missed {
                        hub.resync_all();
                        hub.recheck_tokens(&store).await;
                    }
                    hub.hear(&store, &games, &mut listener).await;
                }
                missed = true;
                tokio::time::sleep(RELISTEN_AFTER).await;
                listening = listen(&store).await;
            }
        });
    }

    /// Hands on what `listener` hears until its connection fails.
    async fn hear(&self, store: &Store, games: &Games, listener: &mut ChangeListener) {
        loop {
            match listener.next().await {
                Ok(Heard::Changed { game, version }) => {
                    self.announced(store, games, game, version).await
                }
                Ok(Heard::Revoked(token)) => self.revoke(&token),
                Ok(Heard::Lost) => {
                    self.resync_all();
                    self.recheck_tokens(store).await;
                }
                Err(error) => {
                    // Its subscribers catch up once this process listens again.
                    tracing::warn!(%error, "change listener failed; listening again");
                    return;
                }
            }
        }
    }

    async fn announced(
        &self,
        store: &Store,
        games: &Games,
        id: crate::domain::GameId,
        version: i64,
    ) {
        if self.dispatched_here(&id, version) {
            return;
        }
        let (game_sender, lobby_sender) = self.senders_of(&id);
        if game_sender.is_none() && lobby_sender.is_none() && !self.follows_players() {
            return;
        }
        let game = match games.game(store, &id).await {
            Ok(Some(game)) if game.version >= version => game,
            Ok(_) => return,
            Err(error) => {
                tracing::warn!(%error, game_id = %id, "cannot read an announced game");
                self.resync_all();
                return;
            }
        };
        let events = match &game_sender {
            Some(_) => games.events_after(store, &game, 0).await.unwrap_or_else(|error| {
                tracing::warn!(%error, game_id = %id, "cannot rebuild an announced game's events");
                None
            }),
            None => None,
        };
        let announced = Arc::new(Announced { game, events });
        let signal = Signal::Committed(announced.clone());
        self.tell_players(&announced.game, &signal);
        for sender in game_sender.into_iter().chain(lobby_sender) {
            let _ = sender.send(signal.clone());
        }
    }
}

async fn listen(store: &Store) -> Option<ChangeListener> {
    match store.change_listener().await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, "cannot listen for changes; trying again");
            None
        }
    }
}
