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

use crate::engine::{Direction, Move, Position, RefillShortfall, Seat, Square};

use super::MAX_DEPTH;

const COUNTS: usize = 64;

/// The index of a move in `Move::ALL` (notation order), for the history
/// and killer tables and the table's packed best move.
#[inline]
pub(super) fn move_index(m: Move) -> usize {
    (m.square() as usize - 1) * 2 + usize::from(m.direction() == Direction::Right)
}

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

/// The table: two words a slot, so a slot is 16 bytes (an `Option<Entry>`
/// was 24) and a new table is zeroed by the allocator (`calloc`: a large one
/// costs only the pages the search touches). Word 0 is the key; word 1
/// packs `gain` (bits 0–31), `depth` (32–39), the flags (40–47: occupied,
/// bound, proven) and the best move's index in `Move::ALL` (48–55, 0xff for
/// none).
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

const OCCUPIED: u64 = 1 << 40;
const LOWER: u64 = 1 << 41;
const UPPER: u64 = 1 << 42;
const PROVEN: u64 = 1 << 43;
const NO_MOVE: u64 = 0xff;

#[inline]
fn pack(e: &Entry) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => LOWER,
        Bound::Upper => UPPER,
    };
    let best = e.best.map_or(NO_MOVE, |m| move_index(m) as u64);
    u64::from(e.gain as u32)
        | u64::from(e.depth) << 32
        | OCCUPIED
        | bound
        | if e.proven { PROVEN } else { 0 }
        | best << 48
}

#[inline]
fn unpack(key: u64, data: u64) -> Entry {
    let bound = if data & LOWER != 0 {
        Bound::Lower
    } else if data & UPPER != 0 {
        Bound::Upper
    } else {
        Bound::Exact
    };
    let best = (data >> 48) & 0xff;
    Entry {
        key,
        gain: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        proven: data & PROVEN != 0,
        best: (best != NO_MOVE).then(|| Move::ALL[best as usize]),
    }
}

impl Table {
    /// A table of `2^log2` entries.
    pub fn new(log2: u32) -> Table {
        let size = 1usize << log2;
        Table {
            slots: vec![[0; 2]; size],
            mask: size - 1,
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[key as usize & self.mask];
        (data & OCCUPIED != 0 && k == key).then(|| unpack(k, data))
    }

    /// Keeps a proven or deeper entry of the same position over a shallower
    /// one; any other position is replaced (the newest is most useful).
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let [k, data] = *slot;
        if data & OCCUPIED != 0 && k == entry.key && !entry.proven {
            let old_depth = (data >> 32) as u8;
            if data & PROVEN != 0 || old_depth > entry.depth {
                return;
            }
        }
        *slot = [entry.key, pack(&entry)];
    }
}
