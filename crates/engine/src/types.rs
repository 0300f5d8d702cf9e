//! Small value types: seats, directions and board squares.

use std::fmt;
use std::str::FromStr;

/// One of the two players. South moves first in the standard start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    South = 0,
    North = 1,
}

impl Seat {
    pub const ALL: [Seat; 2] = [Seat::South, Seat::North];

    #[inline]
    pub const fn other(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side-to-move letter of the position notation.
    pub const fn char(self) -> char {
        match self {
            Seat::South => 's',
            Seat::North => 'n',
        }
    }

    pub fn from_char(c: char) -> Option<Seat> {
        match c.to_ascii_lowercase() {
            's' => Some(Seat::South),
            'n' => Some(Seat::North),
            _ => None,
        }
    }

    /// `"south"` or `"north"`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::North => "north",
        }
    }

    /// The seat's five citizen squares, from its own square 1 to 5.
    #[inline]
    pub fn row(self) -> [Square; 5] {
        let base = 6 * self as u8;
        [1, 2, 3, 4, 5].map(|k| Square(base + k))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a seat name that is neither south nor north.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSeatError(pub String);

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a seat (expected south or north)", self.0)
    }
}

impl std::error::Error for ParseSeatError {}

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        match s.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Seat::South),
            "north" | "n" => Ok(Seat::North),
            _ => Err(ParseSeatError(s.to_owned())),
        }
    }
}

/// The sowing direction, as seen by the mover: right is `+1` around the
/// ring and left is `-1`, for both seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Left, Direction::Right];

    /// `'L'` or `'R'`, as in the move notation.
    pub const fn char(self) -> char {
        match self {
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    pub fn from_char(c: char) -> Option<Direction> {
        match c.to_ascii_uppercase() {
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }

    /// `"left"` or `"right"`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a direction that is neither left nor right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDirectionError(pub String);

impl fmt::Display for ParseDirectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a direction (expected left, right, L or R)",
            self.0
        )
    }
}

impl std::error::Error for ParseDirectionError {}

impl FromStr for Direction {
    type Err = ParseDirectionError;

    fn from_str(s: &str) -> Result<Direction, ParseDirectionError> {
        match s.to_ascii_lowercase().as_str() {
            "left" | "l" => Ok(Direction::Left),
            "right" | "r" => Ok(Direction::Right),
            _ => Err(ParseDirectionError(s.to_owned())),
        }
    }
}

/// A square of the ring, `0..=11`. `0` (west) and `6` (east) are the
/// mandarin squares; `1..=5` are South's citizen squares, `7..=11` North's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const WEST_MANDARIN: Square = Square(0);
    pub const EAST_MANDARIN: Square = Square(6);
    pub const MANDARINS: [Square; 2] = [Square::WEST_MANDARIN, Square::EAST_MANDARIN];

    /// Every square, in index order.
    pub const ALL: [Square; 12] = [
        Square(0),
        Square(1),
        Square(2),
        Square(3),
        Square(4),
        Square(5),
        Square(6),
        Square(7),
        Square(8),
        Square(9),
        Square(10),
        Square(11),
    ];

    /// The square at ring index `index`, if it is `0..=11`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 12 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// A seat's own citizen square `k` (`1..=5`, from that seat's left).
    pub const fn citizen(seat: Seat, k: u8) -> Option<Square> {
        if k >= 1 && k <= 5 {
            Some(Square(6 * seat as u8 + k))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn is_mandarin(self) -> bool {
        self.0 % 6 == 0
    }

    /// The seat that owns a citizen square; `None` for the mandarin squares.
    pub const fn owner(self) -> Option<Seat> {
        match self.0 {
            1..=5 => Some(Seat::South),
            7..=11 => Some(Seat::North),
            _ => None,
        }
    }

    /// For a citizen square, its number `1..=5` as its owner counts it.
    pub const fn own_number(self) -> Option<u8> {
        if self.is_mandarin() {
            None
        } else {
            Some(self.0 % 6)
        }
    }

    /// The next square around the ring in `direction`.
    #[inline]
    pub const fn step(self, direction: Direction) -> Square {
        match direction {
            Direction::Right => Square(if self.0 == 11 { 0 } else { self.0 + 1 }),
            Direction::Left => Square(if self.0 == 0 { 11 } else { self.0 - 1 }),
        }
    }

    /// The square `n` steps away in `direction`.
    #[inline]
    pub const fn offset(self, direction: Direction, n: u32) -> Square {
        let n = (n % 12) as u8;
        match direction {
            Direction::Right => Square((self.0 + n) % 12),
            Direction::Left => Square((self.0 + 12 - n) % 12),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citizen_squares_follow_the_seat_formula() {
        assert_eq!(Square::citizen(Seat::South, 1), Square::new(1));
        assert_eq!(Square::citizen(Seat::South, 5), Square::new(5));
        assert_eq!(Square::citizen(Seat::North, 1), Square::new(7));
        assert_eq!(Square::citizen(Seat::North, 5), Square::new(11));
        assert_eq!(Square::citizen(Seat::North, 0), None);
        assert_eq!(Square::citizen(Seat::South, 6), None);
    }

    #[test]
    fn owners_and_own_numbers() {
        for sq in Square::ALL {
            match sq.index() {
                0 | 6 => {
                    assert!(sq.is_mandarin());
                    assert_eq!(sq.owner(), None);
                    assert_eq!(sq.own_number(), None);
                }
                i => {
                    let seat = if i < 6 { Seat::South } else { Seat::North };
                    assert_eq!(sq.owner(), Some(seat));
                    let k = sq.own_number().unwrap();
                    assert_eq!(Square::citizen(seat, k), Some(sq));
                }
            }
        }
    }

    #[test]
    fn stepping_wraps_the_ring_both_ways() {
        for sq in Square::ALL {
            assert_eq!(sq.step(Direction::Right).step(Direction::Left), sq);
            assert_eq!(sq.offset(Direction::Right, 12), sq);
            assert_eq!(sq.offset(Direction::Left, 25), sq.step(Direction::Left));
        }
        assert_eq!(Square::new(11).unwrap().step(Direction::Right).index(), 0);
        assert_eq!(Square::new(0).unwrap().step(Direction::Left).index(), 11);
    }

    #[test]
    fn seats_and_directions_parse_case_insensitively() {
        assert_eq!("North".parse::<Seat>(), Ok(Seat::North));
        assert_eq!("s".parse::<Seat>(), Ok(Seat::South));
        assert!("east".parse::<Seat>().is_err());
        assert_eq!("r".parse::<Direction>(), Ok(Direction::Right));
        assert_eq!("LEFT".parse::<Direction>(), Ok(Direction::Left));
        assert!("up".parse::<Direction>().is_err());
        assert_eq!(Seat::South.other(), Seat::North);
    }
}
