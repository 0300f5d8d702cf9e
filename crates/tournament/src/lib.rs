//! Tournaments' pairings and standings: pure, no I/O. Players are numbered
//! by seed, `0` the first (the order they joined in); a round is a list of
//! games, each with the player in the South seat (who moves first from the
//! standard start is tossed as for any game) and the player in the North
//! seat, and at most one bye.
//!
//! - [`arena`]: a fixed duration, each player paired again as soon as an
//!   opponent is free, Lichess-style points with streaks.
//! - [`round_robin`]: Berger tables, single or double (the second cycle with
//!   the seats swapped), a bye for an odd field.
//! - [`swiss`]: Dutch-system pairing: score groups, the top half against the
//!   bottom half, no pair twice, seats balanced within one, one bye of a
//!   point for an odd field to the lowest-ranked player who had none.
//! - [`standings`]: points, Buchholz, Sonneborn–Berger and, in a
//!   round-robin, the direct encounter; ranks.
//!
//! Points are counted in half points (`points2`: 2 a win, 1 a draw) so that
//! every sum is exact.

pub mod arena;
pub mod round_robin;
pub mod standings;
pub mod swiss;

#[cfg(test)]
mod arena_tests;
#[cfg(test)]
mod tests;

/// The seat of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    South,
    North,
}

/// One game of a round: who sits South, who North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub south: usize,
    pub north: usize,
}

impl Pairing {
    /// Whether `player` plays in this game.
    pub fn has(&self, player: usize) -> bool {
        self.south == player || self.north == player
    }

    /// `player`'s opponent, if they play in this game.
    pub fn opponent(&self, player: usize) -> Option<usize> {
        if self.south == player {
            Some(self.north)
        } else if self.north == player {
            Some(self.south)
        } else {
            None
        }
    }
}

/// The games of a round, board by board, and who sits out with a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<usize>,
}

/// How a played game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    SouthWins,
    NorthWins,
    Draw,
}

impl Outcome {
    /// The half points the South seat scored (2, 1 or 0).
    pub fn south_points2(self) -> u32 {
        match self {
            Outcome::SouthWins => 2,
            Outcome::Draw => 1,
            Outcome::NorthWins => 0,
        }
    }
}

/// A game played to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub south: usize,
    pub north: usize,
    pub outcome: Outcome,
}

impl Played {
    /// The half points `player` scored in this game, if they played it.
    pub fn points2_of(&self, player: usize) -> Option<u32> {
        if self.south == player {
            Some(self.outcome.south_points2())
        } else if self.north == player {
            Some(2 - self.outcome.south_points2())
        } else {
            None
        }
    }
}

/// Points a player was given without a game: a bye (a point in a Swiss,
/// none in a round-robin), or a game their withdrawn opponent forfeited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unplayed {
    pub player: usize,
    pub points2: u32,
}
