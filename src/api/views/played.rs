//! The compact answer to a move (`Prefer: return=minimal`): what a client
//! needs to go on playing, without the event trace, the board spelled out,
//! the players or the rules.

use serde::Serialize;

use super::game::ResultView;
use super::position::legal_notations;
use super::{ClockView, ScoresView, SeatName};
use crate::domain::GameStatus;
use crate::engine::Position;
use crate::games::{clock, Game, PlayedMove};

/// The move played and the game after it, compact.
#[derive(Debug, Serialize)]
pub struct PlayedMoveMinimal<'a> {
    #[serde(rename = "move")]
    pub played: PlayedMoveRef<'a>,
    pub game: GameAfterMove<'a>,
}

/// The move played: its ply and notation.
#[derive(Debug, Serialize)]
pub struct PlayedMoveRef<'a> {
    /// The move's number (the ply of the position it was played in).
    pub ply: u32,
    pub notation: &'a str,
}

/// The game after the move: what the next move needs.
#[derive(Debug, Serialize)]
pub struct GameAfterMove<'a> {
    pub id: &'a str,
    pub status: &'static str,
    /// Bumped by every change; the `ETag` is this number in quotes.
    pub version: i64,
    /// The number of the next move.
    pub ply: u32,
    /// The side to move (after the end: the side that would have moved next).
    pub to_move: SeatName,
    /// The RULES.md position notation.
    pub position: &'a str,
    pub scores: ScoresView,
    /// The legal moves in notation, in order; empty unless the game is active.
    pub legal_moves: Vec<&'static str>,
    /// `null` for an unlimited game.
    pub clock: Option<ClockView>,
    /// Set once the game is finished: the winner, why it ended, the scores.
    pub result: Option<ResultView>,
}

impl<'a> PlayedMoveMinimal<'a> {
    pub fn of(played: &'a PlayedMove, game: &'a Game, position: &Position) -> Self {
        let legal_moves = if game.status == GameStatus::Active {
            legal_notations(position)
        } else {
            Vec::new()
        };
        PlayedMoveMinimal {
            played: PlayedMoveRef {
                ply: played.ply,
                notation: &played.notation,
            },
            game: GameAfterMove {
                id: game.id.as_str(),
                status: game.status.as_str(),
                version: game.version,
                ply: position.ply(),
                to_move: position.turn().into(),
                position: &game.position,
                scores: position.scores().into(),
                legal_moves,
                clock: clock::state(game).map(ClockView::from),
                result: game.result.as_ref().map(ResultView::from),
            },
        }
    }
}
