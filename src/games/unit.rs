//! The unit of work: every write of the server — a player's move, the
//! sweeper's flag fall, a bot's reply, an import, a registration — runs
//! through [`Games::run`]: begin the store's transaction, do the work,
//! let the hooks write in the same transaction (the modules' [`TxHook`]s,
//! then the answer saved for an `Idempotency-Key` retry), commit, and only then publish the
//! transition the work made to whoever follows the game.

use std::sync::Arc;

#[cfg(doc)]
use super::TxHook;
use super::{Games, Transition};
use crate::store::{KeyScope, SavedResponse, Store, StoreError, WriteTx};

/// A write's `Idempotency-Key` as the unit of work keeps it: the key
/// space and the key as stored. A retry with the key finds the answer
/// the first run saved instead of doing the work twice.
#[derive(Clone, Copy, Debug)]
pub struct Keyed<'a> {
    pub scope: KeyScope<'a>,
    pub key: &'a str,
}

/// A hook that could not write its part of a unit; the unit rolls back.
#[derive(Debug, thiserror::Error)]
#[error("a hook of the unit of work failed: {0}")]
pub struct HookFailed(#[source] pub anyhow::Error);

/// What a unit's work did: its value, and the transition to publish once
/// the transaction committed (none for a write that changes no game),
/// with any others it made beside it (`also`: games it created, say),
/// which the hooks hear and the listeners are told after it.
#[derive(Debug)]
pub struct Done<T> {
    pub value: T,
    pub transition: Option<Transition>,
    pub also: Vec<Transition>,
}

impl<T> Done<T> {
    /// Work that changed no game.
    pub fn value(value: T) -> Done<T> {
        Done {
            value,
            transition: None,
            also: Vec::new(),
        }
    }

    /// Work whose value goes with the transition it made.
    pub fn with(value: T, transition: Transition) -> Done<T> {
        Done {
            value,
            transition: Some(transition),
            also: Vec::new(),
        }
    }
}

impl Done<()> {
    /// Work whose only result is the transition it made.
    pub fn transition(transition: Transition) -> Done<()> {
        Done::with((), transition)
    }
}

/// What a committed unit did: its value, and the transition it published.
#[derive(Debug)]
pub struct Committed<T> {
    pub value: T,
    pub transition: Option<Arc<Transition>>,
}

/// What a keyed unit answers: this run's result, or the answer an earlier
/// run with the same key saved (the work was not done again).
#[derive(Debug)]
pub enum Ran<T> {
    Done(Committed<T>),
    Replayed(SavedResponse),
}

impl Games {
    /// Runs `work` as one unit of work (see the module's doc). With `key`,
    /// an answer saved under it is returned instead of running `work`
    /// (also when a concurrent run with the key committed while this one
    /// waited for its locks), and `save` renders the answer to save with
    /// this run's value, in its transaction.
    pub async fn run<T, E>(
        &self,
        store: &Store,
        key: Option<Keyed<'_>>,
        work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Done<T>, E>,
        save: impl FnOnce(&Done<T>) -> Result<SavedResponse, HookFailed>,
    ) -> Result<Ran<T>, E>
    where
        E: From<StoreError> + From<HookFailed>,
    {
        let mut tx = store.begin_write().await?;
        if let Some(key) = key {
            if let Some(saved) = tx.saved_response(key.scope, key.key).await? {
                // Ended before the answer goes out: on SQLite the answer
                // saved may be a write before this one in a shared
                // transaction (group commit), acknowledged only once that
                // commits.
                tx.rollback().await?;
                return Ok(Ran::Replayed(saved));
            }
        }
        let done = match work(self, &mut tx).await {
            Ok(done) => done,
            Err(error) => {
                tx.rollback().await?;
                // A concurrent run with this key may have done the work
                // while this one waited for the lock: its answer is the
                // answer.
                if let Some(key) = key {
                    if let Some(saved) = store.saved_response(key.scope, key.key).await? {
                        return Ok(Ran::Replayed(saved));
                    }
                }
                return Err(error);
            }
        };
        let made = {
            let given: Vec<&Transition> = done.transition.iter().chain(&done.also).collect();
            match self.hooks.write(&mut tx, &given).await {
                Ok(made) => made,
                Err(error) => {
                    tx.rollback().await?;
                    return Err(error.into());
                }
            }
        };
        if let Some(key) = key {
            let saved = save(&done)?;
            let now = self.time.now();
            if !tx.save_response(key.scope, key.key, &saved, now).await? {
                drop(tx);
                return match store.saved_response(key.scope, key.key).await? {
                    Some(saved) => Ok(Ran::Replayed(saved)),
                    None => Err(StoreError::Corrupt(
                        "an idempotency key vanished after a conflict".to_owned(),
                    )
                    .into()),
                };
            }
        }
        let Done {
            value,
            transition,
            also,
        } = done;
        let mut pending = Unpublished {
            games: self,
            store,
            transition,
            others: also.into_iter().chain(made).collect(),
        };
        if let Err(error) = tx.commit().await {
            pending.forget();
            return Err(error.into());
        }
        let transition = pending.transition.take().map(|transition| {
            let transition = Arc::new(transition);
            self.publish_shared(&transition);
            transition
        });
        for other in std::mem::take(&mut pending.others) {
            self.publish(other);
        }
        Ok(Ran::Done(Committed { value, transition }))
    }

    /// [`Games::run`] for a write without an `Idempotency-Key`.
    pub async fn run_unkeyed<T, E>(
        &self,
        store: &Store,
        work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Done<T>, E>,
    ) -> Result<Committed<T>, E>
    where
        E: From<StoreError> + From<HookFailed>,
    {
        let unsaved = |_: &Done<T>| -> Result<SavedResponse, HookFailed> {
            unreachable!("an unkeyed unit saves no answer")
        };
        match self.run(store, None, work, unsaved).await? {
            Ran::Done(committed) => Ok(committed),
            Ran::Replayed(_) => unreachable!("an unkeyed unit replays nothing"),
        }
    }
}

impl Games {
    /// A unit of work whose transaction is one autocommit statement,
    /// `write`, which stores `transition` and answers `Some` when it did,
    /// `None` when it wrote nothing. Publishes the transition once it is
    /// stored, as [`Games::run`] does after its commit (and tells the
    /// listeners the game may have changed unannounced when dropped while
    /// the statement was under way).
    pub(super) async fn run_statement<T>(
        &self,
        store: &Store,
        transition: Transition,
        write: impl std::future::Future<Output = Result<Option<T>, StoreError>>,
    ) -> Result<Option<(T, Committed<()>)>, StoreError> {
        let mut pending = Unpublished {
            games: self,
            store,
            transition: Some(transition),
            others: Vec::new(),
        };
        let written = write.await;
        let transition = pending.transition.take();
        let (value, transition) = match (written?, transition) {
            (Some(value), Some(transition)) => (value, Arc::new(transition)),
            _ => return Ok(None),
        };
        self.publish_shared(&transition);
        let committed = Committed {
            value: (),
            transition: Some(transition),
        };
        Ok(Some((value, committed)))
    }
}

/// A transition committed, or being committed, but not yet published.
/// When the unit is dropped on the way (its HTTP client left while the
/// transaction committed, which then completes: the store's commit runs
/// to its end), nobody would publish it: once this process's writers had
/// their turn, its listeners hear that the game may have changed
/// unannounced ([`super::Published::Unsure`]).
struct Unpublished<'a> {
    games: &'a Games,
    store: &'a Store,
    transition: Option<Transition>,
    /// The unit's other transitions, published after `transition`.
    others: Vec<Transition>,
}

impl Unpublished<'_> {
    /// Nothing is to be published: the commit failed.
    fn forget(&mut self) {
        self.transition = None;
        self.others.clear();
    }
}

impl Drop for Unpublished<'_> {
    fn drop(&mut self) {
        let unsure: Vec<Transition> = self
            .transition
            .take()
            .into_iter()
            .chain(self.others.drain(..))
            .collect();
        if unsure.is_empty() {
            return;
        }
        let (games, store) = (self.games.clone(), self.store.clone());
        tokio::spawn(async move {
            // The write lock comes once the dropped commit has ended.
            if let Ok(tx) = store.begin_write().await {
                let _ = tx.rollback().await;
            }
            for transition in &unsure {
                games.unsure(&transition.game);
            }
        });
    }
}
