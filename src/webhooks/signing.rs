//! The Standard Webhooks signature (standardwebhooks.com): a secret
//! `whsec_` + base64 of random bytes; each delivery signed as
//! `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, the key
//! being the base64-decoded part after `whsec_`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

/// The secret's prefix.
pub const SECRET_PREFIX: &str = "whsec_";

/// Random bytes in a secret (the reference libraries accept 24 to 64).
const SECRET_BYTES: usize = 32;

/// A new signing secret.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` header of a message: `v1,<signature>`; `None`
/// for a secret that is not `whsec_` + base64.
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX)?).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Some(format!(
        "v1,{}",
        STANDARD.encode(mac.finalize().into_bytes())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specifications_example_signs_as_published() {
        // The example of the Standard Webhooks specification
        // (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md,
        // "Signature scheme"), and the test vector of its reference
        // libraries.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        let timestamp = 1614265330;
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, id, timestamp, body).as_deref(),
            Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        );
    }

    #[test]
    fn secrets_are_prefixed_base64_of_32_bytes() {
        let secret = new_secret();
        let key = STANDARD
            .decode(secret.strip_prefix(SECRET_PREFIX).expect("prefixed"))
            .expect("base64");
        assert_eq!(key.len(), 32);
        assert_ne!(secret, new_secret());
        assert_eq!(signature("whsec_!!", "msg", 1, b"{}"), None);
        assert_eq!(signature("nope", "msg", 1, b"{}"), None);
    }
}
