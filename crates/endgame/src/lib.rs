//! An endgame table for Ô Ăn Quan, built by retrograde analysis.
//!
//! **What it covers.** Every position with at most `N` small stones on the
//! board — each distribution of them over the twelve squares, with each
//! combination of mandarins still on the board — for one preset's rules
//! (any `max_plies`). Stores do not matter: every preset refills by
//! borrowing, so a store's size changes no move, and scores add up
//! linearly. The table holds the *future* score difference: what the side
//! to move will gain on its opponent from here under best play, stores
//! excluded (add them to get the final difference).
//!
//! **Play is not closed under small boards**: a player whose row is empty
//! puts five stones back, so a refill can lead out of the table, and
//! borrowing lets a line go on as long as `max_plies` allows. The analysis
//! therefore keeps two bounds per position, each with a proof of how many
//! plies it needs:
//!
//! * `lo`: the side to move can make sure of at least `lo`, with every
//!   line of its strategy ending (both mandarin squares empty) within
//!   `d_lo` plies;
//! * `hi`: the opponent can hold the side to move to at most `hi`, every
//!   line of its strategy ending within `d_hi` plies.
//!
//! A move into a position outside the table gives no bound. The bounds are
//! tightened pass after pass until nothing changes (proofs longer than
//! [`MAX_DEPTH`] plies are not kept). Where `lo == hi` the value is
//! exact **for every game with at least `max(d_lo, d_hi)` moves left**
//! before `max_plies`, whatever the limit: both players can force the game
//! to end before it. That is the table's repetition rule: RULES.md has no
//! rule for repeated positions but `max_plies`, so a position whose value
//! depends on how many moves are left (lines that can go round, refills
//! that borrow again and again) is simply not covered; nor is a position
//! with fewer moves left than its proof needs, nor the first move of a
//! game under `first_move_mandarin_ban`.

mod index;

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use index::Indexer;
pub use index::MAX_STONES;
use oanquan_engine::{
    MandarinSetup, Move, Position, Preset, RefillShortfall, RuleParams, Rules, Seat, Square,
};

/// The longest proof kept, in plies.
pub const MAX_DEPTH: u32 = 250;

/// A table entry that holds no exact value.
const NOT_COVERED: i8 = i8::MIN;

/// What the table knows of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The future score difference for the side to move (stores excluded).
    pub value: i32,
    /// Plies the proof needs: the value holds when at least this many
    /// moves are left before `max_plies`.
    pub depth: u32,
}

/// How a table was built.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Legal positions in the table's range (side to move able to move, a
    /// mandarin square non-empty), South to move (North's are their mirror).
    pub positions: u64,
    /// Of those, the ones with an exact value.
    pub exact: u64,
    /// Passes until the bounds stopped changing.
    pub passes: u32,
    /// The longest proof among the exact values, in plies.
    pub max_depth: u32,
    pub build_time: Duration,
}

/// An endgame table of one preset and stone count.
#[derive(Clone, Debug)]
pub struct Table {
    preset: Preset,
    ix: Indexer,
    values: Vec<i8>,
    depths: Vec<u8>,
    stats: Stats,
}

/// The preset whose rules `rules` are, `max_plies` aside, with borrowing.
pub fn preset_of(rules: &Rules) -> Option<Preset> {
    let params = rules.params();
    Preset::ALL.into_iter().find(|p| {
        RuleParams {
            max_plies: params.max_plies,
            ..p.params()
        } == params
            && params.refill_shortfall == RefillShortfall::Borrow
    })
}

fn flag_count(preset: Preset) -> u32 {
    match preset.params().mandarin_setup {
        MandarinSetup::BigStone => 4,
        MandarinSetup::SmallStones => 1,
    }
}

/// The board, South to move: North's position turned half round the ring
/// (its own squares become South's, the mandarin squares swap), which the
/// rules do not tell apart.
#[inline]
fn normalized(position: &Position) -> ([u32; 12], u32) {
    let shift = 6 * position.turn().index();
    let mut board = [0u32; 12];
    for (i, b) in board.iter_mut().enumerate() {
        *b = position.stones(Square::ALL[(i + shift) % 12]);
    }
    let west = position.has_mandarin(Square::ALL[shift % 12]);
    let east = position.has_mandarin(Square::ALL[(6 + shift) % 12]);
    (board, u32::from(west) | u32::from(east) << 1)
}

/// The future score difference a finished or moved-to position shows for
/// the seat that moved from a position with empty stores.
#[inline]
fn gain_for(child: &Position, mover: Seat) -> i32 {
    let [south, north] = child.scores();
    match mover {
        Seat::South => south - north,
        Seat::North => north - south,
    }
}

// A build entry packs both bounds with their proof lengths in one word, so
// that another thread never reads a bound with the wrong length.
const LO_UNKNOWN: i16 = i16::MIN;
const HI_UNKNOWN: i16 = i16::MAX;

#[inline]
fn pack(lo: i16, d_lo: u8, hi: i16, d_hi: u8) -> u64 {
    u64::from(lo as u16)
        | u64::from(d_lo) << 16
        | u64::from(hi as u16) << 24
        | u64::from(d_hi) << 40
}

#[inline]
fn unpack(e: u64) -> (i16, u8, i16, u8) {
    (
        e as u16 as i16,
        (e >> 16) as u8,
        (e >> 24) as u16 as i16,
        (e >> 40) as u8,
    )
}

/// The rules a table is built under: the preset's, with a limit no pass
/// comes near (proof lengths stand in for it) and past the first move.
fn build_rules(preset: Preset) -> Rules {
    Rules::new(RuleParams {
        max_plies: 2000,
        ..preset.params()
    })
    .expect("a preset's rules")
}

const BUILD_PLY: u32 = 2;

/// The position of entry `i` (South to move), if it is a legal one.
#[inline]
fn entry_position(ix: &Indexer, rules: Rules, i: usize) -> Option<Position> {
    let (board, flags) = ix.position(i);
    Position::from_board(
        board,
        [flags & 1 != 0, flags & 2 != 0],
        Seat::South,
        BUILD_PLY,
        rules,
    )
}

/// A move's result in the successor lists: a table entry, or one of these.
const ENDS: u32 = u32::MAX;
const LEAVES: u32 = u32::MAX - 1;

/// The moves of a run of entries, worked out once: for each entry its
/// moves' results (the child's entry, [`ENDS`] with the final gain when the
/// move ends the game, [`LEAVES`] when the child holds more stones than the
/// table) and the score difference each move gains.
struct Chunk {
    from: usize,
    /// `starts[k]..starts[k + 1]` are entry `from + k`'s moves; an entry
    /// that is not a legal position has none.
    starts: Vec<u32>,
    children: Vec<u32>,
    gains: Vec<i8>,
}

fn successors(ix: &Indexer, rules: Rules, from: usize, to: usize) -> Chunk {
    let mut chunk = Chunk {
        from,
        starts: Vec::with_capacity(to - from + 1),
        children: Vec::new(),
        gains: Vec::new(),
    };
    chunk.starts.push(0);
    for i in from..to {
        if let Some(position) = entry_position(ix, rules, i) {
            for &m in &position.legal_moves() {
                let mut child = position;
                child.apply(m, &mut ()).expect("a legal move");
                let gain = gain_for(&child, Seat::South);
                let target = if child.is_over() {
                    ENDS
                } else {
                    let (board, flags) = normalized(&child);
                    ix.index(&board, flags).map_or(LEAVES, |c| c as u32)
                };
                chunk.children.push(target);
                chunk
                    .gains
                    .push(i8::try_from(gain).expect("a move gains less than 128"));
            }
        }
        chunk.starts.push(chunk.children.len() as u32);
    }
    chunk
}

/// One position's bounds from its children's: the new entry, if better.
#[inline]
fn improve(entries: &[AtomicU64], moves: &[u32], gains: &[i8], current: u64) -> Option<u64> {
    let (lo, d_lo, hi, d_hi) = unpack(current);
    let mut best_lo: Option<(i32, u32)> = None;
    let mut new_hi: Option<(i32, u32)> = Some((i32::MIN, 0));
    for (&target, &gain) in moves.iter().zip(gains) {
        let gain = i32::from(gain);
        let (via_lo, via_hi) = match target {
            ENDS => (Some((gain, 1)), Some((gain, 1))),
            LEAVES => (None, None),
            c => {
                let (c_lo, c_dlo, c_hi, c_dhi) =
                    unpack(entries[c as usize].load(Ordering::Relaxed));
                let via_lo =
                    (c_hi != HI_UNKNOWN).then(|| (gain - i32::from(c_hi), 1 + u32::from(c_dhi)));
                let via_hi =
                    (c_lo != LO_UNKNOWN).then(|| (gain - i32::from(c_lo), 1 + u32::from(c_dlo)));
                (via_lo, via_hi)
            }
        };
        if let Some((v, d)) = via_lo {
            if d <= MAX_DEPTH && best_lo.is_none_or(|(bv, bd)| v > bv || (v == bv && d < bd)) {
                best_lo = Some((v, d));
            }
        }
        new_hi = match (new_hi, via_hi) {
            (Some((hv, hd)), Some((v, d))) => Some((hv.max(v), hd.max(d))),
            _ => None,
        };
    }
    let mut next = (lo, d_lo, hi, d_hi);
    if let Some((v, d)) = best_lo {
        let v = v.clamp(-30_000, 30_000);
        let d = d as u8;
        if v > i32::from(lo) || (v == i32::from(lo) && d < d_lo) {
            (next.0, next.1) = (v as i16, d);
        }
    }
    if let Some((v, d)) = new_hi.filter(|&(_, d)| d <= MAX_DEPTH) {
        let v = v.clamp(-30_000, 30_000);
        let d = d as u8;
        if v < i32::from(hi) || (v == i32::from(hi) && d < d_hi) {
            (next.2, next.3) = (v as i16, d);
        }
    }
    let packed = pack(next.0, next.1, next.2, next.3);
    (packed != current).then_some(packed)
}

/// Runs `work` over `0..count` on `threads` threads, each taking the next
/// index in turn.
fn in_parallel(threads: usize, count: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= count {
                    break;
                }
                work(k);
            });
        }
    });
}

const CHUNK: usize = 1 << 14;

/// Builds the table of `preset` for boards of at most `stones` small
/// stones, on `threads` threads.
pub fn build(preset: Preset, stones: u32, threads: usize) -> Table {
    let start = Instant::now();
    let ix = Indexer::new(stones, flag_count(preset));
    let rules = build_rules(preset);
    let len = ix.len();
    let chunk_count = len.div_ceil(CHUNK);
    let slots: Vec<std::sync::Mutex<Option<Chunk>>> = (0..chunk_count)
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    in_parallel(threads, chunk_count, |k| {
        let from = k * CHUNK;
        let chunk = successors(&ix, rules, from, (from + CHUNK).min(len));
        *slots[k].lock().unwrap() = Some(chunk);
    });
    let chunks: Vec<Chunk> = slots
        .into_iter()
        .map(|slot| slot.into_inner().unwrap().expect("every chunk done"))
        .collect();
    let init = pack(LO_UNKNOWN, 0, HI_UNKNOWN, 0);
    let entries: Vec<AtomicU64> = (0..len).map(|_| AtomicU64::new(init)).collect();
    let mut passes = 0;
    loop {
        passes += 1;
        let changed = AtomicBool::new(false);
        in_parallel(threads, chunks.len(), |k| {
            let chunk = &chunks[k];
            for (j, w) in chunk.starts.windows(2).enumerate() {
                let i = chunk.from + j;
                let (a, b) = (w[0] as usize, w[1] as usize);
                // Not a legal position, or already exact.
                let current = entries[i].load(Ordering::Relaxed);
                let (lo, _, hi, _) = unpack(current);
                if a == b || lo == hi {
                    continue;
                }
                let moves = &chunk.children[a..b];
                if let Some(new) = improve(&entries, moves, &chunk.gains[a..b], current) {
                    entries[i].store(new, Ordering::Relaxed);
                    changed.store(true, Ordering::Relaxed);
                    debug_assert!(unpack(new).0 <= unpack(new).2, "entry {i}");
                }
            }
        });
        if !changed.load(Ordering::Relaxed) {
            break;
        }
    }
    let mut values = vec![NOT_COVERED; len];
    let mut depths = vec![0u8; len];
    let mut stats = Stats {
        passes,
        ..Stats::default()
    };
    for chunk in &chunks {
        for (j, w) in chunk.starts.windows(2).enumerate() {
            if w[0] == w[1] {
                continue;
            }
            let i = chunk.from + j;
            stats.positions += 1;
            let (lo, d_lo, hi, d_hi) = unpack(entries[i].load(Ordering::Relaxed));
            if lo == hi && (-127..=127).contains(&lo) {
                values[i] = lo as i8;
                depths[i] = d_lo.max(d_hi);
                stats.exact += 1;
                stats.max_depth = stats.max_depth.max(u32::from(depths[i]));
            }
        }
    }
    stats.build_time = start.elapsed();
    Table {
        preset,
        ix,
        values,
        depths,
        stats,
    }
}

impl Table {
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The most small stones on the board of a position the table holds.
    pub fn stones(&self) -> u32 {
        self.ix.stones
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Entries (boards times mandarin combinations, legal or not).
    pub fn entries(&self) -> u64 {
        self.values.len() as u64
    }

    /// Memory the table holds: a value and a proof length per entry.
    pub fn bytes(&self) -> u64 {
        (self.values.len() + self.depths.len()) as u64
    }

    /// The exact value of `position`, if the table holds it and the game
    /// has enough moves left for its proof.
    #[inline]
    pub fn probe(&self, position: &Position) -> Option<Probe> {
        let probe = self.lookup(position)?;
        let left = position.rules().max_plies() + 1 - position.ply();
        (left >= probe.depth).then_some(probe)
    }

    /// The table's value of `position` and the moves its proof needs,
    /// however many moves are left before `max_plies`.
    #[inline]
    pub fn lookup(&self, position: &Position) -> Option<Probe> {
        if position.is_over() {
            return None;
        }
        let rules = position.rules();
        let total: u32 = Square::ALL.iter().map(|&s| position.stones(s)).sum();
        if total > self.ix.stones || preset_of(rules) != Some(self.preset) {
            return None;
        }
        if position.ply() <= 1 && rules.first_move_mandarin_ban() {
            return None;
        }
        let (board, flags) = normalized(position);
        let i = self.ix.index(&board, flags)?;
        let value = self.values[i];
        (value != NOT_COVERED).then_some(Probe {
            value: i32::from(value),
            depth: u32::from(self.depths[i]),
        })
    }

    /// For a position the table holds: each legal move with its exact
    /// future score difference for the mover when known (the move ends the
    /// game, or leads to a position the table holds), best first. A move
    /// that reaches the position's value always has one.
    pub fn move_values(&self, position: &Position) -> Vec<(Move, Option<i32>)> {
        let mover = position.turn();
        let mut out: Vec<(Move, Option<i32>)> = position
            .legal_moves()
            .iter()
            .map(|&m| {
                let before = gain_for(position, mover);
                let child = position.play(m).expect("a legal move");
                let gain = gain_for(&child, mover) - before;
                let value = if child.is_over() {
                    Some(gain)
                } else {
                    self.probe(&child).map(|p| gain - p.value)
                };
                (m, value)
            })
            .collect();
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v.unwrap_or(i32::MIN)));
        out
    }

    const MAGIC: &'static [u8; 11] = b"OQENDGAME1\n";

    /// Writes the table: a header, then a value and a proof length per entry.
    pub fn write_to<W: Write>(&self, mut w: W) -> io::Result<()> {
        w.write_all(Self::MAGIC)?;
        let name = self.preset.name().as_bytes();
        w.write_all(&[name.len() as u8])?;
        w.write_all(name)?;
        w.write_all(&self.ix.stones.to_le_bytes())?;
        w.write_all(&self.stats.positions.to_le_bytes())?;
        w.write_all(&self.stats.exact.to_le_bytes())?;
        w.write_all(&self.stats.passes.to_le_bytes())?;
        w.write_all(&self.stats.max_depth.to_le_bytes())?;
        w.write_all(&(self.stats.build_time.as_millis() as u64).to_le_bytes())?;
        w.write_all(&(self.values.len() as u64).to_le_bytes())?;
        let values: Vec<u8> = self.values.iter().map(|&v| v as u8).collect();
        w.write_all(&values)?;
        w.write_all(&self.depths)?;
        w.flush()
    }

    /// Reads a table [`Table::write_to`] wrote.
    pub fn read_from<R: Read>(mut r: R) -> io::Result<Table> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let mut magic = [0u8; 11];
        r.read_exact(&mut magic)?;
        if &magic != Self::MAGIC {
            return Err(bad("not an endgame table"));
        }
        let mut len = [0u8; 1];
        r.read_exact(&mut len)?;
        let mut name = vec![0u8; len[0] as usize];
        r.read_exact(&mut name)?;
        let preset: Preset = std::str::from_utf8(&name)
            .ok()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| bad("unknown preset"))?;
        let u32s = |r: &mut R| -> io::Result<u32> {
            let mut b = [0u8; 4];
            r.read_exact(&mut b)?;
            Ok(u32::from_le_bytes(b))
        };
        let stones = u32s(&mut r)?;
        if stones > MAX_STONES {
            return Err(bad("too many stones"));
        }
        let u64s = |r: &mut R| -> io::Result<u64> {
            let mut b = [0u8; 8];
            r.read_exact(&mut b)?;
            Ok(u64::from_le_bytes(b))
        };
        let positions = u64s(&mut r)?;
        let exact = u64s(&mut r)?;
        let passes = u32s(&mut r)?;
        let max_depth = u32s(&mut r)?;
        let build_ms = u64s(&mut r)?;
        let entries = u64s(&mut r)?;
        let ix = Indexer::new(stones, flag_count(preset));
        if entries != ix.len() as u64 {
            return Err(bad("the entry count does not match the stone count"));
        }
        let mut values = vec![0u8; ix.len()];
        r.read_exact(&mut values)?;
        let mut depths = vec![0u8; ix.len()];
        r.read_exact(&mut depths)?;
        Ok(Table {
            preset,
            ix,
            values: values.into_iter().map(|v| v as i8).collect(),
            depths,
            stats: Stats {
                positions,
                exact,
                passes,
                max_depth,
                build_time: Duration::from_millis(build_ms),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic(text: &str) -> Position {
        Position::from_notation(text, Preset::Classic.rules()).unwrap()
    }

    #[test]
    fn a_table_reads_back_as_written() {
        let table = build(Preset::Village, 3, 2);
        let mut bytes = Vec::new();
        table.write_to(&mut bytes).unwrap();
        assert_eq!(
            bytes.len() as u64,
            table.bytes() + 11 + 1 + 7 + 4 + 8 + 8 + 4 + 4 + 8 + 8
        );
        let read = Table::read_from(bytes.as_slice()).unwrap();
        assert_eq!(read.preset(), Preset::Village);
        assert_eq!(read.stones(), 3);
        assert_eq!(read.values, table.values);
        assert_eq!(read.depths, table.depths);
        assert_eq!(read.stats.exact, table.stats.exact);
        assert!(Table::read_from(&bytes[..40]).is_err());
        assert!(Table::read_from(&b"not a table at all"[..]).is_err());
    }

    #[test]
    fn a_literal_value_and_its_mirror() {
        let table = build(Preset::Classic, 6, 1);
        // 3R sows square 4, finds 5 empty and takes the east mandarin (10):
        // the game ends and South sweeps its stone on square 4 (1). 3L
        // (square 2, then 1 and 0 empty: nothing) makes North refill from
        // its store, and North can then hold South to 11 within 4 plies.
        let south = classic("0,0,0,1,0,0,M0,0,0,0,0,0 s 0:0 0:0 2");
        let expected = Probe {
            value: 11,
            depth: 4,
        };
        assert_eq!(table.probe(&south), Some(expected));
        assert_eq!(
            table.move_values(&south)[0],
            ("3R".parse().unwrap(), Some(11))
        );
        // North's position turned half round the ring is South's.
        let north = classic("M0,0,0,0,0,0,0,0,0,1,0,0 n 0:0 0:0 2");
        assert_eq!(table.probe(&north), Some(expected));
        // With fewer moves left than the proof needs, it does not answer.
        let rules = Rules::new(RuleParams {
            max_plies: 50,
            ..Preset::Classic.params()
        })
        .unwrap();
        let late = |ply: u32| {
            let text = format!("0,0,0,1,0,0,M0,0,0,0,0,0 s 0:0 0:0 {ply}");
            table.probe(&Position::from_notation(&text, rules).unwrap())
        };
        assert_eq!(late(47), Some(expected));
        assert_eq!(late(48), None);
        // Nor for more stones than it holds.
        assert_eq!(
            table.probe(&classic("0,0,0,7,0,0,M0,0,0,0,0,0 s 0:0 0:0 2")),
            None
        );
    }

    #[test]
    fn stores_max_plies_and_the_first_move_are_respected() {
        let table = build(Preset::Online, 2, 1);
        let rules = Preset::Online.rules();
        let p = |text: &str| Position::from_notation(text, rules).unwrap();
        let probe = table.probe(&p("0,1,0,0,0,0,1,0,0,0,0,0 s 0:0 0:0 2"));
        let with_stores = table.probe(&p("0,1,0,0,0,0,1,0,0,0,0,0 s 7:0 -3:0 2"));
        assert_eq!(probe, with_stores);
        // The first move of an online game may not capture a mandarin square.
        assert_eq!(table.probe(&p("0,1,0,0,0,0,1,0,0,0,0,0 s 0:0 0:0 1")), None);
        // Another preset's table does not answer.
        assert_eq!(
            table.probe(&classic("0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 0:0 2")),
            None
        );
        // Nor does it for more stones than it holds.
        assert_eq!(table.probe(&p("0,1,0,0,0,0,2,0,0,0,0,0 s 0:0 0:0 2")), None);
    }
}
