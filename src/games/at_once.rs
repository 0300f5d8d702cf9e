//! A move in one statement, on PostgreSQL: the unit of work of an
//! unkeyed move that does not end its game, when this process committed
//! the game's last change ([`super::recent`]). The checks of
//! [`Games::play_for_token`] and the engine run on the game as committed;
//! one autocommit statement then authenticates, writes over the version
//! the game was committed at, inserts the move and commits
//! ([`Store::play_move_for_token`]), and the transition is published as
//! [`Games::run`] publishes. Anything else — no game kept, a check or the
//! engine refusing, a move that ends the game, a move a hook of the unit
//! of work wants unless the statement guards against it
//! ([`super::TxHook::guarded_at_once`]), a statement that wrote nothing —
//! plays it as a unit of work instead, which answers exactly as if this
//! had not been tried: one statement instead of four
//! (`BEGIN`, lock and read, write, `COMMIT`) for most moves, and what
//! tells a player why a move is refused stays in one place.

use super::play::in_time;
use super::{seated, Committed, Expected, Game, Games, GamesError, PlayerRef};
use crate::domain::{GameId, TokenHash};
use crate::engine::Move;
use crate::store::{Caller, Store};

impl Games {
    /// Plays `m` in game `id` for the holder of the token whose hash is
    /// `token` in one statement (see the module's doc): who they were and
    /// the committed, published transition; `None` when the move is to be
    /// played as a unit of work instead ([`Games::play_for_token`]).
    pub async fn play_at_once(
        &self,
        store: &Store,
        token: &TokenHash,
        id: &GameId,
        m: Move,
        expected: &Expected,
    ) -> Result<Option<(Caller, Committed<()>)>, GamesError> {
        if !store.plays_at_once() {
            return Ok(None);
        }
        let Some(game) = self.recent.get(id) else {
            return Ok(None);
        };
        // Only the player to move can play: the statement checks that the
        // token is theirs.
        let Some(player) = game
            .player(game.to_move)
            .filter(|player| !PlayerRef::is_bot(player))
            .map(|player| player.id.clone())
        else {
            return Ok(None);
        };
        let Ok((game, seat)) = seated(Game::clone(&game), &player) else {
            return Ok(None);
        };
        let now = self.time.now();
        if in_time(&game, now).is_err() {
            return Ok(None);
        }
        let Ok(mut prepared) = self.prepare(game, seat, &player, m, expected, now, None) else {
            return Ok(None);
        };
        if prepared.after.outcome().is_some() {
            return Ok(None);
        }
        let stored = prepared.game.clone();
        let record = prepared.record.clone();
        prepared.game.version += 1;
        let transition = prepared.transition(None);
        if self.hooks.any_wants_unguarded(&transition) {
            return Ok(None);
        }
        let after = stored.after_move();
        let write = store.play_move_for_token(token, &player, &after, &record);
        let written = self.run_statement(store, transition, write).await?;
        Ok(written)
    }
}
