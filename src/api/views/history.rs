use serde::Serialize;
use utoipa::ToSchema;

use super::{GameView, MoveView, PositionView, ResultView};

/// One page of games, newest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameView>,
    /// Pass as `cursor` to get the next page (the `Link: rel="next"`
    /// header carries the whole URL); `null` on the last page.
    #[schema(required = true, example = "MTczODMxNTAwMDEyMzQ1Ni5HbTR4OVF6THAy")]
    pub next_cursor: Option<String>,
}

/// Moves of a game, in order.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MoveRange {
    pub game_id: String,
    pub moves: Vec<MoveView>,
}

/// The position after a ply of a game.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GamePosition {
    pub game_id: String,
    /// The ply of the last move before this position: 0 for the standard
    /// start (`ply`, the next move's number, is one more).
    pub after_ply: u32,
    /// The position. `legal_moves` are the moves legal in it, empty only
    /// on the last position of a finished game.
    #[serde(flatten)]
    pub position: PositionView,
    /// How the game ended, on its last position once finished; else `null`.
    #[schema(required = true)]
    pub result: Option<ResultView>,
}
