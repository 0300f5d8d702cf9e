//! What a bearer token may do: a set of scopes chosen when it is made,
//! stored with it as their names separated by single spaces (as OAuth
//! writes a scope list), and checked on every authenticated request.

use std::fmt;

/// One thing a token may be allowed to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Read one's own data and streams (and open stream tickets).
    Read,
    /// Moves, resignations, aborts, offers; create, join and import games;
    /// upgrade the account to a bot.
    Play,
    /// Create, accept, decline and cancel challenges.
    Challenge,
    /// Manage one's webhooks.
    Webhooks,
    /// Make, list and delete tokens.
    Tokens,
}

impl Scope {
    /// Every scope, in the order they are written.
    pub const ALL: [Scope; 5] = [
        Scope::Read,
        Scope::Play,
        Scope::Challenge,
        Scope::Webhooks,
        Scope::Tokens,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Play => "play",
            Scope::Challenge => "challenge",
            Scope::Webhooks => "webhooks",
            Scope::Tokens => "tokens",
        }
    }

    pub fn parse(raw: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.as_str() == raw)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of scopes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scopes(u8);

impl Scopes {
    pub const NONE: Scopes = Scopes(0);

    /// Every scope: a token made without a choice, and every token made
    /// before scopes existed.
    pub fn all() -> Scopes {
        Scope::ALL.into_iter().collect()
    }

    pub fn contains(self, scope: Scope) -> bool {
        self.0 & scope.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The scopes in the set, in [`Scope::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Scope> {
        Scope::ALL
            .into_iter()
            .filter(move |scope| self.contains(*scope))
    }

    /// The stored form: the names in [`Scope::ALL`]'s order, one space
    /// apart.
    pub fn to_text(self) -> String {
        self.iter().map(Scope::as_str).collect::<Vec<_>>().join(" ")
    }

    /// Reads the stored form back; `None` for a name that is no scope.
    pub fn from_text(text: &str) -> Option<Scopes> {
        text.split_whitespace()
            .map(Scope::parse)
            .collect::<Option<Scopes>>()
    }
}

impl FromIterator<Scope> for Scopes {
    fn from_iter<I: IntoIterator<Item = Scope>>(scopes: I) -> Self {
        Scopes(scopes.into_iter().fold(0, |bits, scope| bits | scope.bit()))
    }
}

impl fmt::Debug for Scopes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Scopes({:?})", self.to_text())
    }
}

/// A stored scope list with a name that is no scope.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a list of scopes")]
pub struct InvalidScopes(pub String);

impl TryFrom<String> for Scopes {
    type Error = InvalidScopes;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        Scopes::from_text(&text).ok_or(InvalidScopes(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_form_lists_the_names_in_order() {
        assert_eq!(
            Scopes::all().to_text(),
            "read play challenge webhooks tokens"
        );
        let some: Scopes = [Scope::Tokens, Scope::Read].into_iter().collect();
        assert_eq!(some.to_text(), "read tokens");
        assert_eq!(Scopes::NONE.to_text(), "");
    }

    #[test]
    fn the_stored_form_reads_back() {
        for bits in 0..32u8 {
            let scopes = Scopes(bits);
            assert_eq!(Scopes::from_text(&scopes.to_text()), Some(scopes));
        }
        assert_eq!(
            Scopes::from_text("play  read"),
            Some([Scope::Read, Scope::Play].into_iter().collect())
        );
        assert_eq!(Scopes::from_text("read admin"), None);
        assert_eq!(Scopes::from_text("Read"), None);
    }

    #[test]
    fn a_set_holds_what_was_put_in_and_nothing_else() {
        let some: Scopes = [Scope::Play, Scope::Challenge].into_iter().collect();
        assert!(some.contains(Scope::Play));
        assert!(some.contains(Scope::Challenge));
        assert!(!some.contains(Scope::Read));
        assert!(!some.contains(Scope::Webhooks));
        assert!(!some.contains(Scope::Tokens));
        assert!(Scopes::all().iter().eq(Scope::ALL));
        assert!(Scopes::NONE.is_empty());
    }
}
