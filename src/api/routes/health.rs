use std::time::Duration;

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::views::names::tag;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::middleware::admission::Admission;
use crate::api::problems::{ApiError, Problem};
use crate::api::AppState;
use crate::store::StoreError;

/// How long `/ready` waits for a turn at the database and its answer
/// before answering 503.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

pub fn configure(config: &mut ServiceConfig) {
    config.service(health).service(ready);
}

/// The body of a passing probe (`/health`, `/ready`): always `{"status": "ok"}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthStatus {
    #[schema(schema_with = OkTag::schema)]
    pub status: OkTag,
}

tag!(OkTag = "ok");

const OK: HealthStatus = HealthStatus { status: OkTag };

/// Liveness probe
///
/// Liveness: the process is up and serving HTTP. Never touches the database.
#[utoipa::path(
    tag = "health",
    responses((status = 200, description = "The process is up", body = HealthStatus, example = json!({"status": "ok"})))
)]
#[get("/health")]
pub async fn health() -> web::Json<HealthStatus> {
    web::Json(OK)
}

/// Readiness probe
///
/// Readiness: within 2 seconds, an API request's turn at the database is
/// had (the admission gate lets requests in) and the database answers
/// `SELECT 1` on a pooled connection. Either failing is 503 with
/// `Retry-After`.
#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "Ready to serve requests", body = HealthStatus, example = json!({"status": "ok"})),
        (status = 503, description = "`database_unavailable`: the database did not answer within 2 s; `overloaded`: no turn at the database came free within 2 s",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before probing again")),
            example = json!({
                "type": "/problems/database_unavailable",
                "title": "Database unavailable",
                "status": 503,
                "detail": "the database cannot be reached",
                "code": "database_unavailable"
            }))
    )
)]
#[get("/ready")]
pub async fn ready(
    state: web::Data<AppState>,
    gate: Option<web::Data<Admission>>,
) -> Result<web::Json<HealthStatus>, ApiError> {
    let started = tokio::time::Instant::now();
    let _place = match gate {
        Some(gate) => Some(
            gate.probe(READY_TIMEOUT)
                .await
                .map_err(|_| ApiError::Overloaded)?,
        ),
        None => None,
    };
    let left = READY_TIMEOUT.saturating_sub(started.elapsed());
    match tokio::time::timeout(left, state.store.ping()).await {
        Ok(Ok(())) => Ok(web::Json(OK)),
        Ok(Err(error)) => Err(ApiError::DatabaseUnavailable(error)),
        Err(_elapsed) => Err(ApiError::DatabaseUnavailable(StoreError::Database(
            sqlx::Error::PoolTimedOut,
        ))),
    }
}
