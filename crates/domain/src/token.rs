use std::borrow::Cow;
use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::text::{self, ShownError, Unfit};

opaque_id! {
    /// The id of one of a player's tokens: 10 base62 characters. Shown to
    /// its owner only; a token created by migration 0005 for a player who
    /// registered before it has the player's id.
    TokenId, InvalidTokenId, "token id"
}

/// A bearer token in plain text. It exists only while it is handed to the
/// player once, or read from a request; the database keeps its
/// [`TokenHash`]. Its `Debug` never shows it.
pub struct ApiToken(String);

impl ApiToken {
    pub const PREFIX: &'static str = "oq_";
    /// `oq_` + 43 base64url characters of 32 random bytes (256 bits).
    pub const LEN: usize = 3 + 43;

    pub fn generate() -> Self {
        Self(random_secret(Self::PREFIX))
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

    /// A token as presented in a request, if it has the shape of ours.
    pub fn presented(candidate: &str) -> Option<Self> {
        Self::looks_valid(candidate).then(|| Self(candidate.to_owned()))
    }

    /// The token encrypted so that only a holder of `key` can read it back
    /// (see [`ApiToken::open`]): for a saved response that a retry replays.
    /// Each seal has a fresh random salt, so the pad is never reused.
    pub fn seal(&self, key: &[u8]) -> String {
        let mut salt = [0u8; SALT_LEN];
        OsRng.fill_bytes(&mut salt);
        let mut sealed = salt.to_vec();
        sealed.extend(xor(self.0.as_bytes(), &pad(&salt, key)));
        sealed.extend(check(&salt, key));
        format!("{SEALED_PREFIX}{}", URL_SAFE_NO_PAD.encode(sealed))
    }

    /// Reads back a [`ApiToken::seal`]ed token; `None` when `key` is not the
    /// one it was sealed with, or the text is no seal.
    pub fn open(sealed: &str, key: &[u8]) -> Option<Self> {
        let bytes = URL_SAFE_NO_PAD
            .decode(sealed.strip_prefix(SEALED_PREFIX)?)
            .ok()?;
        if bytes.len() != SALT_LEN + Self::LEN + CHECK_LEN {
            return None;
        }
        let (salt, rest) = bytes.split_at(SALT_LEN);
        let (cipher, given_check) = rest.split_at(Self::LEN);
        let expected = check(salt, key);
        let differences = expected
            .iter()
            .zip(given_check)
            .fold(0, |acc, (a, b)| acc | (a ^ b));
        if differences != 0 {
            return None;
        }
        let plain = String::from_utf8(xor(cipher, &pad(salt, key))).ok()?;
        Self::presented(&plain)
    }

    /// Whether `candidate` has the shape of a token we issue, so that
    /// obviously foreign strings are refused without a database look-up.
    pub fn looks_valid(candidate: &str) -> bool {
        has_secret_shape(candidate, Self::PREFIX, Self::LEN)
    }
}

/// `prefix` + 43 base64url characters of 32 random bytes (256 bits): the
/// secrets handed out (tokens, stream tickets).
pub(super) fn random_secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    format!("{prefix}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// Whether `candidate` has the shape [`random_secret`] gives with `prefix`
/// (`len` characters in all).
pub(super) fn has_secret_shape(candidate: &str, prefix: &str, len: usize) -> bool {
    candidate.len() == len
        && candidate.strip_prefix(prefix).is_some_and(|tail| {
            tail.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// Every run of text with the shape of one of our tokens (`oq_` and at
/// least 16 base64url characters, so a cut-off token counts too) replaced
/// by `oq_<redacted>`: for anything that echoes input into logs or answers.
pub fn redact_tokens(text: &str) -> Cow<'_, str> {
    const MIN_TAIL: usize = 16;
    let is_tail = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = text[at..].find(ApiToken::PREFIX) {
        let start = at + found;
        let tail_start = start + ApiToken::PREFIX.len();
        let tail = bytes[tail_start..]
            .iter()
            .take_while(|&&b| is_tail(b))
            .count();
        if tail >= MIN_TAIL {
            out.push_str(&text[copied..start]);
            out.push_str("oq_<redacted>");
            copied = tail_start + tail;
        }
        at = tail_start + tail;
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

const SEALED_PREFIX: &str = "sealed1.";
const SALT_LEN: usize = 16;
const CHECK_LEN: usize = 8;

/// Two SHA-256 blocks of (domain, counter, salt, key): the one-time pad.
fn pad(salt: &[u8], key: &[u8]) -> Vec<u8> {
    (0u8..2)
        .flat_map(|block| {
            Sha256::new()
                .chain_update(b"oanquan sealed token pad\0")
                .chain_update([block])
                .chain_update(salt)
                .chain_update(key)
                .finalize()
        })
        .collect()
}

/// Tells a right key from a wrong one without saying anything of the token.
fn check(salt: &[u8], key: &[u8]) -> Vec<u8> {
    let digest = Sha256::new()
        .chain_update(b"oanquan sealed token check\0")
        .chain_update(salt)
        .chain_update(key)
        .finalize();
    digest[..CHECK_LEN].to_vec()
}

fn xor(data: &[u8], pad: &[u8]) -> Vec<u8> {
    data.iter().zip(pad).map(|(a, b)| a ^ b).collect()
}

/// A token's name, chosen by its owner ("phone", "bot script"): trimmed,
/// NFC, 1 to 64 characters. Only its owner sees it, so the rules are
/// lighter than a name's: any script or symbol (emoji too, with their
/// joiners and variation selectors), but nothing that hides or reorders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenLabel(String);

impl TokenLabel {
    pub const MAX_CHARS: usize = 64;
    /// The label of the token issued at registration.
    pub const REGISTRATION: &'static str = "registration";

    pub fn parse(raw: &str) -> Result<Self, InvalidLabel> {
        text::shown(raw, Self::MAX_CHARS)
            .map(Self)
            .map_err(|error| match error {
                ShownError::Empty => InvalidLabel::Empty,
                ShownError::TooLong { chars } => InvalidLabel::TooLong { chars },
                ShownError::Unfit(unfit) => InvalidLabel::Unfit(unfit),
            })
    }

    pub fn registration() -> Self {
        Self(Self::REGISTRATION.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidLabel {
    #[error("the label is empty (after trimming white space)")]
    Empty,
    #[error("the label has {chars} characters; at most {max} are allowed", max = TokenLabel::MAX_CHARS)]
    TooLong { chars: usize },
    #[error("the label {0}")]
    Unfit(Unfit),
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
    fn a_sealed_token_opens_with_its_key_only() {
        let token = ApiToken::generate();
        let sealed = token.seal(b"the key");
        assert!(!sealed.contains(token.as_str()));
        assert_ne!(sealed, token.seal(b"the key"), "a fresh salt each time");
        let opened = ApiToken::open(&sealed, b"the key").expect("opens");
        assert_eq!(opened.as_str(), token.as_str());
        assert!(ApiToken::open(&sealed, b"another key").is_none());
        assert!(ApiToken::open("sealed1.AAAA", b"the key").is_none());
        assert!(ApiToken::open(token.as_str(), b"the key").is_none());
    }

    #[test]
    fn token_shaped_text_is_redacted() {
        let token = ApiToken::generate();
        let text = format!(
            "opponent {} and ?player={}&x",
            token.as_str(),
            &token.as_str()[..25]
        );
        let redacted = redact_tokens(&text);
        assert_eq!(
            redacted,
            "opponent oq_<redacted> and ?player=oq_<redacted>&x"
        );
        assert!(matches!(
            redact_tokens("oq_short, no token"),
            Cow::Borrowed(_)
        ));
        assert_eq!(redact_tokens("ünïcode oq_"), "ünïcode oq_");
    }

    #[test]
    fn labels_are_lighter_than_names_but_hide_nothing() {
        for label in [
            "phone",
            "bot script (prod) #2",
            "Điện thoại 📱",
            "❤️ home",
            "👩‍💻 laptop",
        ] {
            assert!(
                TokenLabel::parse(label).is_ok(),
                "{label:?}: {:?}",
                TokenLabel::parse(label)
            );
        }
        assert_eq!(TokenLabel::parse("  phone  ").unwrap().as_str(), "phone");
        assert_eq!(TokenLabel::parse(" "), Err(InvalidLabel::Empty));
        assert_eq!(
            TokenLabel::parse(&"x".repeat(65)),
            Err(InvalidLabel::TooLong { chars: 65 })
        );
        for hidden in ["a\u{202e}b", "\u{200b}", "a\u{7}", "\u{301}"] {
            assert!(TokenLabel::parse(hidden).is_err(), "{hidden:?}");
        }
    }

    #[test]
    fn hash_is_hex_sha256() {
        assert_eq!(
            TokenHash::of("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    const A_TOKEN: &str = "oq_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";

    #[test]
    fn a_token_hands_back_its_text_and_never_shows_it() {
        let token = ApiToken::presented(A_TOKEN).expect("has the shape");
        assert_eq!(format!("{token:?}"), "ApiToken(<redacted>)");
        assert_eq!(token.into_string(), A_TOKEN);
    }

    /// The check is compared byte for byte: one changed byte, or two that
    /// cancel each other out in an XOR, and the seal does not open.
    #[test]
    fn a_seal_with_a_changed_check_does_not_open() {
        let token = ApiToken::presented(A_TOKEN).expect("has the shape");
        let sealed = token.seal(b"the key");
        let bytes = URL_SAFE_NO_PAD
            .decode(sealed.strip_prefix("sealed1.").expect("prefixed"))
            .expect("base64url");
        assert_eq!(bytes.len(), 16 + 46 + 8);
        let reseal = |flips: &[usize]| {
            let mut changed = bytes.clone();
            for &at in flips {
                changed[at] ^= 0x01;
            }
            format!("sealed1.{}", URL_SAFE_NO_PAD.encode(changed))
        };
        let opened = ApiToken::open(&reseal(&[]), b"the key").expect("opens");
        assert_eq!(opened.as_str(), A_TOKEN);
        assert!(ApiToken::open(&reseal(&[69]), b"the key").is_none());
        assert!(ApiToken::open(&reseal(&[62, 63]), b"the key").is_none());
        assert!(ApiToken::open(&reseal(&[0]), b"the key").is_none(), "salt");
    }
}
