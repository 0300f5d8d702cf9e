use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{Position, Seat, Square};

/// A seat, as the API spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeatName {
    South,
    North,
}

impl From<Seat> for SeatName {
    fn from(seat: Seat) -> Self {
        match seat {
            Seat::South => SeatName::South,
            Seat::North => SeatName::North,
        }
    }
}

impl From<SeatName> for Seat {
    fn from(seat: SeatName) -> Self {
        match seat {
            SeatName::South => Seat::South,
            SeatName::North => Seat::North,
        }
    }
}

/// One square of the ring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"square": 0, "stones": 1, "mandarin": true, "owner": null}))]
pub struct BoardSquare {
    /// Ring index 0..=11: 0 and 6 are the mandarin squares, 1..=5 South's, 7..=11 North's.
    pub square: u8,
    /// Small stones on the square.
    pub stones: u32,
    /// Whether the square still holds its mandarin (only squares 0 and 6).
    pub mandarin: bool,
    /// The seat owning a citizen square; `null` for the mandarin squares.
    #[schema(required = true)]
    pub owner: Option<SeatName>,
}

/// A player's store: captured small stones (negative while owing borrowed
/// stones) and captured mandarins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct StoreView {
    pub small: i32,
    pub mandarins: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct StoresView {
    pub south: StoreView,
    pub north: StoreView,
}

/// Scores per seat: store small stones + `mandarin_value` × mandarins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoresView {
    pub south: i32,
    pub north: i32,
}

impl From<[i32; 2]> for ScoresView {
    fn from([south, north]: [i32; 2]) -> Self {
        ScoresView { south, north }
    }
}

/// A position: its notation string and the same content spelled out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct PositionView {
    /// The RULES.md position notation.
    #[schema(example = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1")]
    pub position: String,
    /// The side to move (after the end: the side that would have moved next).
    pub to_move: SeatName,
    /// The number of the next move, from 1 (after the end: moves played + 1).
    pub ply: u32,
    /// The twelve squares in ring order.
    pub board: Vec<BoardSquare>,
    pub stores: StoresView,
    pub scores: ScoresView,
    /// The legal moves in notation (`3R`), in order; empty when no move can be made.
    #[schema(example = json!(["1L", "1R", "2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"]))]
    pub legal_moves: Vec<&'static str>,
}

impl PositionView {
    pub fn of(position: &Position) -> PositionView {
        let store = |seat| {
            let s = position.store(seat);
            StoreView {
                small: s.small,
                mandarins: s.mandarins,
            }
        };
        PositionView {
            position: position.to_string(),
            to_move: position.turn().into(),
            ply: position.ply(),
            board: Square::ALL
                .iter()
                .map(|&sq| BoardSquare {
                    square: sq.index() as u8,
                    stones: position.stones(sq),
                    mandarin: position.has_mandarin(sq),
                    owner: sq.owner().map(SeatName::from),
                })
                .collect(),
            stores: StoresView {
                south: store(Seat::South),
                north: store(Seat::North),
            },
            scores: position.scores().into(),
            legal_moves: legal_notations(position),
        }
    }
}

/// The position's legal moves in notation, in order.
pub fn legal_notations(position: &Position) -> Vec<&'static str> {
    position
        .legal_moves()
        .iter()
        .map(|m| m.notation())
        .collect()
}
