//! Playing a move.

use super::lifecycle::finish;
use super::{lock_seated, position_of, save, GameEvent, Games, GamesError, PlayedMove, Transition};
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::Move;
use crate::store::{Game, MoveRecord, WriteTx};

impl Games {
    /// Locks the game, checks the submission (seat, status, `precondition`,
    /// expected ply, turn), plays it with the engine, stores the move and
    /// the game's new state, and rates the game if the move ended a rated
    /// one.
    pub async fn play(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
        m: Move,
        expected_ply: Option<u32>,
        precondition: impl FnOnce(&Game) -> Result<(), GamesError>,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = lock_seated(tx, id, player).await?;
        precondition(&game)?;
        if let Some(expected) = expected_ply.filter(|&p| p != game.ply) {
            return Err(GamesError::StalePly {
                expected,
                current: game.ply,
            });
        }
        if game.to_move != seat {
            return Err(GamesError::NotYourTurn {
                seat,
                to_move: game.to_move,
            });
        }
        let (after, trace) = position_of(&game)?
            .play_traced(m)
            .map_err(|e| GamesError::IllegalMove(e.to_string()))?;
        let now = self.time.now();
        let record = MoveRecord {
            game_id: game.id.clone(),
            ply: game.ply,
            seat,
            notation: m.to_string(),
            player_id: Some(player.clone()),
            position_after: after.to_string(),
            played_at: Some(now),
        };
        if !tx.insert_move(&record).await? {
            return Err(GamesError::StalePly {
                expected: record.ply,
                current: record.ply + 1,
            });
        }
        game.position = record.position_after.clone();
        game.ply = after.ply();
        game.to_move = after.turn();
        game.updated_at = now;
        let ended = match after.outcome() {
            Some(outcome) => Some(finish(tx, &mut game, outcome, now).await?),
            None => {
                save(tx, &mut game).await?;
                None
            }
        };
        let played = PlayedMove {
            ply: record.ply,
            seat,
            notation: record.notation,
            trace,
            position_after: record.position_after,
            played_at: now,
            think_ms: None,
        };
        let mut events = vec![GameEvent::Move {
            version: game.version,
            played,
            ply: game.ply,
            to_move: game.to_move,
            scores: after.scores(),
            clock: None,
            legal_moves: if game.status == GameStatus::Active {
                after.legal_moves().iter().copied().collect()
            } else {
                Vec::new()
            },
        }];
        events.extend(ended);
        Ok(Transition { game, events })
    }
}
