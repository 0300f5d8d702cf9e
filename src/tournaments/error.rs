//! What a tournament's transition refuses, each answered with a problem
//! of its own code.

use crate::games::{GamesError, HookFailed};
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum TournamentsError {
    #[error("{0}")]
    Invalid(String),
    #[error("no tournament has the id {0:?}")]
    NotFound(String),
    #[error("only the tournament's creator may {0} it")]
    NotCreator(&'static str),
    #[error("the tournament is {0}: players join, and the creator starts it, only while it is registering")]
    NotRegistering(String),
    #[error("the tournament is {0}")]
    Over(String),
    #[error("the tournament has {max} players, the most it takes")]
    Full { max: i32 },
    #[error("{0} is entered already")]
    AlreadyEntered(String),
    #[error("{0} is not entered in this tournament")]
    NotEntered(String),
    #[error("{0}")]
    TooFewPlayers(String),
    #[error(transparent)]
    Games(#[from] GamesError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Hook(#[from] HookFailed),
}

impl TournamentsError {
    pub(crate) fn internal(detail: impl Into<String>) -> TournamentsError {
        TournamentsError::Games(GamesError::internal(detail.into()))
    }
}
