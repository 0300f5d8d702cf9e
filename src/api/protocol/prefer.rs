//! `Prefer` (RFC 7240): what a client asks the answer to hold.

use actix_web::http::header::HeaderName;
use actix_web::HttpRequest;
use serde::Deserialize;
use utoipa::IntoParams;

/// `Prefer`.
pub const PREFER: HeaderName = HeaderName::from_static("prefer");

/// `Preference-Applied`: which of the request's preferences the answer honoured.
pub const PREFERENCE_APPLIED: HeaderName = HeaderName::from_static("preference-applied");

/// The value of [`PREFERENCE_APPLIED`] on a compact answer.
pub const RETURN_MINIMAL: &str = "return=minimal";

/// `Prefer` on a write whose answer has a compact form.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct PreferReturn {
    /// `return=minimal` asks for the compact answer (answered with
    /// `Preference-Applied: return=minimal`); without it, or with
    /// `return=representation`, the full one. Other preferences are ignored.
    #[param(rename = "Prefer", required = false, example = "return=minimal")]
    pub prefer: String,
}

/// Whether the request's `Prefer` headers ask for `return=minimal`: a
/// preference is `token[=value]` (the value may be quoted) and its
/// parameters after `;`, several to a header, comma-separated; names are
/// case-insensitive. Of two `return` preferences the first counts.
pub fn prefers_minimal(request: &HttpRequest) -> bool {
    request
        .headers()
        .get_all(PREFER)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .find_map(|preference| {
            let preference = preference.split(';').next().unwrap_or_default();
            let (name, value) = preference.split_once('=').unwrap_or((preference, ""));
            name.trim().eq_ignore_ascii_case("return").then(|| {
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .unwrap_or(value);
                value.eq_ignore_ascii_case("minimal")
            })
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::prefers_minimal;

    fn with(values: &[&str]) -> bool {
        let request = values
            .iter()
            .fold(TestRequest::default(), |request, value| {
                request.append_header(("Prefer", *value))
            })
            .to_http_request();
        prefers_minimal(&request)
    }

    #[test]
    fn return_minimal_is_read_in_its_spellings() {
        assert!(with(&["return=minimal"]));
        assert!(with(&["Return = \"Minimal\""]));
        assert!(with(&["respond-async, return=minimal; foo=bar"]));
        assert!(with(&["wait=5", "return=minimal"]));
    }

    #[test]
    fn anything_else_is_the_full_answer() {
        assert!(!with(&[]));
        assert!(!with(&["return=representation"]));
        assert!(!with(&["return"]));
        assert!(!with(&["returns=minimal", "minimal"]));
        assert!(!with(&["return=representation, return=minimal"]));
        assert!(!with(&["return=minimalist"]));
    }
}
