//! What the transaction that finishes a game writes for the explorer: the
//! game's place in the indexer's queue, one row, and nothing else.

use crate::domain::GameStatus;
use crate::games::{GameEvent, HookFailed, HookFuture, SharedTime, Transition, TxHook};
use crate::store::WriteTx;

/// Whether `transition` finished a game the explorer counts: a game that
/// ended, or was stored finished (an import).
pub(super) fn finishes_a_game(transition: &Transition) -> bool {
    transition.game.status == GameStatus::Finished
        && transition
            .events
            .iter()
            .any(|event| matches!(event, GameEvent::Ended { .. } | GameEvent::Created { .. }))
}

/// Queues a game for the explorer's [`Indexer`](super::Indexer) in the
/// transaction that finishes it (or stores it finished: an import), at
/// the Games layer's time.
#[derive(Clone, Debug)]
pub struct ExplorerHook {
    time: SharedTime,
}

impl ExplorerHook {
    pub fn new(time: SharedTime) -> ExplorerHook {
        ExplorerHook { time }
    }
}

impl TxHook for ExplorerHook {
    fn wants(&self, transition: &Transition) -> bool {
        finishes_a_game(transition)
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            tx.queue_explorer_game(&transition.game.id, self.time.now())
                .await
                .map(|()| Vec::new())
                .map_err(|e| HookFailed(e.into()))
        })
    }
}
