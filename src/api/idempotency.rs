//! Idempotent writes. A client may send `Idempotency-Key: <key>` with any
//! write; a retry with the same key by the same player gets the original
//! response back (with `Idempotent-Replayed: true`) and acts no second time,
//! and reusing the key for a different request is refused.
//!
//! The response is saved in the transaction that did the work, so a key is
//! either unknown (nothing was done, or it failed and was rolled back) or
//! holds the response of what was done. A retry racing the original waits
//! for the game's row lock, fails its own checks (the move is played), and
//! then finds the saved response and replays it.

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::problem::ApiError;
use crate::domain::PlayerId;
use crate::store::{SavedResponse, Store, WriteTx};

pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
pub const IDEMPOTENT_REPLAYED: &str = "idempotent-replayed";

/// An `Idempotency-Key` header value: 1 to 255 visible ASCII characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub const MAX_LEN: usize = 255;

    /// The request's key, if it sent one.
    pub fn of(request: &HttpRequest) -> Result<Option<IdempotencyKey>, ApiError> {
        let Some(value) = request.headers().get(IDEMPOTENCY_KEY) else {
            return Ok(None);
        };
        let key = value.to_str().unwrap_or_default().trim();
        if key.is_empty() || key.len() > Self::MAX_LEN || !key.bytes().all(|b| b.is_ascii_graphic())
        {
            return Err(ApiError::InvalidHeader(format!(
                "Idempotency-Key must be 1 to {} visible ASCII characters (a UUID is a good choice)",
                Self::MAX_LEN
            )));
        }
        Ok(Some(IdempotencyKey(key.to_owned())))
    }
}

/// A response to send, and to save when the request had a key.
#[derive(Clone, Debug)]
pub struct Reply {
    status: StatusCode,
    headers: Vec<(HeaderName, String)>,
    body: String,
}

impl Reply {
    pub fn json(status: StatusCode, body: &impl Serialize) -> Result<Reply, ApiError> {
        let body = serde_json::to_string(body).map_err(|e| ApiError::Internal(e.into()))?;
        Ok(Reply {
            status,
            headers: Vec::new(),
            body,
        })
    }

    pub fn header(mut self, name: HeaderName, value: impl Into<String>) -> Reply {
        self.headers.push((name, value.into()));
        self
    }

    fn saved(&self, fingerprint: String) -> SavedResponse {
        let headers: serde_json::Map<String, serde_json::Value> = self
            .headers
            .iter()
            .map(|(name, value)| (name.as_str().to_owned(), value.clone().into()))
            .collect();
        SavedResponse {
            fingerprint,
            status: i32::from(self.status.as_u16()),
            headers: serde_json::Value::Object(headers).to_string(),
            body: self.body.clone(),
        }
    }

    fn into_response(self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        response.content_type("application/json");
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.insert_header((name, value));
            }
        }
        response.body(self.body)
    }
}

fn replay(
    saved: SavedResponse,
    fingerprint: &str,
    key: &IdempotencyKey,
) -> Result<HttpResponse, ApiError> {
    if saved.fingerprint != fingerprint {
        return Err(ApiError::IdempotencyKeyReused(key.0.clone()));
    }
    let status = StatusCode::from_u16(saved.status as u16)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("saved status: {e}")))?;
    let headers: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&saved.headers).map_err(|e| ApiError::Internal(e.into()))?;
    let mut reply = Reply {
        status,
        headers: Vec::new(),
        body: saved.body,
    };
    for (name, value) in headers {
        if let (Ok(name), Some(value)) = (HeaderName::try_from(name), value.as_str()) {
            reply = reply.header(name, value);
        }
    }
    let mut response = reply.into_response();
    response.headers_mut().insert(
        HeaderName::from_static(IDEMPOTENT_REPLAYED),
        HeaderValue::from_static("true"),
    );
    Ok(response)
}

/// What identifies a request for its key: method, path and a normalised
/// form of its content (`what`), hashed.
fn fingerprint(request: &HttpRequest, what: &str) -> String {
    let digest = Sha256::new()
        .chain_update(request.method().as_str())
        .chain_update(b" ")
        .chain_update(request.path())
        .chain_update(b"\n")
        .chain_update(what)
        .finalize();
    hex::encode(digest)
}

/// Runs `work` in one write transaction and commits it with the response
/// saved under the request's `Idempotency-Key`, if it had one. `what` is
/// the request's content in a normalised form: two requests with one key
/// are the same request when their method, path and `what` agree.
pub async fn write_once(
    store: &Store,
    request: &HttpRequest,
    player: &PlayerId,
    what: &str,
    work: impl AsyncFnOnce(&mut WriteTx) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let key = IdempotencyKey::of(request)?;
    let fingerprint = fingerprint(request, what);
    let mut tx = store.begin_write().await?;
    if let Some(key) = &key {
        if let Some(saved) = tx.saved_response(player, &key.0).await? {
            return replay(saved, &fingerprint, key);
        }
    }
    let outcome = work(&mut tx).await;
    let Some(key) = key else {
        let reply = outcome?;
        tx.commit().await?;
        return Ok(reply.into_response());
    };
    let reply = match outcome {
        Ok(reply) => reply,
        Err(error) => {
            drop(tx);
            // A concurrent request with this key may have done the work
            // while this one waited for the lock: its answer is the answer.
            return match store.saved_response(player, &key.0).await? {
                Some(saved) => replay(saved, &fingerprint, &key),
                None => Err(error),
            };
        }
    };
    if tx
        .save_response(
            player,
            &key.0,
            &reply.saved(fingerprint.clone()),
            Utc::now(),
        )
        .await?
    {
        tx.commit().await?;
        return Ok(reply.into_response());
    }
    drop(tx);
    match store.saved_response(player, &key.0).await? {
        Some(saved) => replay(saved, &fingerprint, &key),
        None => Err(ApiError::Internal(anyhow::anyhow!(
            "idempotency key vanished after a conflict"
        ))),
    }
}
