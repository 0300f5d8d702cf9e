//! Playing a move.

use chrono::SecondsFormat;

use super::clock;
use super::lifecycle::end;
use super::{lock, position_of, seated, GameEvent, Games, GamesError, PlayedMove, Transition};
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
        let game = lock(tx, id).await?;
        self.play_locked(tx, game, player, m, expected_ply, precondition)
            .await
    }

    /// [`Games::play`] in a game the caller has locked in `tx` already
    /// (with [`WriteTx::lock_game`] or [`WriteTx::lock_game_for_token`]).
    pub async fn play_locked(
        &self,
        tx: &mut WriteTx,
        game: Game,
        player: &PlayerId,
        m: Move,
        expected_ply: Option<u32>,
        precondition: impl FnOnce(&Game) -> Result<(), GamesError>,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = seated(game, player)?;
        let now = self.time.now();
        if let Some(deadline) = game.timing.deadline_at.filter(|&d| now >= d) {
            return Err(GamesError::TimeOut {
                seat: game.to_move,
                deadline: deadline.to_rfc3339_opts(SecondsFormat::Millis, true),
            });
        }
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
        let mut record = MoveRecord {
            game_id: game.id.clone(),
            ply: game.ply,
            seat,
            notation: m.to_string(),
            player_id: Some(player.clone()),
            position_after: after.to_string(),
            played_at: Some(now),
            think_ms: None,
            clock_ms: None,
        };
        game.position = record.position_after.clone();
        game.ply = after.ply();
        game.to_move = after.turn();
        game.updated_at = now;
        if let Some(punched) = clock::punch(&mut game, seat, now, &self.policy) {
            record.think_ms = Some(punched.think_ms);
            record.clock_ms = Some(punched.left_ms);
        }
        let stale = || GamesError::StalePly {
            expected: record.ply,
            current: record.ply + 1,
        };
        let ended = match after.outcome() {
            // The end saves the whole game and rates it: two statements.
            Some(outcome) => {
                if !tx.insert_move(&record).await? {
                    return Err(stale());
                }
                Some(end(tx, &mut game, outcome, "game_over", now).await?)
            }
            None => {
                if !tx.play_move(&game, &record).await? {
                    return Err(stale());
                }
                game.version += 1;
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
            think_ms: record.think_ms,
            clock_ms: record.clock_ms,
        };
        let mut events = vec![GameEvent::Move {
            version: game.version,
            played,
            ply: game.ply,
            to_move: game.to_move,
            scores: after.scores(),
            clock: clock::state(&game),
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
