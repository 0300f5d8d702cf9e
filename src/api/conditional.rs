//! Entity tags from a game's version, and the conditional request headers
//! (`If-None-Match` on reads, `If-Match` on writes).

use actix_web::http::header;
use actix_web::HttpRequest;

use super::problem::ApiError;

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

/// Checks `If-Match` (strong comparison) against `current`: a write to a
/// resource that changed since the client read it fails with 412.
pub fn check_if_match(request: &HttpRequest, current: &str) -> Result<(), ApiError> {
    let values: Vec<&str> = request
        .headers()
        .get_all(header::IF_MATCH)
        .filter_map(|v| v.to_str().ok())
        .collect();
    if values.is_empty() {
        return Ok(());
    }
    if values
        .iter()
        .flat_map(|v| tags(v))
        .any(|tag| tag == "*" || tag == current)
    {
        return Ok(());
    }
    Err(ApiError::PreconditionFailed {
        given: values.join(", "),
        current: current.to_owned(),
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
