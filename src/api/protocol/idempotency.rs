//! Idempotent writes. A client may send `Idempotency-Key: <key>` with any
//! write; a retry with the same key by the same player gets the original
//! response back (with `Idempotent-Replayed: true`) and acts no second time,
//! and reusing the key for a different request is refused.
//!
//! The response is saved in the transaction that did the work (a hook of
//! the Games layer's unit of work), so a key is either unknown (nothing
//! was done, or it failed and was rolled back) or holds the response of
//! what was done. A retry racing the original waits
//! for the game's row lock, fails its own checks (the move is played), and
//! then finds the saved response and replays it.
//!
//! A registration has a key too (`POST /v1/players`), in a key space of its
//! own. An answer that shows a new token never saves it in plain text: the
//! token is sealed ([`ApiToken::seal`]) under what only the retrying client
//! holds, the registration's key (stored hashed) or the bearer token, and
//! unsealed when the answer is replayed.

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::api::problems::ApiError;
use crate::api::AppState;
use crate::domain::ApiToken;
use crate::games::{Done, Games, HookFailed, Keyed, Ran, Transition};
use crate::store::{KeyScope, SavedResponse, StoreError, WriteTx};

pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
pub const IDEMPOTENT_REPLAYED: &str = "idempotent-replayed";

/// An `Idempotency-Key` header value: 1 to 255 visible ASCII characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub const MAX_LEN: usize = 255;
    /// A registration's key is all that proves a retry comes from the
    /// client that sent the first request, and the name it registers is
    /// public: the key must not be guessable.
    pub const MIN_REGISTRATION_LEN: usize = 16;

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

/// A key as this request uses it: what it is stored under, and what seals
/// the secret of the answer, if the answer has one.
struct KeyUse<'a> {
    key: IdempotencyKey,
    scope: KeyScope<'a>,
    stored: String,
    sealing: Option<Vec<u8>>,
}

impl<'a> KeyUse<'a> {
    /// A player's key is stored as sent; a secret in the answer is sealed
    /// under the bearer token (which the database does not hold) and the
    /// key. A registration's key is stored hashed, and seals the token.
    fn new(
        key: IdempotencyKey,
        scope: KeyScope<'a>,
        bearer: Option<&ApiToken>,
    ) -> Result<Self, ApiError> {
        let (stored, sealing) = match scope {
            KeyScope::Player(_) => {
                let sealing = bearer
                    .map(|bearer| format!("token\n{}\n{}", bearer.as_str(), key.0).into_bytes());
                (key.0.clone(), sealing)
            }
            KeyScope::Registration => {
                if key.0.len() < IdempotencyKey::MIN_REGISTRATION_LEN {
                    return Err(ApiError::InvalidHeader(format!(
                        "Idempotency-Key for a registration must have at least {} characters: \
                         it alone proves that a retry is yours (a UUID is a good choice)",
                        IdempotencyKey::MIN_REGISTRATION_LEN
                    )));
                }
                let stored = hex::encode(Sha256::digest(format!("registration\n{}", key.0)));
                (
                    stored,
                    Some(format!("registration\n{}", key.0).into_bytes()),
                )
            }
        };
        Ok(KeyUse {
            key,
            scope,
            stored,
            sealing,
        })
    }
}

/// A response to send, and to save when the request had a key.
#[derive(Debug)]
pub struct Reply {
    status: StatusCode,
    headers: Vec<(HeaderName, String)>,
    body: String,
    /// A secret the body holds, sealed before the body is saved.
    secret: Option<ApiToken>,
}

impl Reply {
    pub fn json(status: StatusCode, body: &impl Serialize) -> Result<Reply, ApiError> {
        // The largest common answer (a move's) is about 2 KiB: written
        // into one buffer, not regrown on the way.
        let mut buffer = Vec::with_capacity(3 * 1024);
        serde_json::to_writer(&mut buffer, body).map_err(|e| ApiError::Internal(e.into()))?;
        let body = String::from_utf8(buffer).map_err(|e| ApiError::Internal(e.into()))?;
        Ok(Reply {
            status,
            headers: Vec::new(),
            body,
            secret: None,
        })
    }

    /// A response without a body (204).
    pub fn empty(status: StatusCode) -> Result<Reply, ApiError> {
        Ok(Reply {
            status,
            headers: Vec::new(),
            body: String::new(),
            secret: None,
        })
    }

    pub fn header(mut self, name: HeaderName, value: impl Into<String>) -> Reply {
        self.headers.push((name, value.into()));
        self
    }

    /// Marks the token that the body shows: a saved copy keeps it sealed,
    /// never in plain text.
    pub fn secret(mut self, token: &ApiToken) -> Reply {
        // A token is not `Clone`, so that copies of it stay deliberate.
        self.secret = ApiToken::presented(token.as_str());
        self
    }

    fn saved(
        &self,
        fingerprint: String,
        sealing: Option<&[u8]>,
    ) -> Result<SavedResponse, ApiError> {
        let headers: serde_json::Map<String, serde_json::Value> = self
            .headers
            .iter()
            .map(|(name, value)| (name.as_str().to_owned(), value.clone().into()))
            .collect();
        let (body, sealed_secret) = match (&self.secret, sealing) {
            (None, _) => (self.body.clone(), None),
            (Some(secret), Some(sealing)) => {
                let sealed = secret.seal(sealing);
                (
                    self.body.replacen(secret.as_str(), &sealed, 1),
                    Some(sealed),
                )
            }
            (Some(_), None) => {
                return Err(ApiError::Internal(anyhow::anyhow!(
                    "a reply with a secret must be written with write_once_sealed"
                )))
            }
        };
        Ok(SavedResponse {
            fingerprint,
            status: i32::from(self.status.as_u16()),
            headers: serde_json::Value::Object(headers).to_string(),
            body,
            sealed_secret,
        })
    }

    pub(super) fn into_response(self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if !self.body.is_empty() {
            response.content_type("application/json");
        }
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.insert_header((name, value));
            }
        }
        response.body(self.body)
    }
}

fn replay(saved: SavedResponse, fingerprint: &str, key: &KeyUse) -> Result<HttpResponse, ApiError> {
    if saved.fingerprint != fingerprint {
        return Err(ApiError::IdempotencyKeyReused(key.key.0.clone()));
    }
    let status = StatusCode::from_u16(saved.status as u16)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("saved status: {e}")))?;
    let headers: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&saved.headers).map_err(|e| ApiError::Internal(e.into()))?;
    let body = match &saved.sealed_secret {
        None => saved.body,
        Some(sealed) => {
            let secret = key
                .sealing
                .as_deref()
                .and_then(|sealing| ApiToken::open(sealed, sealing))
                .ok_or_else(|| {
                    ApiError::Internal(anyhow::anyhow!("a saved secret does not unseal"))
                })?;
            saved.body.replacen(sealed.as_str(), secret.as_str(), 1)
        }
    };
    let mut reply = Reply {
        status,
        headers: Vec::new(),
        body,
        secret: None,
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

/// Runs `work` as one unit of work of the Games layer ([`Games::run`])
/// and answers with `render`, which also renders the answer saved under
/// the request's `Idempotency-Key` (in `scope`), if it had one. `what` is
/// the request's content in a normalised form: two requests with one key
/// are the same request when their method, path and `what` agree. A
/// secret the answer shows ([`Reply::secret`]) is saved sealed under
/// `bearer` (the caller's token) and the key, or for a registration under
/// the key alone.
pub async fn run_once<T, E>(
    state: &AppState,
    request: &HttpRequest,
    scope: KeyScope<'_>,
    bearer: Option<&ApiToken>,
    what: &str,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Done<T>, E>,
    render: impl FnOnce(&T, Option<&Transition>) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError>
where
    E: From<StoreError> + From<HookFailed>,
    ApiError: From<E>,
{
    let key = IdempotencyKey::of(request)?
        .map(|key| KeyUse::new(key, scope, bearer))
        .transpose()?;
    let fingerprint = fingerprint(request, what);
    let keyed = key.as_ref().map(|key| Keyed {
        scope: key.scope,
        key: &key.stored,
    });
    let mut render = Some(render);
    let mut rendered = None;
    let sealing = key.as_ref().and_then(|key| key.sealing.as_deref());
    let save = |done: &Done<T>| {
        let render = render.take().expect("rendered once");
        let failed = |error: ApiError| HookFailed(anyhow::anyhow!("the answer to save: {error}"));
        let reply = render(&done.value, done.transition.as_ref()).map_err(failed)?;
        let saved = reply.saved(fingerprint.clone(), sealing).map_err(failed)?;
        rendered = Some(reply);
        Ok(saved)
    };
    let ran = state.games.run(&state.store, keyed, work, save).await?;
    match ran {
        Ran::Replayed(saved) => {
            let key = key.as_ref().expect("only a keyed unit replays");
            replay(saved, &fingerprint, key)
        }
        Ran::Done(committed) => {
            let reply = match rendered {
                Some(reply) => reply,
                None => (render.take().expect("rendered once"))(
                    &committed.value,
                    committed.transition.as_deref(),
                )?,
            };
            Ok(reply.into_response())
        }
    }
}
