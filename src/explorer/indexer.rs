//! The indexer: counts the finished games queued by [`super::ExplorerHook`],
//! several in one transaction that takes them out of the queue. Each node
//! runs one, woken after the commit of a game's end on that node and,
//! for the games left by a crash or ended on another node, every
//! [`POLL`]; on PostgreSQL the nodes' indexers each claim other games
//! (`SKIP LOCKED`).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use super::hook::finishes_a_game;
use super::{index_games, ExplorerSettings};
use crate::games::{Game, Games, GamesError, Published};
use crate::store::{Claim, Store};

/// Games counted per transaction of the indexer.
const BATCH: u32 = 200;
/// Games read per step of a rebuild.
const REBUILD_BATCH: u32 = 200;
/// How often the indexer looks for queued games no end on this node woke
/// it for: left by a crash, or ended on another node whose indexer is
/// not running.
const POLL: Duration = Duration::from_secs(1);

/// What one transaction of the index counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Indexed {
    pub games: u64,
    pub rows: u64,
}

/// Counts up to `limit` queued games in one transaction, which takes them
/// out of the queue: claimed as `claim` says on PostgreSQL.
pub async fn index_pending(store: &Store, limit: u32, claim: Claim) -> Result<Indexed, GamesError> {
    let mut tx = store.begin_write().await?;
    let claimed = tx.claim_explorer_games(limit, claim).await?;
    if claimed.is_empty() {
        tx.rollback().await?;
        return Ok(Indexed::default());
    }
    let games = claimed
        .into_iter()
        .map(Game::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    let rows = index_games(&mut tx, &games).await?;
    tx.commit().await?;
    metrics::counter!("oanquan_explorer_games_indexed_total").increment(games.len() as u64);
    Ok(Indexed {
        games: games.len() as u64,
        rows: rows as u64,
    })
}

/// This node's indexer: what wakes it.
#[derive(Clone, Debug)]
pub struct Indexer {
    wake: Arc<Notify>,
    delay: Duration,
}

impl Indexer {
    /// An indexer woken by every game `games` finishes, once its
    /// transaction committed.
    pub fn new(games: &Games, settings: &ExplorerSettings) -> Indexer {
        let wake = Arc::new(Notify::new());
        let woken = wake.clone();
        games.listen(Box::new(move |published| {
            if let Published::Committed(transition) = published {
                if finishes_a_game(transition) {
                    woken.notify_one();
                }
            }
            true
        }));
        Indexer {
            wake,
            delay: settings.index_delay(),
        }
    }

    /// Runs the indexer on `store` until the task is aborted: first the
    /// games queued before this node started, then, each time it is woken
    /// or [`POLL`] passed, after the delay that lets more games end, every
    /// game queued, a transaction of at most [`BATCH`] at a time.
    pub fn start(&self, store: Store) -> tokio::task::JoinHandle<()> {
        let (wake, delay) = (self.wake.clone(), self.delay);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(delay).await;
                index_queued(&store).await;
                tokio::select! {
                    () = wake.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                }
            }
        })
    }
}

/// Counts every queued game, a batch at a time.
async fn index_queued(store: &Store) {
    match store.explorer_games_pending().await {
        Ok(true) => {}
        Ok(false) => return,
        Err(error) => {
            tracing::warn!(%error, "cannot look for games the explorer has not counted");
            return;
        }
    }
    loop {
        match index_pending(store, BATCH, Claim::SkipLocked).await {
            Ok(indexed) if indexed.games == u64::from(BATCH) => {}
            Ok(_) => return,
            Err(error) => {
                tracing::warn!(%error, "cannot count finished games in the explorer");
                return;
            }
        }
    }
}

/// What [`rebuild_explorer`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplorerRebuilt {
    pub games: u64,
    pub rows: u64,
}

/// Writes the explorer's rows again from every finished game, in one
/// transaction that also empties the indexer's queue: the same rows the
/// indexer writes.
pub async fn rebuild_explorer(store: &Store) -> Result<ExplorerRebuilt, GamesError> {
    let mut tx = store.begin_write().await?;
    tx.clear_explorer().await?;
    let mut done = ExplorerRebuilt::default();
    let mut after = String::new();
    loop {
        let batch = tx.finished_games_after(&after, REBUILD_BATCH).await?;
        let Some(last) = batch.last() else { break };
        after.clone_from(&last.id);
        let games = batch
            .into_iter()
            .map(Game::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        done.rows += index_games(&mut tx, &games).await? as u64;
        done.games += games.len() as u64;
    }
    tx.commit().await?;
    Ok(done)
}
