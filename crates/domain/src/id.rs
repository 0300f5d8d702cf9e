//! Opaque random ids, as used in URLs: 10 base62 characters.

/// Declares an id type `$name` (with its parse error `$error`): generated at
/// random, parsed only from exactly 10 ASCII letters or digits.
macro_rules! opaque_id {
    ($(#[$doc:meta])* $name:ident, $error:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Deserialize)]
        #[serde(try_from = "String")]
        pub struct $name(String);

        impl $name {
            pub const LEN: usize = 10;

            pub fn generate() -> Self {
                use rand::distributions::{Alphanumeric, DistString};
                Self(Alphanumeric.sample_string(&mut rand::thread_rng(), Self::LEN))
            }

            pub fn parse(raw: &str) -> Result<Self, $error> {
                if raw.len() == Self::LEN && raw.bytes().all(|b| b.is_ascii_alphanumeric()) {
                    Ok(Self(raw.to_owned()))
                } else {
                    Err($error(raw.to_owned()))
                }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = $error;

            fn try_from(raw: String) -> Result<Self, Self::Error> {
                Self::parse(&raw)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        #[error("{0:?} is not a {what} (expected {len} letters or digits)", what = $what, len = $name::LEN)]
        pub struct $error(pub String);
    };
}
