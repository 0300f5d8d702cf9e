//! Several processes on one PostgreSQL behave as one: each listens (one
//! connection) for the changes any node commits, reads the game and
//! rebuilds its events once, and hands both to its subscribers: a node
//! reads each change once, however many follow the game. When the
//! connection drops, every subscriber of this process catches up from the
//! database, and the tokens of its streams are checked again (a
//! revocation may have been missed).
//!
//! A token's deletion is announced on the same connection: every node
//! ends the streams opened with it. So is a tournament's change: every
//! node's streams of it read it again.
//!
//! Changes are announced by the node that committed them, after the
//! commit (`store::announcements`): one killed in between leaves the
//! others unaware. So every `reconcile_every`, each node reads the
//! stored versions of the games its game streams follow and hands on,
//! as if announced, every one newer than the version they were handed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::{Announced, Hub, Signal};
use crate::domain::GameId;
use crate::games::Games;
use crate::store::{ChangeListener, Heard, Store};

/// How long to wait before listening again after a failure.
const RELISTEN_AFTER: Duration = Duration::from_millis(500);

impl Hub {
    /// Follows PostgreSQL's announcements until the process ends (nothing
    /// on SQLite: a SQLite file is served by one process). Returns once
    /// this process listens (or failed to, and keeps trying), so that a
    /// server serves no stream before it hears the other nodes.
    /// Every `reconcile_every` (none if zero) it also reconciles the
    /// versions of the games followed here with the stored ones.
    pub async fn follow_other_nodes(&self, store: Store, games: Games, reconcile_every: Duration) {
        if !matches!(store, Store::Postgres(_)) {
            return;
        }
        if !reconcile_every.is_zero() {
            tokio::spawn(
                self.clone()
                    .reconcile(store.clone(), games.clone(), reconcile_every),
            );
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
                Ok(Heard::Changed(changes)) => {
                    for (game, version) in changes {
                        self.announced(store, games, game, version).await
                    }
                }
                Ok(Heard::Revoked(token)) => self.revoke(&token),
                Ok(Heard::WebhookDisabled(disabled)) => {
                    // This node told its own streams when it disabled it.
                    if disabled.origin == self.node() {
                        continue;
                    }
                    if let Ok(player) = crate::domain::PlayerId::parse(&disabled.player) {
                        let notice = super::Notice::WebhookDisabled {
                            endpoint: disabled.endpoint,
                            url: disabled.url,
                            reason: disabled.reason,
                            at: disabled.at,
                        };
                        self.tell_player(&player, notice);
                    }
                }
                Ok(Heard::TournamentChanged(id)) => self.tournament_changed(&id),
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

    async fn announced(&self, store: &Store, games: &Games, id: GameId, version: i64) {
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
        self.heard_of(&id, game.version);
        let announced = Arc::new(Announced { game, events });
        let signal = Signal::Committed(announced.clone());
        self.tell_players(&announced.game, &signal);
        for sender in game_sender.into_iter().chain(lobby_sender) {
            let _ = sender.send(signal.clone());
        }
    }
}

impl Hub {
    /// Every `every`, hands on the changes of followed games that this
    /// node was not told of, until the process ends.
    async fn reconcile(self, store: Store, games: Games, every: Duration) {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let followed = self.known_versions();
            if followed.is_empty() {
                continue;
            }
            let ids: Vec<GameId> = followed.keys().cloned().collect();
            let stored = match store.game_versions(&ids).await {
                Ok(stored) => stored,
                Err(error) => {
                    tracing::warn!(%error, "cannot reconcile the followed games' versions");
                    continue;
                }
            };
            for (id, version) in stored {
                if followed.get(&id).is_some_and(|&known| version > known) {
                    metrics::counter!("oanquan_reconciled_changes_total").increment(1);
                    self.announced(&store, &games, id, version).await;
                }
            }
        }
    }

    /// The games whose streams someone follows here, each with the newest
    /// version handed to them.
    fn known_versions(&self) -> HashMap<GameId, i64> {
        let games = self.games.lock().expect("hub lock");
        games
            .iter()
            .filter(|(_, channel)| channel.sender.receiver_count() > 0)
            .map(|(id, channel)| (id.clone(), channel.known))
            .collect()
    }

    /// The followers of game `id` were handed its `version`.
    fn heard_of(&self, id: &GameId, version: i64) {
        if let Some(channel) = self.games.lock().expect("hub lock").get_mut(id) {
            channel.known = channel.known.max(version);
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
