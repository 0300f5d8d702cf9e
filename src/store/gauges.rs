//! What a metrics scrape reads of the database: bounded reads (one
//! `GROUP BY` over the games, the pool's own counters).

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

const GAMES_BY_STATUS: &str = "SELECT status, COUNT(*) FROM games GROUP BY status";

impl Store {
    /// How many games are in each status; a status without games is absent.
    pub async fn games_by_status(&self) -> Result<Vec<(GameStatus, i64)>, StoreError> {
        let rows: Vec<(String, i64)> = with_pool!(self, |pool| {
            sqlx::query_as(GAMES_BY_STATUS).fetch_all(pool).await
        })?;
        Ok(rows
            .into_iter()
            .filter_map(|(status, count)| GameStatus::parse(&status).map(|s| (s, count)))
            .collect())
    }

    pub fn pool_use(&self) -> PoolUse {
        with_pool!(self, |pool| PoolUse {
            open: pool.size(),
            idle: pool.num_idle(),
        })
    }
}
