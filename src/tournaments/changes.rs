//! Who hears that a tournament changed, once the change committed: the
//! live layer's streams of it. A tournament changes in two ways: by its
//! own transitions (join, withdraw, start, cancel: a unit of work of
//! [`super::Tournaments`], told after its commit), and by the end of one
//! of its games, recorded in the game's own transaction by the result
//! hook. For the latter, a hook of this module marks the ending game as a
//! tournament's, and a listener of the Games layer tells of the
//! tournament when that game's transition is published (after its
//! commit). A mark whose transaction rolled back waits for the game's
//! next publication, and tells of a change that may not be one: the
//! listeners read the tournament again, which costs a read and no event.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use crate::domain::GameId;
use crate::games::{GameEvent, Games, HookFuture, Published, Transition, TxHook};
use crate::store::WriteTx;

/// Hears the id of each tournament that changed, after the commit.
pub type ChangeListener = Box<dyn Fn(&str) + Send + Sync>;

/// The listeners of the tournaments' changes, and the ending games of
/// tournaments whose transactions have not been published yet.
#[derive(Default)]
pub(super) struct Changes {
    listeners: RwLock<Vec<ChangeListener>>,
    ending: Mutex<HashMap<GameId, String>>,
}

impl std::fmt::Debug for Changes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Changes").finish_non_exhaustive()
    }
}

/// Whether `transition` ends its game (the result hook records those).
fn ends(transition: &Transition) -> bool {
    transition
        .events
        .iter()
        .any(|event| matches!(event, GameEvent::Ended { .. } | GameEvent::Aborted { .. }))
}

impl Changes {
    /// The changes of the tournaments on `games`: marks their games' ends
    /// in their transactions, tells of them once published.
    pub(super) fn new(games: &Games) -> Arc<Changes> {
        let changes = Arc::new(Changes::default());
        games.hook(Arc::new(EndMark(changes.clone())));
        let heard = Arc::downgrade(&changes);
        games.listen(Box::new(move |published| {
            let Some(changes) = heard.upgrade() else {
                return false;
            };
            let game = match published {
                Published::Committed(transition) if ends(transition) => &transition.game,
                Published::Committed(_) => return true,
                Published::Unsure(game) => game,
            };
            let marked = changes.lock().remove(&game.id);
            if let Some(tournament) = marked {
                changes.tell(&tournament);
            }
            true
        }));
        changes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, String>> {
        self.ending
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn listen(&self, listener: ChangeListener) {
        self.listeners
            .write()
            .expect("listeners lock")
            .push(listener);
    }

    /// Tells every listener that tournament `id` changed (call it after the commit).
    pub(super) fn tell(&self, id: &str) {
        for listener in self.listeners.read().expect("listeners lock").iter() {
            listener(id);
        }
    }
}

/// Marks, in its transaction, the end of a tournament's game.
struct EndMark(Arc<Changes>);

impl TxHook for EndMark {
    fn wants(&self, transition: &Transition) -> bool {
        ends(transition)
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            let board = tx
                .pairing_of_game(transition.game.id.as_str())
                .await
                .map_err(|e| crate::games::HookFailed(e.into()))?;
            if let Some(board) = board {
                self.0
                    .lock()
                    .insert(transition.game.id.clone(), board.tournament_id);
            }
            Ok(Vec::new())
        })
    }
}
