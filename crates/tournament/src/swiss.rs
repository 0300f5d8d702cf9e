//! Swiss pairing in the manner of the Dutch system (FIDE Handbook C.04.3):
//!
//! 1. The players are ranked by points, then by seed.
//! 2. In an odd field, the bye (one point) goes to the lowest-ranked player
//!    who has had none and without whom the others can be paired.
//! 3. From the top, each score group is paired top half against bottom
//!    half (S1[k] against S2[k]); where that would repeat a pairing or
//!    unbalance the seats, the next player of S2 is tried, then of S1, then
//!    the highest of the lower groups (a downfloater), with backtracking.
//! 4. Absolute criteria: no pair meets twice, and no player's count of
//!    games in the South seat differs from their count in the North seat by
//!    more than one. Of a pair, the player who sat North more often takes
//!    South; when even, the one who sat North last; when even again, the
//!    higher-ranked one on odd boards (from 1) takes South.
//!
//! When no pairing meets the absolute criteria, [`pair`] answers `None`
//! (a field too small for its rounds).

use crate::{Pairing, Round, Seat};

/// The most steps the search takes before it gives up.
const BUDGET: u32 = 1_000_000;

/// What the pairing knows of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    pub points2: u32,
    /// Their opponents so far, by seed.
    pub opponents: Vec<usize>,
    /// Their seats in the games they played, in order.
    pub seats: Vec<Seat>,
    pub had_bye: bool,
    /// Whether they are still in the event (not withdrawn).
    pub active: bool,
}

impl Entrant {
    /// Games in the South seat minus games in the North seat.
    pub fn balance(&self) -> i32 {
        self.seats
            .iter()
            .map(|seat| match seat {
                Seat::South => 1,
                Seat::North => -1,
            })
            .sum()
    }
}

/// The next round of the players of `entrants` (indexed by seed) who are
/// active, or `None` when none meets the absolute criteria.
pub fn pair(entrants: &[Entrant]) -> Option<Round> {
    let mut ranked: Vec<usize> = (0..entrants.len())
        .filter(|&p| entrants[p].active)
        .collect();
    ranked.sort_by(|&a, &b| {
        entrants[b]
            .points2
            .cmp(&entrants[a].points2)
            .then(a.cmp(&b))
    });
    let mut budget = BUDGET;
    if ranked.len() % 2 == 0 {
        let pairs = pair_all(entrants, &ranked, &mut budget)?;
        return Some(seat(entrants, &ranked, pairs, None));
    }
    for &bye in ranked.iter().rev() {
        if entrants[bye].had_bye {
            continue;
        }
        let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != bye).collect();
        if let Some(pairs) = pair_all(entrants, &rest, &mut budget) {
            return Some(seat(entrants, &ranked, pairs, Some(bye)));
        }
    }
    None
}

/// Whether `a` and `b` may meet: not met yet, and seats that keep both
/// within one of balance.
fn compatible(entrants: &[Entrant], a: usize, b: usize) -> bool {
    if entrants[a].opponents.contains(&b) {
        return false;
    }
    let (x, y) = (entrants[a].balance(), entrants[b].balance());
    let (low, high) = (x.min(y), x.max(y));
    (low + 1).abs() <= 1 && (high - 1).abs() <= 1
}

/// Pairs every player of `ranked` (best first), or `None`.
fn pair_all(
    entrants: &[Entrant],
    ranked: &[usize],
    budget: &mut u32,
) -> Option<Vec<(usize, usize)>> {
    let mut pairs = Vec::with_capacity(ranked.len() / 2);
    search(entrants, ranked.to_vec(), &mut pairs, budget).then_some(pairs)
}

fn search(
    entrants: &[Entrant],
    remaining: Vec<usize>,
    pairs: &mut Vec<(usize, usize)>,
    budget: &mut u32,
) -> bool {
    let Some(&top) = remaining.first() else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for candidate in candidates(entrants, &remaining) {
        if !compatible(entrants, top, candidate) {
            continue;
        }
        let rest: Vec<usize> = remaining[1..]
            .iter()
            .copied()
            .filter(|&p| p != candidate)
            .collect();
        pairs.push((top, candidate));
        if search(entrants, rest, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// The opponents to try for the first of `remaining`, best first: the
/// bottom half of its score group, then the rest of the top half, then the
/// lower groups by rank.
fn candidates(entrants: &[Entrant], remaining: &[usize]) -> Vec<usize> {
    let points = entrants[remaining[0]].points2;
    let group = remaining
        .iter()
        .take_while(|&&p| entrants[p].points2 == points)
        .count();
    let half = group / 2;
    let mut order: Vec<usize> = remaining[half.max(1)..group].to_vec();
    order.extend_from_slice(&remaining[1..half.max(1)]);
    order.extend_from_slice(&remaining[group..]);
    order
}

/// Seats each pair (see the module's doc), boards in the order of their
/// higher-ranked player.
fn seat(
    entrants: &[Entrant],
    ranked: &[usize],
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
) -> Round {
    let rank = |p: usize| ranked.iter().position(|&q| q == p).unwrap_or(usize::MAX);
    let mut pairs: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| if rank(a) <= rank(b) { (a, b) } else { (b, a) })
        .collect();
    pairs.sort_by_key(|&(high, _)| rank(high));
    let games = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (high, low))| {
            let (h, l) = (&entrants[high], &entrants[low]);
            let high_south = match h.balance().cmp(&l.balance()) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => match (h.seats.last(), l.seats.last()) {
                    (Some(Seat::North), Some(Seat::South)) => true,
                    (Some(Seat::South), Some(Seat::North)) => false,
                    _ => board % 2 == 0,
                },
            };
            if high_south {
                Pairing {
                    south: high,
                    north: low,
                }
            } else {
                Pairing {
                    south: low,
                    north: high,
                }
            }
        })
        .collect();
    Round { games, bye }
}
