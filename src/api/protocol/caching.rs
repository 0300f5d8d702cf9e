//! Cache headers for history reads. What has been played never changes:
//! every position and move of a finished (or cancelled, or archived) game,
//! and every position of a game in progress that a later move followed.
//! Those are sent `immutable`; the rest is revalidated by its ETag.

use actix_web::http::header::{self, CacheControl, CacheDirective, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::api::problems::ApiError;
use crate::api::protocol::conditional::none_match_hits;

/// A year, the longest `max-age` caches are asked to honour (RFC 9111).
const ONE_YEAR_SECS: u32 = 31_536_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// Will never change: `public, max-age=31536000, immutable`.
    Immutable,
    /// May change (a move, a resignation): `no-cache`, so a cache asks
    /// again with `If-None-Match` and gets 304 while it is unchanged.
    Revalidate,
    /// One caller's own (e.g. `GET /v1/me`): `private, no-cache`, so no
    /// shared cache keeps it and the caller's own revalidates it.
    Private,
}

impl Freshness {
    pub fn immutable_if(settled: bool) -> Freshness {
        if settled {
            Freshness::Immutable
        } else {
            Freshness::Revalidate
        }
    }

    fn header(self) -> CacheControl {
        CacheControl(match self {
            Freshness::Immutable => vec![
                CacheDirective::Public,
                CacheDirective::MaxAge(ONE_YEAR_SECS),
                CacheDirective::Extension("immutable".to_owned(), None),
            ],
            Freshness::Revalidate => vec![CacheDirective::NoCache],
            Freshness::Private => vec![CacheDirective::Private, CacheDirective::NoCache],
        })
    }
}

/// A strong ETag of the exact bytes sent: equal bodies, equal tags, so a
/// tag stays valid for as long as the content does, whatever else changes.
fn content_tag(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    format!("\"{}\"", hex::encode(&digest[..12]))
}

/// `body` as `content_type` with an ETag and `freshness`; 304 when the
/// request's `If-None-Match` already names it. `vary` lists the request
/// headers that chose the representation (e.g. `Accept`).
pub fn cached(
    request: &HttpRequest,
    content_type: &str,
    body: String,
    freshness: Freshness,
    vary: Option<&'static str>,
) -> HttpResponse {
    let tag = content_tag(body.as_bytes());
    let unchanged = none_match_hits(request, &tag);
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, tag.clone()))
        .insert_header(freshness.header());
    if let Some(vary) = vary {
        response.insert_header((header::VARY, HeaderValue::from_static(vary)));
    }
    if unchanged {
        return response.finish();
    }
    response.content_type(content_type).body(body)
}

/// [`cached`] for a JSON body.
pub fn cached_json(
    request: &HttpRequest,
    value: &impl Serialize,
    freshness: Freshness,
) -> Result<HttpResponse, ApiError> {
    cached_json_varying(request, value, freshness, None)
}

/// [`cached_json`] with a `Vary` header (e.g. `Authorization` for a
/// caller's own resource).
pub fn cached_json_varying(
    request: &HttpRequest,
    value: &impl Serialize,
    freshness: Freshness,
    vary: Option<&'static str>,
) -> Result<HttpResponse, ApiError> {
    let body = serde_json::to_string(value).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(cached(request, "application/json", body, freshness, vary))
}

#[cfg(test)]
mod tests {
    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn a_matching_if_none_match_gets_304_with_the_same_headers() {
        let body = || "{\"a\":1}".to_owned();
        let first = cached(
            &TestRequest::get().to_http_request(),
            "application/json",
            body(),
            Freshness::Immutable,
            None,
        );
        assert_eq!(first.status(), StatusCode::OK);
        let tag = first
            .headers()
            .get(header::ETAG)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            first.headers().get(header::CACHE_CONTROL).unwrap(),
            "public, max-age=31536000, immutable"
        );
        let again = TestRequest::get()
            .insert_header((header::IF_NONE_MATCH, tag.as_str()))
            .to_http_request();
        let second = cached(
            &again,
            "application/json",
            body(),
            Freshness::Immutable,
            None,
        );
        assert_eq!(second.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(second.headers().get(header::ETAG).unwrap(), tag.as_str());
        let changed = cached(
            &again,
            "application/json",
            "{\"a\":2}".to_owned(),
            Freshness::Revalidate,
            Some("Accept"),
        );
        assert_eq!(changed.status(), StatusCode::OK);
        assert_eq!(
            changed.headers().get(header::CACHE_CONTROL).unwrap(),
            "no-cache"
        );
        assert_eq!(changed.headers().get(header::VARY).unwrap(), "Accept");
    }
}
