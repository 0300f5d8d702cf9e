//! The game state: board, stores, side to move, ply and outcome.

use super::events::{Event, Recorder};
use super::moves::{Move, MoveList};
use super::rules::{MandarinSetup, RefillShortfall, Rules};
use super::types::{Seat, Square};

/// What a player has captured (their store): small stones (negative while owing borrowed
/// stones) and captured mandarins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Captures {
    pub small: i32,
    pub mandarins: u32,
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Both mandarin squares are empty; the rows were swept.
    MandarinsCaptured,
    /// `max_plies` moves were played; the rows were swept.
    MaxPlies,
    /// A player could not refill an empty row (`refill_shortfall = forfeit`).
    Forfeit,
    Resignation,
    /// The side to move ran out of time (decided by the server's clock,
    /// not by play).
    Timeout,
}

impl EndReason {
    pub const ALL: [EndReason; 5] = [
        EndReason::MandarinsCaptured,
        EndReason::MaxPlies,
        EndReason::Forfeit,
        EndReason::Resignation,
        EndReason::Timeout,
    ];

    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.name() == name)
    }

    pub const fn name(self) -> &'static str {
        match self {
            EndReason::MandarinsCaptured => "mandarins_captured",
            EndReason::MaxPlies => "max_plies",
            EndReason::Forfeit => "forfeit",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
        }
    }
}

/// How a finished game ended. `winner` is `None` for a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: EndReason,
    pub scores: [i32; 2],
}

/// Why a move or a resignation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver,
    /// The chosen own square holds no stones.
    EmptySquare { square: u8 },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::EmptySquare { square } => {
                write!(f, "own square {square} is empty: there is nothing to lift")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// An Ô Ăn Quan position under a ruleset. Every position this type holds
/// has the side to move able to move, or is finished.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) stones: [u32; 12],
    /// Whether the west (0) and east (6) mandarin squares still hold their mandarin.
    pub(super) mandarin: [bool; 2],
    pub(super) stores: [Captures; 2],
    pub(super) turn: Seat,
    pub(super) ply: u32,
    pub(super) outcome: Option<Outcome>,
    pub(super) rules: Rules,
}

impl Position {
    /// The standard start of `rules`, with `first` to move.
    pub fn start(rules: Rules, first: Seat) -> Position {
        let (stones, mandarin) = match rules.mandarin_setup() {
            MandarinSetup::BigStone => (0, true),
            MandarinSetup::SmallStones => (10, false),
        };
        let mut squares = [5; 12];
        squares[0] = stones;
        squares[6] = stones;
        Position {
            stones: squares,
            mandarin: [mandarin; 2],
            stores: [Captures::default(); 2],
            turn: first,
            ply: 1,
            outcome: None,
            rules,
        }
    }

    /// A position from a bare board, stores empty and the game not over:
    /// what a table that enumerates boards needs without printing and
    /// parsing each one. `None` unless the side to move can move (a stone in
    /// its row), a mandarin square is non-empty, mandarins stand only under
    /// `big_stone`, and `1 <= ply <= max_plies`.
    pub fn from_board(
        stones: [u32; 12],
        mandarin: [bool; 2],
        turn: Seat,
        ply: u32,
        rules: Rules,
    ) -> Option<Position> {
        if (mandarin[0] || mandarin[1]) && rules.mandarin_setup() != MandarinSetup::BigStone {
            return None;
        }
        if !(1..=rules.max_plies()).contains(&ply) {
            return None;
        }
        let position = Position {
            stones,
            mandarin,
            stores: [Captures::default(); 2],
            turn,
            ply,
            outcome: None,
            rules,
        };
        let finished =
            position.is_empty(Square::WEST_MANDARIN) && position.is_empty(Square::EAST_MANDARIN);
        if finished || position.row_is_empty(turn) {
            return None;
        }
        Some(position)
    }

    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Small stones on `square` (not counting a mandarin).
    #[inline]
    pub fn stones(&self, square: Square) -> u32 {
        self.stones[square.index()]
    }

    /// Whether `square` is a mandarin square that still holds its mandarin.
    #[inline]
    pub fn has_mandarin(&self, square: Square) -> bool {
        square.is_mandarin() && self.mandarin[square.index() / 6]
    }

    /// Whether `square` holds nothing at all: no small stones, no mandarin.
    #[inline]
    pub fn is_empty(&self, square: Square) -> bool {
        self.stones[square.index()] == 0 && !self.has_mandarin(square)
    }

    #[inline]
    pub fn store(&self, seat: Seat) -> Captures {
        self.stores[seat.index()]
    }

    /// The side to move (after the end: the side that would have moved next).
    #[inline]
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The number of the next move, from 1 (after the end: moves played + 1).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Store small stones plus `mandarin_value` per captured mandarin.
    pub fn score(&self, seat: Seat) -> i32 {
        let store = self.stores[seat.index()];
        store.small + (self.rules.mandarin_value() * store.mandarins) as i32
    }

    pub fn scores(&self) -> [i32; 2] {
        [self.score(Seat::South), self.score(Seat::North)]
    }

    /// Small stones on the board plus in both stores, and mandarins anywhere
    /// (on the board or captured). Play conserves both (borrowing aside,
    /// which moves stones from a store to the board: the store goes down by
    /// as many as the board gains).
    pub fn material(&self) -> (i64, u32) {
        let board: i64 = self.stones.iter().map(|&s| i64::from(s)).sum();
        let stores: i64 = self.stores.iter().map(|s| i64::from(s.small)).sum();
        let mandarins = self.mandarin.iter().filter(|&&m| m).count() as u32
            + self.stores.iter().map(|s| s.mandarins).sum::<u32>();
        (board + stores, mandarins)
    }

    /// Bit `k - 1` is set when the mover's own square `k` holds stones.
    #[inline]
    fn movable_squares(&self) -> u8 {
        let base = 6 * self.turn.index() + 1;
        let row = &self.stones[base..base + 5];
        let mut bits = 0;
        for (k, &s) in row.iter().enumerate() {
            bits |= u8::from(s > 0) << k;
        }
        bits
    }

    /// The legal moves, in notation order; empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome.is_some() {
            return list;
        }
        let bits = self.movable_squares();
        for m in Move::ALL {
            if bits & (1 << (m.square() - 1)) != 0 {
                list.push(m);
            }
        }
        list
    }

    /// The number of legal moves, without building the list.
    #[inline]
    pub fn legal_move_count(&self) -> u32 {
        if self.outcome.is_some() {
            0
        } else {
            2 * self.movable_squares().count_ones()
        }
    }

    /// The `index`-th legal move (`index < legal_move_count()`), in notation
    /// order; for random playouts without building a list.
    #[inline]
    pub fn nth_legal_move(&self, index: u32) -> Option<Move> {
        let mut bits = self.movable_squares();
        if self.outcome.is_some() {
            return None;
        }
        let mut skip = index / 2;
        while bits != 0 {
            let k = bits.trailing_zeros();
            if skip == 0 {
                let direction = super::Direction::ALL[(index % 2) as usize];
                return Move::new(i64::from(k) + 1, direction).ok();
            }
            skip -= 1;
            bits &= bits - 1;
        }
        None
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.outcome.is_none() && self.stones[m.origin(self.turn).index()] > 0
    }

    /// `seat` resigns (on their turn or not): the other seat wins, scores as
    /// they stand.
    pub fn resign(&self, seat: Seat) -> Result<Position, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let mut next = *self;
        next.outcome = Some(Outcome {
            winner: Some(seat.other()),
            reason: EndReason::Resignation,
            scores: self.scores(),
        });
        Ok(next)
    }

    pub(super) fn row_is_empty(&self, seat: Seat) -> bool {
        let base = 6 * seat.index() + 1;
        self.stones[base..base + 5].iter().all(|&s| s == 0)
    }

    /// The turn change (§3.1): refill the side to move's empty row, or
    /// forfeit.
    pub(super) fn refill<R: Recorder>(&mut self, rec: &mut R) {
        let seat = self.turn;
        if !self.row_is_empty(seat) {
            return;
        }
        let store = self.stores[seat.index()].small;
        if self.rules.refill_shortfall() == RefillShortfall::Forfeit && store < 5 {
            rec.record(Event::Forfeit { seat, store });
            self.finish(EndReason::Forfeit, Some(seat.other()), [0, 0], rec);
            return;
        }
        let borrowed = (5 - store.clamp(0, 5)) as u32;
        self.stores[seat.index()].small -= 5;
        let base = 6 * seat.index() + 1;
        self.stones[base..base + 5].fill(1);
        rec.record(Event::Refill {
            seat,
            stones: 5,
            borrowed,
        });
    }

    /// Ends the game by sweeping each row into its owner's store (§3.6).
    pub(super) fn sweep<R: Recorder>(&mut self, reason: EndReason, rec: &mut R) {
        let mut swept = [0u32; 2];
        for seat in Seat::ALL {
            let base = 6 * seat.index() + 1;
            let row = &mut self.stones[base..base + 5];
            swept[seat.index()] = row.iter().sum();
            row.fill(0);
            self.stores[seat.index()].small += swept[seat.index()] as i32;
        }
        let scores = self.scores();
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(Seat::South),
            std::cmp::Ordering::Less => Some(Seat::North),
            std::cmp::Ordering::Equal => None,
        };
        self.finish(reason, winner, swept, rec);
    }

    fn finish<R: Recorder>(
        &mut self,
        reason: EndReason,
        winner: Option<Seat>,
        sweep: [u32; 2],
        rec: &mut R,
    ) {
        let scores = self.scores();
        self.outcome = Some(Outcome {
            winner,
            reason,
            scores,
        });
        rec.record(Event::GameEnd {
            reason,
            sweep,
            scores,
            winner,
        });
    }
}
