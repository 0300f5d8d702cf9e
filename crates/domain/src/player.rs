use std::fmt;

use icu_casemap::CaseMapper;
use unicode_normalization::UnicodeNormalization;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::GeneralSecurityProfile;

use super::text::{self, MarkBase, Shown, ShownError, Unfit};

opaque_id! {
    /// An opaque player id: 10 random base62 characters (~59.5 bits).
    PlayerId, InvalidPlayerId, "player id"
}

/// A display name, safe to show beside others: no character that hides,
/// reorders or imitates (Unicode UTS #39 and RFC 8265/8266). Parsed once;
/// the stored form is NFC with single spaces, 1 to 32 characters.
///
/// The rules, in the order they are checked (docs/API.md, "Names"):
/// - trimmed, NFC, every space separator stored as one U+0020;
/// - no control, bidirectional control, default-ignorable (invisible),
///   unassigned or private-use code point;
/// - combining marks on a letter or digit, at most four on one, never the
///   same twice in a row (checked before the profile, to say so);
/// - every other character allowed by the UTS #39 General Security Profile
///   (`Identifier_Status=Allowed`: letters, digits, combining marks,
///   `_ - . ' · :` and a few more), or a space;
/// - at least one letter or digit;
/// - a single script plus Common and Inherited (UTS #39 "single-script",
///   where Han with Hiragana/Katakana or Hangul counts as one).
///
/// Uniqueness is decided by [`NameKeys`]: names that look alike are one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    pub const MAX_CHARS: usize = 32;

    pub fn parse(raw: &str) -> Result<Self, InvalidName> {
        if let Some(chars) = text::far_too_long(raw, Self::MAX_CHARS) {
            return Err(InvalidName::TooLong { chars });
        }
        let name = text::normalise(raw);
        let chars = name.chars().count();
        if chars == 0 {
            return Err(InvalidName::Empty);
        }
        if chars > Self::MAX_CHARS {
            return Err(InvalidName::TooLong { chars });
        }
        if let Some(unfit) = text::first_hidden(&name, |_| false) {
            return Err(InvalidName::Unfit(unfit));
        }
        // A pile of marks is named as such, even of marks names may not have.
        let marks = text::check_marks(&name, MarkBase::LetterOrDigit);
        if let Err(
            unfit @ (Unfit::MarkWithoutBase(_)
            | Unfit::TooManyMarks { .. }
            | Unfit::RepeatedMark(_)),
        ) = marks
        {
            return Err(InvalidName::Unfit(unfit));
        }
        if let Some(c) = name.chars().find(|&c| c != ' ' && !c.identifier_allowed()) {
            return Err(InvalidName::NotAllowed(c));
        }
        marks.map_err(InvalidName::Unfit)?;
        if let Some(c) = first_of_another_script(&name) {
            return Err(InvalidName::MixedScripts(c));
        }
        Ok(Self(name))
    }

    /// A name that claims no account, as a game record's players have
    /// (their id is `null`): the light rules of a token label
    /// ([`TokenLabel`](super::TokenLabel)), nothing hidden or reordered,
    /// with a name's length. Such a name is never registered.
    pub fn parse_unclaimed(raw: &str) -> Result<Self, InvalidName> {
        text::shown(raw, Self::MAX_CHARS)
            .map(Self)
            .map_err(|error| match error {
                ShownError::Empty => InvalidName::Empty,
                ShownError::TooLong { chars } => InvalidName::TooLong { chars },
                ShownError::Unfit(unfit) => InvalidName::Unfit(unfit),
            })
    }

    /// The keys that decide whether two names are one (see [`NameKeys`]).
    pub fn keys(&self) -> NameKeys {
        NameKeys::of(&self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The first character whose script set leaves none in common with the
/// characters before it (UTS #39 resolved script set), if any.
fn first_of_another_script(name: &str) -> Option<char> {
    let mut scripts = AugmentedScriptSet::default();
    name.chars().find(|&c| {
        scripts.intersect_with(AugmentedScriptSet::for_char(c));
        scripts.is_empty()
    })
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The two unique keys of a name. Both are a UTS #39 confusable skeleton,
/// case-folded, of the name's NFKC form:
/// - `folded` folds case first, so `ALICE` and `alice` are one;
/// - `cased` takes the skeleton of the name as written, so capital `I`
///   and small `l` (which fold to different letters) are one.
///
/// Two names clash when either key is equal. Any string has keys, so that
/// names stored under older rules get them too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKeys {
    pub folded: String,
    pub cased: String,
}

impl NameKeys {
    pub fn of(name: &str) -> NameKeys {
        let compatible: String = name.nfkc().collect();
        NameKeys {
            folded: key_of(&fold(&compatible)),
            cased: key_of(&compatible),
        }
    }

    /// Keys no name can have: for a row whose name clashes with an older
    /// one's. The control character U+0001 never survives
    /// [`PlayerName::parse`], nor comes out of a skeleton.
    pub fn disambiguated(key: &str, player: &PlayerId) -> String {
        format!("{key}\u{1}{player}")
    }
}

fn fold(text: &str) -> String {
    CaseMapper::new().fold_string(text).into_owned()
}

/// Skeleton, folded (a prototype may be a capital: `0` is `O`), with white
/// space collapsed as in a stored name, in NFC.
fn key_of(text: &str) -> String {
    let skeleton: String = unicode_security::skeleton(text).collect();
    text::normalise(&fold(&skeleton))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidName {
    Empty,
    TooLong {
        chars: usize,
    },
    Unfit(Unfit),
    /// Not in the UTS #39 General Security Profile (nor a space).
    NotAllowed(char),
    /// Of another script than the characters before it.
    MixedScripts(char),
}

impl fmt::Display for InvalidName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidName::Empty => f.write_str("the name is empty (after trimming white space)"),
            InvalidName::TooLong { chars } => write!(
                f,
                "the name has {chars} characters; at most {} are allowed",
                PlayerName::MAX_CHARS
            ),
            InvalidName::Unfit(unfit) => write!(f, "the name {unfit}"),
            InvalidName::NotAllowed(c) => {
                write!(
                    f,
                    "the name contains {}, which names may not: they are made of letters, \
                     digits, combining marks, spaces and the punctuation ' \u{2019} - \u{2010} . : _ \
                     \u{b7} \u{2027}",
                    Shown(*c)
                )?;
                match c.identifier_type() {
                    Some(kind) => write!(f, " (Unicode identifier type {kind:?})"),
                    None => Ok(()),
                }
            }
            InvalidName::MixedScripts(c) => write!(
                f,
                "the name mixes scripts: {} is not of the script of the characters before it \
                 (write a name in one script, with any digits and punctuation)",
                Shown(*c)
            ),
        }
    }
}

impl std::error::Error for InvalidName {}

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
        let decomposed = "A\u{306}".repeat(32);
        assert_eq!(
            PlayerName::parse(&decomposed).unwrap().as_str(),
            "Ă".repeat(32)
        );
        assert_eq!(
            PlayerName::parse(&"x".repeat(16 * 1024)),
            Err(InvalidName::TooLong { chars: 16 * 1024 })
        );
    }

    #[test]
    fn a_name_is_shown_as_stored() {
        let name = PlayerName::parse(" Nguye\u{302}\u{303}n  Lan ").unwrap();
        assert_eq!(name.to_string(), "Nguy\u{1ec5}n Lan");
    }

    #[test]
    fn inner_spaces_are_single_ascii_spaces() {
        let name = PlayerName::parse("Thị\u{a0}\u{a0}Hồng  Lan").unwrap();
        assert_eq!(name.as_str(), "Thị Hồng Lan");
    }

    #[test]
    fn decomposed_and_composed_forms_are_one_name() {
        let composed = PlayerName::parse("Nguyễn Thị Hồng").unwrap();
        let decomposed =
            PlayerName::parse("Nguye\u{302}\u{303}n Thi\u{323} Ho\u{302}\u{300}ng").unwrap();
        assert_eq!(composed, decomposed);
        assert_eq!(composed.as_str(), "Nguy\u{1ec5}n Th\u{1ecb} H\u{1ed3}ng");
        assert_eq!(composed.keys(), decomposed.keys());
    }

    /// Every example of the README's table of names, both ways.
    #[test]
    fn the_documented_examples() {
        for name in ACCEPTED {
            assert!(
                PlayerName::parse(name).is_ok(),
                "{name:?}: {:?}",
                PlayerName::parse(name)
            );
        }
        for (name, why) in REFUSED {
            let error = PlayerName::parse(name).expect_err(name).to_string();
            assert!(error.contains(why), "{name:?}: {error}");
        }
    }

    pub const ACCEPTED: &[&str] = &[
        "Nguyễn Thị Hồng",
        "Lan",
        "Mary-Jane O'Neil",
        "jean.dupont_99",
        "Ô Ăn Quan",
        "Иван Петров",
        "Ελένη",
        "王小明",
        "東京タワー",
        "김민준",
        "नमस्ते",
    ];

    pub const REFUSED: &[(&str, &str)] = &[
        ("Alice\u{200b}", "invisible"),
        ("\u{feff}Alice", "invisible"),
        ("Al\u{ad}ice", "invisible"),
        ("Alice\u{e0041}", "invisible"),
        ("\u{202e}ecilA", "bidirectional"),
        ("\u{200b}", "invisible"),
        ("\u{3164}", "invisible"),
        ("\u{2800}", "may not"),
        ("\u{ff21}lice", "may not"),
        ("\u{410}lice", "mixes scripts"),
        ("Lan!", "may not"),
        ("bell\u{7}", "control"),
        ("\u{301}", "combining mark"),
        ("a\u{301}\u{302}\u{303}\u{304}\u{306}", "more than 4"),
        ("---", "no letter or digit"),
        ("\u{378}x", "unassigned"),
    ];

    #[test]
    fn unclaimed_names_may_have_any_visible_character() {
        let name = PlayerName::parse_unclaimed(" Nguyễn \"Bé\" Văn 🎲 ").unwrap();
        assert_eq!(name.as_str(), "Nguyễn \"Bé\" Văn 🎲");
        assert!(PlayerName::parse("Nguyễn \"Bé\" Văn").is_err());
        for hidden in ["Alice\u{200b}", "\u{202e}ecilA", "a\u{7}"] {
            assert!(PlayerName::parse_unclaimed(hidden).is_err(), "{hidden:?}");
        }
        assert_eq!(
            PlayerName::parse_unclaimed(&"x".repeat(33)),
            Err(InvalidName::TooLong { chars: 33 })
        );
    }

    #[test]
    fn a_letter_under_thirty_one_marks_is_refused() {
        let tower: String = std::iter::once('a')
            .chain((0x300..0x31f).filter_map(char::from_u32))
            .collect();
        assert_eq!(tower.chars().count(), 32);
        assert!(matches!(
            PlayerName::parse(&tower),
            Err(InvalidName::Unfit(Unfit::TooManyMarks { base: 'a' }))
        ));
    }

    #[test]
    fn look_alikes_share_a_key() {
        let alice = NameKeys::of("Alice");
        for twin in [
            "alice",
            "ALICE",
            "\u{410}lice",
            "\u{ff21}lice",
            "Alice\u{200b}",
            "A1ice",
            "AIice",
        ] {
            let keys = NameKeys::of(twin);
            assert!(
                keys.folded == alice.folded || keys.cased == alice.cased,
                "{twin:?}: {keys:?} vs {alice:?}"
            );
        }
        let bob = NameKeys::of("Bob");
        assert_eq!(NameKeys::of("B0B").folded, bob.folded);
        assert_ne!(NameKeys::of("Alicia").folded, alice.folded);
        assert_ne!(NameKeys::of("Alicia").cased, alice.cased);
    }

    #[test]
    fn disambiguated_keys_are_unreachable() {
        let key = NameKeys::disambiguated("alice", &PlayerId::parse("aB3dE6gH9j").unwrap());
        assert!(key.contains('\u{1}'));
        // The planes with confusables and compatibility forms (the others
        // hold ideographs and private or unassigned code points).
        for c in (0..0x20000)
            .filter_map(char::from_u32)
            .filter(|c| !c.is_control())
        {
            let keys = NameKeys::of(&c.to_string());
            assert!(
                !keys.folded.contains('\u{1}') && !keys.cased.contains('\u{1}'),
                "{c:?}"
            );
        }
    }
}

/// A player in a seat, with the name to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
    /// The search level of a built-in bot; `None` for a person.
    pub bot_level: Option<u8>,
    /// An account upgraded to play as an outside engine.
    pub bot_account: bool,
}

impl PlayerRef {
    /// Whether this is one of the built-in bots (which the server plays).
    pub fn is_bot(&self) -> bool {
        self.bot_level.is_some()
    }

    /// A built-in bot or a bot account: a player whose games are never rated.
    pub fn plays_as_bot(&self) -> bool {
        self.is_bot() || self.bot_account
    }
}
