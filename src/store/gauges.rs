//! What the metrics read of the database: bounded reads (the games not
//! over yet, through the status index; the pool's own counters).

use super::{Store, StoreError};
use crate::domain::GameStatus;

/// The connections of the store's pool.
#[derive(Clone, Copy, Debug)]
pub struct PoolUse {
    /// Connections open (in use or idle).
    pub open: u32,
    /// Open connections nobody holds.
    pub idle: usize,
}

/// Reads the `games_by_status` index's entries of one status only.
const GAMES_IN_STATUS: &str = "SELECT COUNT(*) FROM games WHERE status = $1";

impl Store {
    /// How many games are in each status that is not final (`waiting`,
    /// `active`). Final statuses are left out: their games only grow in
    /// number, and counting them would read ever more of the index.
    pub async fn open_games_by_status(&self) -> Result<Vec<(GameStatus, i64)>, StoreError> {
        let mut counts = Vec::new();
        for status in GameStatus::ALL.into_iter().filter(|s| !s.is_final()) {
            let count: i64 = with_pool!(self, |pool| {
                sqlx::query_scalar(GAMES_IN_STATUS)
                    .bind(status.as_str())
                    .fetch_one(pool)
                    .await
            })?;
            counts.push((status, count));
        }
        Ok(counts)
    }

    pub fn pool_use(&self) -> PoolUse {
        with_pool!(self, |pool| PoolUse {
            open: pool.size(),
            idle: pool.num_idle(),
        })
    }
}
