//! PostgreSQL: every committed change of a game is announced to every
//! node on `game_changed`, after its commit, by the node that wrote it.
//!
//! A `NOTIFY` in the writing transaction would take PostgreSQL's
//! cluster-wide notification lock at that transaction's commit, held
//! through its WAL flush: every move would commit one at a time. Here the
//! writer only queues `(game, version)` once its commit returned; one task
//! per process and database, on a connection of its own, sends whatever
//! is queued since its last send as one autocommit statement. The queue
//! keeps each game's latest version only, so it holds at most one entry
//! per game written; a send that fails is queued again and sent on a new
//! connection. A payload is `<id> <version>` entries joined by `,`, each
//! under PostgreSQL's limit of 8000 bytes (more entries, more payloads,
//! one statement).
//!
//! A process killed between a commit and its announcement leaves the
//! other nodes unaware of that change: each node also compares the
//! versions its streams know with the stored ones now and then
//! (`live::nodes`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use sqlx::postgres::{PgConnection, PgPool};
use sqlx::{Connection, Postgres, Transaction};
use tokio::sync::Notify;

/// The channel of the games' changes.
pub(super) const CHANGES: &str = "game_changed";

/// PostgreSQL refuses a payload of 8000 bytes or more.
const MAX_PAYLOAD: usize = 7_999;

/// How long the task waits before it connects again after a failure.
const RECONNECT_AFTER: Duration = Duration::from_millis(200);

/// How often an idle task looks whether its pool was closed.
const IDLE_CHECK: Duration = Duration::from_secs(1);

/// How the announcer's connection names itself (`pg_stat_activity`).
pub const APPLICATION_NAME: &str = "oanquan announcer";

/// Sends every payload of `$2` on channel `$1`, in one statement.
const NOTIFY_ALL: &str = "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload";

/// A PostgreSQL write transaction, and the changes of games it made:
/// announced once its commit has ended (or was dropped on the way: an
/// announcement of a change that did not commit is read, found older,
/// and dropped by whoever hears it).
#[derive(Debug)]
pub struct PgWrite {
    tx: Transaction<'static, Postgres>,
    pool: PgPool,
    changed: Vec<(String, i64)>,
}

impl PgWrite {
    pub(super) async fn begin(pool: &PgPool) -> Result<PgWrite, sqlx::Error> {
        Ok(PgWrite {
            tx: pool.begin().await?,
            pool: pool.clone(),
            changed: Vec::new(),
        })
    }

    /// Game `id` is at `version` once this transaction commits.
    pub(super) fn changed(&mut self, id: &str, version: i64) {
        self.changed.push((id.to_owned(), version));
    }

    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        let PgWrite { tx, pool, changed } = self;
        let _announce = AnnounceOnDrop { pool, changed };
        tx.commit().await
    }

    pub(super) async fn rollback(self) -> Result<(), sqlx::Error> {
        self.tx.rollback().await
    }
}

impl std::ops::Deref for PgWrite {
    type Target = PgConnection;

    fn deref(&self) -> &PgConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for PgWrite {
    fn deref_mut(&mut self) -> &mut PgConnection {
        &mut self.tx
    }
}

/// Announces a transaction's changes once its commit has ended, however
/// it ended.
pub(super) struct AnnounceOnDrop {
    pub pool: PgPool,
    pub changed: Vec<(String, i64)>,
}

impl Drop for AnnounceOnDrop {
    fn drop(&mut self) {
        announce(&self.pool, std::mem::take(&mut self.changed));
    }
}

/// The changes one process queued for one database, and its sender task.
struct Announcer {
    queue: Mutex<Queue>,
    wake: Notify,
}

#[derive(Default)]
struct Queue {
    latest: HashMap<String, i64>,
    /// The task has ended: a new one takes the next changes.
    ended: bool,
}

type Key = (String, u16, String);

fn announcers() -> &'static Mutex<HashMap<Key, Arc<Announcer>>> {
    static ANNOUNCERS: OnceLock<Mutex<HashMap<Key, Arc<Announcer>>>> = OnceLock::new();
    ANNOUNCERS.get_or_init(Default::default)
}

/// Queues committed changes of games (`(id, version)`) for announcement
/// on `pool`'s database. Call it only once their transaction committed.
pub(crate) fn announce(pool: &PgPool, changes: Vec<(String, i64)>) {
    if changes.is_empty() {
        return;
    }
    let options = pool.connect_options();
    let key = (
        options.get_host().to_owned(),
        options.get_port(),
        options.get_database().unwrap_or_default().to_owned(),
    );
    let mut announcers = announcers()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(announcer) = announcers.get(&key) {
        if announcer.queue(&changes) {
            return;
        }
    }
    let announcer = Arc::new(Announcer {
        queue: Mutex::default(),
        wake: Notify::new(),
    });
    announcer.queue(&changes);
    announcers.insert(key, announcer.clone());
    tokio::spawn(announcer.run(pool.clone()));
}

impl Announcer {
    /// Queues `changes`, keeping each game's latest version; `false` when
    /// the task has ended (nothing was queued).
    fn queue(&self, changes: &[(String, i64)]) -> bool {
        let mut queue = self.lock();
        if queue.ended {
            return false;
        }
        for (id, version) in changes {
            let latest = queue.latest.entry(id.clone()).or_insert(*version);
            *latest = (*latest).max(*version);
        }
        drop(queue);
        self.wake.notify_one();
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends what is queued until the pool is closed and nothing is left.
    async fn run(self: Arc<Self>, pool: PgPool) {
        let mut connection: Option<PgConnection> = None;
        loop {
            let batch = {
                let mut queue = self.lock();
                if queue.latest.is_empty() && pool.is_closed() {
                    queue.ended = true;
                    return;
                }
                std::mem::take(&mut queue.latest)
            };
            if batch.is_empty() {
                let _ = tokio::time::timeout(IDLE_CHECK, self.wake.notified()).await;
                continue;
            }
            match send(&mut connection, &pool, &batch).await {
                Ok(()) => metrics::counter!("oanquan_announced_changes_total")
                    .increment(batch.len() as u64),
                Err(error) => {
                    connection = None;
                    if pool.is_closed() {
                        // The process is stopping; its database is gone.
                        tracing::warn!(%error, changes = batch.len(), "changes left unannounced");
                        self.lock().ended = true;
                        return;
                    }
                    tracing::warn!(%error, "cannot announce changes; trying again");
                    let batch: Vec<_> = batch.into_iter().collect();
                    self.requeue(&batch);
                    tokio::time::sleep(RECONNECT_AFTER).await;
                }
            }
        }
    }

    /// Puts a batch that was not sent back, under what came meanwhile.
    fn requeue(&self, batch: &[(String, i64)]) {
        let mut queue = self.lock();
        for (id, version) in batch {
            let latest = queue.latest.entry(id.clone()).or_insert(*version);
            *latest = (*latest).max(*version);
        }
    }
}

/// Sends `batch` on `connection`, opened first if need be.
async fn send(
    connection: &mut Option<PgConnection>,
    pool: &PgPool,
    batch: &HashMap<String, i64>,
) -> Result<(), sqlx::Error> {
    if connection.is_none() {
        let options = pool.connect_options().as_ref().clone();
        let options = options.application_name(APPLICATION_NAME);
        *connection = Some(PgConnection::connect_with(&options).await?);
    }
    let connection = connection.as_mut().expect("connected above");
    sqlx::query(NOTIFY_ALL)
        .bind(CHANGES)
        .bind(payloads(batch))
        .execute(connection)
        .await?;
    Ok(())
}

/// `batch` as payloads: `<id> <version>` entries joined by `,`, each
/// payload under [`MAX_PAYLOAD`] bytes.
fn payloads(batch: &HashMap<String, i64>) -> Vec<String> {
    let mut payloads = Vec::new();
    let mut payload = String::new();
    for (id, version) in batch {
        let entry = format!("{id} {version}");
        if !payload.is_empty() && payload.len() + 1 + entry.len() > MAX_PAYLOAD {
            payloads.push(std::mem::take(&mut payload));
        }
        if !payload.is_empty() {
            payload.push(',');
        }
        payload.push_str(&entry);
    }
    if !payload.is_empty() {
        payloads.push(payload);
    }
    payloads
}

/// The entries of a `game_changed` payload, `None` for an unreadable one.
pub(super) fn parse(payload: &str) -> Option<Vec<(String, i64)>> {
    payload
        .split(',')
        .map(|entry| {
            let (id, version) = entry.split_once(' ')?;
            Some((id.to_owned(), version.parse::<i64>().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_stay_under_the_limit_and_keep_every_entry() {
        let batch: HashMap<String, i64> = (0..2_000)
            .map(|n| (format!("game{n:06}"), 1_000_000 + n as i64))
            .collect();
        let payloads = payloads(&batch);
        // Entries of 18 bytes joined by commas: at most 421 in 7,999
        // bytes (421 * 19 - 1), so 2000 entries take 5 payloads.
        assert_eq!(payloads.len(), 5);
        assert!(payloads.iter().all(|p| p.len() < 8_000));
        let mut heard: HashMap<String, i64> = HashMap::new();
        for payload in &payloads {
            heard.extend(parse(payload).unwrap());
        }
        assert_eq!(heard, batch);
    }

    #[test]
    fn a_payload_of_one_entry_reads_as_before() {
        assert_eq!(
            parse("abcdefghij 7"),
            Some(vec![("abcdefghij".to_owned(), 7)])
        );
        assert_eq!(parse("abcdefghij"), None);
        assert_eq!(parse("abcdefghij x"), None);
        assert_eq!(parse(""), None);
    }
}
