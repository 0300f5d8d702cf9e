//! Validated domain values shared by the store and the API: parsed once at
//! the edge, trusted everywhere after.

#[macro_use]
mod id;
mod echo;
mod game;
#[cfg(feature = "openapi")]
mod openapi;
mod player;
mod scope;
#[cfg(test)]
mod tests;
mod text;
mod ticket;
mod token;

pub use echo::{echoed, MAX_DETAIL_CHARS, MAX_LOG_FIELD_CHARS};
pub use game::{GameId, GameStatus, InvalidGameId, TimeControl};
pub use player::{InvalidName, InvalidPlayerId, NameKeys, PlayerId, PlayerName, PlayerRef};
pub use scope::{InvalidScopes, Scope, Scopes};
pub use text::{Unfit, MAX_MARKS_PER_BASE};
pub use ticket::StreamTicket;
pub use token::{
    redact_tokens, ApiToken, InvalidLabel, InvalidTokenId, TokenHash, TokenId, TokenLabel,
};
