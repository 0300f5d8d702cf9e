//! Position notation (RULES.md §1):
//! `<sq0>,<sq1>,...,<sq11> <to-move> <south-store> <north-store> <ply>`.

use std::fmt;

use super::events::{Event, Recorder};
use super::position::{Captures, Outcome, Position};
use super::rules::{MandarinSetup, Rules};
use super::types::{Seat, Square};

/// The most small stones a custom position may hold on its board. The rules
/// set no limit; the server does, so that no position can make a move
/// arbitrarily expensive.
pub const MAX_BOARD_STONES: u64 = 10_000;
/// The largest magnitude of a store's small stones in a custom position.
pub const MAX_STORE_STONES: i32 = 100_000;

/// The most refills a game can see: one at the start, one per turn change.
const MAX_REFILLS: u64 = *Rules::MAX_PLIES_RANGE.end() as u64 + 1;
/// The most small stones a position reached by play may hold on its board.
/// Only a refill adds stones to the board (5 from a store); sowing moves
/// them, captures and the sweep take them off.
pub const STORED_MAX_BOARD_STONES: u64 = MAX_BOARD_STONES + 5 * MAX_REFILLS;
/// The largest magnitude of a store reached by play: a store loses only to
/// refills (5 each) and gains only what leaves the board, which is at most
/// every stone the board ever held.
pub const STORED_MAX_STORE_STONES: i32 = MAX_STORE_STONES + STORED_MAX_BOARD_STONES as i32;

/// The bounds a position text is held to: a start a client submits
/// ([`Limits::REQUEST`]) or a position play reached ([`Limits::STORED`]).
/// Every position reachable from a request-valid start is stored-valid
/// (`engine::tests::properties` plays games from starts at every bound).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub board: u64,
    pub store: i32,
}

impl Limits {
    pub const REQUEST: Limits = Limits {
        board: MAX_BOARD_STONES,
        store: MAX_STORE_STONES,
    };
    pub const STORED: Limits = Limits {
        board: STORED_MAX_BOARD_STONES,
        store: STORED_MAX_STORE_STONES,
    };
}

/// Why a position string was rejected. [`PositionError::field`] names the
/// offending part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not five fields separated by single spaces.
    FieldCount { found: usize },
    /// The board field does not hold twelve comma-separated squares.
    SquareCount { found: usize },
    /// A square is not a stone count (or `M<count>` on a mandarin square).
    BadSquare { square: u8, token: String },
    /// A square holds a negative count.
    NegativeSquare { square: u8, token: String },
    /// `M` on a citizen square.
    MandarinOnCitizenSquare { square: u8 },
    /// `M` under `mandarin_setup = small_stones`, which has no mandarins.
    MandarinWithSmallStones { square: u8 },
    /// The side to move is not `s` or `n`.
    BadSideToMove { token: String },
    /// A store is not `<small>:<mandarins>`.
    BadStore { seat: Seat, token: String },
    /// A store holds more small stones than the server accepts.
    StoreOutOfRange { seat: Seat, small: i64, limit: i32 },
    /// Mandarins on the board plus in the stores exceed 2.
    TooManyMandarins { total: u64 },
    /// One square holds more than the board's limit.
    SquareTooLarge { square: u8, count: u64, limit: u64 },
    /// The board holds more than its limit ([`MAX_BOARD_STONES`] for a start).
    TooManyStones { total: u64, limit: u64 },
    /// Both mandarin squares are empty: the game would already be over.
    AlreadyFinished,
    /// The ply is not a number in `1..=max_plies`.
    PlyOutOfRange { token: String, max_plies: u32 },
}

impl PositionError {
    /// The part of the notation at fault: `position`, `squares`,
    /// `square[3]`, `to_move`, `south_store`, `north_store`, `mandarins` or
    /// `ply`.
    pub fn field(&self) -> String {
        match self {
            PositionError::FieldCount { .. } => "position".into(),
            PositionError::SquareCount { .. }
            | PositionError::TooManyStones { .. }
            | PositionError::AlreadyFinished => "squares".into(),
            PositionError::BadSquare { square, .. }
            | PositionError::NegativeSquare { square, .. }
            | PositionError::MandarinOnCitizenSquare { square }
            | PositionError::MandarinWithSmallStones { square }
            | PositionError::SquareTooLarge { square, .. } => format!("square[{square}]"),
            PositionError::BadSideToMove { .. } => "to_move".into(),
            PositionError::BadStore { seat, .. } | PositionError::StoreOutOfRange { seat, .. } => {
                format!("{}_store", seat.name())
            }
            PositionError::TooManyMandarins { .. } => "mandarins".into(),
            PositionError::PlyOutOfRange { .. } => "ply".into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            FieldCount { found } => write!(
                f,
                "expected 5 fields separated by single spaces (squares, side to move, south store, north store, ply), found {found}"
            ),
            SquareCount { found } => write!(
                f,
                "squares: expected 12 comma-separated squares, found {found}"
            ),
            BadSquare { square, token } => write!(
                f,
                "square {square}: `{token}` is not a stone count{}",
                if *square % 6 == 0 { " or M<count>" } else { "" }
            ),
            NegativeSquare { square, token } => {
                write!(f, "square {square}: `{token}` is negative; counts must be ≥ 0")
            }
            MandarinOnCitizenSquare { square } => write!(
                f,
                "square {square}: `M` (a mandarin) may only stand on the mandarin squares 0 and 6"
            ),
            MandarinWithSmallStones { square } => write!(
                f,
                "square {square}: `M` (a mandarin) needs mandarin_setup = big_stone; small_stones has no mandarins"
            ),
            BadSideToMove { token } => {
                write!(f, "side to move: `{token}` is neither `s` nor `n`")
            }
            BadStore { seat, token } => write!(
                f,
                "{seat} store: `{token}` is not <small>:<mandarins> (e.g. `7:1`; small may be negative, mandarins 0..=2)"
            ),
            StoreOutOfRange { seat, small, limit } => write!(
                f,
                "{seat} store: {small} small stones is beyond the server's limit of ±{limit}"
            ),
            TooManyMandarins { total } => write!(
                f,
                "mandarins: {total} on the board and in the stores; there are only 2"
            ),
            SquareTooLarge {
                square,
                count,
                limit,
            } => write!(
                f,
                "square {square}: {count} stones is beyond the server's limit of {limit} on the board"
            ),
            TooManyStones { total, limit } => write!(
                f,
                "squares: {total} small stones on the board is beyond the server's limit of {limit}"
            ),
            AlreadyFinished => f.write_str(
                "squares: both mandarin squares are empty, so the game is already over",
            ),
            PlyOutOfRange { token, max_plies } => write!(
                f,
                "ply: `{token}` is not a move number in 1..={max_plies} (max_plies)"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// One or more ASCII digits: no sign, no spaces.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn parse_square(
    index: u8,
    token: &str,
    rules: &Rules,
    limits: Limits,
) -> Result<(u32, bool), PositionError> {
    let (digits, mandarin) = match token.strip_prefix('M') {
        Some(rest) => (rest, true),
        None => (token, false),
    };
    if mandarin {
        if index % 6 != 0 {
            return Err(PositionError::MandarinOnCitizenSquare { square: index });
        }
        if rules.mandarin_setup() == MandarinSetup::SmallStones {
            return Err(PositionError::MandarinWithSmallStones { square: index });
        }
    }
    let bad = || PositionError::BadSquare {
        square: index,
        token: token.to_owned(),
    };
    if let Some(rest) = digits.strip_prefix('-') {
        if is_digits(rest) {
            return Err(PositionError::NegativeSquare {
                square: index,
                token: token.to_owned(),
            });
        }
    }
    if !is_digits(digits) {
        return Err(bad());
    }
    // Only an overflow can fail here: the text is all digits.
    let count: u64 = digits.parse().unwrap_or(u64::MAX);
    if count > limits.board {
        return Err(PositionError::SquareTooLarge {
            square: index,
            count,
            limit: limits.board,
        });
    }
    Ok((count as u32, mandarin))
}

fn parse_store(seat: Seat, token: &str, limits: Limits) -> Result<Captures, PositionError> {
    let bad = || PositionError::BadStore {
        seat,
        token: token.to_owned(),
    };
    let (small, mandarins) = token.split_once(':').ok_or_else(bad)?;
    let digits = small.strip_prefix('-').unwrap_or(small);
    if !is_digits(digits) || !is_digits(mandarins) {
        return Err(bad());
    }
    let small: i64 = small.parse().unwrap_or(i64::MAX);
    if small.abs() > i64::from(limits.store) {
        return Err(PositionError::StoreOutOfRange {
            seat,
            small,
            limit: limits.store,
        });
    }
    let mandarins: u32 = mandarins.parse().map_err(|_| bad())?;
    Ok(Captures {
        small: small as i32,
        mandarins,
    })
}

/// Parses the five fields and checks everything but whether the game is over.
fn parse_fields(
    text: &str,
    rules: Rules,
    max_ply: u32,
    limits: Limits,
) -> Result<Position, PositionError> {
    let text = text.trim();
    let fields: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split(' ').collect()
    };
    let [squares, to_move, south, north, ply] = fields[..] else {
        return Err(PositionError::FieldCount {
            found: fields.len(),
        });
    };
    let tokens: Vec<&str> = squares.split(',').collect();
    if tokens.len() != 12 {
        return Err(PositionError::SquareCount {
            found: tokens.len(),
        });
    }
    let mut stones = [0u32; 12];
    let mut mandarin = [false; 2];
    for (index, token) in tokens.iter().enumerate() {
        let (count, has_mandarin) = parse_square(index as u8, token, &rules, limits)?;
        stones[index] = count;
        if has_mandarin {
            mandarin[index / 6] = true;
        }
    }
    let turn = match to_move {
        "s" => Seat::South,
        "n" => Seat::North,
        _ => {
            return Err(PositionError::BadSideToMove {
                token: to_move.to_owned(),
            })
        }
    };
    let stores = [
        parse_store(Seat::South, south, limits)?,
        parse_store(Seat::North, north, limits)?,
    ];
    let ply = Some(ply)
        .filter(|p| is_digits(p))
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| (1..=max_ply).contains(p))
        .ok_or_else(|| PositionError::PlyOutOfRange {
            token: ply.to_owned(),
            max_plies: max_ply,
        })?;

    let total: u64 = stones.iter().map(|&s| u64::from(s)).sum();
    if total > limits.board {
        return Err(PositionError::TooManyStones {
            total,
            limit: limits.board,
        });
    }
    let mandarins = mandarin.iter().filter(|&&m| m).count() as u64
        + stores.iter().map(|s| u64::from(s.mandarins)).sum::<u64>();
    if mandarins > 2 {
        return Err(PositionError::TooManyMandarins { total: mandarins });
    }
    let position = Position {
        stones,
        mandarin,
        stores,
        turn,
        ply,
        outcome: None,
        rules,
    };
    Ok(position)
}

impl Position {
    /// Parses a position under `rules`. A side to move with an empty row is
    /// refilled at once (§3.1) — which under `refill_shortfall = forfeit`
    /// may finish the game.
    pub fn from_notation(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_notation_recorded(text, rules, &mut ())
    }

    /// Like [`Position::from_notation`], also returning the events of the
    /// start-up refill (or forfeit), if one happened.
    pub fn from_notation_traced(
        text: &str,
        rules: Rules,
    ) -> Result<(Position, Vec<Event>), PositionError> {
        let mut events = Vec::new();
        let position = Position::from_notation_recorded(text, rules, &mut events)?;
        Ok((position, events))
    }

    fn from_notation_recorded<R: Recorder>(
        text: &str,
        rules: Rules,
        rec: &mut R,
    ) -> Result<Position, PositionError> {
        let mut position = parse_fields(text, rules, rules.max_plies(), Limits::REQUEST)?;
        if position.is_empty(Square::WEST_MANDARIN) && position.is_empty(Square::EAST_MANDARIN) {
            return Err(PositionError::AlreadyFinished);
        }
        position.refill(rec);
        Ok(position)
    }

    /// Restores a position this engine printed, with the outcome recorded
    /// beside it when the game is over. Play can go past a start's bounds
    /// (refills add stones), so this holds the text to [`Limits::STORED`].
    /// A finished position is not a valid start either (its mandarin squares
    /// may be empty, its ply one past `max_plies`): this accepts it, checks
    /// the rest, and does not refill (a stored position was refilled when it
    /// was reached, and a forfeit's empty row must stay).
    pub fn restore(
        text: &str,
        rules: Rules,
        outcome: Option<Outcome>,
    ) -> Result<Position, PositionError> {
        let Some(outcome) = outcome else {
            let mut position = parse_fields(text, rules, rules.max_plies(), Limits::STORED)?;
            if position.is_empty(Square::WEST_MANDARIN) && position.is_empty(Square::EAST_MANDARIN)
            {
                return Err(PositionError::AlreadyFinished);
            }
            position.refill(&mut ());
            return Ok(position);
        };
        let mut position = parse_fields(text, rules, rules.max_plies() + 1, Limits::STORED)?;
        position.outcome = Some(outcome);
        Ok(position)
    }

    /// The position notation (also what `Display` prints).
    pub fn to_notation(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Numbers written digit by digit: a server prints a position or
        // two per move, and `write!` per number cost ten times this.
        for square in Square::ALL {
            if square.index() > 0 {
                f.write_str(",")?;
            }
            if self.has_mandarin(square) {
                f.write_str("M")?;
            }
            write_int(f, i64::from(self.stones(square)))?;
        }
        let [south, north] = self.stores;
        f.write_str(match self.turn() {
            Seat::South => " s ",
            Seat::North => " n ",
        })?;
        write_int(f, i64::from(south.small))?;
        f.write_str(":")?;
        write_int(f, i64::from(south.mandarins))?;
        f.write_str(" ")?;
        write_int(f, i64::from(north.small))?;
        f.write_str(":")?;
        write_int(f, i64::from(north.mandarins))?;
        f.write_str(" ")?;
        write_int(f, i64::from(self.ply()))
    }
}

/// `n` in decimal, as `{}` writes it.
fn write_int(f: &mut fmt::Formatter<'_>, n: i64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if n < 0 {
        f.write_str("-")?;
    }
    f.write_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"))
}

#[cfg(test)]
mod write_int_tests {
    use std::fmt;

    struct Int(i64);

    impl fmt::Display for Int {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::write_int(f, self.0)
        }
    }

    #[test]
    fn integers_read_as_the_standard_formatting_writes_them() {
        let samples = (-1200..=1200).chain([i64::MIN, i64::MAX, -99_999, 4_294_967_295]);
        for n in samples {
            assert_eq!(Int(n).to_string(), format!("{n}"), "{n}");
        }
    }
}
