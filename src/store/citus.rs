//! Citus (distributed PostgreSQL): turns a migrated PostgreSQL database
//! into a distributed one, for `oanquan distribute` (docs/SCALE-OUT.md).
//!
//! Plain PostgreSQL never comes here: the migrations stay as they are, and
//! this runs only when asked, after them. Each step is skipped when already
//! done, so it may run again (after a later migration, say).
//!
//! The layout:
//!
//! - `games` and `moves` are distributed by the game's id and co-located:
//!   a move locks, reads and writes one shard (one worker, one-phase
//!   commit).
//! - `idempotency_keys` are distributed by player: a key belongs to its
//!   player (`(player_id, key)` is its identity, whatever the request), so
//!   the player, not the game, is the only column every request knows.
//! - `players`, `player_tokens`, `stream_tickets`, `player_ratings`,
//!   `rating_changes`, `registration_keys` and `recent_registrations` are
//!   reference tables (a copy on every node): they are read on every
//!   request (a token's holder, the names joined to a game) or across
//!   players (leaderboards), and written rarely (a registration, a token, a
//!   rated game's end), each such write a two-phase commit on every node.
//!   Their unique constraints (names' keys, tokens' hashes) stay as they
//!   are, which a distributed table could not keep.
//! - `tournaments`, `tournament_players` and `tournament_pairings` are
//!   reference tables too: every game's end looks its game up among the
//!   pairings by the game's id (a fan-out over every shard if they were
//!   distributed by tournament), lists read across tournaments, and the
//!   tournament's row lock is taken on one copy for every node.
//!
//! What the schema has that Citus refuses, and what is done with it:
//!
//! - a foreign key from a reference table to a distributed one
//!   (`rating_changes.game_id` and `tournament_pairings.game_id` →
//!   `games`) is dropped: the game is written in the same transaction, and
//!   nothing deletes games;
//! - the triggers that announce changes with `pg_notify` would fire on the
//!   workers, where no node listens: they are dropped, and announcements
//!   between nodes are the application's to send (a single node hears its
//!   own commits in process).

use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, PgConnection, PgPool, Row};

use super::{Store, StoreError};

/// A worker node as the coordinator reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    pub host: String,
    pub port: u16,
}

impl std::str::FromStr for Worker {
    type Err = String;

    /// `HOST:PORT`.
    fn from_str(text: &str) -> Result<Worker, String> {
        let (host, port) = text
            .rsplit_once(':')
            .ok_or_else(|| format!("{text}: expected HOST:PORT"))?;
        let port = port
            .parse()
            .map_err(|_| format!("{text}: the port is not a number from 1 to 65535"))?;
        if host.is_empty() || port == 0 {
            return Err(format!("{text}: expected HOST:PORT"));
        }
        Ok(Worker {
            host: host.to_owned(),
            port,
        })
    }
}

/// What [`Store::distribute`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Distributed {
    /// Workers registered by this call.
    pub workers_added: usize,
    /// Tables distributed or made reference tables by this call.
    pub tables: Vec<&'static str>,
}

/// The reference tables, each after the tables its foreign keys name.
pub const REFERENCE_TABLES: [&str; 12] = [
    "players",
    "player_tokens",
    "stream_tickets",
    "player_ratings",
    "rating_changes",
    "registration_keys",
    "recent_registrations",
    // Read by the one-statement move beside `games` (its webhook guard).
    "webhook_endpoints",
    "webhook_deliveries",
    // Small, written a few times a game, and read by a game's id at every
    // game's end (is it a tournament's?) and across tournaments (lists).
    "tournaments",
    "tournament_players",
    "tournament_pairings",
];

/// The distributed tables: name, distribution column, co-located with.
pub const DISTRIBUTED_TABLES: [(&str, &str, &str); 3] = [
    ("games", "id", "none"),
    ("moves", "game_id", "games"),
    ("idempotency_keys", "player_id", "games"),
];

/// What Citus cannot keep, dropped before the tables are distributed. The
/// key from `moves` to `games` goes too, for a while: once `players` is a
/// reference table, Citus adds the tables whose keys name it to its
/// metadata as local tables, and a local table's key would stop `games`
/// from being distributed; it is put back between the co-located tables
/// ([`MOVES_KEY`]).
const DROPPED: [&str; 5] = [
    "ALTER TABLE rating_changes DROP CONSTRAINT IF EXISTS rating_changes_game_id_fkey",
    "ALTER TABLE tournament_pairings DROP CONSTRAINT IF EXISTS tournament_pairings_game_id_fkey",
    "ALTER TABLE moves DROP CONSTRAINT IF EXISTS moves_game_id_fkey",
    "DROP TRIGGER IF EXISTS game_changed ON games",
    "DROP TRIGGER IF EXISTS token_revoked ON player_tokens",
];

/// The key from a move to its game, between co-located shards.
const MOVES_KEY: &str = "ALTER TABLE moves ADD CONSTRAINT moves_game_id_fkey \
    FOREIGN KEY (game_id) REFERENCES games (id)";

impl Store {
    /// Makes this (migrated) PostgreSQL database a Citus one: creates the
    /// extension, registers `workers`, and distributes the tables
    /// ([module docs](self)) in `shard_count` shards. Idempotent.
    pub async fn distribute(
        &self,
        workers: &[Worker],
        shard_count: u32,
    ) -> Result<Distributed, StoreError> {
        let Store::Postgres(pool) = self else {
            return Err(StoreError::Corrupt(
                "only a PostgreSQL database with Citus can be distributed".into(),
            ));
        };
        distribute(pool, workers, shard_count).await
    }
}

async fn distribute(
    pool: &PgPool,
    workers: &[Worker],
    shard_count: u32,
) -> Result<Distributed, StoreError> {
    let mut done = Distributed::default();
    let options = pool.connect_options();
    // One connection throughout: `SET citus.shard_count` is per session.
    let mut conn = pool.acquire().await?;
    sqlx::query("CREATE EXTENSION IF NOT EXISTS citus")
        .execute(&mut *conn)
        .await?;
    // The coordinator in the metadata, as the workers reach it (the URL's
    // host and port): reference tables get a copy on it too, so that reads
    // of them alone (a token's holder, a leaderboard) stay on it.
    let coordinator_known: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_dist_node WHERE groupid = 0)")
            .fetch_one(&mut *conn)
            .await?;
    if !coordinator_known {
        sqlx::query("SELECT citus_set_coordinator_host($1, $2)")
            .bind(options.get_host())
            .bind(i32::from(options.get_port()))
            .execute(&mut *conn)
            .await?;
    }
    for worker in workers {
        let known: bool = sqlx::query(
            "SELECT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodename = $1 AND nodeport = $2)",
        )
        .bind(&worker.host)
        .bind(i32::from(worker.port))
        .fetch_one(&mut *conn)
        .await?
        .get(0);
        if !known {
            prepare_worker(&options, worker).await?;
            sqlx::query("SELECT citus_add_node($1, $2)")
                .bind(&worker.host)
                .bind(i32::from(worker.port))
                .execute(&mut *conn)
                .await?;
            done.workers_added += 1;
        }
    }
    sqlx::query(&format!("SET citus.shard_count = {shard_count}"))
        .execute(&mut *conn)
        .await?;
    let mut pending_reference = Vec::new();
    for table in REFERENCE_TABLES {
        if held_as(&mut conn, table).await?.as_deref() != Some("nt") {
            pending_reference.push(table);
        }
    }
    let mut pending_distributed = Vec::new();
    for entry in DISTRIBUTED_TABLES {
        let held = held_as(&mut conn, entry.0).await?;
        if held.is_none_or(|kind| !kind.starts_with('h')) {
            pending_distributed.push(entry);
        }
    }
    if !pending_reference.is_empty() || !pending_distributed.is_empty() {
        for statement in DROPPED {
            sqlx::query(statement).execute(&mut *conn).await?;
        }
    }
    for table in pending_reference {
        sqlx::query("SELECT create_reference_table($1)")
            .bind(table)
            .execute(&mut *conn)
            .await?;
        done.tables.push(table);
    }
    for (table, column, colocate_with) in pending_distributed {
        sqlx::query("SELECT create_distributed_table($1, $2, colocate_with => $3)")
            .bind(table)
            .bind(column)
            .bind(colocate_with)
            .execute(&mut *conn)
            .await?;
        done.tables.push(table);
    }
    let moves_key: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'moves_game_id_fkey')",
    )
    .fetch_one(&mut *conn)
    .await?;
    if !moves_key {
        sqlx::query(MOVES_KEY).execute(&mut *conn).await?;
    }
    Ok(done)
}

/// How Citus holds a table: "ht" hash-distributed, "nt" a reference
/// table, "ns" a local table in its metadata; None: not in it.
async fn held_as(conn: &mut PgConnection, table: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT partmethod::text || repmodel::text FROM pg_dist_partition \
         WHERE logicalrelid = $1::regclass",
    )
    .bind(table)
    .fetch_optional(conn)
    .await
}

/// Gives the worker this database (unless Citus made it already, from a
/// `CREATE DATABASE` on the coordinator) and the extension in it, which
/// `citus_add_node` needs, connecting as the coordinator's URL does.
async fn prepare_worker(coordinator: &PgConnectOptions, worker: &Worker) -> Result<(), StoreError> {
    let options = coordinator.clone().host(&worker.host).port(worker.port);
    let mut conn = match PgConnection::connect_with(&options).await {
        Ok(conn) => conn,
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(NO_SUCH_DATABASE) => {
            let database = coordinator.get_database().unwrap_or("postgres");
            let mut admin =
                PgConnection::connect_with(&options.clone().database("postgres")).await?;
            sqlx::query(&format!(
                r#"CREATE DATABASE "{}""#,
                database.replace('"', "\"\"")
            ))
            .execute(&mut admin)
            .await?;
            admin.close().await?;
            PgConnection::connect_with(&options).await?
        }
        Err(e) => return Err(e.into()),
    };
    sqlx::query("CREATE EXTENSION IF NOT EXISTS citus")
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(())
}

/// SQLSTATE invalid_catalog_name.
const NO_SUCH_DATABASE: &str = "3D000";

/// A unique violation that Citus passes on as an internal error
/// (SQLSTATE XX000) with the worker's message: it does so when the rows of
/// an `INSERT … SELECT` are sent to the shards from the coordinator (the
/// move's insert from the game's update, `moves_write.rs`). Plain
/// PostgreSQL reports every unique violation as 23505.
pub(super) fn is_wrapped_unique_violation(error: &dyn sqlx::error::DatabaseError) -> bool {
    error.code().as_deref() == Some("XX000")
        && error
            .message()
            .starts_with("duplicate key value violates unique constraint")
}

#[cfg(test)]
mod tests {
    use super::Worker;

    #[test]
    fn a_worker_is_host_and_port() {
        assert_eq!(
            "10.0.0.7:5433".parse::<Worker>(),
            Ok(Worker {
                host: "10.0.0.7".into(),
                port: 5433
            })
        );
        assert!("10.0.0.7".parse::<Worker>().is_err());
        assert!(":5433".parse::<Worker>().is_err());
        assert!("h:0".parse::<Worker>().is_err());
        assert!("h:70000".parse::<Worker>().is_err());
    }
}
