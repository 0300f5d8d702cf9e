//! Unknown query parameters are refused on every documented route, not only
//! on those whose handler reads a query struct ([`StrictQuery`]): `GET
//! /v1/games/{id}?verbose=1` is a 400 `invalid_query` naming the parameter,
//! as `GET /v1/games?staus=` is. The accepted names of each operation are
//! the query parameters the OpenAPI document gives it, so a route cannot
//! take a parameter the spec does not show, and a new route is covered by
//! being documented.
//!
//! Routes outside the document (the web page, whose deep links carry
//! `?ply=`, `/docs`, `/openapi.json`) are not checked.
//!
//! [`StrictQuery`]: super::strict_query::StrictQuery

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::{Error, ResponseError};
use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::OpenApi;

use super::problem::ApiError;
use super::strict_query::unknown_parameter;

/// Documented routes whose query this guard leaves to their handler:
/// `?ticket=` on the player stream belongs to the stream tickets.
const LEFT_TO_THE_HANDLER: [&str; 1] = ["/v1/me/stream"];

/// Each documented operation's accepted query parameters.
pub struct QueryTable(Vec<(ResourceDef, Method, Vec<String>)>);

impl QueryTable {
    pub fn from_spec(spec: &OpenApi) -> Self {
        let mut table = Vec::new();
        for (path, item) in &spec.paths.paths {
            if LEFT_TO_THE_HANDLER.contains(&path.as_str()) {
                continue;
            }
            for (method, operation) in operations(item) {
                let accepted = operation
                    .parameters
                    .iter()
                    .flatten()
                    .filter(|p| p.parameter_in == ParameterIn::Query)
                    .map(|p| p.name.clone())
                    .collect();
                table.push((ResourceDef::new(path.as_str()), method, accepted));
            }
        }
        QueryTable(table)
    }

    /// The parameters the operation at `method` `path` accepts; `None` when
    /// no documented operation is there. A literal route
    /// (`/v1/games/import`) wins over a template that also matches it.
    fn accepted(&self, method: &Method, path: &str) -> Option<&[String]> {
        let method = if method == Method::HEAD {
            &Method::GET
        } else {
            method
        };
        let matching = self
            .0
            .iter()
            .filter(|(def, m, _)| m == method && def.is_match(path));
        matching
            .min_by_key(|(def, _, _)| def.pattern().is_some_and(|p| p.contains('{')))
            .map(|(_, _, accepted)| accepted.as_slice())
    }

    /// The problem for the first parameter of `query` that the operation
    /// at `method` `path` does not take.
    pub fn check(&self, method: &Method, path: &str, query: &str) -> Result<(), ApiError> {
        let Some(accepted) = self.accepted(method, path) else {
            return Ok(());
        };
        for (name, _) in form_urlencoded::parse(query.as_bytes()) {
            if !accepted.iter().any(|a| *a == name) {
                let accepted: Vec<&str> = accepted.iter().map(String::as_str).collect();
                return Err(unknown_parameter(&name, &accepted));
            }
        }
        Ok(())
    }
}

fn operations(item: &PathItem) -> impl Iterator<Item = (Method, &Operation)> {
    [
        (Method::GET, &item.get),
        (Method::PUT, &item.put),
        (Method::POST, &item.post),
        (Method::DELETE, &item.delete),
        (Method::PATCH, &item.patch),
    ]
    .into_iter()
    .filter_map(|(method, operation)| Some((method, operation.as_ref()?)))
}

/// The middleware: a 400 `invalid_query` before the handler runs.
pub async fn guard(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let refused = request.app_data::<Data<QueryTable>>().and_then(|table| {
        table
            .check(request.method(), request.path(), request.query_string())
            .err()
    });
    if let Some(problem) = refused {
        let response = problem.error_response();
        return Ok(request.into_response(response).map_into_right_body());
    }
    next.call(request).await.map(|r| r.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(method: Method, path: &str, query: &str) -> Option<String> {
        let table = QueryTable::from_spec(&crate::api::openapi::spec());
        match table.check(&method, path, query) {
            Ok(()) => None,
            Err(ApiError::InvalidQuery(detail)) => Some(detail),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_documented_route_refuses_what_its_spec_does_not_list() {
        assert_eq!(
            detail(Method::GET, "/v1/games/abc", "verbose=1").as_deref(),
            Some("unknown parameter \"verbose\"; this endpoint takes no query parameters")
        );
        assert!(detail(Method::POST, "/v1/games", "rated=true").is_some());
        assert!(detail(Method::GET, "/v1/games", "status=active&limit=2").is_none());
        assert!(detail(Method::GET, "/v1/games/abc/stream", "since=3").is_none());
        let typo = detail(Method::GET, "/v1/games/abc/stream", "snice=3").unwrap();
        assert!(typo.contains("did you mean \"since\"?"), "{typo}");
        // The literal route wins over /v1/games/{id}; HEAD is GET's.
        assert!(detail(Method::POST, "/v1/games/import", "x=1").is_some());
        assert!(detail(Method::HEAD, "/v1/games/abc/moves", "from=1").is_none());
    }

    #[test]
    fn routes_outside_the_document_are_left_alone() {
        assert!(detail(Method::GET, "/games/abc", "ply=17").is_none());
        assert!(detail(Method::GET, "/docs/", "url=x").is_none());
        assert!(detail(Method::GET, "/v1/me/stream", "ticket=t").is_none());
        assert!(detail(Method::PUT, "/v1/games", "x=1").is_none());
    }
}
