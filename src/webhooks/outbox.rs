//! The outbox: the hook that writes, in a transition's own transaction,
//! one delivery per event and subscribed endpoint of the game's players.
//! A move acknowledged is a move whose deliveries are stored.
//!
//! Which moves it costs the PostgreSQL one-statement path: it wants every
//! transition that makes an event, but guards the plain move (one that
//! does not end its game): that statement stores nothing when a player of
//! the game has an enabled endpoint subscribed to `game.move`, and the
//! move is then played as a unit of work, where this hook writes its row.
//! Games whose players subscribe to no moves keep the one statement.

use std::collections::HashSet;
use std::sync::Mutex;

use chrono::TimeDelta;

use super::delivery_id;
use super::events::{makes_events, of_transition, only_a_move, players_of};
use crate::games::{HookFailed, HookFuture, SharedTime, Transition, TxHook};
use crate::store::WriteTx;

/// How long a delivery is retried before it is marked failed.
pub const RETRY_FOR: TimeDelta = TimeDelta::hours(24);

/// The webhooks' hook of the unit of work.
pub struct Outbox {
    pub(super) time: SharedTime,
    pub(super) queued: Queued,
}

/// The transitions (a game and its version) whose transaction queued a
/// delivery, so that the workers are woken by the commit of those and
/// not by every move. A transition rolled back stays here until the set
/// is full, when it is emptied: a wake missed then is the poll's.
#[derive(Debug, Default)]
pub struct Queued(Mutex<HashSet<(String, i64)>>);

/// Entries past which [`Queued`] is emptied.
const MAX_QUEUED: usize = 4096;

impl Queued {
    fn add(&self, transition: &Transition) {
        let mut queued = self.0.lock().expect("queued lock");
        if queued.len() >= MAX_QUEUED {
            queued.clear();
        }
        queued.insert((transition.game.id.to_string(), transition.game.version));
    }

    /// Whether `transition`'s transaction queued a delivery (forgetting it).
    pub fn take(&self, transition: &Transition) -> bool {
        let mut queued = self.0.lock().expect("queued lock");
        !queued.is_empty()
            && queued.remove(&(transition.game.id.to_string(), transition.game.version))
    }
}

impl TxHook for Outbox {
    fn wants(&self, transition: &Transition) -> bool {
        makes_events(transition)
    }

    fn guarded_at_once(&self, transition: &Transition) -> bool {
        only_a_move(transition)
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            let players = players_of(&transition.game);
            let players: Vec<&str> = players.iter().map(String::as_str).collect();
            let subscriptions = tx
                .webhook_subscriptions(&players)
                .await
                .map_err(|e| HookFailed(e.into()))?;
            if subscriptions.is_empty() {
                return Ok(Vec::new());
            }
            let now = self.time.now();
            for event in of_transition(transition, now) {
                let kind = event.kind.as_str();
                for subscription in subscriptions.iter().filter(|s| s.wants(kind)) {
                    tx.insert_delivery(
                        &delivery_id(),
                        &subscription.endpoint,
                        kind,
                        &event.body,
                        now,
                        now + RETRY_FOR,
                    )
                    .await
                    .map_err(|e| HookFailed(e.into()))?;
                    self.queued.add(transition);
                }
            }
            Ok(Vec::new())
        })
    }
}
