//! One subscriber of one tournament: a snapshot, then, each time the hub
//! says the tournament changed, what changed since what this subscriber
//! was sent (the tournament read again and compared), until it is over.
//! A subscriber that fell behind, or a signal that arrives twice, costs a
//! read and sends nothing twice; what cannot be told as events is told
//! with a fresh snapshot.
//!
//! Every message carries the tournament's `version` ([`version`]): each
//! `pairing`, `game_ended` and `finished` is one more than the message
//! before it; `standings` repeats the version it follows; a `snapshot`
//! sets it. A client that sees a larger step missed something and reads
//! the tournament again.

use std::collections::HashMap;

use super::{Feed, Gone, Out, Reader, Step};
use crate::live::Signal;
use crate::store::{PairingRow, Store, StoreError};
use crate::tournaments::model::{CANCELLED, FINISHED, REGISTERING};
use crate::tournaments::Tournament;

/// What a tournament's stream says after its snapshot, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// A board was paired (a game created, a bye, a forfeit).
    Pairing {
        round: i32,
        board: i32,
        version: i64,
    },
    /// A board's game ended: its result is recorded.
    GameEnded {
        round: i32,
        board: i32,
        version: i64,
    },
    /// The standings (and the status and round) after what came before.
    Standings { version: i64 },
    /// It is over (finished or cancelled): the final standings. The last.
    Finished { version: i64 },
}

/// What a tournament's stream writes.
pub trait TournamentOut: Out {
    /// The tournament as it stands, at `version`.
    fn snapshot(&self, tournament: &Tournament, version: i64);

    /// What changed, in order, as `tournament` now stands.
    fn told(&self, tournament: &Tournament, told: &[Told]);
}

/// Whether a tournament in `status` is over.
pub fn is_over(status: &str) -> bool {
    matches!(status, FINISHED | CANCELLED)
}

/// The number of changes a tournament went through since it started: one
/// per board paired, one per game whose result is recorded, one for its
/// end. Never goes down.
pub fn version(tournament: &Tournament) -> i64 {
    let boards = tournament.pairings.len() as i64;
    let results = tournament
        .pairings
        .iter()
        .filter(|p| p.game_id.is_some() && p.south_points2.is_some())
        .count() as i64;
    boards + results + i64::from(is_over(&tournament.row.status))
}

/// Tournament `id` as stored. Its row, players and pairings are three
/// reads: the row is read again after the others, and all of them again
/// when it changed meanwhile (a round paired, the end), so that the
/// pairings read are those of the row read.
pub async fn read(store: &Store, id: &str) -> Result<Option<Tournament>, StoreError> {
    let mut row = store.tournament_by_id(id).await?;
    for _ in 0..READS {
        let Some(first) = row else {
            return Ok(None);
        };
        let entrants = store.tournament_entrants(id).await?;
        let pairings = store.tournament_pairings(id).await?;
        row = store.tournament_by_id(id).await?;
        if row.as_ref() == Some(&first) {
            return Ok(Some(Tournament {
                row: first,
                entrants,
                pairings,
            }));
        }
    }
    // Changing faster than it is read: the last reads, the next change's
    // signal reads it again.
    let Some(row) = row else { return Ok(None) };
    let entrants = store.tournament_entrants(id).await?;
    let pairings = store.tournament_pairings(id).await?;
    Ok(Some(Tournament {
        row,
        entrants,
        pairings,
    }))
}

/// How many times [`read`] tries for a row that stays the same.
const READS: usize = 4;

/// One subscriber of one tournament, as its stream's driver runs it.
pub struct Watcher<O> {
    source: Reader,
    out: O,
    /// The tournament as this subscriber was last told it.
    last: Tournament,
}

/// The start of a tournament's stream: its snapshot (the end too, when it
/// is over); then the driver follows the hub's signals.
pub fn start<O: TournamentOut>(source: Reader, tournament: Tournament, out: O) -> Step<Watcher<O>> {
    out.snapshot(&tournament, version(&tournament));
    let watcher = Watcher {
        source,
        out,
        last: tournament,
    };
    watcher.after()
}

impl<O: TournamentOut> Feed for Watcher<O> {
    type Out = O;

    fn out(&self) -> &O {
        &self.out
    }

    /// Every signal of a tournament's channel says: read it again.
    fn hear(self, _signal: Signal) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut watcher = self;
            match watcher.reread().await {
                Ok(()) => watcher.after(),
                Err(Gone) => Step::End(watcher),
            }
        }))
    }
}

impl<O: TournamentOut> Watcher<O> {
    fn after(self) -> Step<Self> {
        if is_over(&self.last.row.status) {
            Step::End(self)
        } else {
            Step::Idle(self)
        }
    }

    async fn reread(&mut self) -> Result<(), Gone> {
        let id = self.last.row.id.clone();
        match read(self.source.store(), &id).await {
            Ok(Some(now)) => {
                self.compare(now);
                Ok(())
            }
            Ok(None) => Err(Gone),
            Err(error) => {
                tracing::error!(tournament_id = %id, %error, "tournament stream: cannot read it");
                self.out
                    .farewell("the tournament could not be read; reconnect");
                Err(Gone)
            }
        }
    }

    /// Tells what changed from what was sent to `now`, and keeps `now`.
    fn compare(&mut self, now: Tournament) {
        match changes(&self.last, &now) {
            Some(told) if told.is_empty() => {}
            Some(told) => self.out.told(&now, &told),
            None => self.out.snapshot(&now, version(&now)),
        }
        self.last = now;
    }
}

/// What changed from `was` to `now`, in order; `None` when it cannot be
/// told as events (players entered or withdrew, a board changed), and a
/// snapshot says it.
pub fn changes(was: &Tournament, now: &Tournament) -> Option<Vec<Told>> {
    if was.entrants != now.entrants || was.row.id != now.row.id {
        return None;
    }
    let known: HashMap<(i32, i32), &PairingRow> = was
        .pairings
        .iter()
        .map(|p| ((p.round, p.board), p))
        .collect();
    let mut still = 0;
    for pairing in &now.pairings {
        if let Some(before) = known.get(&(pairing.round, pairing.board)) {
            still += 1;
            let same_board = before.south_id == pairing.south_id
                && before.north_id == pairing.north_id
                && before.game_id == pairing.game_id;
            let kept_result =
                before.south_points2.is_none() || before.south_points2 == pairing.south_points2;
            if !same_board || !kept_result {
                return None;
            }
        }
    }
    if still != was.pairings.len() {
        return None;
    }
    let mut version = version(was);
    let mut told = Vec::new();
    let mut results = false;
    let decided = |p: &PairingRow| p.game_id.is_some() && p.south_points2.is_some();
    // Round by round (the boards are read in order): a round's pairings,
    // then its results.
    for round in now.pairings.chunk_by(|a, b| a.round == b.round) {
        for pairing in round {
            if !known.contains_key(&(pairing.round, pairing.board)) {
                version += 1;
                told.push(Told::Pairing {
                    round: pairing.round,
                    board: pairing.board,
                    version,
                });
            }
        }
        for pairing in round {
            let was_decided = known
                .get(&(pairing.round, pairing.board))
                .is_some_and(|&before| decided(before));
            if decided(pairing) && !was_decided {
                version += 1;
                results = true;
                told.push(Told::GameEnded {
                    round: pairing.round,
                    board: pairing.board,
                    version,
                });
            }
        }
    }
    let over = is_over(&now.row.status);
    let status_changed = was.row.status != now.row.status || was.row.round != now.row.round;
    if over && !is_over(&was.row.status) {
        version += 1;
        told.push(Told::Finished { version });
    } else if results || (status_changed && now.row.status != REGISTERING) {
        told.push(Told::Standings { version });
    }
    (version == self::version(now)).then_some(told)
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::store::{EntrantRow, TournamentRow};

    fn tournament(status: &str, round: i32, players: usize) -> Tournament {
        let at = Utc.with_ymd_and_hms(2026, 12, 7, 5, 0, 0).unwrap();
        Tournament {
            row: TournamentRow {
                id: "Tn4x9QzLp2".to_owned(),
                name: "Club night".to_owned(),
                format: "round_robin".to_owned(),
                double_round: false,
                status: status.to_owned(),
                preset: "classic".to_owned(),
                initial_s: 300,
                increment_s: 3,
                rounds: Some(3),
                duration_min: None,
                round,
                starts_at: None,
                ends_at: None,
                max_players: 16,
                rated: false,
                created_by: "p0".to_owned(),
                created_at: at,
                started_at: None,
                finished_at: None,
            },
            entrants: (0..players)
                .map(|seed| EntrantRow {
                    player_id: format!("p{seed}"),
                    name: format!("Player {seed}"),
                    bot_level: None,
                    bot_account: false,
                    seed: seed as i32,
                    withdrawn: false,
                })
                .collect(),
            pairings: Vec::new(),
        }
    }

    fn board(round: i32, board: i32, points: Option<i32>) -> PairingRow {
        PairingRow {
            tournament_id: "Tn4x9QzLp2".to_owned(),
            round,
            board,
            south_id: format!("p{}", 2 * board - 2),
            north_id: Some(format!("p{}", 2 * board - 1)),
            game_id: Some(format!("g{round}{board}")),
            south_points2: points,
            north_points2: points.map(|p| 2 - p),
        }
    }

    fn with(mut t: Tournament, status: &str, round: i32, pairings: Vec<PairingRow>) -> Tournament {
        t.row.status = status.to_owned();
        t.row.round = round;
        t.pairings = pairings;
        t
    }

    #[test]
    fn a_start_is_its_pairings_then_the_standings() {
        let was = tournament(REGISTERING, 0, 4);
        let now = with(
            was.clone(),
            "running",
            1,
            vec![board(1, 1, None), board(1, 2, None)],
        );
        assert_eq!(
            changes(&was, &now),
            Some(vec![
                Told::Pairing {
                    round: 1,
                    board: 1,
                    version: 1
                },
                Told::Pairing {
                    round: 1,
                    board: 2,
                    version: 2
                },
                Told::Standings { version: 2 },
            ])
        );
        assert_eq!(version(&now), 2);
    }

    #[test]
    fn a_result_comes_before_the_next_round_and_the_standings_last() {
        let base = tournament("running", 1, 4);
        let was = with(
            base.clone(),
            "running",
            1,
            vec![board(1, 1, Some(0)), board(1, 2, None)],
        );
        let now = with(
            base,
            "running",
            2,
            vec![
                board(1, 1, Some(0)),
                board(1, 2, Some(2)),
                board(2, 1, None),
                board(2, 2, None),
            ],
        );
        assert_eq!(version(&was), 3);
        assert_eq!(
            changes(&was, &now),
            Some(vec![
                Told::GameEnded {
                    round: 1,
                    board: 2,
                    version: 4
                },
                Told::Pairing {
                    round: 2,
                    board: 1,
                    version: 5
                },
                Told::Pairing {
                    round: 2,
                    board: 2,
                    version: 6
                },
                Told::Standings { version: 6 },
            ])
        );
        assert_eq!(
            changes(&now, &now),
            Some(Vec::new()),
            "read twice: nothing twice"
        );
    }

    #[test]
    fn the_last_result_is_followed_by_the_end() {
        let base = tournament("running", 1, 2);
        let was = with(base.clone(), "running", 1, vec![board(1, 1, None)]);
        let now = with(base, FINISHED, 1, vec![board(1, 1, Some(1))]);
        assert_eq!(
            changes(&was, &now),
            Some(vec![
                Told::GameEnded {
                    round: 1,
                    board: 1,
                    version: 2
                },
                Told::Finished { version: 3 },
            ])
        );
    }

    #[test]
    fn players_entering_or_a_board_changing_is_told_by_a_snapshot() {
        let was = tournament(REGISTERING, 0, 2);
        let entered = tournament(REGISTERING, 0, 3);
        assert_eq!(changes(&was, &entered), None);
        let paired = with(was.clone(), "running", 1, vec![board(1, 1, Some(2))]);
        let rescored = with(was, "running", 1, vec![board(1, 1, Some(0))]);
        assert_eq!(changes(&paired, &rescored), None);
    }
}
