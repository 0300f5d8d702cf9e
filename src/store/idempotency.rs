//! Saved responses for requests sent with an `Idempotency-Key`.
//!
//! The response is saved in the transaction that did the work, so a key is
//! either absent (nothing happened) or holds the response of what happened.

use chrono::{DateTime, Utc};

use super::{Store, StoreError, WriteTx};
use crate::domain::PlayerId;

/// A response as first sent.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SavedResponse {
    /// Identifies the request the key was first used for.
    pub fingerprint: String,
    pub status: i32,
    /// The response headers worth replaying, as a JSON object.
    pub headers: String,
    pub body: String,
}

const SELECT_RESPONSE: &str = "\
    SELECT fingerprint, status, headers, body FROM idempotency_keys \
    WHERE player_id = $1 AND key = $2";

const INSERT_RESPONSE: &str = "\
    INSERT INTO idempotency_keys (player_id, key, fingerprint, status, headers, body, created_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7) \
    ON CONFLICT (player_id, key) DO NOTHING";

const DELETE_OLDER_THAN: &str = "DELETE FROM idempotency_keys WHERE created_at < $1";

impl Store {
    pub async fn saved_response(
        &self,
        player: &PlayerId,
        key: &str,
    ) -> Result<Option<SavedResponse>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, SavedResponse>(SELECT_RESPONSE)
                .bind(player.as_str())
                .bind(key)
                .fetch_optional(pool)
                .await
        })?)
    }

    /// Forgets keys saved before `cutoff`; returns how many.
    pub async fn forget_idempotency_keys(&self, cutoff: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = with_pool!(self, |pool| {
            sqlx::query(DELETE_OLDER_THAN)
                .bind(cutoff)
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(done)
    }
}

impl WriteTx {
    pub async fn saved_response(
        &mut self,
        player: &PlayerId,
        key: &str,
    ) -> Result<Option<SavedResponse>, StoreError> {
        Ok(with_tx!(self, |conn| {
            sqlx::query_as::<_, SavedResponse>(SELECT_RESPONSE)
                .bind(player.as_str())
                .bind(key)
                .fetch_optional(conn)
                .await
        })?)
    }

    /// Saves the response; `false` when another request saved one for this
    /// key first (the caller should roll back and replay that one).
    pub async fn save_response(
        &mut self,
        player: &PlayerId,
        key: &str,
        response: &SavedResponse,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = with_tx!(self, |conn| {
            sqlx::query(INSERT_RESPONSE)
                .bind(player.as_str())
                .bind(key)
                .bind(&response.fingerprint)
                .bind(response.status)
                .bind(&response.headers)
                .bind(&response.body)
                .bind(now)
                .execute(conn)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(done == 1)
    }
}
