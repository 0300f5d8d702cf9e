use std::fmt;

use unicode_normalization::UnicodeNormalization;

opaque_id! {
    /// An opaque player id: 10 random base62 characters (~59.5 bits).
    PlayerId, InvalidPlayerId, "player id"
}

/// A display name: trimmed, NFC-normalised, 1 to 32 characters, no control
/// characters. Uniqueness is case-insensitive, through [`PlayerName::key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    pub const MAX_CHARS: usize = 32;

    pub fn parse(raw: &str) -> Result<Self, InvalidName> {
        let name: String = raw.trim().nfc().collect();
        let chars = name.chars().count();
        if chars == 0 {
            return Err(InvalidName::Empty);
        }
        if chars > Self::MAX_CHARS {
            return Err(InvalidName::TooLong { chars });
        }
        if let Some(c) = name.chars().find(|c| c.is_control()) {
            return Err(InvalidName::ControlCharacter(c));
        }
        Ok(Self(name))
    }

    /// The lowercased form that the unique index is built on, so "Lan" and
    /// "lan" cannot both exist.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidName {
    #[error("the name is empty (after trimming white space)")]
    Empty,
    #[error("the name has {chars} characters; at most {max} are allowed", max = PlayerName::MAX_CHARS)]
    TooLong { chars: usize },
    #[error("the name contains the control character {0:?}")]
    ControlCharacter(char),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_parse_back() {
        let id = PlayerId::generate();
        assert_eq!(PlayerId::parse(id.as_str()), Ok(id));
    }

    #[test]
    fn ids_must_be_ten_alphanumerics() {
        assert!(PlayerId::parse("abcdefghi").is_err());
        assert!(PlayerId::parse("abcdefghijk").is_err());
        assert!(PlayerId::parse("abcde-ghij").is_err());
        assert!(PlayerId::parse("abcdéfghi").is_err());
        assert!(PlayerId::parse("aB3dE6gH9j").is_ok());
    }

    #[test]
    fn names_are_trimmed_and_counted_in_characters() {
        assert_eq!(PlayerName::parse("  Lan  ").unwrap().as_str(), "Lan");
        let vietnamese = "Ô".repeat(32);
        assert!(PlayerName::parse(&vietnamese).is_ok(), "32 chars, 64 bytes");
        assert_eq!(
            PlayerName::parse(&"Ô".repeat(33)),
            Err(InvalidName::TooLong { chars: 33 })
        );
        assert_eq!(PlayerName::parse(" \t "), Err(InvalidName::Empty));
    }

    #[test]
    fn names_reject_control_characters() {
        assert_eq!(
            PlayerName::parse("a\u{7}b"),
            Err(InvalidName::ControlCharacter('\u{7}'))
        );
        assert!(PlayerName::parse("a\nb").is_err());
    }

    #[test]
    fn decomposed_and_composed_forms_are_one_name() {
        let composed = PlayerName::parse("Ăn").unwrap();
        let decomposed = PlayerName::parse("A\u{306}n").unwrap();
        assert_eq!(composed, decomposed);
        assert_eq!(composed.key(), "ăn");
    }
}
