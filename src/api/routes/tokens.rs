//! A player's bearer tokens: one per device or script, each revocable.

use actix_web::http::{header, StatusCode};
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts::{self};
use crate::api::problems::{ApiError, Fields, Problem};
use crate::api::protocol::auth::{scope, Bearer};
use crate::api::protocol::extractors::Json;
use crate::api::protocol::idempotency::{run_once, Reply};
use crate::api::protocol::params::IdempotencyKey;
use crate::api::AppState;
use crate::domain::{Scope, Scopes, TokenId, TokenLabel};
use crate::games::Done;
use crate::store::KeyScope;
use crate::store::TokenRecord;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_token)
        .service(list_tokens)
        .service(delete_token);
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    /// What the token is for, as you will recognise it: 1 to 64 characters
    /// after trimming; any script or emoji, nothing invisible.
    #[schema(example = "phone", min_length = 1, max_length = 64)]
    pub label: String,
    /// What the token may do (docs/API.md, "Token scopes"): one or more
    /// scopes, each at most once. Without it, every scope.
    #[schema(value_type = Option<Vec<String>>, min_items = 1, max_items = 5, example = json!(["read", "play"]))]
    pub scopes: Option<Vec<String>>,
}

impl NewToken {
    /// The label and scopes asked for; every invalid field named.
    fn parse(&self) -> Result<(TokenLabel, Scopes), ApiError> {
        let mut fields = Fields::new();
        let label = fields.check("/label", TokenLabel::parse(&self.label));
        let scopes = match &self.scopes {
            None => Scopes::all(),
            Some(names) => scopes_of(names, &mut fields),
        };
        let label = label.unwrap_or_else(TokenLabel::registration);
        fields.finish(|| (label, scopes))
    }
}

/// The scopes `names` list, each invalid entry recorded in `fields`.
fn scopes_of(names: &[String], fields: &mut Fields) -> Scopes {
    if names.is_empty() {
        fields.add(
            "/scopes",
            ApiError::InvalidScope(
                "scopes is empty: a token needs at least one scope (or omit it for all)".to_owned(),
            ),
        );
    }
    let mut seen = Vec::new();
    for (at, name) in names.iter().enumerate() {
        let pointer = format!("/scopes/{at}");
        match Scope::parse(name) {
            Some(scope) if seen.contains(&scope) => fields.add(
                &pointer,
                ApiError::InvalidScope(format!("scopes lists {scope:?} twice", scope = scope.as_str())),
            ),
            Some(scope) => seen.push(scope),
            None => fields.add(
                &pointer,
                ApiError::InvalidScope(format!(
                    "{name:?} is not a scope; the scopes are read, play, challenge, webhooks, tokens"
                )),
            ),
        }
    }
    seen.into_iter().collect()
}

/// A new token. The token is shown only here.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "Xk3dE6gH9j",
    "label": "phone",
    "token": "oq_3q2-7wEXAMPLEtokenEXAMPLEtokenEXAMPLEtoke",
    "created_at": "2025-01-31T08:30:00.123456Z",
    "scopes": ["read", "play"]
}))]
pub struct CreatedToken {
    #[schema(value_type = String, pattern = "^[A-Za-z0-9]{10}$")]
    pub id: String,
    pub label: String,
    /// Send as `Authorization: Bearer <token>`. Store it: it cannot be shown again.
    pub token: String,
    pub created_at: DateTime<Utc>,
    /// What the token may do.
    pub scopes: Vec<Scope>,
}

/// One of your tokens, without its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenView {
    #[schema(value_type = String, pattern = "^[A-Za-z0-9]{10}$")]
    pub id: String,
    pub label: String,
    pub created_at: DateTime<Utc>,
    /// When it last authenticated a request, to the minute (it is recorded
    /// at most once a minute); `null` if never.
    #[schema(required = true)]
    pub last_used_at: Option<DateTime<Utc>>,
    /// Whether it is the token this request came with.
    pub current: bool,
    /// What the token may do.
    pub scopes: Vec<Scope>,
}

/// Your tokens, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"tokens": [
    {"id": "aB3dE6gH9j", "label": "registration", "created_at": "2025-01-31T08:30:00.123456Z",
     "last_used_at": "2025-02-02T19:04:10.5Z", "current": true,
     "scopes": ["read", "play", "challenge", "webhooks", "tokens"]},
    {"id": "Xk3dE6gH9j", "label": "bot script", "created_at": "2025-02-01T10:00:00Z",
     "last_used_at": null, "current": false, "scopes": ["read", "play", "challenge"]}
]}))]
pub struct TokenList {
    pub tokens: Vec<TokenView>,
}

impl TokenView {
    fn of(record: TokenRecord, current: &TokenId) -> Self {
        TokenView {
            current: record.id == *current,
            id: record.id.to_string(),
            label: record.label,
            created_at: record.created_at,
            last_used_at: record.last_used_at,
            scopes: record.scopes.iter().collect(),
        }
    }
}

/// Issues another bearer token for your account, under a label of your
/// choice, that may do what its `scopes` allow (all, by default); at most
/// 20 per player.
///
/// With `Idempotency-Key`, a retry (with the same bearer token) whose first
/// answer was lost gets the same 201 and token back.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    request_body(content = NewToken, example = json!({"label": "phone"})),
    params(
        IdempotencyKey,
    ),
    responses(
        (status = 201, description = "Created; the token is shown only here", body = CreatedToken),
        (status = 409, description = "`too_many_tokens`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_label` or `invalid_scope`, each invalid field listed in `errors`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/tokens")]
pub async fn create_token(
    state: web::Data<AppState>,
    request: HttpRequest,
    bearer: Bearer<scope::Tokens>,
    body: Json<NewToken>,
) -> Result<HttpResponse, ApiError> {
    let (label, scopes) = body.parse()?;
    let player = &bearer.player.id;
    let what = format!(
        "label={} scopes={} via={}",
        label.as_str(),
        scopes.to_text(),
        bearer.token_id
    );
    run_once(
        &state,
        &request,
        KeyScope::Player(player),
        Some(&bearer.token),
        &what,
        async |games, tx| {
            let now = games.time().now();
            accounts::issue_token(tx, player, &label, scopes, now)
                .await
                .map(Done::value)
        },
        |issued, _| {
            let created = CreatedToken {
                id: issued.record.id.to_string(),
                label: issued.record.label.clone(),
                token: issued.token.as_str().to_owned(),
                created_at: issued.record.created_at,
                scopes: issued.record.scopes.iter().collect(),
            };
            Ok(Reply::json(StatusCode::CREATED, &created)?
                .header(header::CACHE_CONTROL, "no-store")
                .secret(&issued.token))
        },
    )
    .await
}

/// List your tokens
///
/// Your tokens: ids, labels, when each was created and last used. Never
/// the tokens themselves.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    responses((status = 200, description = "Your tokens, oldest first", body = TokenList))
)]
#[get("/v1/me/tokens")]
pub async fn list_tokens(
    state: web::Data<AppState>,
    bearer: Bearer<scope::Tokens>,
) -> Result<HttpResponse, ApiError> {
    let records = state.store.tokens_of(&bearer.player.id).await?;
    let tokens = records
        .into_iter()
        .map(|record| TokenView::of(record, &bearer.token_id))
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .json(TokenList { tokens }))
}

/// Delete a token
///
/// Deletes one of your tokens: from the next request on, on every server,
/// it authenticates nothing. You may delete the token you are using; this
/// request still succeeds, and the next one with it is 401.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "Token id (from `GET /v1/me/tokens`)", pattern = "^[A-Za-z0-9]{10}$"),
        IdempotencyKey,
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "`token_not_found`: you have no token with this id", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/v1/me/tokens/{id}")]
pub async fn delete_token(
    state: web::Data<AppState>,
    request: HttpRequest,
    bearer: Bearer<scope::Tokens>,
    id: web::Path<TokenId>,
) -> Result<HttpResponse, ApiError> {
    let player = &bearer.player.id;
    let id = id.into_inner();
    let answer = run_once(
        &state,
        &request,
        KeyScope::Player(player),
        None,
        "delete",
        async |_, tx| {
            accounts::delete_token(tx, player, &id)
                .await
                .map(Done::value)
        },
        |(), _| Reply::empty(StatusCode::NO_CONTENT),
    )
    .await?;
    // Deleted (now or by the first request with this key): the streams the
    // token opened on this node end now; other nodes hear of it from
    // PostgreSQL.
    if answer.status() == StatusCode::NO_CONTENT {
        state.live.revoke(&id);
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use crate::accounts::MAX_TOKENS_PER_PLAYER;
    use crate::api::problems::ProblemCode;

    #[test]
    fn the_catalogue_states_the_cap() {
        let cap = format!("at most {MAX_TOKENS_PER_PLAYER} tokens");
        assert!(ProblemCode::TooManyTokens.description().contains(&cap));
    }
}
