//! The extractor configurations that turn actix's own rejections of a
//! request (bad JSON, path, query, oversize body) into problems. Register
//! them all as app data.

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::api::middleware::fallback::RouteTable;
use crate::api::problems::{ApiError, MAX_JSON_BODY_BYTES};
pub use crate::api::protocol::strict_query::StrictQuery;

/// A JSON request body, like `web::Json`, whose shape errors name the field
/// at fault (`moves[3]: invalid type: …`, `rules.max_plies: …`). actix's
/// own `Json` reports only a line and column. Content type, size limit and
/// syntax are checked by `web::Json` (and its [`json_config`]) first.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let value = web::Json::<serde_json::Value>::from_request(request, payload);
        Box::pin(async move {
            let web::Json(value) = value.await?;
            serde_path_to_error::deserialize(value)
                .map(Json)
                .map_err(|error| ApiError::InvalidBody(error.to_string()).into())
        })
    }
}

impl From<JsonPayloadError> for ApiError {
    fn from(error: JsonPayloadError) -> Self {
        match error {
            JsonPayloadError::ContentType => ApiError::UnsupportedMediaType(
                "the request body must have Content-Type: application/json".to_owned(),
            ),
            JsonPayloadError::OverflowKnownLength { limit, .. }
            | JsonPayloadError::Overflow { limit } => ApiError::PayloadTooLarge { limit },
            JsonPayloadError::Payload(actix_web::error::PayloadError::Overflow) => {
                ApiError::PayloadTooLarge {
                    limit: MAX_JSON_BODY_BYTES,
                }
            }
            JsonPayloadError::Deserialize(error) if error.is_data() => {
                ApiError::InvalidBody(error.to_string())
            }
            JsonPayloadError::Deserialize(error) => ApiError::MalformedJson(error.to_string()),
            other => ApiError::BadRequest(other.to_string()),
        }
    }
}

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(MAX_JSON_BODY_BYTES)
        .error_handler(|error, _| ApiError::from(error).into())
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, request: &HttpRequest| {
        // `GET /v1/games/import` reaches `GET /v1/games/{id}` because the
        // literal route takes only POST: that is a wrong method, not a bad id.
        let literal = request
            .app_data::<web::Data<RouteTable>>()
            .and_then(|routes| routes.literal_methods(request.path()));
        if let Some(allow) = literal {
            return ApiError::MethodNotAllowed {
                method: request.method().clone(),
                allow,
            }
            .into();
        }
        let reason = match &error {
            PathError::Deserialize(error) => error.to_string(),
            other => other.to_string(),
        };
        ApiError::InvalidPathParameter(format!("{}: {reason}", request.path())).into()
    })
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _| {
        let reason = match &error {
            QueryPayloadError::Deserialize(error) => error.to_string(),
            other => other.to_string(),
        };
        ApiError::InvalidQuery(reason).into()
    })
}

/// Limit for raw `Bytes`/`String` bodies. actix has no error hook for these;
/// their rejections become problems in [`crate::api::middleware::fallback::problem_for_any_error`].
pub fn payload_config() -> web::PayloadConfig {
    web::PayloadConfig::new(MAX_JSON_BODY_BYTES)
}

#[cfg(test)]
mod tests {
    use actix_web::http::{header, StatusCode};
    use actix_web::{test as actix_test, web, App};
    use serde::Deserialize;

    use super::*;
    use crate::api::problems::PROBLEM_JSON;

    #[derive(Deserialize)]
    struct Page {
        #[allow(dead_code)]
        page: u32,
    }

    async fn paged(_: web::Query<Page>) -> &'static str {
        "ok"
    }

    // No route takes a query string yet, so the hook is exercised here.
    #[actix_web::test]
    async fn a_bad_query_string_is_a_400_invalid_query_problem() {
        let app = actix_test::init_service(
            App::new()
                .app_data(query_config())
                .route("/", web::get().to(paged)),
        )
        .await;
        for uri in ["/", "/?page=x", "/?page=-1"] {
            let request = actix_test::TestRequest::get().uri(uri).to_request();
            let response = actix_test::call_service(&app, request).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{uri}");
            assert_eq!(
                response.headers().get(header::CONTENT_TYPE).unwrap(),
                PROBLEM_JSON
            );
            let body: serde_json::Value = actix_test::read_body_json(response).await;
            assert_eq!(body["code"], "invalid_query", "{uri}");
            assert_eq!(body["type"], "/problems/invalid_query");
        }
        let request = actix_test::TestRequest::get().uri("/?page=3").to_request();
        assert_eq!(
            actix_test::call_service(&app, request).await.status(),
            StatusCode::OK
        );
    }
}
