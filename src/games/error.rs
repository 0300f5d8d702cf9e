//! Why a transition was refused: domain reasons, no HTTP. The API maps
//! each to its problem code.

use crate::domain::{GameId, GameStatus};
use crate::engine::Seat;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum GamesError {
    /// The credentials the caller came with name nobody (read in the
    /// transition's transaction, with the game).
    #[error("the bearer token is not known")]
    UnknownCaller,
    #[error("no game has the id {0}")]
    GameNotFound(GameId),
    #[error("you are not a player of game {0}")]
    NotAPlayer(GameId),
    #[error("only the game's creator may cancel it")]
    NotGameCreator,
    #[error("only the player a challenge is for may accept or decline it")]
    NotChallenged,
    #[error("it is {to_move}'s turn; you play {seat}")]
    NotYourTurn { seat: Seat, to_move: Seat },
    #[error("the request expected ply {expected} but the game is at ply {current}")]
    StalePly { expected: u32, current: u32 },
    #[error("the game is {0}, not active")]
    GameNotActive(GameStatus),
    #[error("both seats are taken")]
    GameFull,
    #[error("you already sit in this game")]
    OwnGame,
    #[error("the open seat is reserved for another player")]
    SeatReserved,
    #[error("the game is {0}; only a waiting game can be joined or cancelled")]
    GameNotWaiting(GameStatus),
    /// The caller's condition on the game's version failed.
    #[error("the game's version is {current}, not {given}")]
    PreconditionFailed { given: String, current: i64 },
    #[error("{0}")]
    IllegalMove(String),
    #[error("{0}")]
    InvalidGame(String),
    #[error("{0}")]
    InvalidPosition(String),
    #[error(
        "the move came after the deadline {deadline}: {seat}'s time ran out and the game is over"
    )]
    TimeOut { seat: Seat, deadline: String },
    #[error("a game can be aborted only while a side has made fewer than two moves")]
    NotAbortable,
    #[error(
        "you have {max} games waiting for an opponent, the most a player may; cancel one first"
    )]
    TooManyWaitingGames { max: u32 },
    #[error("{0}")]
    InvalidClock(String),
    #[error(
        "a player may have at most {max} games against bots waiting or being played at once, \
         and you have that many; finish or resign one of them to start another"
    )]
    TooManyBotGames { max: u32 },
    #[error("a rematch is offered once the game is over; it is {0}")]
    GameNotOver(GameStatus),
    #[error("you offered a {0} already: wait for the answer, or withdraw it")]
    OfferPending(&'static str),
    #[error("there is no {0} offer to withdraw or decline")]
    NoOffer(&'static str),
    #[error("{0}")]
    TakebackNotAllowed(String),
    #[error("you have made no move to take back")]
    NothingToTakeBack,
    #[error("the rematch was made already: game {0}")]
    RematchMade(GameId),
    #[error(
        "RULES.md ends a game by the board, a resignation or the clock, and has no draw by \
         agreement"
    )]
    DrawNotAllowed,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Hook(#[from] super::HookFailed),
    #[error("internal error: {0}")]
    Internal(#[source] anyhow::Error),
}

impl GamesError {
    pub(crate) fn internal(what: impl std::fmt::Display) -> GamesError {
        GamesError::Internal(anyhow::anyhow!("{what}"))
    }
}
