//! Importing a game record: the record's moves, replayed by the engine,
//! become a game of their own for study, unrated and linked to no account
//! (its seats hold the names the record gives).

use chrono::{DateTime, SubsecRound, Utc};

use super::{Game, GameEvent, Games, GamesError, Timing, Transition};
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{EndReason, Seat};
use crate::record::{Record, Replayed};
use crate::store::{MoveRecord, WriteTx};

/// A record replayed and ready to store: the game and its moves.
#[derive(Clone, Debug)]
pub struct Imported {
    pub game: Game,
    pub moves: Vec<MoveRecord>,
}

impl Games {
    /// The game and moves an import of `record` (replayed as `replayed`)
    /// by `importer` stores, timed by this layer's clock. Pure: it may run
    /// off the async runtime, before the transaction.
    pub fn imported(&self, replayed: &Replayed, record: &Record, importer: &PlayerId) -> Imported {
        let (game, moves) = imported_game(replayed, record, importer, self.time.now());
        Imported { game, moves }
    }

    /// Stores an imported game with its moves: a `finished` game if the
    /// record reaches an end (or states a resignation), else `archived`.
    pub async fn import(
        &self,
        tx: &mut WriteTx,
        imported: Imported,
    ) -> Result<Transition, GamesError> {
        let Imported { game, moves } = imported;
        tx.insert_game(&game.row()).await?;
        tx.insert_moves(&moves).await?;
        tracing::info!(game_id = %game.id, status = %game.status, moves = moves.len(), "game imported");
        let events = vec![GameEvent::Created {
            version: game.version,
        }];
        Ok(Transition { game, events })
    }
}

/// The game and moves an import stores.
fn imported_game(
    replayed: &Replayed,
    record: &Record,
    importer: &PlayerId,
    now: DateTime<Utc>,
) -> (Game, Vec<MoveRecord>) {
    let now = now.trunc_subsecs(6);
    let last = replayed.last();
    let id = GameId::generate();
    let mut before = replayed.start;
    let moves = replayed
        .moves
        .iter()
        .zip(&record.moves)
        .map(|((m, after), given)| {
            let played = MoveRecord {
                game_id: id.clone(),
                ply: before.ply(),
                seat: before.turn(),
                notation: m.to_string(),
                player_id: None,
                position_after: after.to_string(),
                played_at: given.played_at.map(|at| at.trunc_subsecs(6)),
                think_ms: given.think_ms,
                clock_ms: given.clock_ms,
            };
            before = *after;
            played
        })
        .collect::<Vec<_>>();
    let game = Game {
        id,
        status: if replayed.outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Archived
        },
        rules: record.rules,
        rated: false,
        created_by: importer.clone(),
        south: None,
        north: None,
        reserved_for: None,
        first: replayed.start.turn(),
        custom_start: replayed.custom_start,
        start_position: replayed.start.to_string(),
        position: last.to_string(),
        ply: last.ply(),
        to_move: last.turn(),
        result: replayed.outcome,
        version: 1,
        created_at: now,
        updated_at: now,
        started_at: record.started_at.map(|at| at.trunc_subsecs(6)),
        // A finished game always has a `finished_at`: the record's, else its
        // last move's time, else (a text record has neither) the import's.
        finished_at: replayed.outcome.map(|_| {
            record
                .finished_at
                .or_else(|| record.moves.last().and_then(|m| m.played_at))
                .map_or(now, |at| at.trunc_subsecs(6))
        }),
        recorded_names: Some(replayed.names.clone()),
        timing: imported_timing(replayed, record, &moves),
        abort_reason: None,
        unrated_reason: None,
        challenge_to: None,
        decline_reason: None,
        offers: Default::default(),
    };
    (game, moves)
}

/// An imported game's time control, and each side's time left as the game
/// stood: none for a side whose flag fell, else after its last move (the
/// control's initial time where the record gives none).
fn imported_timing(replayed: &Replayed, record: &Record, moves: &[MoveRecord]) -> Timing {
    let flagged = replayed
        .outcome
        .filter(|o| o.reason == EndReason::Timeout)
        .map(|_| replayed.last().turn());
    let clock_ms = record.time_control.map(|control| {
        Seat::ALL.map(|seat| {
            if flagged == Some(seat) {
                return 0;
            }
            moves
                .iter()
                .rev()
                .filter(|m| m.seat == seat)
                .find_map(|m| m.clock_ms)
                .unwrap_or_else(|| control.initial_ms())
        })
    });
    Timing {
        control: record.time_control,
        clock_ms,
        ..Timing::default()
    }
}
