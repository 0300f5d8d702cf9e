//! Saved responses for requests sent with an `Idempotency-Key`.
//!
//! The response is saved in the transaction that did the work, so a key is
//! either absent (nothing happened) or holds the response of what happened.
//! A player's keys are theirs alone; registrations, which have no player
//! yet, have a table of their own, so the two can never collide.
//!
//! The body is stored deflated (`body_deflated`): a move's answer is the
//! move and the whole game, ~2.2 KB of JSON, written in the move's
//! transaction. A rebuild from the moves would be smaller still, but the
//! games table keeps only a game's latest state, and a replay must be the
//! first answer byte for byte. Rows saved before keep their text in `body`.

use std::io::{Read, Write};

use chrono::{DateTime, Utc};
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;

use super::sqlite::direct::Param;
use super::{Store, StoreError, WriteTx};
use crate::domain::PlayerId;

/// Whose key it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyScope<'a> {
    /// A write by this player; the key is stored as sent.
    Player(&'a PlayerId),
    /// A registration; the key is given hashed (it unseals the token).
    Registration,
}

/// A response as first sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedResponse {
    /// Identifies the request the key was first used for.
    pub fingerprint: String,
    pub status: i32,
    /// The response headers worth replaying, as a JSON object.
    pub headers: String,
    /// The body, with `sealed_secret` standing where a secret was.
    pub body: String,
    pub sealed_secret: Option<String>,
}

row_struct! {
    /// A saved response as stored: its body as text (rows saved before
    /// the bodies were deflated) or deflated.
    struct StoredResponse {
        fingerprint: String,
        status: i32,
        headers: String,
        body: String,
        body_deflated: Option<Vec<u8>>,
        sealed_secret: Option<String>,
    }
}

/// Deflates at the fastest level, inside the write's transaction: a
/// move's 2.2 KB answer is stored as ~0.9 KB (872 bytes on average over
/// 8,000 keyed moves, BENCHMARKS.md).
fn deflate(body: &str) -> Vec<u8> {
    let mut encoder = DeflateEncoder::new(Vec::with_capacity(body.len() / 2), Compression::fast());
    encoder
        .write_all(body.as_bytes())
        .and_then(|()| encoder.finish())
        .expect("deflating into memory cannot fail")
}

impl TryFrom<StoredResponse> for SavedResponse {
    type Error = StoreError;

    fn try_from(stored: StoredResponse) -> Result<SavedResponse, StoreError> {
        let body = match stored.body_deflated {
            None => stored.body,
            Some(deflated) => {
                let mut body = String::new();
                DeflateDecoder::new(deflated.as_slice())
                    .read_to_string(&mut body)
                    .map_err(|e| StoreError::Corrupt(format!("a saved answer: {e}")))?;
                body
            }
        };
        Ok(SavedResponse {
            fingerprint: stored.fingerprint,
            status: stored.status,
            headers: stored.headers,
            body,
            sealed_secret: stored.sealed_secret,
        })
    }
}

const SELECT_RESPONSE: &str = "\
    SELECT fingerprint, status, headers, body, body_deflated, sealed_secret \
    FROM idempotency_keys WHERE player_id = $1 AND key = $2";

const INSERT_RESPONSE: &str = "\
    INSERT INTO idempotency_keys \
        (player_id, key, fingerprint, status, headers, body, body_deflated, sealed_secret, \
         created_at) \
    VALUES ($1, $2, $3, $4, $5, '', $6, $7, $8) \
    ON CONFLICT (player_id, key) DO NOTHING";

const SELECT_REGISTRATION: &str = "\
    SELECT fingerprint, status, headers, body, body_deflated, sealed_secret \
    FROM registration_keys WHERE key_hash = $1";

const INSERT_REGISTRATION: &str = "\
    INSERT INTO registration_keys \
        (key_hash, fingerprint, status, headers, body, body_deflated, sealed_secret, created_at) \
    VALUES ($1, $2, $3, $4, '', $5, $6, $7) \
    ON CONFLICT (key_hash) DO NOTHING";

const DELETE_OLDER_THAN: [&str; 2] = [
    "DELETE FROM idempotency_keys WHERE created_at < $1",
    "DELETE FROM registration_keys WHERE created_at < $1",
];

/// The statement that reads a saved response, and its parameters.
fn select_saved<'a>(scope: KeyScope<'a>, key: &'a str) -> (&'static str, Vec<Param<'a>>) {
    match scope {
        KeyScope::Player(player) => (SELECT_RESPONSE, vec![player.as_str().into(), key.into()]),
        KeyScope::Registration => (SELECT_REGISTRATION, vec![key.into()]),
    }
}

impl Store {
    pub async fn saved_response(
        &self,
        scope: KeyScope<'_>,
        key: &str,
    ) -> Result<Option<SavedResponse>, StoreError> {
        let (sql, params) = select_saved(scope, key);
        self.read_optional::<StoredResponse>(sql, &params)
            .await?
            .map(SavedResponse::try_from)
            .transpose()
    }

    /// Forgets keys saved before `cutoff`, of players and registrations;
    /// returns how many.
    pub async fn forget_idempotency_keys(&self, cutoff: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut forgotten = 0;
        for statement in DELETE_OLDER_THAN {
            forgotten += with_pool!(self, |pool| {
                sqlx::query(statement)
                    .bind(cutoff)
                    .execute(pool)
                    .await
                    .map(|done| done.rows_affected())
            })?;
        }
        Ok(forgotten)
    }
}

impl WriteTx {
    pub async fn saved_response(
        &mut self,
        scope: KeyScope<'_>,
        key: &str,
    ) -> Result<Option<SavedResponse>, StoreError> {
        let (sql, params) = select_saved(scope, key);
        self.fetch_optional::<StoredResponse>(sql, &params)
            .await?
            .map(SavedResponse::try_from)
            .transpose()
    }

    /// Saves the response; `false` when another request saved one for this
    /// key first (the caller should roll back and replay that one).
    pub async fn save_response(
        &mut self,
        scope: KeyScope<'_>,
        key: &str,
        response: &SavedResponse,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let deflated = deflate(&response.body);
        let (sql, mut params) = match scope {
            KeyScope::Player(player) => (INSERT_RESPONSE, vec![player.as_str().into()]),
            KeyScope::Registration => (INSERT_REGISTRATION, Vec::new()),
        };
        params.extend(params![
            key,
            response.fingerprint.as_str(),
            response.status,
            response.headers.as_str(),
            &deflated,
            &response.sealed_secret,
            now,
        ]);
        let done = self.execute(sql, &params).await?;
        Ok(done == 1)
    }
}
