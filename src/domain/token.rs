use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A bearer token in plain text. It exists only while it is handed to the
/// player once; the database keeps its [`TokenHash`].
pub struct ApiToken(String);

impl ApiToken {
    pub const PREFIX: &'static str = "oq_";
    /// `oq_` + 43 base64url characters of 32 random bytes (256 bits).
    pub const LEN: usize = 3 + 43;

    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        Self(format!("{}{}", Self::PREFIX, URL_SAFE_NO_PAD.encode(bytes)))
    }

    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// Whether `candidate` has the shape of a token we issue, so that
    /// obviously foreign strings are refused without a database look-up.
    pub fn looks_valid(candidate: &str) -> bool {
        candidate.len() == Self::LEN
            && candidate.starts_with(Self::PREFIX)
            && candidate[Self::PREFIX.len()..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }
}

impl fmt::Debug for ApiToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiToken(<redacted>)")
    }
}

/// Lower-case hex SHA-256 of a token: what is stored and looked up. A plain
/// hash is enough because tokens carry 256 random bits; nothing to brute-force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenHash(String);

impl TokenHash {
    pub fn of(token: &str) -> Self {
        Self(hex::encode(Sha256::digest(token.as_bytes())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_have_the_documented_shape() {
        let token = ApiToken::generate();
        assert_eq!(token.as_str().len(), ApiToken::LEN);
        assert!(ApiToken::looks_valid(token.as_str()));
        assert_ne!(token.as_str(), ApiToken::generate().as_str());
    }

    #[test]
    fn foreign_strings_do_not_look_valid() {
        assert!(!ApiToken::looks_valid(""));
        assert!(!ApiToken::looks_valid("oq_short"));
        let wrong_prefix = format!("xx_{}", "a".repeat(43));
        assert!(!ApiToken::looks_valid(&wrong_prefix));
        let bad_char = format!("oq_{}!", "a".repeat(42));
        assert!(!ApiToken::looks_valid(&bad_char));
    }

    #[test]
    fn hash_is_hex_sha256() {
        assert_eq!(
            TokenHash::of("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
