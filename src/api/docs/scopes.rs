//! The token scope each operation needs, in the document: an
//! `x-required-scope` extension, a sentence in the description and the
//! 403 `insufficient_scope` answer.

use serde_json::json;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::OpenApi as OpenApiDoc;

use super::openapi::add_problem;
use crate::api::problems::ProblemCode;
use crate::domain::Scope;

/// The scope a bearer token needs for `method` on `path` (as the handlers'
/// `Authenticated<scope::…>` arguments require it); `None` for what
/// anyone may do.
pub fn required_scope(method: &str, path: &str) -> Option<Scope> {
    let read = method == "get";
    if path.starts_with("/v1/me/tokens") {
        Some(Scope::Tokens)
    } else if path.starts_with("/v1/me/webhooks") {
        Some(Scope::Webhooks)
    } else if path == "/v1/me/upgrade-to-bot" {
        Some(Scope::Play)
    } else if path == "/v1/me" || path.starts_with("/v1/me/") {
        Some(Scope::Read)
    } else if path.starts_with("/v1/challenges") {
        Some(if read { Scope::Read } else { Scope::Challenge })
    } else if (path.starts_with("/v1/games") || path.starts_with("/v1/tournaments")) && !read {
        Some(Scope::Play)
    } else {
        None
    }
}

/// Marks every secured operation with the scope it needs.
pub fn describe(doc: &mut OpenApiDoc) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else {
                continue;
            };
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                if let Some(scope) = required_scope(method, path) {
                    mark(operation, scope);
                }
            }
        }
    }
}

fn mark(operation: &mut Operation, scope: Scope) {
    let extension = ExtensionsBuilder::new()
        .add("x-required-scope", json!(scope.as_str()))
        .build();
    match &mut operation.extensions {
        Some(extensions) => extensions.merge(extension),
        None => operation.extensions = Some(extension),
    }
    let sentence = format!("The bearer token needs the scope `{scope}`.");
    operation.description = Some(match operation.description.take() {
        Some(text) if !text.is_empty() => format!("{text}\n\n{sentence}"),
        _ => sentence,
    });
    add_problem(operation, ProblemCode::InsufficientScope);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_operation_needs_the_scope_of_its_kind() {
        let cases = [
            ("post", "/v1/me/tokens", Some(Scope::Tokens)),
            ("get", "/v1/me/tokens", Some(Scope::Tokens)),
            ("delete", "/v1/me/tokens/{id}", Some(Scope::Tokens)),
            ("get", "/v1/me/webhooks", Some(Scope::Webhooks)),
            ("delete", "/v1/me/webhooks/{id}", Some(Scope::Webhooks)),
            ("post", "/v1/me/upgrade-to-bot", Some(Scope::Play)),
            ("get", "/v1/me", Some(Scope::Read)),
            ("get", "/v1/me/stream", Some(Scope::Read)),
            ("post", "/v1/me/stream-tickets", Some(Scope::Read)),
            ("get", "/v1/challenges", Some(Scope::Read)),
            ("post", "/v1/challenges", Some(Scope::Challenge)),
            (
                "post",
                "/v1/challenges/{id}/decline",
                Some(Scope::Challenge),
            ),
            ("post", "/v1/games", Some(Scope::Play)),
            ("post", "/v1/games/{id}/moves", Some(Scope::Play)),
            ("delete", "/v1/games/{id}/rematch", Some(Scope::Play)),
            ("post", "/v1/games/import", Some(Scope::Play)),
            ("post", "/v1/tournaments", Some(Scope::Play)),
            ("post", "/v1/tournaments/{id}/withdraw", Some(Scope::Play)),
            ("get", "/v1/tournaments/{id}", None),
            ("get", "/v1/tournaments/{id}/stream", None),
            ("get", "/v1/games/{id}/stream", None),
            ("get", "/v1/games/{id}", None),
            ("get", "/v1/players/{id}", None),
        ];
        for (method, path, scope) in cases {
            assert_eq!(required_scope(method, path), scope, "{method} {path}");
        }
    }
}
