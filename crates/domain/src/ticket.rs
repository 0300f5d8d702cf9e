//! A stream ticket: a short-lived, single-use secret that opens one
//! `GET /v1/me/stream?ticket=…` for its player, for the clients (a
//! browser's `EventSource`) that cannot send `Authorization`.

use std::fmt;

use super::token::{has_secret_shape, random_secret, TokenHash};

/// `oq_st_` + 43 base64url characters (256 random bits). It starts like a
/// token (`oq_`), so every log and echo masks it as one
/// ([`super::redact_tokens`]), yet it is no bearer token: its length
/// differs. Its `Debug` never shows it.
pub struct StreamTicket(String);

impl StreamTicket {
    pub const PREFIX: &'static str = "oq_st_";
    pub const LEN: usize = 6 + 43;

    pub fn generate() -> Self {
        Self(random_secret(Self::PREFIX))
    }

    /// A ticket as presented in a query, if it has the shape of ours.
    pub fn presented(candidate: &str) -> Option<Self> {
        has_secret_shape(candidate, Self::PREFIX, Self::LEN).then(|| Self(candidate.to_owned()))
    }

    /// What is stored and looked up: its hex SHA-256, as for tokens.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Debug for StreamTicket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StreamTicket(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{redact_tokens, ApiToken};

    #[test]
    fn a_ticket_is_masked_like_a_token_but_is_no_token() {
        let ticket = StreamTicket::generate();
        let text = ticket.into_string();
        assert_eq!(text.len(), StreamTicket::LEN);
        assert!(StreamTicket::presented(&text).is_some());
        assert!(!ApiToken::looks_valid(&text), "a ticket is no bearer token");
        let query = format!("/v1/me/stream?ticket={text}&x=1");
        assert_eq!(
            redact_tokens(&query),
            "/v1/me/stream?ticket=oq_<redacted>&x=1"
        );
        assert!(StreamTicket::presented(ApiToken::generate().as_str()).is_none());
        assert!(StreamTicket::presented("oq_st_short").is_none());
        assert!(!format!("{:?}", StreamTicket::presented(&text)).contains(&text[6..]));
    }

    #[test]
    fn a_ticket_never_shows_itself() {
        assert_eq!(
            format!("{:?}", StreamTicket::generate()),
            "StreamTicket(<redacted>)"
        );
    }
}
