//! SQLite writers of this process take turns at the write lock, and share
//! their transactions (group commit, issue 16 part 3).
//!
//! SQLite has one write lock per database file. Writers that find it taken
//! sleep in SQLite's busy handler (1, 2, 5, 10 … 100 ms) and retry, so under
//! load most of them sleep while the lock is free, and the lock goes to
//! whoever happens to wake. Queueing this process's writers on an async
//! mutex first hands the lock over in arrival order with no sleeping; the
//! busy timeout still covers writers in other processes.
//!
//! The turn hands over an *open* transaction, a batch. The first writer of
//! a batch runs `BEGIN IMMEDIATE`; a writer given an open batch runs
//! `SAVEPOINT m` in it. When a writer ends (commit or rollback: a rollback
//! is `ROLLBACK TO m`, which undoes its writes alone), and other writers
//! wait for the turn, and the batch is below its limits ([`GroupCommit`]),
//! it hands the batch to the next writer and waits; otherwise it `COMMIT`s
//! and wakes every writer of the batch, in the order they wrote, with the
//! outcome. So the lock and the commit are paid once per batch, and every
//! writer still learns its outcome only after the `COMMIT` that holds its
//! writes returned: an acknowledged write is as durable as it was alone. A
//! failed `COMMIT` (or a batch SQLite rolled back itself) fails every
//! writer of it with [`StoreError::NotCommitted`], a 503: none of it is
//! stored. The mutex guards only transactions under way, so nodes stay
//! stateless.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use sqlx::sqlite::SqlitePool;
use sqlx::{Sqlite, SqliteConnection, Transaction};
use tokio::sync::{oneshot, Mutex as AsyncMutex, OwnedMutexGuard};

use super::{StoreError, SQLITE_BUSY_TIMEOUT};

/// How many writers may share a SQLite transaction, and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupCommit {
    /// Writers per transaction at most; 1 commits each writer alone.
    pub max_members: u32,
    /// A batch begun this long ago is committed by its next writer to end.
    pub max_wait: Duration,
}

impl GroupCommit {
    /// One transaction per writer: what tools opening the database use.
    pub const OFF: GroupCommit = GroupCommit {
        max_members: 1,
        max_wait: Duration::ZERO,
    };
}

/// A SQLite write transaction holding this process's turn at the write lock,
/// in a batch of its own or handed over. Dereferences to the connection,
/// like a `Transaction`. Dropped without commit, it rolls back its own
/// writes (in a task of its own) and the batch goes on.
#[derive(Debug)]
pub struct SqliteWrite {
    member: Option<Member>,
}

#[derive(Debug)]
struct Member {
    batch: Batch,
    turn: OwnedMutexGuard<Slot>,
    queue: Arc<Queue>,
    /// Joined an open batch: its writes start at its savepoint.
    joined: bool,
}

/// An open transaction and the writers who ended in it.
#[derive(Debug)]
struct Batch {
    tx: Transaction<'static, Sqlite>,
    ended: Vec<oneshot::Sender<Outcome>>,
    members: u32,
    opened: Instant,
}

/// A batch's fate, told to each of its writers.
type Outcome = Result<(), Arc<str>>;

/// What the turn guards: the batch handed over, if any.
#[derive(Debug, Default)]
pub(super) struct Slot(Option<Batch>);

/// The writers of one database file in this process.
#[derive(Debug, Default)]
pub(super) struct Queue {
    turn: Arc<AsyncMutex<Slot>>,
    waiting: AtomicUsize,
    max_members: AtomicU32,
    max_wait_us: AtomicU64,
}

impl SqliteWrite {
    /// Waits for this process's turn (as long as the busy timeout would),
    /// then joins the batch handed over or begins one (`BEGIN IMMEDIATE`).
    pub(super) async fn begin(pool: &SqlitePool) -> Result<SqliteWrite, StoreError> {
        let queue = queue_for(pool);
        let mut turn = tokio::time::timeout(SQLITE_BUSY_TIMEOUT, queue.turn())
            .await
            .map_err(|_| StoreError::Database(sqlx::Error::PoolTimedOut))?;
        if let Some(mut batch) = turn.0.take() {
            batch.members += 1;
            let member = Member {
                batch,
                turn,
                queue,
                joined: true,
            };
            // In a task of its own: a caller dropped on the way drops the
            // write only once its savepoint exists, which then undoes it.
            return detached(async move {
                let mut write = SqliteWrite {
                    member: Some(member),
                };
                sqlx::query("SAVEPOINT m").execute(&mut *write).await?;
                Ok(write)
            })
            .await
            .map_err(StoreError::from);
        }
        // Begun, committed and rolled back in a task of their own: a caller
        // dropped while one of them is under way (an HTTP client that left)
        // must not hand back to the pool a connection that sqlx believes
        // in, or out of, a transaction it is not, which left every later
        // write on it failing ("begin_with at non-zero transaction depth")
        // and the database's write lock held.
        let pool = pool.clone();
        let tx = detached(async move { pool.begin_with("BEGIN IMMEDIATE").await }).await?;
        let batch = Batch {
            tx,
            ended: Vec::new(),
            members: 1,
            opened: Instant::now(),
        };
        Ok(SqliteWrite {
            member: Some(Member {
                batch,
                turn,
                queue,
                joined: false,
            }),
        })
    }

    /// Keeps the writes; returns once the `COMMIT` that holds them returned.
    pub(super) async fn commit(mut self) -> Result<(), StoreError> {
        let member = self.member.take().expect("a write under way");
        detached_end(member.end(true)).await
    }

    /// Undoes the writes; returns once the batch they were in has ended
    /// (what this writer read may come from writers before it).
    pub(super) async fn rollback(mut self) -> Result<(), StoreError> {
        let member = self.member.take().expect("a write under way");
        detached_end(member.end(false)).await
    }

    fn connection(&self) -> &Transaction<'static, Sqlite> {
        &self.member.as_ref().expect("a write under way").batch.tx
    }
}

impl Drop for SqliteWrite {
    fn drop(&mut self) {
        let Some(member) = self.member.take() else {
            return;
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn(member.end(false))),
            // No runtime left: the transaction's own drop rolls it all back.
            Err(_) => drop(member),
        }
    }
}

impl Member {
    /// Ends this writer's part, then hands the batch over or commits it,
    /// and waits for its outcome. Runs to its end even if the caller left.
    async fn end(self, commit: bool) -> Result<(), StoreError> {
        let Member {
            mut batch,
            turn,
            queue,
            joined,
        } = self;
        if !commit && !joined {
            // Alone in its batch so far: nobody else to keep.
            let rolled_back = batch.tx.rollback().await;
            drop(turn);
            return Ok(rolled_back?);
        }
        if !commit {
            let undone = sqlx::query("ROLLBACK TO m").execute(&mut *batch.tx).await;
            if let Err(error) = undone {
                // SQLite rolled the transaction back itself (a full disk,
                // an I/O error): the writers before this one are undone too.
                let (told, outcome) = oneshot::channel();
                batch.ended.push(told);
                fail(batch, turn, &error).await;
                return settled(outcome.await);
            }
        }
        let (told, outcome) = oneshot::channel();
        batch.ended.push(told);
        let limits = queue.limits();
        let hand_over = queue.waiting.load(Ordering::Acquire) > 0
            && batch.members < limits.max_members
            && batch.opened.elapsed() < limits.max_wait;
        if !hand_over {
            finish(batch, turn).await;
            return settled(outcome.await);
        }
        let mut turn = turn;
        turn.0 = Some(batch);
        drop(turn);
        queue.outcome(outcome, limits.max_wait).await
    }
}

impl Queue {
    fn limits(&self) -> GroupCommit {
        GroupCommit {
            max_members: self.max_members.load(Ordering::Relaxed).max(1),
            max_wait: Duration::from_micros(self.max_wait_us.load(Ordering::Relaxed)),
        }
    }

    /// The turn, counted among the writers waiting while it is awaited.
    async fn turn(self: &Arc<Queue>) -> OwnedMutexGuard<Slot> {
        struct Waiting<'a>(&'a AtomicUsize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::AcqRel);
            }
        }
        self.waiting.fetch_add(1, Ordering::AcqRel);
        let _waiting = Waiting(&self.waiting);
        self.turn.clone().lock_owned().await
    }

    /// Waits for the outcome of a batch handed over. If it is still open
    /// after its time (the writer it was handed to for has left), takes
    /// the turn and commits it.
    async fn outcome(
        self: &Arc<Queue>,
        mut outcome: oneshot::Receiver<Outcome>,
        max_wait: Duration,
    ) -> Result<(), StoreError> {
        let rescue = tokio::time::sleep(max_wait.max(Duration::from_millis(1)));
        tokio::select! {
            biased;
            told = &mut outcome => return settled(told),
            _ = rescue => {}
        }
        tokio::select! {
            biased;
            told = &mut outcome => return settled(told),
            turn = self.turn() => drop(flush(turn).await),
        }
        settled(outcome.await)
    }
}

/// Commits the batch the turn holds, if any, in a task of its own (it
/// completes even if the caller stops waiting): the turn then holds no
/// transaction, and every write before it has been committed.
async fn flush(turn: OwnedMutexGuard<Slot>) -> Option<OwnedMutexGuard<Slot>> {
    if turn.0.is_none() {
        return Some(turn);
    }
    tokio::spawn(async move {
        let mut turn = turn;
        match turn.0.take() {
            Some(batch) => commit_batch(batch, turn).await,
            None => turn,
        }
    })
    .await
    .ok()
}

/// `COMMIT`s the batch, gives the turn back, and wakes its writers.
async fn finish(batch: Batch, turn: OwnedMutexGuard<Slot>) {
    drop(commit_batch(batch, turn).await);
}

/// `COMMIT`s the batch and wakes its writers; returns the turn, free.
async fn commit_batch(batch: Batch, turn: OwnedMutexGuard<Slot>) -> OwnedMutexGuard<Slot> {
    let Batch {
        tx, ended, members, ..
    } = batch;
    metrics::histogram!("oanquan_db_batch_size").record(f64::from(members));
    let outcome = tx.commit().await.map_err(|error| {
        tracing::error!(%error, members, "a batch of SQLite writes did not commit");
        Arc::<str>::from(error.to_string())
    });
    tell(ended, &outcome);
    turn
}

/// Rolls the whole batch back and fails every writer of it.
async fn fail(batch: Batch, turn: OwnedMutexGuard<Slot>, error: &sqlx::Error) {
    tracing::error!(%error, members = batch.members, "a batch of SQLite writes was lost");
    let Batch { tx, ended, .. } = batch;
    let _ = tx.rollback().await;
    drop(turn);
    tell(ended, &Err(Arc::from(error.to_string())));
}

fn tell(ended: Vec<oneshot::Sender<Outcome>>, outcome: &Outcome) {
    for writer in ended {
        let _ = writer.send(outcome.clone());
    }
}

fn settled(told: Result<Outcome, oneshot::error::RecvError>) -> Result<(), StoreError> {
    match told {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(StoreError::NotCommitted(error.to_string())),
        Err(_) => Err(StoreError::NotCommitted("the batch was dropped".to_owned())),
    }
}

impl Deref for SqliteWrite {
    type Target = SqliteConnection;

    fn deref(&self) -> &SqliteConnection {
        self.connection()
    }
}

impl DerefMut for SqliteWrite {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.member.as_mut().expect("a write under way").batch.tx
    }
}

/// Runs `work` to its end even if the caller stops waiting for it.
async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, sqlx::Error>> + Send + 'static,
) -> Result<T, sqlx::Error> {
    detached_or(work, || sqlx::Error::WorkerCrashed).await
}

/// [`detached`] for the end of a write.
async fn detached_end(
    work: impl std::future::Future<Output = Result<(), StoreError>> + Send + 'static,
) -> Result<(), StoreError> {
    detached_or(work, || {
        StoreError::NotCommitted("the end of the write panicked".to_owned())
    })
    .await
}

async fn detached_or<T: Send + 'static, E: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, E>> + Send + 'static,
    crashed: impl FnOnce() -> E,
) -> Result<T, E> {
    tokio::spawn(work).await.unwrap_or_else(|joined| {
        tracing::error!(%joined, "a SQLite transaction step panicked");
        Err(crashed())
    })
}

/// The queue of the database file `pool` opens; one per file per process.
pub(super) fn queue_for(pool: &SqlitePool) -> Arc<Queue> {
    static QUEUES: OnceLock<Mutex<HashMap<PathBuf, Arc<Queue>>>> = OnceLock::new();
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut queues = QUEUES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    queues.entry(file).or_default().clone()
}

/// Sets how this process's writers of `pool`'s file share transactions.
pub(super) fn set_group_commit(pool: &SqlitePool, limits: GroupCommit) {
    let queue = queue_for(pool);
    queue
        .max_members
        .store(limits.max_members.max(1), Ordering::Relaxed);
    let micros = u64::try_from(limits.max_wait.as_micros()).unwrap_or(u64::MAX);
    queue.max_wait_us.store(micros, Ordering::Relaxed);
}

/// This process's turn at `pool`'s file with no transaction under way in
/// it: the batch handed over, if any, is committed first.
pub(super) async fn idle_turn(pool: &SqlitePool) -> Option<OwnedMutexGuard<Slot>> {
    let queue = queue_for(pool);
    let turn = queue.turn().await;
    flush(turn).await
}
