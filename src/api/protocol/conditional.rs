//! Entity tags from a game's version, and the conditional request headers
//! (`If-None-Match` on reads, `If-Match` on writes).

use actix_web::http::header;
use actix_web::HttpRequest;

use crate::games::Versions;

/// The strong entity tag of version `version` of a resource.
pub fn etag(version: i64) -> String {
    format!("\"{version}\"")
}

fn tags(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|t| !t.is_empty())
}

/// Whether `If-None-Match` names `current` (weakly, as RFC 9110 compares
/// for this header) or is `*`: then a GET answers 304.
pub fn none_match_hits(request: &HttpRequest, current: &str) -> bool {
    request
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(tags)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == current)
}

/// Whether the request's `If-Match` allows a write on the resource at
/// `current` (its entity tag), as the Games layer checks it.
#[cfg(test)]
fn check_if_match(
    request: &HttpRequest,
    current: &str,
) -> Result<(), crate::api::problems::ApiError> {
    let Some(versions) = if_match_versions(request) else {
        return Ok(());
    };
    let version = current.trim_matches('"').parse().expect("a version's tag");
    if versions.any || versions.listed.contains(&version) {
        return Ok(());
    }
    Err(crate::api::problems::ApiError::PreconditionFailed {
        given: versions.given,
        current: current.to_owned(),
    })
}

/// The game versions an `If-Match` header allows a write on, if it has
/// one: `*`, or the versions whose entity tags it lists (any other tag
/// matches no version).
pub fn if_match_versions(request: &HttpRequest) -> Option<Versions> {
    let values: Vec<&str> = request
        .headers()
        .get_all(header::IF_MATCH)
        .filter_map(|v| v.to_str().ok())
        .collect();
    if values.is_empty() {
        return None;
    }
    let tags = || values.iter().flat_map(|v| tags(v));
    let listed = tags()
        .filter_map(|tag| {
            let version = tag.strip_prefix('"')?.strip_suffix('"')?.parse().ok()?;
            (etag(version) == tag).then_some(version)
        })
        .collect();
    Some(Versions {
        any: tags().any(|tag| tag == "*"),
        listed,
        given: values.join(", "),
    })
}

/// The `If-Match` header as given, for a request's idempotency fingerprint.
pub fn if_match_text(request: &HttpRequest) -> String {
    request
        .headers()
        .get_all(header::IF_MATCH)
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let current = etag(7);
        for value in ["\"7\"", "W/\"7\"", "\"1\", \"7\"", "*"] {
            let request = TestRequest::get()
                .insert_header((header::IF_NONE_MATCH, value))
                .to_http_request();
            assert!(none_match_hits(&request, &current), "{value}");
        }
        let request = TestRequest::get()
            .insert_header((header::IF_NONE_MATCH, "\"6\""))
            .to_http_request();
        assert!(!none_match_hits(&request, &current));
        assert!(!none_match_hits(
            &TestRequest::get().to_http_request(),
            &current
        ));
    }

    #[test]
    fn if_match_compares_strongly() {
        let current = etag(7);
        let with = |value| {
            TestRequest::post()
                .insert_header((header::IF_MATCH, value))
                .to_http_request()
        };
        assert!(check_if_match(&with("\"7\""), &current).is_ok());
        assert!(check_if_match(&with("*"), &current).is_ok());
        assert!(check_if_match(&with("W/\"7\""), &current).is_err());
        assert!(check_if_match(&with("\"6\""), &current).is_err());
        assert!(check_if_match(&TestRequest::post().to_http_request(), &current).is_ok());
    }
}
