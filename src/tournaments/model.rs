//! A tournament as read: its row, its players and its pairings, and what
//! follows from them (each player's record for the pairing, the standings).

use oanquan_tournament::standings::{self, Line, Order};
use oanquan_tournament::swiss::Entrant;
use oanquan_tournament::{Outcome, Played, Seat, Unplayed};

use crate::store::{EntrantRow, PairingRow, TournamentRow};

pub const ROUND_ROBIN: &str = "round_robin";
pub const SWISS: &str = "swiss";

pub const REGISTERING: &str = "registering";
pub const RUNNING: &str = "running";
pub const FINISHED: &str = "finished";
pub const CANCELLED: &str = "cancelled";

/// A tournament with its players (by seed) and pairings (by round and
/// board).
#[derive(Clone, Debug)]
pub struct Tournament {
    pub row: TournamentRow,
    pub entrants: Vec<EntrantRow>,
    pub pairings: Vec<PairingRow>,
}

/// A standings line with the player's row.
#[derive(Clone, Debug)]
pub struct Standing<'a> {
    pub line: Line,
    pub entrant: &'a EntrantRow,
}

impl Tournament {
    pub fn is_swiss(&self) -> bool {
        self.row.format == SWISS
    }

    /// The seed of a player id.
    pub fn seed_of(&self, player: &str) -> Option<usize> {
        self.entrants
            .iter()
            .position(|entrant| entrant.player_id == player)
    }

    fn seed(&self, player: &str) -> usize {
        self.seed_of(player).unwrap_or(usize::MAX)
    }

    /// The games decided over the board and the points given without a
    /// game, by seed.
    pub fn results(&self) -> (Vec<Played>, Vec<Unplayed>) {
        let mut played = Vec::new();
        let mut unplayed = Vec::new();
        for pairing in &self.pairings {
            let (Some(south2), north2) = (pairing.south_points2, pairing.north_points2) else {
                continue;
            };
            let south = self.seed(&pairing.south_id);
            let north = pairing.north_id.as_deref().map(|id| self.seed(id));
            match (north, &pairing.game_id) {
                (Some(north), Some(_)) => played.push(Played {
                    south,
                    north,
                    outcome: match south2 {
                        2 => Outcome::SouthWins,
                        0 => Outcome::NorthWins,
                        _ => Outcome::Draw,
                    },
                }),
                (north, _) => {
                    unplayed.push(Unplayed {
                        player: south,
                        points2: south2 as u32,
                    });
                    if let (Some(north), Some(north2)) = (north, north2) {
                        unplayed.push(Unplayed {
                            player: north,
                            points2: north2 as u32,
                        });
                    }
                }
            }
        }
        (played, unplayed)
    }

    /// The standings, best first.
    pub fn standings(&self) -> Vec<Standing<'_>> {
        let (played, unplayed) = self.results();
        let order = if self.is_swiss() {
            Order::Swiss
        } else {
            Order::RoundRobin
        };
        standings::standings(self.entrants.len(), &played, &unplayed, order)
            .into_iter()
            .map(|line| Standing {
                line,
                entrant: &self.entrants[line.player],
            })
            .collect()
    }

    /// What the Swiss pairing knows of each player, by seed.
    pub fn swiss_entrants(&self) -> Vec<Entrant> {
        let mut entrants: Vec<Entrant> = self
            .entrants
            .iter()
            .map(|entrant| Entrant {
                active: !entrant.withdrawn,
                ..Entrant::default()
            })
            .collect();
        for pairing in &self.pairings {
            let south = self.seed(&pairing.south_id);
            let points = |p: Option<i32>| p.unwrap_or(0) as u32;
            entrants[south].points2 += points(pairing.south_points2);
            match pairing.north_id.as_deref().map(|id| self.seed(id)) {
                None => entrants[south].had_bye = true,
                Some(north) => {
                    entrants[north].points2 += points(pairing.north_points2);
                    entrants[south].opponents.push(north);
                    entrants[north].opponents.push(south);
                    if pairing.game_id.is_some() {
                        entrants[south].seats.push(Seat::South);
                        entrants[north].seats.push(Seat::North);
                    }
                }
            }
        }
        entrants
    }
}
