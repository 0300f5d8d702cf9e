//! The finished games the opening explorer has not counted yet
//! (`explorer_pending`, migration 0028): queued in the transaction that
//! finishes a game, claimed and deleted in the transaction that writes its
//! explorer rows and counts.

use chrono::{DateTime, Utc};

use super::games::{GameRow, GAME_BY_ID};
use super::{Store, StoreError, WriteTx};
use crate::domain::GameId;

/// How a transaction claims pending games on PostgreSQL (SQLite's write
/// lock already keeps every other writer out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Passes over the games another transaction holds: an indexer, so
    /// that several nodes' indexers each take other games.
    SkipLocked,
    /// Waits for the games another transaction holds, and passes over
    /// those it deleted: a read, which must see every game finished before
    /// it counted, whoever counts it.
    Wait,
}

row_struct! {
    struct Claimed {
        game_id: String,
    }
}

row_struct! {
    struct Pending {
        pending: i64,
    }
}

/// Deletes up to `$1` pending games, by id, and returns their ids: the
/// claim and the delete in one statement, committed with the rows and
/// counts written for them.
const CLAIM: &str = "DELETE FROM explorer_pending WHERE game_id IN \
    (SELECT game_id FROM explorer_pending ORDER BY game_id LIMIT $1) RETURNING game_id";
const CLAIM_SKIP_LOCKED: &str = "DELETE FROM explorer_pending WHERE game_id IN \
    (SELECT game_id FROM explorer_pending ORDER BY game_id LIMIT $1 FOR UPDATE SKIP LOCKED) \
    RETURNING game_id";
const CLAIM_WAIT: &str = "DELETE FROM explorer_pending WHERE game_id IN \
    (SELECT game_id FROM explorer_pending ORDER BY game_id LIMIT $1 FOR UPDATE) \
    RETURNING game_id";

impl WriteTx {
    /// Queues a finished game for the explorer's indexer; a game queued
    /// already stays queued once.
    pub async fn queue_explorer_game(
        &mut self,
        game: &GameId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO explorer_pending (game_id, queued_at) VALUES ($1, $2) \
             ON CONFLICT (game_id) DO NOTHING",
            &[game.as_str().into(), at.into()],
        )
        .await?;
        Ok(())
    }

    /// Takes up to `limit` pending games out of the queue, by id, in this
    /// transaction, and reads them: the caller counts them before the
    /// commit (a rollback leaves them pending).
    pub async fn claim_explorer_games(
        &mut self,
        limit: u32,
        claim: Claim,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = match (&*self, claim) {
            (WriteTx::Sqlite(_), _) => CLAIM,
            (WriteTx::Postgres(_), Claim::SkipLocked) => CLAIM_SKIP_LOCKED,
            (WriteTx::Postgres(_), Claim::Wait) => CLAIM_WAIT,
        };
        let claimed: Vec<Claimed> = self.fetch_all(sql, &[i64::from(limit).into()]).await?;
        let mut games = Vec::with_capacity(claimed.len());
        for Claimed { game_id } in claimed {
            let row: Option<GameRow> = self
                .fetch_optional(GAME_BY_ID, &[game_id.as_str().into()])
                .await?;
            games.extend(row);
        }
        // The order of the ids, whatever the order the statement returned.
        games.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(games)
    }

    /// Empties the queue (a rebuild counts every finished game); how many
    /// games were queued.
    pub async fn clear_explorer_queue(&mut self) -> Result<u64, StoreError> {
        self.execute("DELETE FROM explorer_pending", &[]).await
    }
}

impl Store {
    /// Whether any finished game waits for the explorer's indexer.
    pub async fn explorer_games_pending(&self) -> Result<bool, StoreError> {
        let row: Option<Claimed> = with_pool!(self, |pool| {
            sqlx::query_as("SELECT game_id FROM explorer_pending LIMIT 1")
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.is_some())
    }

    /// How many finished games wait for the explorer's indexer.
    pub async fn explorer_pending_count(&self) -> Result<i64, StoreError> {
        let row: Pending = with_pool!(self, |pool| {
            sqlx::query_as("SELECT COUNT(*) AS pending FROM explorer_pending")
                .fetch_one(pool)
                .await
        })?;
        Ok(row.pending)
    }
}
