//! The index of a table position: the board's twelve stone counts ranked
//! in the combinatorial number system (every distribution of `s` stones,
//! for `s = 0..=N` in turn), times the mandarin flags.

/// Binomial coefficients `C(n, k)` for `n < 64`, `k <= 12`.
#[derive(Clone, Debug)]
pub(crate) struct Binomials([[u64; 13]; 64]);

impl Binomials {
    pub(crate) fn new() -> Binomials {
        let mut c = [[0u64; 13]; 64];
        for n in 0..64 {
            c[n][0] = 1;
            for k in 1..13 {
                c[n][k] = if n == 0 {
                    0
                } else {
                    c[n - 1][k - 1] + c[n - 1][k]
                };
            }
        }
        Binomials(c)
    }

    #[inline]
    pub(crate) fn get(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize][k as usize]
    }
}

/// Ranks boards of at most `stones` small stones, with `flags` mandarin
/// flag combinations (4 under `big_stone`, 1 under `small_stones`).
#[derive(Clone, Debug)]
pub(crate) struct Indexer {
    pub(crate) stones: u32,
    pub(crate) flags: u32,
    binom: Binomials,
}

/// The largest table size the index supports (C(N + 12, 12) fits easily).
pub const MAX_STONES: u32 = 40;

impl Indexer {
    pub(crate) fn new(stones: u32, flags: u32) -> Indexer {
        assert!(stones <= MAX_STONES, "at most {MAX_STONES} stones");
        assert!(flags == 1 || flags == 4);
        Indexer {
            stones,
            flags,
            binom: Binomials::new(),
        }
    }

    /// Boards of at most `stones` stones: `C(stones + 12, 12)`.
    pub(crate) fn boards(&self) -> u64 {
        self.binom.get(self.stones + 12, 12)
    }

    /// Table entries: boards times flag combinations.
    pub(crate) fn len(&self) -> usize {
        (self.boards() * u64::from(self.flags)) as usize
    }

    /// The rank of a board among all boards of at most `stones` stones, or
    /// `None` when it holds more.
    #[inline]
    pub(crate) fn board_rank(&self, board: &[u32; 12]) -> Option<u64> {
        let total: u32 = board.iter().sum();
        if total > self.stones {
            return None;
        }
        // Boards with fewer stones come first: C(total + 11, 12) of them.
        let mut rank = if total == 0 {
            0
        } else {
            self.binom.get(total + 11, 12)
        };
        let mut rest = total;
        for (i, &c) in board.iter().enumerate().take(11) {
            let k = 11 - i as u32;
            // Distributions of `rest` over this square and the `k` after
            // it whose count here is below `c`.
            rank += self.binom.get(rest + k, k) - self.binom.get(rest - c + k, k);
            rest -= c;
        }
        Some(rank)
    }

    /// The board of a rank (the inverse of [`Indexer::board_rank`]).
    pub(crate) fn board(&self, mut rank: u64) -> [u32; 12] {
        let mut total = 0;
        while self.binom.get(total + 12, 12) <= rank {
            total += 1;
        }
        if total > 0 {
            rank -= self.binom.get(total + 11, 12);
        }
        let mut board = [0u32; 12];
        let mut rest = total;
        for (i, square) in board.iter_mut().enumerate().take(11) {
            let k = 11 - i as u32;
            let mut v = 0;
            loop {
                // Distributions of the rest over the k squares after this one.
                let count = self.binom.get(rest - v + k - 1, k - 1);
                if rank < count {
                    break;
                }
                rank -= count;
                v += 1;
            }
            *square = v;
            rest -= v;
        }
        board[11] = rest;
        board
    }

    /// The entry of a board and its flags (bit 0: west mandarin, bit 1: east).
    #[inline]
    pub(crate) fn index(&self, board: &[u32; 12], flags: u32) -> Option<usize> {
        let rank = self.board_rank(board)?;
        Some((rank * u64::from(self.flags) + u64::from(flags)) as usize)
    }

    /// The board and flags of an entry.
    pub(crate) fn position(&self, index: usize) -> ([u32; 12], u32) {
        let index = index as u64;
        let flags = u64::from(self.flags);
        (self.board(index / flags), (index % flags) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_the_table() {
        for (stones, flags) in [(0, 1), (1, 4), (3, 4), (5, 1)] {
            let ix = Indexer::new(stones, flags);
            let mut seen = vec![false; ix.len()];
            for (i, seen) in seen.iter_mut().enumerate() {
                let (board, f) = ix.position(i);
                assert!(board.iter().sum::<u32>() <= stones);
                assert_eq!(ix.index(&board, f), Some(i));
                assert!(!*seen);
                *seen = true;
            }
        }
    }

    #[test]
    fn sizes_are_binomials() {
        // C(22, 12) boards of at most 10 stones.
        assert_eq!(Indexer::new(10, 1).boards(), 646_646);
        assert_eq!(Indexer::new(2, 4).len(), 91 * 4);
        let ix = Indexer::new(2, 1);
        assert_eq!(ix.index(&[0; 12], 0), Some(0));
        assert_eq!(ix.index(&[3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0), None);
    }
}
