//! Several processes on one PostgreSQL behave as one: each listens (one
//! connection) for the changes any node commits, reads the game once, and
//! hands it to its subscribers, who catch up from the database. When the
//! connection drops, every subscriber of this process catches up.

use std::sync::Arc;
use std::time::Duration;

use super::{Hub, Signal};
use crate::store::{Heard, Store};

/// How long to wait before listening again after a failure.
const RELISTEN_AFTER: Duration = Duration::from_millis(500);

impl Hub {
    /// Follows PostgreSQL's announcements until the process ends (nothing
    /// on SQLite: a SQLite file is served by one process).
    pub fn follow_other_nodes(&self, store: Store) {
        if !matches!(store, Store::Postgres(_)) {
            return;
        }
        let hub = self.clone();
        tokio::spawn(async move {
            loop {
                match store.change_listener().await {
                    Ok(Some(mut listener)) => loop {
                        match listener.next().await {
                            Ok(Heard::Changed { game, version }) => {
                                hub.announced(&store, game, version).await
                            }
                            Ok(Heard::Lost) => hub.resync_all(),
                            Err(error) => {
                                tracing::warn!(%error, "change listener failed; listening again");
                                hub.resync_all();
                                break;
                            }
                        }
                    },
                    Ok(None) => return,
                    Err(error) => tracing::warn!(%error, "cannot listen for changes"),
                }
                tokio::time::sleep(RELISTEN_AFTER).await;
                hub.resync_all();
            }
        });
    }

    async fn announced(&self, store: &Store, id: crate::domain::GameId, version: i64) {
        let (game_sender, lobby_sender) = self.senders_of(&id);
        if game_sender.is_none() && lobby_sender.is_none() && !self.follows_players() {
            return;
        }
        let game = match store.game_by_id(&id).await {
            Ok(Some(game)) if game.version >= version => Arc::new(game),
            Ok(_) => return,
            Err(error) => {
                tracing::warn!(%error, game_id = %id, "cannot read an announced game");
                self.resync_all();
                return;
            }
        };
        let signal = Signal::Committed(game.clone());
        self.tell_players(&game, &signal);
        for sender in game_sender.into_iter().chain(lobby_sender) {
            let _ = sender.send(signal.clone());
        }
    }
}
