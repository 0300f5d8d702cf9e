//! What runs a tournament: pairing a round (its games created active in
//! the transaction that completed the round before it), recording a game's
//! result in the transaction of its end (a [`TxHook`]), and starting the
//! tournaments whose `starts_at` came.
//!
//! Every step holds the tournament's row lock, so of the transactions that
//! end the last games of a round, one pairs the next and the others find
//! it paired; a crash before the commit loses the game's end and the
//! pairing together.

use std::sync::Arc;
use std::time::Duration;

use oanquan_tournament::{arena, round_robin, swiss};

use super::model::{Tournament, ARENA, FINISHED, REGISTERING, RUNNING};
use super::{Inner, Tournaments, TournamentsError};
use crate::domain::{GameStatus, PlayerId, PlayerRef, TimeControl};
use crate::engine::{Preset, Seat};
use crate::games::{GameEvent, GameSpec, HookFailed, HookFuture, Transition, TxHook};
use crate::store::{EntrantRow, PairingRow, Store, TournamentRow, WriteTx};

/// Reads the players and pairings of a locked tournament.
pub(super) async fn read(
    tx: &mut WriteTx,
    row: TournamentRow,
) -> Result<Tournament, TournamentsError> {
    let entrants = tx.tournament_entrants(&row.id).await?;
    let pairings = tx.tournament_pairings(&row.id).await?;
    Ok(Tournament {
        row,
        entrants,
        pairings,
    })
}

fn player_ref(entrant: &EntrantRow) -> Result<PlayerRef, TournamentsError> {
    Ok(PlayerRef {
        id: PlayerId::parse(&entrant.player_id)
            .map_err(|e| TournamentsError::internal(format!("a stored player id: {e}")))?,
        name: entrant.name.clone(),
        bot_level: entrant.bot_level.and_then(|level| u8::try_from(level).ok()),
        bot_account: entrant.bot_account,
    })
}

impl Inner {
    /// Pairs the rounds of a running tournament that can start, until one
    /// has a game to play or the event is over: the games created.
    pub(super) async fn advance(
        &self,
        tx: &mut WriteTx,
        mut tournament: Tournament,
    ) -> Result<Vec<Transition>, TournamentsError> {
        if tournament.is_arena() {
            return self.pair_arena(tx, tournament).await;
        }
        let mut created = Vec::new();
        loop {
            let row = &tournament.row;
            if row.status != RUNNING
                || (row.round > 0 && tx.undecided_boards(&row.id, row.round).await? > 0)
            {
                return Ok(created);
            }
            let next = row.round + 1;
            let round = if next > row.rounds.unwrap_or(0) {
                None
            } else if tournament.is_swiss() {
                swiss::pair(&tournament.swiss_entrants())
            } else {
                let players = tournament.entrants.len();
                Some(round_robin::round(players, next as usize, row.double_round))
            };
            let Some(round) = round else {
                self.finish(tx, &tournament.row).await?;
                return Ok(created);
            };
            let mut boards = Vec::new();
            for game in &round.games {
                let south = &tournament.entrants[game.south];
                let north = &tournament.entrants[game.north];
                let mut board = PairingRow {
                    tournament_id: tournament.row.id.clone(),
                    round: next,
                    board: boards.len() as i32 + 1,
                    south_id: south.player_id.clone(),
                    north_id: Some(north.player_id.clone()),
                    game_id: None,
                    south_points2: None,
                    north_points2: None,
                };
                if south.withdrawn || north.withdrawn {
                    // Forfeited: the one still in the event wins.
                    board.south_points2 = Some(if south.withdrawn { 0 } else { 2 });
                    board.north_points2 = Some(if north.withdrawn { 0 } else { 2 });
                } else {
                    let made = self
                        .games
                        .create_paired(
                            tx,
                            &spec(&tournament.row)?,
                            &player_ref(south)?,
                            &player_ref(north)?,
                        )
                        .await?;
                    board.game_id = Some(made.game.id.to_string());
                    created.push(made);
                }
                tx.insert_pairing(&board).await?;
                boards.push(board);
            }
            if let Some(bye) = round.bye {
                let board = PairingRow {
                    tournament_id: tournament.row.id.clone(),
                    round: next,
                    board: boards.len() as i32 + 1,
                    south_id: tournament.entrants[bye].player_id.clone(),
                    north_id: None,
                    game_id: None,
                    // A point in a Swiss; none in a round-robin.
                    south_points2: Some(if tournament.is_swiss() { 2 } else { 0 }),
                    north_points2: None,
                };
                tx.insert_pairing(&board).await?;
                boards.push(board);
            }
            tournament.row.round = next;
            tx.update_tournament(&tournament.row).await?;
            tracing::info!(tournament_id = %tournament.row.id, round = next, "round paired");
            tournament.pairings.extend(boards);
        }
    }

    async fn finish(&self, tx: &mut WriteTx, row: &TournamentRow) -> Result<(), TournamentsError> {
        let mut row = row.clone();
        row.status = FINISHED.to_owned();
        row.finished_at = Some(self.games.time().now());
        tx.update_tournament(&row).await?;
        tracing::info!(tournament_id = %row.id, "tournament finished");
        Ok(())
    }

    /// Pairs the players of a running arena who wait for a game, or, once
    /// its time is up, finishes it when its last game has ended: the games
    /// created.
    async fn pair_arena(
        &self,
        tx: &mut WriteTx,
        mut tournament: Tournament,
    ) -> Result<Vec<Transition>, TournamentsError> {
        if tournament.row.status != RUNNING {
            return Ok(Vec::new());
        }
        let now = self.games.time().now();
        if tournament.row.ends_at.is_some_and(|end| now >= end) {
            if !tournament.has_game_under_way() {
                self.finish(tx, &tournament.row).await?;
            }
            return Ok(Vec::new());
        }
        let (waiting, in_event) = tournament.arena_waiting();
        let games = arena::pair(&waiting, in_event);
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let next = tournament.row.round + 1;
        let mut created = Vec::new();
        for (board, game) in games.iter().enumerate() {
            let south = &tournament.entrants[game.south];
            let north = &tournament.entrants[game.north];
            let made = self
                .games
                .create_paired(
                    tx,
                    &spec(&tournament.row)?,
                    &player_ref(south)?,
                    &player_ref(north)?,
                )
                .await?;
            let pairing = PairingRow {
                tournament_id: tournament.row.id.clone(),
                round: next,
                board: board as i32 + 1,
                south_id: south.player_id.clone(),
                north_id: Some(north.player_id.clone()),
                game_id: Some(made.game.id.to_string()),
                south_points2: None,
                north_points2: None,
            };
            tx.insert_pairing(&pairing).await?;
            created.push(made);
        }
        tournament.row.round = next;
        tx.update_tournament(&tournament.row).await?;
        tracing::info!(tournament_id = %tournament.row.id, pairing = next, games = games.len(), "arena players paired");
        Ok(created)
    }

    /// Records the result of a tournament game that ended, and pairs the
    /// next round once this one is complete (in an arena, the players
    /// waiting).
    async fn record(
        &self,
        tx: &mut WriteTx,
        transition: &Transition,
    ) -> Result<Vec<Transition>, TournamentsError> {
        let game = &transition.game;
        let Some(board) = tx.pairing_of_game(game.id.as_str()).await? else {
            return Ok(Vec::new());
        };
        if board.south_points2.is_some() {
            return Ok(Vec::new());
        }
        let Some(row) = tx.lock_tournament(&board.tournament_id).await? else {
            return Ok(Vec::new());
        };
        if row.status != RUNNING {
            return Ok(Vec::new());
        }
        let south_points2 = match (game.status, game.result.map(|r| r.winner)) {
            (GameStatus::Finished, Some(Some(Seat::South))) => 2,
            (GameStatus::Finished, Some(Some(Seat::North))) => 0,
            (GameStatus::Finished, Some(None)) => 1,
            // Aborted (no first move in time, say): lost by the side to move.
            _ if game.to_move == Seat::South => 0,
            _ => 2,
        };
        tx.score_pairing(&board, south_points2, 2 - south_points2)
            .await?;
        if board.round != row.round && row.format != ARENA {
            return Ok(Vec::new());
        }
        let tournament = read(tx, row).await?;
        self.advance(tx, tournament).await
    }
}

/// The game each board of `row` starts.
fn spec(row: &TournamentRow) -> Result<GameSpec, TournamentsError> {
    let preset: Preset = row
        .preset
        .parse()
        .map_err(|_| TournamentsError::internal(format!("a stored preset {:?}", row.preset)))?;
    Ok(GameSpec {
        rules: preset.rules(),
        seat: Some(Seat::South),
        first: None,
        position: None,
        opponent: None,
        rated: row.rated,
        clock: Some(TimeControl::RealTime {
            initial_s: row.initial_s as u32,
            increment_s: row.increment_s as u32,
        }),
    })
}

/// The hook that records tournament games' ends.
pub(super) struct ResultHook(pub(super) Arc<Inner>);

impl TxHook for ResultHook {
    fn wants(&self, transition: &Transition) -> bool {
        transition
            .events
            .iter()
            .any(|event| matches!(event, GameEvent::Ended { .. } | GameEvent::Aborted { .. }))
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            self.0
                .record(tx, transition)
                .await
                .map_err(|e| HookFailed(e.into()))
        })
    }
}

impl Tournaments {
    /// Starts, every `every`, the registering tournaments whose
    /// `starts_at` came, and finishes the arenas whose time is up and whose
    /// last game has ended (by the Games layer's clock), until the store
    /// closes.
    pub async fn start_due_forever(self, store: Store, every: Duration) {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let now = self.inner.games.time().now();
            let due = match store.tournaments_due(now, 100).await {
                Ok(due) => due,
                Err(error) => {
                    tracing::warn!(%error, "tournaments due to start: not read");
                    continue;
                }
            };
            for id in due {
                if let Err(error) = self.start_as(&store, &id, None).await {
                    tracing::warn!(tournament_id = %id, %error, "tournament not started");
                }
            }
            let ending = match store.tournaments_ending(now, 100).await {
                Ok(ending) => ending,
                Err(error) => {
                    tracing::warn!(%error, "arenas whose time is up: not read");
                    continue;
                }
            };
            for id in ending {
                if let Err(error) = self.end_if_over(&store, &id).await {
                    tracing::warn!(tournament_id = %id, %error, "arena not finished");
                }
            }
        }
    }
}

/// Whether a registering tournament may start with its players.
pub(super) fn check_startable(tournament: &Tournament) -> Result<(), TournamentsError> {
    if tournament.row.status != REGISTERING {
        return Err(TournamentsError::NotRegistering(
            tournament.row.status.clone(),
        ));
    }
    if tournament.entrants.len() < 2 {
        return Err(TournamentsError::TooFewPlayers(
            "a tournament starts with two players or more".to_owned(),
        ));
    }
    Ok(())
}
