//! Validated domain values shared by the store and the API: parsed once at
//! the edge, trusted everywhere after.

#[macro_use]
mod id;
mod game;
mod player;
mod token;

pub use game::{GameId, GameStatus, InvalidGameId};
pub use player::{InvalidName, InvalidPlayerId, PlayerId, PlayerName};
pub use token::{ApiToken, TokenHash};
