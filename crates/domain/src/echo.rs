//! Input echoed into answers and logs: tokens masked, length bounded, so a
//! megabyte of bad input costs a line, not a megabyte, and no secret leaks.

use std::borrow::Cow;

use super::token::redact_tokens;

/// The most characters of a problem's `detail`.
pub const MAX_DETAIL_CHARS: usize = 1000;
/// The most characters of an echoed log field (a path, a query, a header).
pub const MAX_LOG_FIELD_CHARS: usize = 512;

/// `text` with token-shaped runs masked and cut to `max_chars` characters;
/// a cut says how long the whole was.
pub fn echoed(text: &str, max_chars: usize) -> Cow<'_, str> {
    let redacted = redact_tokens(text);
    let Some((cut, _)) = redacted.char_indices().nth(max_chars) else {
        return redacted;
    };
    Cow::Owned(format!(
        "{}… ({} bytes in all)",
        &redacted[..cut],
        redacted.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_tokens_masked() {
        let token = crate::ApiToken::generate();
        let text = format!("{} {}", token.as_str(), "é".repeat(2_000_000));
        let shown = echoed(&text, 100);
        assert!(shown.starts_with("oq_<redacted> é"), "{shown}");
        assert!(shown.chars().count() < 140, "{shown}");
        assert!(shown.ends_with("bytes in all)"), "{shown}");
        assert_eq!(echoed("short", 100), "short");
        assert!(matches!(echoed("short", 100), Cow::Borrowed(_)));
    }

    #[test]
    fn a_token_cut_at_the_limit_is_still_masked() {
        let token = crate::ApiToken::generate();
        let text = format!("{}{}", "x".repeat(95), token.as_str());
        assert!(!echoed(&text, 100).contains(&token.as_str()[..8]));
    }
}
