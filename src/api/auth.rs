//! Bearer-token authentication.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::problem::{ApiError, AuthFailure};
use super::AppState;
use crate::domain::{ApiToken, TokenHash};
use crate::store::Player;

/// The player whose token came in `Authorization: Bearer <token>`. As a
/// handler argument it rejects the request with a 401 `unauthorized` problem
/// (and a `WWW-Authenticate: Bearer` challenge) when the header is missing,
/// malformed or names no player.
#[derive(Clone, Debug)]
pub struct Authenticated(pub Player);

impl FromRequest for Authenticated {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token_hash = bearer_token(request).map(TokenHash::of);
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let token_hash = token_hash?;
            let state = state.ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("AppState is not registered as app data"))
            })?;
            match state.store.player_by_token_hash(&token_hash).await? {
                Some(player) => Ok(Authenticated(player)),
                None => Err(ApiError::Unauthorized(AuthFailure::UnknownToken)),
            }
        })
    }
}

fn bearer_token(request: &HttpRequest) -> Result<&str, ApiError> {
    let value = request
        .headers()
        .get(header::AUTHORIZATION)
        .ok_or(ApiError::Unauthorized(AuthFailure::Missing))?;
    let malformed = || ApiError::Unauthorized(AuthFailure::Malformed);
    let value = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = value.trim().split_once(' ').ok_or_else(malformed)?;
    let token = token.trim();
    if scheme.eq_ignore_ascii_case("bearer") && ApiToken::looks_valid(token) {
        Ok(token)
    } else {
        Err(malformed())
    }
}
