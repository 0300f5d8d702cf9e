//! SQLite WAL checkpoints out of the commit.
//!
//! By default SQLite checkpoints inside `COMMIT`: the commit that takes the
//! WAL past 1,000 pages copies it into the database file and fsyncs it,
//! which was the p99 of a move at light load. With a [`WalPlan`] the
//! connections run with `wal_autocheckpoint = 0` and a task of the store's
//! own, on a connection of its own, checkpoints instead:
//!
//! - every `every`, a PASSIVE checkpoint, which copies what it can without
//!   taking any lock, beside the writers and readers. Once it has copied
//!   the whole WAL, the next writer starts the WAL over from its beginning,
//!   so under steady load this alone keeps it small;
//! - when readers kept the WAL from starting over (a writer starts it over
//!   only if no reader is in it, which under load some always is) and it
//!   has grown past `restart_bytes`, a RESTART checkpoint, taken under this process's
//!   writer queue (see [`super::writer_queue`]; an open batch is committed first) so that no commit of ours waits
//!   on it mid-way, and bounded by `restart_wait` (the busy timeout of the
//!   checkpoint's connection): if readers or another process's writer hold
//!   it up longer, it gives up and is tried again at the next period.
//!
//! Writes are never slower to become durable: a commit is in the WAL and
//! (at `synchronous = NORMAL`) survives a process crash whether or not the
//! checkpoint has copied it yet.

use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use sqlx::{Connection, SqliteConnection};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::super::Store;
use super::writer_queue::idle_turn;

/// When the store checkpoints a SQLite database's WAL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalPlan {
    /// How often a PASSIVE checkpoint runs; `None` leaves checkpoints to
    /// SQLite (inside the commit that passes 1,000 pages).
    pub every: Option<Duration>,
    /// The WAL size past which a RESTART is taken while holding the write lock.
    pub restart_bytes: u64,
    /// How long a RESTART waits for readers and writers before giving up.
    pub restart_wait: Duration,
}

impl WalPlan {
    /// SQLite's own checkpoints, inside the commit: what tools that open
    /// the database for a moment use.
    pub const SQLITE_DEFAULT: WalPlan = WalPlan {
        every: None,
        restart_bytes: 0,
        restart_wait: Duration::ZERO,
    };

    pub(in crate::store) fn applied_to(
        &self,
        options: SqliteConnectOptions,
    ) -> SqliteConnectOptions {
        match self.every {
            Some(_) => options.pragma("wal_autocheckpoint", "0"),
            None => options,
        }
    }
}

/// The running checkpoint task; [`Checkpoints::stop`] ends it.
pub struct Checkpoints {
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl Checkpoints {
    /// Ends the task after the checkpoint under way, if any.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// A checkpoint's answer: `(busy, frames in the WAL, frames copied)`.
type Checkpointed = (i64, i64, i64);

impl Store {
    /// Starts the checkpoint task of a SQLite store whose plan has a period
    /// (the pool must have been opened with the same plan); `None` on
    /// PostgreSQL or without a period.
    pub fn start_checkpoints(&self, plan: WalPlan) -> Option<Checkpoints> {
        let (Store::Sqlite(pool), Some(every)) = (self, plan.every) else {
            return None;
        };
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(checkpoint_forever(pool.clone(), plan, every, stopped));
        Some(Checkpoints { stop, task })
    }
}

async fn checkpoint_forever(
    pool: SqlitePool,
    plan: WalPlan,
    every: Duration,
    mut stopped: oneshot::Receiver<()>,
) {
    let options = (*pool.connect_options())
        .clone()
        .busy_timeout(plan.restart_wait);
    let mut connection: Option<(SqliteConnection, u64)> = None;
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = &mut stopped => break,
        }
        if connection.is_none() {
            connection = match open(&options).await {
                Ok(opened) => Some(opened),
                Err(error) => {
                    tracing::warn!(%error, "cannot open the checkpoint connection");
                    continue;
                }
            };
        }
        let Some((conn, page_bytes)) = connection.as_mut() else {
            continue;
        };
        if let Err(error) = checkpoint(&pool, conn, *page_bytes, &plan).await {
            tracing::warn!(%error, "WAL checkpoint failed");
            connection = None;
        }
    }
    if let Some((conn, _)) = connection {
        let _ = conn.close().await;
    }
}

async fn open(options: &SqliteConnectOptions) -> Result<(SqliteConnection, u64), sqlx::Error> {
    let mut conn = SqliteConnection::connect_with(options).await?;
    let page_size: i64 = sqlx::query_scalar("PRAGMA page_size")
        .fetch_one(&mut conn)
        .await?;
    // A WAL frame is a page and a 24-byte header.
    Ok((conn, page_size.max(512) as u64 + 24))
}

/// One period: PASSIVE, then RESTART while holding the write lock if the WAL is
/// past its bound.
async fn checkpoint(
    pool: &SqlitePool,
    conn: &mut SqliteConnection,
    frame_bytes: u64,
    plan: &WalPlan,
) -> Result<(), sqlx::Error> {
    let (_, frames, _): Checkpointed = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&mut *conn)
        .await?;
    let wal_bytes = frames.max(0) as u64 * frame_bytes;
    metrics::gauge!("oanquan_sqlite_wal_bytes").set(wal_bytes as f64);
    // Even a WAL copied in full keeps growing while some reader is always
    // in it (a writer starts it over only when none is): past its bound,
    // RESTART waits for the readers to move to the newest snapshot.
    if wal_bytes <= plan.restart_bytes {
        return Ok(());
    }
    let started = std::time::Instant::now();
    // The batch of writes under way, if any, is committed first.
    let Ok(_turn) = tokio::time::timeout(plan.restart_wait, idle_turn(pool)).await else {
        metrics::counter!("oanquan_sqlite_wal_restarts_total", "outcome" => "no_turn").increment(1);
        return Ok(());
    };
    let (busy, _, _): Checkpointed = sqlx::query_as("PRAGMA wal_checkpoint(RESTART)")
        .fetch_one(&mut *conn)
        .await?;
    let outcome = if busy == 0 { "done" } else { "busy" };
    metrics::counter!("oanquan_sqlite_wal_restarts_total", "outcome" => outcome).increment(1);
    metrics::histogram!("oanquan_sqlite_wal_restart_seconds")
        .record(started.elapsed().as_secs_f64());
    Ok(())
}
