//! Round-robin by Berger tables (FIDE Handbook C.05, annex 1). For `n`
//! players (`n` even; an odd field gets a phantom player `n`, and meeting
//! the phantom is a bye), numbered from 1 in the tables, in round `r` the
//! players `i` and `j` below `n` meet when `i + j ≡ r + 1 (mod n − 1)`,
//! and player `i` meets `n` when `2i ≡ r + 1`. Of `i < j`, `i` has South
//! (white in the tables) when `i + j` is odd; player `n` has South against
//! `i > n / 2`. A double round-robin plays the cycle again with the seats
//! swapped.

use crate::{Pairing, Round};

/// How many rounds a round-robin of `players` has.
pub fn rounds(players: usize, double: bool) -> usize {
    let cycle = if players < 2 { 0 } else { even(players) - 1 };
    if double {
        2 * cycle
    } else {
        cycle
    }
}

fn even(players: usize) -> usize {
    players + players % 2
}

/// Round `round` (from 1) of a round-robin of `players`: the game with the
/// last player (or the bye) first, then the others by the lower number.
/// Panics when `round` is not between 1 and [`rounds`].
pub fn round(players: usize, round: usize, double: bool) -> Round {
    let total = rounds(players, double);
    assert!(
        round >= 1 && round <= total,
        "round {round} of {total} rounds"
    );
    let n = even(players);
    let cycle = n - 1;
    let swapped = round > cycle;
    let r = if swapped { round - cycle } else { round };
    let target = (r + 1) % cycle;
    let mut result = Round::default();
    let mut place = |south: usize, north: usize| {
        let (south, north) = if swapped {
            (north, south)
        } else {
            (south, north)
        };
        // Numbers from 1 in the tables, seeds from 0 here.
        let (south, north) = (south - 1, north - 1);
        if south >= players {
            result.bye = Some(north);
        } else if north >= players {
            result.bye = Some(south);
        } else {
            result.games.push(Pairing { south, north });
        }
    };
    // The game of the last player.
    let i = (1..n)
        .find(|&i| (2 * i) % cycle == target)
        .expect("a residue");
    if i > n / 2 {
        place(n, i);
    } else {
        place(i, n);
    }
    for i in 1..n {
        for j in i + 1..n {
            if (i + j) % cycle == target {
                if (i + j) % 2 == 1 {
                    place(i, j);
                } else {
                    place(j, i);
                }
            }
        }
    }
    result
}
