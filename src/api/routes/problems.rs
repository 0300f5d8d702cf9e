use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem, ProblemCode};

pub fn configure(config: &mut ServiceConfig) {
    config.service(describe_problem);
}

/// What a problem `code` means: the target of every problem's `type`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "/problems/name_taken",
    "code": "name_taken",
    "title": "Name already taken",
    "status": 409,
    "description": "Another player already has this name. Names are compared case-insensitively."
}))]
pub struct ProblemType {
    #[serde(rename = "type")]
    #[schema(format = "uri-reference")]
    pub type_: String,
    #[schema(value_type = crate::api::views::names::ProblemCodeName)]
    pub code: &'static str,
    pub title: &'static str,
    /// The HTTP status this problem is answered with.
    pub status: u16,
    pub description: &'static str,
}

impl From<ProblemCode> for ProblemType {
    fn from(code: ProblemCode) -> Self {
        ProblemType {
            type_: code.type_uri(),
            code: code.as_str(),
            title: code.title(),
            status: code.status().as_u16(),
            description: code.description(),
        }
    }
}

/// Describe a problem code
///
/// Describes one problem code.
#[utoipa::path(
    tag = "problems",
    params(("code" = String, Path, description = "A problem code, e.g. `name_taken`", example = "name_taken")),
    responses(
        (status = 200, description = "The problem type", body = ProblemType),
        (status = 404, description = "`not_found`: no such code",
            body = Problem, content_type = "application/problem+json",
            example = json!({
                "type": "/problems/not_found",
                "title": "Not found",
                "status": 404,
                "detail": "there is no problem code \"no_such_code\"",
                "code": "not_found"
            }))
    )
)]
#[get("/problems/{code}")]
pub async fn describe_problem(code: web::Path<String>) -> Result<web::Json<ProblemType>, ApiError> {
    ProblemCode::from_code(&code)
        .map(|code| web::Json(code.into()))
        .ok_or_else(|| ApiError::NotFound(format!("there is no problem code {:?}", code.as_str())))
}
