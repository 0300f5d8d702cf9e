//! What an accepted takeback writes: the moves it undoes are deleted, and
//! the position it returns to is read from the move before them.

use super::{StoreError, WriteTx};
use crate::domain::GameId;

row_struct! {
    /// The position a stored move left.
    struct PositionAfter {
        position_after: String,
    }
}

const POSITION_AFTER: &str = "SELECT position_after FROM moves WHERE game_id = $1 AND ply = $2";
const DELETE_MOVES_FROM: &str = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2";

impl WriteTx {
    /// The position after move `ply` of `game`, if that move is stored.
    pub async fn position_after_ply(
        &mut self,
        game: &GameId,
        ply: u32,
    ) -> Result<Option<String>, StoreError> {
        let row: Option<PositionAfter> = self
            .fetch_optional(POSITION_AFTER, &params![game.as_str(), ply as i32])
            .await?;
        Ok(row.map(|row| row.position_after))
    }

    /// Deletes the moves of `game` from `ply` on; how many there were.
    pub async fn delete_moves_from(&mut self, game: &GameId, ply: u32) -> Result<u64, StoreError> {
        self.execute(DELETE_MOVES_FROM, &params![game.as_str(), ply as i32])
            .await
    }
}
