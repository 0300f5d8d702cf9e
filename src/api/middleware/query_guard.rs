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
//! [`StrictQuery`]: crate::api::protocol::strict_query::StrictQuery

use std::collections::HashMap;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::{Error, ResponseError};
use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::OpenApi;

use crate::api::problems::ApiError;
use crate::api::protocol::strict_query::unknown_parameter;
use crate::telemetry::route_of;

/// Documented routes whose query this guard leaves to their handler:
/// `?ticket=` on the player stream belongs to the stream tickets.
const LEFT_TO_THE_HANDLER: [&str; 1] = ["/v1/me/stream"];

/// Each documented operation's accepted query parameters, by method and
/// route template (the spec's paths are the router's patterns). Keyed by
/// the template the router matched, a request costs one hash look-up, and
/// only when it has a query at all.
pub struct QueryTable(HashMap<(Method, String), Vec<String>>);

impl QueryTable {
    pub fn from_spec(spec: &OpenApi) -> Self {
        let mut table = HashMap::new();
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
                table.insert((method, path.clone()), accepted);
            }
        }
        QueryTable(table)
    }

    /// The problem for the first parameter of `query` that the operation
    /// at `method` on the route template `route` does not take; nothing to
    /// check when no documented operation is there.
    pub fn check(&self, method: &Method, route: &str, query: &str) -> Result<(), ApiError> {
        let method = if method == Method::HEAD {
            Method::GET
        } else {
            method.clone()
        };
        let Some(accepted) = self.0.get(&(method, route.to_owned())) else {
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
    let refused = match request.app_data::<Data<QueryTable>>() {
        Some(table) if !request.query_string().is_empty() => route_of(&request).and_then(|route| {
            table
                .check(request.method(), &route, request.query_string())
                .err()
        }),
        _ => None,
    };
    if let Some(problem) = refused {
        let response = problem.error_response();
        return Ok(request.into_response(response).map_into_right_body());
    }
    next.call(request).await.map(|r| r.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(method: Method, route: &str, query: &str) -> Option<String> {
        let table = QueryTable::from_spec(&crate::api::docs::openapi::spec());
        match table.check(&method, route, query) {
            Ok(()) => None,
            Err(ApiError::InvalidQuery(detail)) => Some(detail),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_documented_route_refuses_what_its_spec_does_not_list() {
        assert_eq!(
            detail(Method::GET, "/v1/games/{id}", "verbose=1").as_deref(),
            Some("unknown parameter \"verbose\"; this endpoint takes no query parameters")
        );
        assert!(detail(Method::POST, "/v1/games", "rated=true").is_some());
        assert!(detail(Method::GET, "/v1/games", "status=active&limit=2").is_none());
        assert!(detail(Method::GET, "/v1/games/{id}/stream", "since=3").is_none());
        let typo = detail(Method::GET, "/v1/games/{id}/stream", "snice=3").unwrap();
        assert!(typo.contains("did you mean \"since\"?"), "{typo}");
        // HEAD is GET's.
        assert!(detail(Method::POST, "/v1/games/import", "x=1").is_some());
        assert!(detail(Method::HEAD, "/v1/games/{id}/moves", "from=1").is_none());
        assert!(detail(Method::HEAD, "/v1/games/{id}/moves", "form=1").is_some());
    }

    #[test]
    fn routes_outside_the_document_are_left_alone() {
        assert!(detail(Method::GET, "/games/{id}", "ply=17").is_none());
        assert!(detail(Method::GET, "/docs/", "url=x").is_none());
        assert!(detail(Method::GET, "/v1/me/stream", "ticket=t").is_none());
        assert!(detail(Method::PUT, "/v1/games", "x=1").is_none());
    }
}
