//! Standings: each player's points, games played and tiebreaks, and their
//! rank.
//!
//! - **Buchholz**: the sum of the final points of the opponents a player
//!   met over the board (a bye or a forfeit adds nothing).
//! - **Sonneborn–Berger**: the sum, over the games a player played, of the
//!   opponent's final points times the player's score in that game (1, ½
//!   or 0).
//! - **Direct encounter** (round-robin): the points a player scored in the
//!   games between the players with as many points as theirs.
//!
//! Order: points, then in a round-robin the direct encounter,
//! Sonneborn–Berger and Buchholz, in a Swiss Buchholz, Sonneborn–Berger and
//! the direct encounter; players equal on all of them share a rank (one
//! more than the number of players ahead of them) and are listed by seed.

use std::cmp::Ordering;

use crate::{Played, Unplayed};

/// Which tiebreaks come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    RoundRobin,
    Swiss,
}

/// One player's line of the standings. Points and Buchholz in half
/// points, Sonneborn–Berger in quarter points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub player: usize,
    pub rank: usize,
    pub points2: u32,
    /// Games played over the board.
    pub games: u32,
    pub buchholz2: u32,
    pub sonneborn_berger4: u32,
    pub direct2: u32,
}

impl Line {
    fn key(&self, order: Order) -> [u32; 4] {
        match order {
            Order::RoundRobin => [
                self.points2,
                self.direct2,
                self.sonneborn_berger4,
                self.buchholz2,
            ],
            Order::Swiss => [
                self.points2,
                self.buchholz2,
                self.sonneborn_berger4,
                self.direct2,
            ],
        }
    }
}

/// The standings of `players` players after `played` and `unplayed`,
/// best first.
pub fn standings(
    players: usize,
    played: &[Played],
    unplayed: &[Unplayed],
    order: Order,
) -> Vec<Line> {
    let mut points2 = vec![0u32; players];
    let mut games = vec![0u32; players];
    for game in played {
        points2[game.south] += game.outcome.south_points2();
        points2[game.north] += 2 - game.outcome.south_points2();
        games[game.south] += 1;
        games[game.north] += 1;
    }
    for given in unplayed {
        points2[given.player] += given.points2;
    }
    let mut lines: Vec<Line> = (0..players)
        .map(|player| Line {
            player,
            rank: 0,
            points2: points2[player],
            games: games[player],
            buchholz2: 0,
            sonneborn_berger4: 0,
            direct2: 0,
        })
        .collect();
    for game in played {
        for (me, other) in [(game.south, game.north), (game.north, game.south)] {
            let scored = game.points2_of(me).expect("a player of the game");
            let line = &mut lines[me];
            line.buchholz2 += points2[other];
            line.sonneborn_berger4 += points2[other] * scored;
            if points2[me] == points2[other] {
                line.direct2 += scored;
            }
        }
    }
    lines.sort_by(|a, b| {
        b.key(order)
            .cmp(&a.key(order))
            .then(a.player.cmp(&b.player))
    });
    let keys: Vec<[u32; 4]> = lines.iter().map(|line| line.key(order)).collect();
    for (at, line) in lines.iter_mut().enumerate() {
        let ahead = keys[..at]
            .iter()
            .filter(|key| key.cmp(&&keys[at]) == Ordering::Greater)
            .count();
        line.rank = ahead + 1;
    }
    lines
}
