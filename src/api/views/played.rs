//! The compact answer to a move (`Prefer: return=minimal`): what a client
//! needs to go on playing, without the event trace, the board spelled out,
//! the players or the rules.

use serde::Serialize;
use utoipa::ToSchema;

use super::game::ResultView;
use super::names::GameStatusName;
use super::position::legal_notations;
use super::{ClockView, ScoresView, SeatName};
use crate::domain::GameStatus;
use crate::engine::Position;
use crate::games::{clock, Game, PlayedMove};

/// The move played and the game after it, compact.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayedMoveMinimal<'a> {
    #[serde(rename = "move")]
    pub played: PlayedMoveRef<'a>,
    pub game: GameAfterMove<'a>,
}

/// The move played: its ply and notation.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayedMoveRef<'a> {
    /// The move's number (the ply of the position it was played in).
    pub ply: u32,
    #[schema(example = "3R")]
    pub notation: &'a str,
}

/// The game after the move: what the next move needs.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameAfterMove<'a> {
    #[schema(example = "Gm4x9QzLp2")]
    pub id: &'a str,
    #[schema(value_type = GameStatusName)]
    pub status: &'static str,
    /// Bumped by every change; the `ETag` is this number in quotes.
    pub version: i64,
    /// The number of the next move.
    pub ply: u32,
    /// The side to move (after the end: the side that would have moved next).
    pub to_move: SeatName,
    /// The RULES.md position notation.
    #[schema(example = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1")]
    pub position: &'a str,
    pub scores: ScoresView,
    /// The legal moves in notation, in order; empty unless the game is active.
    #[schema(example = json!(["1L", "1R", "2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"]))]
    pub legal_moves: Vec<&'static str>,
    /// `null` for an unlimited game.
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// Set once the game is finished: the winner, why it ended, the scores.
    #[schema(required = true)]
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
