//! Bearer-token authentication. Every request reads the token's row, so a
//! deleted token is refused at once, on every node.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use std::marker::PhantomData;

use chrono::{DateTime, Utc};
use futures_util::future::LocalBoxFuture;

use crate::api::problems::{ApiError, AuthFailure};
use crate::api::AppState;
use crate::domain::{ApiToken, Scope, Scopes, StreamTicket, TokenId};
use crate::store::{use_is_due, Player};

/// The scope a handler's token must hold, as a type: the argument
/// `Authenticated<scope::Play>` lets in only a token that may play.
pub trait Needs {
    /// `None` only for [`scope::Any`].
    const SCOPE: Option<Scope>;
}

/// The markers of [`Needs`], one per [`Scope`].
pub mod scope {
    use super::{Needs, Scope};

    macro_rules! markers {
        ($($(#[$doc:meta])* $marker:ident => $scope:expr;)*) => {$(
            $(#[$doc])*
            #[derive(Debug)]
            pub struct $marker;

            impl Needs for $marker {
                const SCOPE: Option<Scope> = $scope;
            }
        )*};
    }

    markers! {
        /// Reading one's own data and streams.
        Read => Some(Scope::Read);
        /// Moves, resignations, aborts, offers, games made, joined or imported,
        /// the bot upgrade.
        Play => Some(Scope::Play);
        /// Challenges.
        Challenge => Some(Scope::Challenge);
        /// One's webhooks.
        Webhooks => Some(Scope::Webhooks);
        /// One's tokens.
        Tokens => Some(Scope::Tokens);
        /// Any token: only for what anyone may do without one, where a
        /// token only ties a stream to its life.
        Any => None;
    }
}

/// Refuses `scopes` unless they hold `needed`: 403 `insufficient_scope`.
pub fn require(scopes: Scopes, needed: Scope) -> Result<(), ApiError> {
    if scopes.contains(needed) {
        Ok(())
    } else {
        Err(ApiError::InsufficientScope(needed))
    }
}

/// The player whose token came in `Authorization: Bearer <token>`, a token
/// holding the scope `S` needs. As a handler argument it rejects the
/// request with a 401 `unauthorized` problem (and a `WWW-Authenticate:
/// Bearer` challenge) when the header is missing, malformed or names no
/// token, and with a 403 `insufficient_scope` when the token lacks the
/// scope.
#[derive(Clone, Debug)]
pub struct Authenticated<S> {
    pub player: Player,
    scope: PhantomData<S>,
}

/// [`Authenticated`], with the token itself: which of the player's tokens
/// it is, its scopes and its text (never logged: its `Debug` is redacted),
/// for the handlers that manage tokens.
#[derive(Debug)]
pub struct Bearer<S> {
    pub player: Player,
    pub token_id: TokenId,
    pub scopes: Scopes,
    pub token: ApiToken,
    scope: PhantomData<S>,
}

impl<S: Needs + 'static> FromRequest for Authenticated<S> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let bearer = Bearer::<S>::from_request(request, payload);
        Box::pin(async move {
            Ok(Authenticated {
                player: bearer.await?.player,
                scope: PhantomData,
            })
        })
    }
}

impl<S: Needs + 'static> FromRequest for Bearer<S> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer_token(request);
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let token = token?;
            let state = state.ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("AppState is not registered as app data"))
            })?;
            let Some(holder) = state.store.token_holder(&token.hash()).await? else {
                return Err(ApiError::Unauthorized(AuthFailure::UnknownToken));
            };
            record_use(&state, &holder.token_id, holder.last_used_at).await;
            if let Some(needed) = S::SCOPE {
                require(holder.scopes, needed)?;
            }
            Ok(Bearer {
                player: holder.player,
                token_id: holder.token_id,
                scopes: holder.scopes,
                token,
                scope: PhantomData,
            })
        })
    }
}

/// The bearer token a request came with, well formed but not looked up
/// yet (a missing or malformed one is refused as by [`Authenticated`]): for
/// a handler that reads it with its own statement and refuses a token that
/// names nobody itself, as the move path does.
#[derive(Debug)]
pub struct Presented(pub ApiToken);

impl FromRequest for Presented {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(bearer_token(request).map(Presented))
    }
}

impl Presented {
    /// The player the token belongs to, looked up on its own (401
    /// `unauthorized` when it names nobody, 403 `insufficient_scope` when
    /// it lacks `needed`).
    pub async fn player(&self, state: &AppState, needed: Scope) -> Result<Player, ApiError> {
        let Some(holder) = state.store.token_holder(&self.0.hash()).await? else {
            return Err(ApiError::Unauthorized(AuthFailure::UnknownToken));
        };
        record_use(state, &holder.token_id, holder.last_used_at).await;
        require(holder.scopes, needed)?;
        Ok(holder.player)
    }

    /// Why a statement that authenticates by the token's hash and a scope
    /// found no holder: 403 `insufficient_scope` when the token exists
    /// without `needed`, else 401 `unauthorized`.
    pub async fn refusal(&self, state: &AppState, needed: Scope) -> ApiError {
        match state.store.token_holder(&self.0.hash()).await {
            Ok(Some(holder)) if !holder.scopes.contains(needed) => {
                ApiError::InsufficientScope(needed)
            }
            Ok(_) => ApiError::Unauthorized(AuthFailure::UnknownToken),
            Err(error) => error.into(),
        }
    }
}

/// Records that a token was used now, if its last recorded use is older
/// than [`crate::store::LAST_USED_PRECISION`].
pub async fn record_use(state: &AppState, token_id: &TokenId, last_used_at: Option<DateTime<Utc>>) {
    let now = Utc::now();
    if use_is_due(last_used_at, now) {
        // Worth a write once a minute, not a failed request.
        if let Err(error) = state.store.mark_token_used(token_id, now).await {
            tracing::warn!(%error, %token_id, "cannot record a token's use");
        }
    }
}

fn bearer_token(request: &HttpRequest) -> Result<ApiToken, ApiError> {
    let value = request
        .headers()
        .get(header::AUTHORIZATION)
        .ok_or(ApiError::Unauthorized(AuthFailure::Missing))?;
    let malformed = || ApiError::Unauthorized(AuthFailure::Malformed);
    let value = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = value.trim().split_once(' ').ok_or_else(malformed)?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(malformed());
    }
    ApiToken::presented(token.trim()).ok_or_else(malformed)
}

/// The token a stream that anyone may open was opened with, if the
/// request has `Authorization` (then it must name a token, as anywhere:
/// 401 `unauthorized` otherwise; any scope will do, as the stream needs
/// none): the stream ends when that token is revoked.
pub async fn optional_bearer(request: &HttpRequest) -> Result<Option<TokenId>, ApiError> {
    if !request.headers().contains_key(header::AUTHORIZATION) {
        return Ok(None);
    }
    Ok(Some(Bearer::<scope::Any>::extract(request).await?.token_id))
}

/// The player a stream is for, and the token that vouches for them: the
/// one a `?ticket=` was issued with (the ticket is used up by this request,
/// on whichever node; only a token with `read` issues one), else the bearer
/// token, which must hold `read`. A ticket that is malformed,
/// unknown, used, expired or issued with a token since deleted is a 401
/// `invalid_ticket`, whatever the headers say.
pub async fn stream_player(
    state: &AppState,
    request: &HttpRequest,
    ticket: Option<&str>,
) -> Result<(Player, TokenId), ApiError> {
    let Some(ticket) = ticket else {
        let bearer = Bearer::<scope::Read>::extract(request).await?;
        return Ok((bearer.player, bearer.token_id));
    };
    let ticket = StreamTicket::presented(ticket).ok_or(ApiError::InvalidTicket)?;
    let now = state.games.time().now();
    let used = if crate::api::middleware::head::is_head(request) {
        // A `HEAD` tells whether the ticket would open the stream; only
        // the `GET` spends it.
        state
            .store
            .stream_ticket_holder(&ticket.hash(), now)
            .await?
    } else {
        state.store.use_stream_ticket(&ticket.hash(), now).await?
    };
    used.ok_or(ApiError::InvalidTicket)
}
