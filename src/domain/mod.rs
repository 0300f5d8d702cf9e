//! Validated domain values shared by the store and the API: parsed once at
//! the edge, trusted everywhere after.

mod player;
mod token;

pub use player::{InvalidName, InvalidPlayerId, PlayerId, PlayerName};
pub use token::{ApiToken, TokenHash};
