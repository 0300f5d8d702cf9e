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
            let now = self.time.now();
            let players = players_of(&transition.game);
            let players: Vec<&str> = players.iter().map(String::as_str).collect();
            for event in of_transition(transition, now) {
                let endpoints = tx
                    .webhook_subscribers(&players, event.kind.as_str())
                    .await
                    .map_err(|e| HookFailed(e.into()))?;
                for endpoint in endpoints {
                    tx.insert_delivery(
                        &delivery_id(),
                        &endpoint,
                        event.kind.as_str(),
                        &event.body,
                        now,
                        now + RETRY_FOR,
                    )
                    .await
                    .map_err(|e| HookFailed(e.into()))?;
                }
            }
            Ok(Vec::new())
        })
    }
}
