//! The Unicode checks that player names and token labels share: what may be
//! shown to a person without hiding, reordering or piling up characters.
//! The properties come from the Unicode data in `icu_properties` and
//! `unicode-security` (UTS #39), never from tables of our own.

use std::fmt;

use icu_properties::props::{
    BidiControl, DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup,
    VariationSelector,
};
use icu_properties::{CodePointMapData, CodePointSetData};
use unicode_normalization::UnicodeNormalization;

/// UTS #39 §5.4 suggests refusing more than four nonspacing marks in a row;
/// Vietnamese needs two at most (ệ is e + U+0323 + U+0302).
pub const MAX_MARKS_PER_BASE: usize = 4;

/// Why a character, or the text as a whole, cannot be shown as a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    Control(char),
    BidiControl(char),
    Invisible(char),
    Unassigned(char),
    PrivateUse(char),
    /// A combining mark with no letter or digit before it to sit on.
    MarkWithoutBase(char),
    /// More than [`MAX_MARKS_PER_BASE`] combining marks on one character.
    TooManyMarks {
        base: char,
    },
    /// The same combining mark twice in a row (it would be drawn once).
    RepeatedMark(char),
    /// Nothing to read: only marks, punctuation, symbols or spaces (for a
    /// name), only marks or spaces (for a label).
    NoLetterOrDigit,
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unfit::Control(c) => write!(f, "contains the control character {}", Shown(c)),
            Unfit::BidiControl(c) => write!(
                f,
                "contains the bidirectional control {}, which reorders the text around it",
                Shown(c)
            ),
            Unfit::Invisible(c) => {
                write!(
                    f,
                    "contains the invisible (default-ignorable) character {}",
                    Shown(c)
                )
            }
            Unfit::Unassigned(c) => write!(f, "contains the unassigned code point {}", Shown(c)),
            Unfit::PrivateUse(c) => write!(f, "contains the private-use character {}", Shown(c)),
            Unfit::MarkWithoutBase(c) => write!(
                f,
                "starts with, or puts after a space or punctuation, the combining mark {}",
                Shown(c)
            ),
            Unfit::TooManyMarks { base } => write!(
                f,
                "stacks more than {MAX_MARKS_PER_BASE} combining marks on {}",
                Shown(base)
            ),
            Unfit::RepeatedMark(c) => write!(f, "repeats the combining mark {}", Shown(c)),
            Unfit::NoLetterOrDigit => f.write_str("has no letter or digit to read"),
        }
    }
}

/// A character in an error message: `'x' (U+0078)`, escaped if invisible.
#[derive(Clone, Copy)]
pub struct Shown(pub char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        if c.is_control() || is_invisible(c) || is_mark(c) || is_bidi_control(c) {
            write!(f, "U+{:04X}", u32::from(c))
        } else {
            write!(f, "{c:?} (U+{:04X})", u32::from(c))
        }
    }
}

fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

pub fn is_bidi_control(c: char) -> bool {
    CodePointSetData::new::<BidiControl>().contains(c)
}

pub fn is_invisible(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// A variation selector: it picks a glyph (an emoji's colour form) and
/// hides nothing.
pub fn is_variation_selector(c: char) -> bool {
    CodePointSetData::new::<VariationSelector>().contains(c)
}

/// Nonspacing and enclosing marks: the ones drawn on the character before.
fn is_mark(c: char) -> bool {
    matches!(
        category(c),
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
    )
}

/// A space separator other than U+0020 (no-break, ideographic, en space…):
/// shown as a space, so it is stored as one (RFC 8266 §2.2).
pub fn is_other_space(c: char) -> bool {
    c != ' ' && category(c) == GeneralCategory::SpaceSeparator
}

/// A raw text whose trimmed length in characters is more than four times
/// `max_chars` cannot normalise to `max_chars` (composition makes at most
/// one character of four) unless it pads with runs of spaces: it is
/// refused before any normalising, whatever its size. Returns that length.
pub fn far_too_long(raw: &str, max_chars: usize) -> Option<usize> {
    let chars = raw.trim().chars().count();
    (chars > 4 * max_chars).then_some(chars)
}

/// Trims, NFC-normalises, maps every space separator to U+0020 and
/// collapses runs of them: the form a name or label is stored and shown in.
pub fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.trim().nfc() {
        let c = if is_other_space(c) { ' ' } else { c };
        if !(c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
    }
    out
}

/// Why a text is refused by [`shown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownError {
    Empty,
    TooLong { chars: usize },
    Unfit(Unfit),
}

/// The light rules, for text that claims nothing (a token's label, a
/// name in a game record): [`normalise`]d, 1 to `max_chars` characters,
/// nothing [`first_hidden`] but emoji joiners and variation selectors,
/// marks on anything visible ([`MarkBase::Visible`]).
pub fn shown(raw: &str, max_chars: usize) -> Result<String, ShownError> {
    if let Some(chars) = far_too_long(raw, max_chars) {
        return Err(ShownError::TooLong { chars });
    }
    let text = normalise(raw);
    let chars = text.chars().count();
    if chars == 0 {
        return Err(ShownError::Empty);
    }
    if chars > max_chars {
        return Err(ShownError::TooLong { chars });
    }
    let emoji_glue = |c: char| c == '\u{200d}' || is_variation_selector(c);
    if let Some(unfit) = first_hidden(&text, emoji_glue) {
        return Err(ShownError::Unfit(unfit));
    }
    check_marks(&text, MarkBase::Visible).map_err(ShownError::Unfit)?;
    Ok(text)
}

/// The first character that may never be shown: a control, a bidi
/// control, an invisible, unassigned or private-use code point. `allow`
/// lets a caller keep some invisibles (a label's emoji sequences).
pub fn first_hidden(text: &str, allow: impl Fn(char) -> bool) -> Option<Unfit> {
    text.chars().find_map(|c| {
        if c.is_control() {
            Some(Unfit::Control(c))
        } else if is_bidi_control(c) {
            Some(Unfit::BidiControl(c))
        } else if allow(c) {
            None
        } else if is_invisible(c) {
            Some(Unfit::Invisible(c))
        } else {
            match category(c) {
                GeneralCategory::Unassigned | GeneralCategory::Surrogate => {
                    Some(Unfit::Unassigned(c))
                }
                GeneralCategory::PrivateUse => Some(Unfit::PrivateUse(c)),
                _ => None,
            }
        }
    })
}

/// What a combining mark may sit on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkBase {
    /// A letter or digit (names).
    LetterOrDigit,
    /// Anything but a space (labels: an emoji takes a variation selector).
    Visible,
}

/// Checks the marks in the canonical decomposition (so that NFC and NFD
/// input are judged alike): each sits on a base, at most
/// [`MAX_MARKS_PER_BASE`] on one, never the same twice in a row; and the
/// text has at least one character that can carry one. Spacing marks (Indic vowel signs)
/// extend their base without counting.
pub fn check_marks(text: &str, bases: MarkBase) -> Result<(), Unfit> {
    let mut base: Option<char> = None;
    let mut marks = 0;
    let mut previous: Option<char> = None;
    let mut readable = false;
    for c in text.nfd() {
        let category = category(c);
        if matches!(
            category,
            GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
        ) {
            let Some(on) = base else {
                return Err(Unfit::MarkWithoutBase(c));
            };
            if previous == Some(c) {
                return Err(Unfit::RepeatedMark(c));
            }
            marks += 1;
            if marks > MAX_MARKS_PER_BASE {
                return Err(Unfit::TooManyMarks { base: on });
            }
        } else if category == GeneralCategory::SpacingMark {
            if base.is_none() {
                return Err(Unfit::MarkWithoutBase(c));
            }
        } else {
            let letter_or_digit = GeneralCategoryGroup::Letter.contains(category)
                || GeneralCategoryGroup::Number.contains(category);
            let can_carry = match bases {
                MarkBase::LetterOrDigit => letter_or_digit,
                MarkBase::Visible => !c.is_whitespace(),
            };
            readable |= can_carry;
            base = can_carry.then_some(c);
            marks = 0;
        }
        previous = Some(c);
    }
    if readable {
        Ok(())
    } else {
        Err(Unfit::NoLetterOrDigit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_trims_composes_and_collapses_spaces() {
        assert_eq!(
            normalise("  Nguye\u{302}\u{303}n \u{a0}\u{3000} Hồng "),
            "Nguyễn Hồng"
        );
    }

    #[test]
    fn hidden_characters_are_named() {
        assert_eq!(
            first_hidden("a\u{202e}b", |_| false),
            Some(Unfit::BidiControl('\u{202e}'))
        );
        assert_eq!(
            first_hidden("a\u{200b}", |_| false),
            Some(Unfit::Invisible('\u{200b}'))
        );
        assert_eq!(
            first_hidden("\u{378}", |_| false),
            Some(Unfit::Unassigned('\u{378}'))
        );
        assert_eq!(
            first_hidden("\u{e000}", |_| false),
            Some(Unfit::PrivateUse('\u{e000}'))
        );
        assert_eq!(
            first_hidden("a\u{7}", |_| true),
            Some(Unfit::Control('\u{7}'))
        );
        assert_eq!(first_hidden("a\u{200d}b", |c| c == '\u{200d}'), None);
    }

    #[test]
    fn marks_need_a_base_and_a_limit() {
        let strict = |text: &str| check_marks(text, MarkBase::LetterOrDigit);
        assert_eq!(strict("Nguyễn Thị Hồng"), Ok(()));
        assert_eq!(strict("e\u{323}\u{302}"), Ok(()));
        assert_eq!(
            strict("कों"),
            Ok(()),
            "a nonspacing mark after a spacing one"
        );
        let piled = format!("a{}", "\u{301}\u{300}".repeat(3));
        assert_eq!(strict(&piled), Err(Unfit::TooManyMarks { base: 'a' }));
        assert_eq!(
            strict("a\u{301}\u{301}"),
            Err(Unfit::RepeatedMark('\u{301}'))
        );
        assert_eq!(strict("\u{301}a"), Err(Unfit::MarkWithoutBase('\u{301}')));
        assert_eq!(strict("a \u{301}"), Err(Unfit::MarkWithoutBase('\u{301}')));
        assert_eq!(strict("a-\u{301}"), Err(Unfit::MarkWithoutBase('\u{301}')));
        assert_eq!(strict("-_-"), Err(Unfit::NoLetterOrDigit));
        let light = |text: &str| check_marks(text, MarkBase::Visible);
        assert_eq!(light("phone \u{2764}\u{fe0f}"), Ok(()));
        assert_eq!(light("\u{2764}\u{fe0f}"), Ok(()));
        assert_eq!(light("\u{301}"), Err(Unfit::MarkWithoutBase('\u{301}')));
    }

    #[test]
    fn a_character_in_a_message_is_quoted_unless_it_cannot_be_seen() {
        let shown = |c: char| Shown(c).to_string();
        assert_eq!(shown('x'), "'x' (U+0078)");
        assert_eq!(shown('ễ'), "'ễ' (U+1EC5)");
        assert_eq!(shown('\u{7}'), "U+0007", "a control");
        assert_eq!(shown('\u{200b}'), "U+200B", "an invisible");
        assert_eq!(shown('\u{301}'), "U+0301", "a nonspacing mark");
        assert_eq!(shown('\u{20dd}'), "U+20DD", "an enclosing mark");
        assert_eq!(shown('\u{202e}'), "U+202E", "a bidi control");
        assert_eq!(shown('\u{93e}'), "'\u{93e}' (U+093E)", "a spacing mark");
    }

    /// Four times the limit may still normalise to a short text (here, a
    /// run of spaces collapses); one more character is refused unread.
    #[test]
    fn a_raw_text_of_four_times_the_limit_is_read_and_one_more_is_not() {
        let padded = |chars: usize| format!("a{}b", " ".repeat(chars - 2));
        assert_eq!(far_too_long(&padded(256), 64), None);
        assert_eq!(far_too_long(&padded(257), 64), Some(257));
        assert_eq!(far_too_long(&format!("  {}  ", padded(257)), 64), Some(257));
        assert_eq!(shown(&padded(256), 64), Ok("a b".to_owned()));
        assert_eq!(
            shown(&padded(257), 64),
            Err(ShownError::TooLong { chars: 257 })
        );
    }

    #[test]
    fn a_shown_text_may_have_exactly_its_limit() {
        assert_eq!(shown(&"x".repeat(64), 64), Ok("x".repeat(64)));
        assert_eq!(
            shown(&"x".repeat(65), 64),
            Err(ShownError::TooLong { chars: 65 })
        );
        assert_eq!(shown(" \u{3000} ", 64), Err(ShownError::Empty));
    }

    #[test]
    fn a_base_may_carry_exactly_four_marks() {
        let strict = |text: &str| check_marks(text, MarkBase::LetterOrDigit);
        assert_eq!(strict("a\u{301}\u{302}\u{303}\u{304}"), Ok(()));
        assert_eq!(strict("a\u{301}\u{302}\u{303}\u{304} b\u{301}"), Ok(()));
        assert_eq!(
            strict("a\u{301}\u{302}\u{303}\u{304}\u{306}"),
            Err(Unfit::TooManyMarks { base: 'a' })
        );
    }
}
