//! Which games count for ratings, in one place: the live path rates a game
//! by it in the transaction that finishes the game, and `ratings rebuild`
//! replays the stored games through the same rule.

use super::{Game, GamesError};
use crate::domain::GameStatus;
use crate::store::{GameRow, RatedGame, RebuildSummary, Store, StoreError, WriteTx};

/// The game, if it is a finished rated game: `rated`, from the standard
/// start, under a preset, between two distinct players, neither a bot
/// (games stored as rated against a bot before bots' games were unrated
/// are left out too). Which side's standing it moves is the ratings'
/// rule ([`crate::ratings::rate_counted`]).
pub fn rated_game(game: &Game) -> Option<RatedGame> {
    let (south, north) = (game.south.as_ref()?, game.north.as_ref()?);
    if game.status != GameStatus::Finished
        || !game.rated
        || game.custom_start
        || south.id == north.id
        || south.plays_as_bot()
        || north.plays_as_bot()
    {
        return None;
    }
    Some(RatedGame {
        game_id: game.id.clone(),
        preset: game.rules.preset()?,
        south: south.id.clone(),
        north: north.id.clone(),
        winner: game.result?.winner,
        finished_at: game.finished_at?,
    })
}

/// Updates both players' ratings if `game` is a finished rated game; does
/// nothing, without a query, otherwise. Called in the transaction that
/// finishes the game, after the game is saved.
pub(super) async fn rate_if_rated(tx: &mut WriteTx, game: &Game) -> Result<(), GamesError> {
    if let Some(rated) = rated_game(game) {
        tx.rate(&rated).await?;
    }
    Ok(())
}

/// Recomputes every rating from the stored games, by [`rated_game`], in
/// one transaction, replacing the stored ratings and history.
pub async fn rebuild_ratings(store: &Store) -> Result<RebuildSummary, GamesError> {
    let rated = |row: GameRow| {
        Game::try_from(row)
            .map(|game| rated_game(&game))
            .map_err(|e| StoreError::Corrupt(e.to_string()))
    };
    Ok(store.rebuild_ratings(rated).await?)
}
