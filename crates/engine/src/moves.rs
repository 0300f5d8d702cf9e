//! Moves (`3R`, `1L`) and fixed-capacity move lists.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use super::types::{Direction, Seat, Square};

/// A move: one of the mover's own squares (`1..=5`, counted from the mover's
/// left) and a sowing direction. Written `<k><R|L>`, e.g. `3R`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    square: u8,
    direction: Direction,
}

/// Why a move could not be built or parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The own square is outside `1..=5`.
    SquareOutOfRange { square: i64 },
    /// The text is not of the form `<1-5><L|R>`.
    BadNotation { text: String },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::SquareOutOfRange { square } => write!(
                f,
                "square {square} is out of range: a move lifts one of the mover's own squares 1..=5"
            ),
            MoveError::BadNotation { text } => write!(
                f,
                "`{text}` is not a move: expected an own square 1-5 followed by L or R, e.g. `3R`"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl Move {
    /// Every move, in notation order (`1L`, `1R`, `2L`, …, `5R`).
    pub const ALL: [Move; 10] = {
        let mut all = [Move {
            square: 1,
            direction: Direction::Left,
        }; 10];
        let mut i = 0;
        while i < 10 {
            all[i] = Move {
                square: (i / 2) as u8 + 1,
                direction: if i % 2 == 0 {
                    Direction::Left
                } else {
                    Direction::Right
                },
            };
            i += 1;
        }
        all
    };

    /// A move from own square `square` (`1..=5`).
    pub fn new(square: i64, direction: Direction) -> Result<Move, MoveError> {
        if (1..=5).contains(&square) {
            Ok(Move {
                square: square as u8,
                direction,
            })
        } else {
            Err(MoveError::SquareOutOfRange { square })
        }
    }

    /// The mover's own square number, `1..=5`.
    #[inline]
    pub const fn square(self) -> u8 {
        self.square
    }

    #[inline]
    pub const fn direction(self) -> Direction {
        self.direction
    }

    /// The move in notation (`3R`), without formatting.
    #[inline]
    pub const fn notation(self) -> &'static str {
        const NOTATIONS: [&str; 10] = ["1L", "1R", "2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"];
        let right = match self.direction {
            Direction::Left => 0,
            Direction::Right => 1,
        };
        NOTATIONS[(self.square as usize - 1) * 2 + right]
    }

    /// The ring square this move lifts when `seat` plays it.
    #[inline]
    pub const fn origin(self, seat: Seat) -> Square {
        match Square::citizen(seat, self.square) {
            Some(sq) => sq,
            None => unreachable!(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for Move {
    type Err = MoveError;

    /// Parses `3R`, `1l`, … (case-insensitive, surrounding spaces ignored).
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let bad = || MoveError::BadNotation {
            text: text.to_owned(),
        };
        let mut chars = text.trim().chars();
        let (Some(digit), Some(dir), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let square = digit.to_digit(10).ok_or_else(bad)?;
        let direction = Direction::from_char(dir).ok_or_else(bad)?;
        Move::new(square.into(), direction)
    }
}

/// The legal moves of a position: at most ten, stored inline.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; 10],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: Move::ALL,
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_move() {
        for m in Move::ALL {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        assert_eq!(Move::ALL[0].to_string(), "1L");
        assert_eq!(Move::ALL[9].to_string(), "5R");
    }

    #[test]
    fn parsing_is_case_insensitive() {
        assert_eq!("3r".parse::<Move>(), Move::new(3, Direction::Right));
        assert_eq!(" 1L ".parse::<Move>(), Move::new(1, Direction::Left));
    }

    #[test]
    fn bad_notation_is_rejected_with_the_reason() {
        for text in ["", "3", "R3", "3X", "33R", "3RR", "ⅢR"] {
            assert!(
                matches!(text.parse::<Move>(), Err(MoveError::BadNotation { .. })),
                "{text}"
            );
        }
        assert_eq!(
            "6R".parse::<Move>(),
            Err(MoveError::SquareOutOfRange { square: 6 })
        );
        assert_eq!(
            "0L".parse::<Move>(),
            Err(MoveError::SquareOutOfRange { square: 0 })
        );
        assert!(Move::new(-1, Direction::Left).is_err());
    }

    #[test]
    fn origins_depend_on_the_seat() {
        let m: Move = "1R".parse().unwrap();
        assert_eq!(m.origin(Seat::South).index(), 1);
        assert_eq!(m.origin(Seat::North).index(), 7);
    }
}
