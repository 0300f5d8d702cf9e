//! Answers for requests no handler took (404 / 405), and the last line of
//! defence that turns any non-problem error response into a problem.

use actix_web::body::MessageBody;
use actix_web::dev::{ResourceDef, ServiceResponse};
use actix_web::http::header;
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::openapi::path::PathItem;
use utoipa::openapi::OpenApi;

use crate::api::problems::{ApiError, Problem, ProblemCode, PROBLEM_JSON};

/// Which methods each path accepts, so an unknown method on a known path is
/// a 405 with an `Allow` header rather than a 404.
pub struct RouteTable(Vec<(ResourceDef, Vec<Method>)>);

/// Served by Swagger UI, outside the OpenAPI document.
const UNDOCUMENTED_GET_ROUTES: [&str; 4] = [
    "/openapi.json",
    crate::api::docs::openapi::PATH_32,
    "/docs",
    "/docs/{_:.*}",
];

impl RouteTable {
    pub fn from_spec(spec: &OpenApi) -> Self {
        let documented = spec
            .paths
            .paths
            .iter()
            .map(|(path, item)| (ResourceDef::new(path.as_str()), methods_of(item)));
        RouteTable(documented.collect()).with_get_routes(&UNDOCUMENTED_GET_ROUTES)
    }

    /// Adds routes served outside the OpenAPI document that take `GET` only
    /// (the web page's paths).
    pub fn with_get_routes(mut self, paths: &[&str]) -> Self {
        self.0.extend(
            paths
                .iter()
                .map(|path| (ResourceDef::new(*path), vec![Method::GET])),
        );
        self
    }

    /// The methods of the literal route (no `{parameters}`) at `path`, if
    /// there is one: a request for that path that reached a template route
    /// instead used a method the literal route does not take.
    pub fn literal_methods(&self, path: &str) -> Option<Vec<Method>> {
        self.0
            .iter()
            .find(|(def, _)| def.pattern() == Some(path))
            .map(|(_, methods)| methods.clone())
    }

    /// The methods of the routes matching `path`. A literal route
    /// (`/v1/games/import`) is more specific than a template that also
    /// matches it (`/v1/games/{id}`): when one matches, it alone counts.
    pub fn allowed_methods(&self, path: &str) -> Vec<Method> {
        let matching: Vec<_> = self
            .0
            .iter()
            .filter(|(def, _)| def.is_match(path))
            .collect();
        let literal = |def: &ResourceDef| def.pattern().is_some_and(|p| !p.contains('{'));
        let most_specific: Vec<_> = if matching.iter().any(|(def, _)| literal(def)) {
            matching
                .into_iter()
                .filter(|(def, _)| literal(def))
                .collect()
        } else {
            matching
        };
        let mut allowed: Vec<Method> = most_specific
            .into_iter()
            .flat_map(|(_, methods)| methods.iter().cloned())
            .collect();
        allowed.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        allowed.dedup();
        allowed
    }
}

fn methods_of(item: &PathItem) -> Vec<Method> {
    let operations = [
        (Method::GET, &item.get),
        (Method::PUT, &item.put),
        (Method::POST, &item.post),
        (Method::DELETE, &item.delete),
        (Method::OPTIONS, &item.options),
        (Method::HEAD, &item.head),
        (Method::PATCH, &item.patch),
        (Method::TRACE, &item.trace),
    ];
    operations
        .into_iter()
        .filter(|(_, operation)| operation.is_some())
        .map(|(method, _)| method)
        .collect()
}

/// Whether nothing at all answers `request`'s path (no method either).
pub fn nothing_at(routes: &RouteTable, request: &HttpRequest) -> bool {
    routes.allowed_methods(request.path()).is_empty()
}

/// The API's answer to a request no route takes: 404, or 405 with the
/// methods the path has.
pub async fn no_route(
    request: HttpRequest,
    routes: web::Data<RouteTable>,
) -> Result<HttpResponse, ApiError> {
    let allow = routes.allowed_methods(request.path());
    Err(if allow.is_empty() {
        ApiError::NotFound(format!("nothing exists at {}", request.path()))
    } else {
        ApiError::MethodNotAllowed {
            method: request.method().clone(),
            allow,
        }
    })
}

/// `ErrorHandlers` default: rewrites any 4xx/5xx that is not already a
/// problem (rejections from actix extractors without an error hook, Swagger
/// UI's bare 404s, …) into one, keeping the status and other headers. The
/// web page's own HTML 404 is left as it is.
pub fn problem_for_any_error<B: MessageBody + 'static>(
    response: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_problem = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
    let is_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"text/html"));
    if is_problem || is_page {
        return Ok(ErrorHandlerResponse::Response(
            response.map_into_left_body(),
        ));
    }

    let status = response.status();
    let code = code_for_status(status);
    let detail = match response.response().error() {
        Some(error) if status.is_client_error() => error.to_string(),
        _ => code.title().to_owned(),
    };
    if status.is_server_error() {
        tracing::error!(%status, "error response without a problem body");
    }
    let problem = Problem::new(code, status, detail);

    let (request, original) = response.into_parts();
    let mut replacement = problem.to_response();
    for (name, value) in original.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            replacement
                .headers_mut()
                .append(name.clone(), value.clone());
        }
    }
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(request, replacement).map_into_right_body(),
    ))
}

fn code_for_status(status: StatusCode) -> ProblemCode {
    match status {
        StatusCode::UNAUTHORIZED => ProblemCode::Unauthorized,
        StatusCode::NOT_FOUND => ProblemCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => ProblemCode::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => ProblemCode::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ProblemCode::UnsupportedMediaType,
        StatusCode::TOO_MANY_REQUESTS => ProblemCode::RateLimited,
        status if status.is_client_error() => ProblemCode::BadRequest,
        _ => ProblemCode::Internal,
    }
}
