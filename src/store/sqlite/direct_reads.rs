//! Reads on the pool that run SQLite on the caller's thread ([`super::direct`]):
//! the hot ones (a game, a token's holder, a saved answer). A statement borrows an idle
//! read-only connection of this process's (kept per file beside the
//! writer, see [`super::writer_queue`]) for as long as it runs, with no await
//! in between, so at most one per thread is in use; PostgreSQL reads
//! through its pool as every other read does.

use super::super::{FetchedRow, Store, StoreError};
use super::direct::{self, Param};
use super::writer_queue::queue_for;

impl Store {
    /// The first row of a query, if any.
    pub(crate) async fn read_optional<R: FetchedRow>(
        &self,
        sql: &str,
        params: &[Param<'_>],
    ) -> Result<Option<R>, StoreError> {
        match self {
            Store::Sqlite(pool) if pool.is_closed() => {
                Err(StoreError::Database(sqlx::Error::PoolClosed))
            }
            Store::Sqlite(pool) => {
                let found = queue_for(pool).read(|reader| direct::query(reader, sql, params, 1))?;
                Ok(found.into_iter().next())
            }
            Store::Postgres(pool) => {
                let row = direct::pg_query(sql, params).fetch_optional(pool).await?;
                row.map(|row| sqlx::FromRow::from_row(&row).map_err(StoreError::from))
                    .transpose()
            }
        }
    }
}
