//! `Link` headers (RFC 8288) to the neighbouring pages of a paged list,
//! beside the `next_cursor` / `prev_cursor` of its body.

use actix_web::http::header::{self, HeaderValue};
use actix_web::HttpResponse;

/// `path?query` with the kept query parameters (those with a value) and
/// `cursor` last. Every value must already be checked to need no escaping
/// (numbers, booleans, names, cursors of `[A-Za-z0-9_-]`).
pub fn page_url(path: &str, kept: &[(&str, Option<String>)], cursor: &str) -> String {
    let query = kept
        .iter()
        .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}")))
        .chain([format!("cursor={cursor}")])
        .collect::<Vec<_>>()
        .join("&");
    format!("{path}?{query}")
}

/// The `Link` value naming `next` and `prev` (either may be absent), or
/// `None` when there is neither.
pub fn link_value(next: Option<String>, prev: Option<String>) -> Option<String> {
    let links: Vec<String> = [(next, "next"), (prev, "prev")]
        .into_iter()
        .filter_map(|(url, rel)| url.map(|url| format!("<{url}>; rel=\"{rel}\"")))
        .collect();
    (!links.is_empty()).then(|| links.join(", "))
}

/// Adds the `Link` header of [`link_value`] to `response`, if any.
pub fn add_links(response: &mut HttpResponse, next: Option<String>, prev: Option<String>) {
    if let Some(value) = link_value(next, prev).and_then(|v| HeaderValue::from_str(&v).ok()) {
        response.headers_mut().insert(header::LINK, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_given_parameters_and_puts_the_cursor_last() {
        let url = page_url(
            "/v1/leaderboards/classic",
            &[("limit", Some("5".to_owned())), ("min_games", None)],
            "abc",
        );
        assert_eq!(url, "/v1/leaderboards/classic?limit=5&cursor=abc");
        assert_eq!(page_url("/p", &[], "x"), "/p?cursor=x");
    }

    #[test]
    fn names_each_page_there_is() {
        assert_eq!(link_value(None, None), None);
        assert_eq!(
            link_value(Some("/a".to_owned()), Some("/b".to_owned())).unwrap(),
            "</a>; rel=\"next\", </b>; rel=\"prev\""
        );
        assert_eq!(
            link_value(None, Some("/b".to_owned())).unwrap(),
            "</b>; rel=\"prev\""
        );
    }
}
