//! Reading the explorer: every game finished before the read counted,
//! the queued ones first, up to a bound.

use super::index_pending;
use crate::games::GamesError;
use crate::store::{Claim, ExplorerCounts, ExplorerFilter, Store};

/// What the explorer says of one position.
pub struct Explored {
    /// The counts of the games that reached the position, and of each
    /// move played from it ([`Store::explorer_counts`]); `None` when the
    /// filter cuts inside a bucket at a position too many games reached.
    pub counts: Option<(ExplorerCounts, Vec<ExplorerCounts>)>,
    /// The ids of the latest games that reached it, newest first.
    pub recent: Vec<String>,
    /// Finished games not counted in this answer: queued beyond what the
    /// read may count itself.
    pub pending_games: i64,
}

/// The explorer's counts at the filter's position and its `recent` latest
/// games, after counting the queued games, at most `max_pending` of them
/// (on PostgreSQL waiting for the games an indexer's transaction holds,
/// which are counted once it commits).
pub async fn explore(
    store: &Store,
    filter: &ExplorerFilter,
    recent: u32,
    max_pending: u32,
) -> Result<Explored, GamesError> {
    let pending_games = catch_up(store, max_pending).await?;
    let Some(counts) = store.explorer_counts(filter).await? else {
        return Ok(Explored {
            counts: None,
            recent: Vec::new(),
            pending_games,
        });
    };
    let recent = if recent > 0 {
        store.explorer_recent(filter, recent).await?
    } else {
        Vec::new()
    };
    Ok(Explored {
        counts: Some(counts),
        recent,
        pending_games,
    })
}

/// Counts up to `max_pending` queued games; how many remain queued.
///
/// A game whose end committed before this call is queued or counted, and
/// its counts commit with its removal from the queue. Seen queued, it is
/// claimed here, or, held by an indexer's transaction, waited for (SQLite:
/// the write lock; PostgreSQL: `FOR UPDATE`, which in READ COMMITTED
/// passes over the games that transaction deleted from the queue once it
/// committed): either way counted before the counts are read, in
/// statements after this commit. Seen gone, its counts committed already.
async fn catch_up(store: &Store, max_pending: u32) -> Result<i64, GamesError> {
    if !store.explorer_games_pending().await? {
        return Ok(0);
    }
    if max_pending > 0 {
        let indexed = index_pending(store, max_pending, Claim::Wait).await?;
        if indexed.games < u64::from(max_pending) {
            // The queue as this transaction saw it was emptied.
            return Ok(0);
        }
    }
    Ok(store.explorer_pending_count().await?)
}
