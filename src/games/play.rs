//! Playing a move.

use chrono::{DateTime, SecondsFormat, Utc};

use super::clock;
use super::lifecycle::end;
use super::{
    lock, model, position_of, seated, GameEvent, Games, GamesError, PlayedMove, Transition,
};
use crate::domain::{GameId, GameStatus, PlayerId, PlayerRef, TokenHash};
use crate::engine::{Event as TraceEvent, Move, Position, Seat};
use crate::store::{Caller, Store};

/// What a move is meant for: the ply the mover saw and, as an `If-Match`
/// gives it, the versions of the game it may be played on. A move that
/// meets neither is refused, and nothing is played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub ply: Option<u32>,
    pub version: Option<Versions>,
}

/// The versions a write may be made on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versions {
    /// Any version (`If-Match: *`).
    pub any: bool,
    pub listed: Vec<i64>,
    /// The condition as the caller gave it, to say what did not match.
    pub given: String,
}

impl Versions {
    /// Exactly `version`.
    pub fn exactly(version: i64) -> Versions {
        Versions {
            any: false,
            listed: vec![version],
            given: version.to_string(),
        }
    }

    fn check(&self, game: &Game) -> Result<(), GamesError> {
        if self.any || self.listed.contains(&game.version) {
            return Ok(());
        }
        Err(GamesError::PreconditionFailed {
            given: self.given.clone(),
            current: game.version,
        })
    }
}
use super::Game;
use crate::store::{MoveRecord, WriteTx};

impl Games {
    /// Locks the game, checks the submission (seat, status, what it is
    /// `expected` for, turn), plays it with the engine, stores the move
    /// and the game's new state, and rates the game if the move ended a
    /// rated one.
    pub async fn play(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
        m: Move,
        expected: &Expected,
    ) -> Result<Transition, GamesError> {
        let game = lock(tx, id).await?;
        self.play_locked(tx, game, player, m, expected, None).await
    }

    /// [`Games::play`] for a built-in bot whose search began at
    /// `searching_since` (read from this layer's time source). A bot's
    /// time runs only while it searches: the wait for a search slot is
    /// not charged, so its move's think time counts from the later of its
    /// turn's start and `searching_since`, and its flag falls that much
    /// later. A bot that used up even that time loses on time here.
    pub async fn play_as_bot(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        bot: &PlayerId,
        m: Move,
        expected: &Expected,
        searching_since: DateTime<Utc>,
    ) -> Result<Transition, GamesError> {
        let game = lock(tx, id).await?;
        self.play_locked(tx, game, bot, m, expected, Some(searching_since))
            .await
    }

    /// [`Games::play`] for the holder of the token whose hash is `token`,
    /// authenticated and locked with the game in one statement (with its
    /// version only, when this process kept the game at that version);
    /// `caller` is told who that was, whether the move is then played or
    /// refused.
    pub async fn play_for_token(
        &self,
        tx: &mut WriteTx,
        token: &TokenHash,
        id: &GameId,
        m: Move,
        expected: &Expected,
        caller: &mut Option<Caller>,
    ) -> Result<Transition, GamesError> {
        // A game this process committed last is not read again when the
        // stored version is the one it kept: only the version is.
        if let Some(kept) = self.recent.get(id) {
            let (who, version) = tx
                .lock_version_for_token(token, id)
                .await?
                .ok_or(GamesError::UnknownCaller)?;
            if version == Some(kept.version) {
                let player = who.player_id.clone();
                *caller = Some(who);
                let game = Game::clone(&kept);
                return self.play_locked(tx, game, &player, m, expected, None).await;
            }
        }
        let (who, game) = tx
            .lock_game_for_token(token, id)
            .await?
            .ok_or(GamesError::UnknownCaller)?;
        let player = who.player_id.clone();
        *caller = Some(who);
        let game = model::from_row(game)?.ok_or_else(|| GamesError::GameNotFound(id.clone()))?;
        self.play_locked(tx, game, &player, m, expected, None).await
    }

    /// Settles game `id` now if `refused` says a move came after its flag
    /// fell, rather than at the sweeper's next look.
    pub async fn settle_if_late(
        &self,
        store: &Store,
        id: &GameId,
        refused: &GamesError,
    ) -> Result<(), GamesError> {
        if let GamesError::TimeOut { .. } = refused {
            self.settle_due(store, id).await?;
        }
        Ok(())
    }

    async fn play_locked(
        &self,
        tx: &mut WriteTx,
        game: Game,
        player: &PlayerId,
        m: Move,
        expected: &Expected,
        searching_since: Option<DateTime<Utc>>,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = seated(game, player)?;
        let now = self.time.now();
        let searching_since = searching_since
            .filter(|_| game.player(seat).is_some_and(PlayerRef::is_bot) && game.to_move == seat);
        if searching_since.is_some() {
            // The version first: a search of a position gone by says
            // nothing of this turn's time.
            if let Some(versions) = &expected.version {
                versions.check(&game)?;
            }
            if clock::deadline_from(&game, searching_since).is_some_and(|d| now >= d) {
                let flagged = super::sweep::flag(tx, &mut game, now).await?;
                return Ok(Transition {
                    game,
                    events: vec![flagged],
                });
            }
        } else {
            in_time(&game, now)?;
        }
        let mut prepared = self.prepare(game, seat, player, m, expected, now, searching_since)?;
        let (game, record) = (&mut prepared.game, &prepared.record);
        let stale = || GamesError::StalePly {
            expected: record.ply,
            current: record.ply + 1,
        };
        let ended = match prepared.after.outcome() {
            // The end saves the whole game and rates it: two statements.
            Some(outcome) => {
                if !tx.insert_move(record).await? {
                    return Err(stale());
                }
                Some(end(tx, game, outcome, "game_over", now).await?)
            }
            None => {
                if !tx.play_move(&game.after_move(), record).await? {
                    return Err(stale());
                }
                game.version += 1;
                None
            }
        };
        Ok(prepared.transition(ended))
    }

    /// Checks a submission on `game` (where `seat` is `player`'s) that
    /// came in time: what it is `expected` for, the turn; plays it with
    /// the engine and sets the game as the move leaves it (its `version`
    /// still the one it was read at), with the move's row to store.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn prepare(
        &self,
        mut game: Game,
        seat: Seat,
        player: &PlayerId,
        m: Move,
        expected: &Expected,
        now: DateTime<Utc>,
        searching_since: Option<DateTime<Utc>>,
    ) -> Result<Prepared, GamesError> {
        if let Some(versions) = &expected.version {
            versions.check(&game)?;
        }
        if let Some(expected) = expected.ply.filter(|&p| p != game.ply) {
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
        if let Some(punched) = clock::punch(&mut game, seat, now, searching_since, &self.policy) {
            record.think_ms = Some(punched.think_ms);
            record.clock_ms = Some(punched.left_ms);
        }
        Ok(Prepared {
            game,
            record,
            after,
            trace,
            now,
        })
    }
}

/// Refuses a move on `game` after its deadline.
pub(super) fn in_time(game: &Game, now: DateTime<Utc>) -> Result<(), GamesError> {
    match game.timing.deadline_at.filter(|&d| now >= d) {
        Some(deadline) => Err(GamesError::TimeOut {
            seat: game.to_move,
            deadline: deadline.to_rfc3339_opts(SecondsFormat::Millis, true),
        }),
        None => Ok(()),
    }
}

/// A move checked and played by the engine, not yet stored.
pub(super) struct Prepared {
    /// The game as the move leaves it (before an end is saved).
    pub game: Game,
    pub record: MoveRecord,
    pub after: Position,
    trace: Vec<TraceEvent>,
    now: DateTime<Utc>,
}

impl Prepared {
    /// The transition the move made, once stored, with the events of the
    /// game's end if it `ended` it.
    pub(super) fn transition(self, ended: Option<GameEvent>) -> Transition {
        let Prepared {
            game,
            record,
            after,
            trace,
            now,
        } = self;
        let played = PlayedMove {
            ply: record.ply,
            seat: record.seat,
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
        Transition { game, events }
    }
}
