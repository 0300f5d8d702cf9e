//! A tournament as read: its row, its players and its pairings, and what
//! follows from them (each player's record for the pairing, the standings).

use oanquan_tournament::arena::{self, Sheet, Waiting};
use oanquan_tournament::standings::{self, Line, Order};
use oanquan_tournament::swiss::Entrant;
use oanquan_tournament::{Outcome, Played, Seat, Unplayed};

use crate::store::{EntrantRow, PairingRow, TournamentRow};

pub const ROUND_ROBIN: &str = "round_robin";
pub const SWISS: &str = "swiss";
pub const ARENA: &str = "arena";

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

/// A standings line with the player's row. In an arena, `line.points2`
/// holds the arena points (2 a win, doubled on fire) and
/// `line.buchholz2` the sum of the opponents' arena points, not half
/// points; `sheet` is the player's games scored in order.
#[derive(Clone, Debug)]
pub struct Standing<'a> {
    pub line: Line,
    pub entrant: &'a EntrantRow,
    pub sheet: Option<Sheet>,
}

impl Tournament {
    pub fn is_swiss(&self) -> bool {
        self.row.format == SWISS
    }

    pub fn is_arena(&self) -> bool {
        self.row.format == ARENA
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
        if self.is_arena() {
            return arena::standings(self.entrants.len(), &played)
                .into_iter()
                .map(|line| Standing {
                    line: Line {
                        player: line.player,
                        rank: line.rank,
                        points2: line.points,
                        games: line.games,
                        buchholz2: line.buchholz,
                        sonneborn_berger4: 0,
                        direct2: 0,
                    },
                    entrant: &self.entrants[line.player],
                    sheet: Some(line.sheet),
                })
                .collect();
        }
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
                sheet: None,
            })
            .collect()
    }

    /// The seeds of the players in a game not yet decided.
    fn busy(&self) -> Vec<bool> {
        let mut busy = vec![false; self.entrants.len()];
        for pairing in self.pairings.iter().filter(|p| p.south_points2.is_none()) {
            busy[self.seed(&pairing.south_id)] = true;
            if let Some(north) = pairing.north_id.as_deref() {
                busy[self.seed(north)] = true;
            }
        }
        busy
    }

    /// Whether an arena has a game not yet decided.
    pub fn has_game_under_way(&self) -> bool {
        self.pairings.iter().any(|p| p.south_points2.is_none())
    }

    /// The game under way of `player`, if any.
    pub fn game_under_way_of(&self, player: &str) -> Option<&str> {
        self.pairings
            .iter()
            .filter(|p| p.south_points2.is_none())
            .find(|p| p.south_id == player || p.north_id.as_deref() == Some(player))
            .and_then(|p| p.game_id.as_deref())
    }

    /// What the arena pairing knows of the players waiting for a game (in
    /// the event and in no game), and how many players are in the event.
    pub fn arena_waiting(&self) -> (Vec<Waiting>, usize) {
        let (played, _) = self.results();
        let mut points = vec![0u32; self.entrants.len()];
        for line in arena::standings(self.entrants.len(), &played) {
            points[line.player] = line.points;
        }
        let mut last = vec![None; self.entrants.len()];
        let mut seats = vec![Vec::new(); self.entrants.len()];
        for pairing in &self.pairings {
            let south = self.seed(&pairing.south_id);
            let Some(north) = pairing.north_id.as_deref().map(|id| self.seed(id)) else {
                continue;
            };
            last[south] = Some(north);
            last[north] = Some(south);
            if pairing.game_id.is_some() {
                seats[south].push(Seat::South);
                seats[north].push(Seat::North);
            }
        }
        let busy = self.busy();
        let in_event = self.entrants.iter().filter(|e| !e.withdrawn).count();
        let waiting = (0..self.entrants.len())
            .filter(|&p| !self.entrants[p].withdrawn && !busy[p])
            .map(|p| Waiting {
                player: p,
                points: points[p],
                last_opponent: last[p],
                seats: std::mem::take(&mut seats[p]),
            })
            .collect();
        (waiting, in_event)
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
