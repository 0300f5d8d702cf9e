//! Zobrist hashing of what a position's *future* depends on, and the
//! transposition table.
//!
//! The table stores values relative to the current score difference (the
//! gain still to come), so two positions that differ only in what the
//! stores already hold share an entry. What the future depends on:
//! the twelve squares, which mandarins are still on the board, the side to
//! move, the ply when `max_plies` or the first-move ban can be reached by a
//! search, and — only under `refill_shortfall = forfeit`, where a small
//! store loses the game — the stores' small stones.

use crate::engine::{Move, Position, RefillShortfall, Seat, Square};

use super::MAX_DEPTH;

const COUNTS: usize = 64;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// One key per (square, stone count below 64); larger counts are mixed in.
static SQUARE_KEYS: [[u64; COUNTS]; 12] = {
    let mut keys = [[0; COUNTS]; 12];
    let mut sq = 0;
    while sq < 12 {
        let mut c = 0;
        while c < COUNTS {
            keys[sq][c] = splitmix((sq * COUNTS + c) as u64 + 1);
            c += 1;
        }
        sq += 1;
    }
    keys
};
const MANDARIN_KEYS: [u64; 2] = [splitmix(0xAA01), splitmix(0xAA02)];
const NORTH_KEY: u64 = splitmix(0xAA03);
const PLY_KEY: u64 = splitmix(0xAA04);
const STORE_KEYS: [u64; 2] = [splitmix(0xAA05), splitmix(0xAA06)];

/// The hash of everything `position`'s remaining game depends on.
#[inline]
pub fn hash(position: &Position) -> u64 {
    let mut h = 0;
    for sq in Square::ALL {
        let c = position.stones(sq) as usize;
        h ^= if c < COUNTS {
            SQUARE_KEYS[sq.index()][c]
        } else {
            splitmix(SQUARE_KEYS[sq.index()][COUNTS - 1] ^ c as u64)
        };
    }
    for (i, sq) in Square::MANDARINS.into_iter().enumerate() {
        if position.has_mandarin(sq) {
            h ^= MANDARIN_KEYS[i];
        }
    }
    if position.turn() == Seat::North {
        h ^= NORTH_KEY;
    }
    let rules = position.rules();
    let moves_left = rules.max_plies() + 1 - position.ply().min(rules.max_plies() + 1);
    if moves_left as usize <= MAX_DEPTH + 1 || position.ply() == 1 {
        h ^= splitmix(PLY_KEY ^ u64::from(position.ply()));
    }
    if rules.refill_shortfall() == RefillShortfall::Forfeit {
        for seat in Seat::ALL {
            let small = position.store(seat).small as i64 as u64;
            h ^= splitmix(STORE_KEYS[seat.index()] ^ small);
        }
    }
    h
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the stored one (a cut-off).
    Lower,
    /// The value is at most the stored one (every move failed low).
    Upper,
}

/// A stored search result. `gain` is the value minus the score difference
/// at the node; `proven` means no heuristic leaf was under it, so the bound
/// holds for the real game at any depth.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    pub gain: i32,
    pub depth: u8,
    pub bound: Bound,
    pub proven: bool,
    pub best: Option<Move>,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^log2` entries.
    pub fn new(log2: u32) -> Table {
        let size = 1usize << log2;
        Table {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Keeps a proven or deeper entry of the same position over a shallower
    /// one; any other position is replaced (the newest is most useful).
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == entry.key && old.proven && !entry.proven {
                return;
            }
            if old.key == entry.key && old.depth > entry.depth && !entry.proven {
                return;
            }
        }
        *slot = Some(entry);
    }
}
