//! SQLite writers of this process take turns at the write lock, and share
//! their transactions (group commit).
//!
//! SQLite has one write lock per database file. Writers that find it taken
//! sleep in SQLite's busy handler (1, 2, 5, 10 … 100 ms) and retry, so under
//! load most of them sleep while the lock is free, and the lock goes to
//! whoever happens to wake. Queueing this process's writers on an async
//! mutex first hands the lock over in arrival order with no sleeping; the
//! busy timeout still covers writers in other processes.
//!
//! The turn holds this process's one writer connection to the file, on
//! which statements run on the caller's thread ([`super::direct`]), and
//! hands over an *open* transaction, a batch. The first writer of
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
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use rusqlite::Connection;
use sqlx::sqlite::SqlitePool;
use tokio::sync::{oneshot, Mutex as AsyncMutex, OwnedMutexGuard};

use super::super::{StoreError, SQLITE_BUSY_TIMEOUT};
use super::connections::{self, is_busy, Access, Readers};

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
/// in a batch of its own or handed over. Its statements run on the writer
/// connection ([`SqliteWrite::connection`]). Dropped without commit, it
/// rolls back its own writes and the batch goes on.
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

/// An open transaction's writers who ended in it.
#[derive(Debug)]
struct Batch {
    ended: Vec<oneshot::Sender<Outcome>>,
    members: u32,
    opened: Instant,
}

/// A batch's fate, told to each of its writers.
type Outcome = Result<(), Arc<str>>;

/// What the turn guards: the writer connection (opened at the first
/// write), and the batch open on it when one was handed over.
#[derive(Default)]
pub(in crate::store) struct Slot {
    writer: Option<Connection>,
    open: Option<Batch>,
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Slot")
            .field("connected", &self.writer.is_some())
            .field("open", &self.open)
            .finish()
    }
}

/// The writers of one database file in this process.
#[derive(Debug)]
pub(in crate::store) struct Queue {
    file: PathBuf,
    turn: Arc<AsyncMutex<Slot>>,
    waiting: AtomicUsize,
    max_members: AtomicU32,
    max_wait_us: AtomicU64,
    /// Connections opened from now on leave checkpoints to the store's
    /// own task (`wal_autocheckpoint = 0`).
    checkpoints_apart: AtomicBool,
    /// Idle connections for [`super::direct_reads`].
    readers: Readers,
}

/// How long a writer sleeps between tries of `BEGIN IMMEDIATE` while
/// another process holds the write lock.
const BUSY_RETRY: Duration = Duration::from_millis(2);

impl SqliteWrite {
    /// Waits for this process's turn (as long as the busy timeout would),
    /// then joins the batch handed over or begins one (`BEGIN IMMEDIATE`).
    pub(in crate::store) async fn begin(pool: &SqlitePool) -> Result<SqliteWrite, StoreError> {
        if pool.is_closed() {
            return Err(StoreError::Database(sqlx::Error::PoolClosed));
        }
        let queue = queue_for(pool);
        let deadline = Instant::now() + SQLITE_BUSY_TIMEOUT;
        // A free turn is taken at once, on this thread: no timer, no
        // wake-up, no hand-over.
        let mut turn = match queue.turn.clone().try_lock_owned() {
            Ok(turn) => turn,
            Err(_) => tokio::time::timeout(SQLITE_BUSY_TIMEOUT, queue.turn())
                .await
                .map_err(|_| StoreError::Database(sqlx::Error::PoolTimedOut))?,
        };
        if let Some(mut batch) = turn.open.take() {
            batch.members += 1;
            let write = SqliteWrite {
                member: Some(Member {
                    batch,
                    turn,
                    queue,
                    joined: true,
                }),
            };
            // Failing, the write is dropped, which fails the batch.
            control(write.connection(), "SAVEPOINT m")?;
            return Ok(write);
        }
        if turn.writer.is_none() {
            turn.writer = Some(queue.open(Access::Write)?);
        }
        // Statements run inline, so nothing below awaits with a
        // transaction half begun: a caller dropped while asleep here drops
        // only the turn.
        loop {
            let writer = turn.writer.as_ref().expect("opened above");
            match control(writer, "BEGIN IMMEDIATE") {
                Ok(()) => break,
                Err(error) if is_busy(&error) && Instant::now() < deadline => {
                    tokio::time::sleep(BUSY_RETRY).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
        let batch = Batch {
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
    pub(in crate::store) async fn commit(mut self) -> Result<(), StoreError> {
        let member = self.member.take().expect("a write under way");
        member.end(true).await
    }

    /// Undoes the writes; returns once the batch they were in has ended
    /// (what this writer read may come from writers before it).
    pub(in crate::store) async fn rollback(mut self) -> Result<(), StoreError> {
        let member = self.member.take().expect("a write under way");
        member.end(false).await
    }

    /// The writer connection, inside this write's transaction.
    pub fn connection(&self) -> &Connection {
        self.member
            .as_ref()
            .expect("a write under way")
            .turn
            .writer
            .as_ref()
            .expect("a write runs on an open writer")
    }
}

impl Drop for SqliteWrite {
    fn drop(&mut self) {
        if let Some(member) = self.member.take() {
            // Ends at once: nobody waits for this writer's outcome.
            drop(member.settle(false));
        }
    }
}

/// Where a writer stands once its part of a batch has ended.
enum Settled {
    /// Its outcome is known.
    Told(Result<(), StoreError>),
    /// The batch went on to the next writer: the outcome comes when it
    /// commits, or after `max_wait` from whoever rescues it.
    HandedOver(Arc<Queue>, oneshot::Receiver<Outcome>, Duration),
}

impl Member {
    /// Ends this writer's part, then hands the batch over or commits it,
    /// and waits for its outcome.
    async fn end(self, commit: bool) -> Result<(), StoreError> {
        match self.settle(commit) {
            Settled::Told(outcome) => outcome,
            // Awaited here, on the writer's own task; if this caller stops
            // waiting, a task takes over the wait, so that a batch left open
            // by a writer who went away is still committed.
            Settled::HandedOver(queue, outcome, max_wait) => {
                let mut wait = OutcomeWait {
                    queue: queue.clone(),
                    outcome: Some(outcome),
                    max_wait,
                };
                let receiver = wait.outcome.as_mut().expect("set above");
                let told = queue.outcome(receiver, max_wait).await;
                wait.outcome = None;
                told
            }
        }
    }

    /// Everything [`Member::end`] does but waiting for a batch handed over;
    /// no await, so a caller dropped half-way cannot leave it half done.
    fn settle(self, commit: bool) -> Settled {
        let Member {
            mut batch,
            turn,
            queue,
            joined,
        } = self;
        let writer = turn
            .writer
            .as_ref()
            .expect("a write runs on an open writer");
        if !commit && !joined {
            // Alone in its batch so far: nobody else to keep.
            let rolled_back = writer.execute_batch("ROLLBACK");
            drop(turn);
            return Settled::Told(rolled_back.map_err(StoreError::from));
        }
        if !commit {
            if let Err(error) = writer.execute_batch("ROLLBACK TO m") {
                // SQLite rolled the transaction back itself (a full disk,
                // an I/O error): the writers before this one are undone too.
                let (told, mut outcome) = oneshot::channel();
                batch.ended.push(told);
                fail(batch, turn, &error);
                return Settled::Told(settled(outcome.try_recv()));
            }
        }
        let (told, mut outcome) = oneshot::channel();
        batch.ended.push(told);
        let limits = queue.limits();
        let hand_over = queue.waiting.load(Ordering::Acquire) > 0
            && batch.members < limits.max_members
            && batch.opened.elapsed() < limits.max_wait;
        if !hand_over {
            drop(commit_batch(batch, turn));
            return Settled::Told(settled(outcome.try_recv()));
        }
        let mut turn = turn;
        turn.open = Some(batch);
        drop(turn);
        Settled::HandedOver(queue, outcome, limits.max_wait)
    }
}

impl Queue {
    /// Runs `read` on one of this process's readers of the file.
    pub(in crate::store) fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.readers.with(&self.file, read)
    }

    fn new(file: PathBuf) -> Queue {
        Queue {
            file,
            turn: Arc::default(),
            waiting: AtomicUsize::new(0),
            max_members: AtomicU32::new(1),
            max_wait_us: AtomicU64::new(0),
            checkpoints_apart: AtomicBool::new(false),
            readers: Readers::default(),
        }
    }

    /// A connection of this process's to the file.
    pub(in crate::store) fn open(&self, access: Access) -> Result<Connection, StoreError> {
        let apart = self.checkpoints_apart.load(Ordering::Relaxed);
        connections::open(&self.file, access, apart)
    }

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
        outcome: &mut oneshot::Receiver<Outcome>,
        max_wait: Duration,
    ) -> Result<(), StoreError> {
        let rescue = tokio::time::sleep(max_wait.max(Duration::from_millis(1)));
        tokio::select! {
            biased;
            told = &mut *outcome => return settled(told),
            _ = rescue => {}
        }
        tokio::select! {
            biased;
            told = &mut *outcome => return settled(told),
            turn = self.turn() => drop(flush(turn)),
        }
        settled(outcome.await)
    }
}

/// A writer's wait for the outcome of the batch it handed over. Dropped
/// before the outcome came (its caller stopped waiting), it leaves the
/// wait to a task of its own, which commits the batch if nobody else does.
struct OutcomeWait {
    queue: Arc<Queue>,
    outcome: Option<oneshot::Receiver<Outcome>>,
    max_wait: Duration,
}

impl Drop for OutcomeWait {
    fn drop(&mut self) {
        let Some(mut outcome) = self.outcome.take() else {
            return;
        };
        let (queue, max_wait) = (self.queue.clone(), self.max_wait);
        // With no runtime left to wait on, the next writer, or the close
        // of the store, commits the batch.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            drop(runtime.spawn(async move {
                let _ = queue.outcome(&mut outcome, max_wait).await;
            }));
        }
    }
}

/// Commits the batch the turn holds, if any: the turn then holds no
/// transaction, and every write before it has been committed.
fn flush(mut turn: OwnedMutexGuard<Slot>) -> OwnedMutexGuard<Slot> {
    match turn.open.take() {
        Some(batch) => commit_batch(batch, turn),
        None => turn,
    }
}

/// Runs a statement of transaction control (`BEGIN IMMEDIATE`, `COMMIT`,
/// `SAVEPOINT`) from the connection's cache of prepared statements: one of
/// each runs with nearly every write, and preparing them anew each time
/// cost more than running them.
fn control(connection: &rusqlite::Connection, sql: &str) -> rusqlite::Result<()> {
    connection.prepare_cached(sql)?.raw_execute().map(drop)
}

/// `COMMIT`s the batch and wakes its writers; returns the turn, free.
fn commit_batch(batch: Batch, turn: OwnedMutexGuard<Slot>) -> OwnedMutexGuard<Slot> {
    let Batch { ended, members, .. } = batch;
    metrics::histogram!("oanquan_db_batch_size").record(f64::from(members));
    let writer = turn.writer.as_ref().expect("a batch is open on the writer");
    let outcome = control(writer, "COMMIT").map_err(|error| {
        tracing::error!(%error, members, "a batch of SQLite writes did not commit");
        // A deferred constraint, or a busy lock, leaves it open: undo it.
        if !writer.is_autocommit() {
            let _ = writer.execute_batch("ROLLBACK");
        }
        Arc::<str>::from(error.to_string())
    });
    tell(ended, &outcome);
    turn
}

/// Rolls the whole batch back and fails every writer of it.
fn fail(batch: Batch, turn: OwnedMutexGuard<Slot>, error: &rusqlite::Error) {
    tracing::error!(%error, members = batch.members, "a batch of SQLite writes was lost");
    let writer = turn.writer.as_ref().expect("a batch is open on the writer");
    if !writer.is_autocommit() {
        let _ = writer.execute_batch("ROLLBACK");
    }
    drop(turn);
    tell(batch.ended, &Err(Arc::from(error.to_string())));
}

fn tell(ended: Vec<oneshot::Sender<Outcome>>, outcome: &Outcome) {
    for writer in ended {
        let _ = writer.send(outcome.clone());
    }
}

fn settled(told: Result<Outcome, impl std::fmt::Display>) -> Result<(), StoreError> {
    match told {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(StoreError::NotCommitted(error.to_string())),
        Err(_) => Err(StoreError::NotCommitted("the batch was dropped".to_owned())),
    }
}

/// The queue of the database file `pool` opens; one per file per process.
pub(in crate::store) fn queue_for(pool: &SqlitePool) -> Arc<Queue> {
    static QUEUES: OnceLock<Mutex<HashMap<PathBuf, Arc<Queue>>>> = OnceLock::new();
    let options = pool.connect_options();
    let file = options.get_filename();
    let mut queues = QUEUES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(queue) = queues.get(file) {
        return queue.clone();
    }
    let queue = Arc::new(Queue::new(file.to_path_buf()));
    queues.insert(file.to_path_buf(), queue.clone());
    queue
}

/// Sets how this process's writers of `pool`'s file share transactions.
pub(in crate::store) fn set_group_commit(pool: &SqlitePool, limits: GroupCommit) {
    let queue = queue_for(pool);
    queue
        .max_members
        .store(limits.max_members.max(1), Ordering::Relaxed);
    let micros = u64::try_from(limits.max_wait.as_micros()).unwrap_or(u64::MAX);
    queue.max_wait_us.store(micros, Ordering::Relaxed);
}

/// Connections of this process to `pool`'s file opened from now on leave
/// checkpoints to the store's task (`wal_autocheckpoint = 0`).
pub(in crate::store) fn set_checkpoints_apart(pool: &SqlitePool) {
    queue_for(pool)
        .checkpoints_apart
        .store(true, Ordering::Relaxed);
}

/// This process's turn at `pool`'s file with no transaction under way in
/// it: the batch handed over, if any, is committed first.
pub(in crate::store) async fn idle_turn(pool: &SqlitePool) -> OwnedMutexGuard<Slot> {
    let queue = queue_for(pool);
    let turn = queue.turn().await;
    flush(turn)
}

/// Closes this process's own connections to `pool`'s file (after the
/// batch under way, if any, is committed); the next use opens them again.
pub(in crate::store) async fn close(pool: &SqlitePool) {
    let mut turn = idle_turn(pool).await;
    turn.writer = None;
    queue_for(pool).readers.close();
}
