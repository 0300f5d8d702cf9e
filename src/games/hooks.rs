//! Hooks of the unit of work: what another module writes in the same
//! transaction as a game's transition — a webhook's outbox row, a
//! tournament's result, a finished game's place in the opening
//! explorer's queue — so that the transition and what follows from it
//! commit together or not at all.
//! A [`Listener`](super::Listener) hears a transition after its commit
//! and may miss it in a crash; a hook cannot.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};

use super::unit::HookFailed;
use super::Transition;
use crate::store::WriteTx;

/// What [`TxHook::write`] returns: the transitions the hook made in the
/// transaction (the games a tournament's round created, say), which the
/// unit of work hands to the hooks in turn and publishes after its commit.
pub type HookFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<Transition>, HookFailed>> + Send + 'a>>;

/// The most transitions the hooks may make in one unit of work: hooks that
/// keep answering each other's transitions are a bug, not a workload.
const MAX_MADE: usize = 1024;

/// Writes its part of a transition in the transition's own transaction,
/// after the transition's work and before the commit. A hook that fails
/// rolls the whole unit back.
pub trait TxHook: Send + Sync {
    /// Whether this hook writes anything for `transition`. A move that no
    /// hook wants may be stored in one statement on PostgreSQL
    /// (`games/at_once.rs`), where no hook runs.
    fn wants(&self, transition: &Transition) -> bool;

    /// Whether the one-statement move itself stores nothing when this
    /// hook has something to write for `transition`, so that the move is
    /// played as a unit of work, where the hook runs (the store's
    /// statement checks the hook's rows: webhooks' subscriptions). A hook
    /// that says so for a transition it wants does not keep that move
    /// from trying the one statement first. No by default.
    fn guarded_at_once(&self, _transition: &Transition) -> bool {
        false
    }

    /// Writes this hook's part of `transition` in `tx`.
    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a>;
}

/// The hooks registered with one Games layer, in registration order.
#[derive(Default)]
pub(super) struct Hooks(RwLock<Vec<Arc<dyn TxHook>>>);

impl Hooks {
    pub(super) fn add(&self, hook: Arc<dyn TxHook>) {
        self.0.write().expect("hooks lock").push(hook);
    }

    /// The hooks that want `transition`.
    fn wanting(&self, transition: &Transition) -> Vec<Arc<dyn TxHook>> {
        let hooks = self.0.read().expect("hooks lock");
        hooks
            .iter()
            .filter(|hook| hook.wants(transition))
            .cloned()
            .collect()
    }

    /// Whether a hook wants `transition` that the one-statement move does
    /// not guard against ([`TxHook::guarded_at_once`]).
    pub(super) fn any_wants_unguarded(&self, transition: &Transition) -> bool {
        let hooks = self.0.read().expect("hooks lock");
        hooks
            .iter()
            .any(|hook| hook.wants(transition) && !hook.guarded_at_once(transition))
    }

    /// Runs, in `tx`, every hook that wants one of the `given`
    /// transitions, then every hook that wants one of the transitions
    /// those made, and so on: the transitions the hooks made, in order.
    pub(super) async fn write(
        &self,
        tx: &mut WriteTx,
        given: &[&Transition],
    ) -> Result<Vec<Transition>, HookFailed> {
        let mut made = Vec::new();
        for transition in given {
            made.extend(self.write_one(tx, transition).await?);
        }
        let mut heard = 0;
        while heard < made.len() {
            if made.len() > MAX_MADE {
                return Err(HookFailed(anyhow::anyhow!(
                    "the hooks made more than {MAX_MADE} transitions in one unit"
                )));
            }
            let transition = made[heard].clone();
            heard += 1;
            made.extend(self.write_one(tx, &transition).await?);
        }
        Ok(made)
    }

    async fn write_one(
        &self,
        tx: &mut WriteTx,
        transition: &Transition,
    ) -> Result<Vec<Transition>, HookFailed> {
        let mut made = Vec::new();
        for hook in self.wanting(transition) {
            made.extend(hook.write(tx, transition).await?);
        }
        Ok(made)
    }
}

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.0.read().map_or(0, |hooks| hooks.len());
        f.debug_struct("Hooks").field("count", &count).finish()
    }
}
