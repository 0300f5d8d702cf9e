//! Arena: a fixed duration in which every player not in a game is paired
//! again as soon as an opponent is free, scored as on Lichess.
//!
//! **Points** (a player's *sheet*, their games in the order they were
//! paired): 2 a win, 1 a draw, 0 a loss, doubled while the player is *on
//! fire*, that is when their two games before were both wins. So a third
//! win in a row scores 4, and so does every win after it; a draw on fire
//! scores 2 and, like a loss, ends the streak (two more wins are needed to
//! be on fire again). Lichess's berserk (half the clock for a point more)
//! is left out, and so is its rule that a quick draw scores nothing.
//!
//! **Pairing** ([`pair`]): the players waiting (in the event and in no
//! game) are ranked by points, then by seed; each, from the top, is paired
//! with the waiting player closest in points (then in rank), never the
//! opponent either of them met last, unless those two are the only players
//! left in the event. As many pairs as possible are made; a player left
//! over waits for the next game to end. Of a pair, the player who sat
//! North more often takes South; when even, the one who sat North last;
//! when even again, the higher-ranked one.
//!
//! **Standings** ([`standings`]): by points, then by the sum of the final
//! points of the opponents of each game played (Buchholz on arena points),
//! then by seed; players equal on both share a rank.

use std::cmp::Ordering;

use crate::{Pairing, Played, Seat};

/// The most steps the pairing search takes before it settles for fewer
/// pairs.
const BUDGET: u32 = 200_000;

/// A game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Win,
    Draw,
    Loss,
}

/// One game of a sheet: its result and the points it scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub mark: Mark,
    /// Whether it was played on fire (its points doubled).
    pub doubled: bool,
    pub points: u32,
}

/// A player's games scored in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    pub scores: Vec<Scored>,
    pub points: u32,
    /// Whether their next game scores double.
    pub on_fire: bool,
}

/// Scores `marks`, a player's games in the order they were paired.
pub fn sheet(marks: &[Mark]) -> Sheet {
    let mut sheet = Sheet::default();
    for &mark in marks {
        let doubled = on_fire(&sheet.scores);
        let base = match mark {
            Mark::Win => 2,
            Mark::Draw => 1,
            Mark::Loss => 0,
        };
        let points = if doubled { 2 * base } else { base };
        sheet.points += points;
        sheet.scores.push(Scored {
            mark,
            doubled,
            points,
        });
    }
    sheet.on_fire = on_fire(&sheet.scores);
    sheet
}

/// Whether the last two games were both wins.
fn on_fire(scores: &[Scored]) -> bool {
    scores.len() >= 2
        && scores[scores.len() - 2..]
            .iter()
            .all(|s| s.mark == Mark::Win)
}

/// What the pairing knows of a player waiting for a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waiting {
    /// Their seed.
    pub player: usize,
    /// Their arena points.
    pub points: u32,
    /// The opponent of their last game, by seed.
    pub last_opponent: Option<usize>,
    /// Their seats in the games they played, in order.
    pub seats: Vec<Seat>,
}

impl Waiting {
    fn balance(&self) -> i32 {
        self.seats
            .iter()
            .map(|seat| match seat {
                Seat::South => 1,
                Seat::North => -1,
            })
            .sum()
    }
}

/// The games of the players of `waiting` (each once, by seed) when
/// `in_event` players are still in the event (waiting or in a game): as
/// many pairs as the rules allow (see the module's doc), the
/// highest-ranked pair first.
pub fn pair(waiting: &[Waiting], in_event: usize) -> Vec<Pairing> {
    let mut ranked: Vec<&Waiting> = waiting.iter().collect();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(a.player.cmp(&b.player)));
    ranked.dedup_by_key(|w| w.player);
    let rematch_allowed = in_event <= 2;
    let may_meet = |a: &Waiting, b: &Waiting| {
        a.player != b.player
            && (rematch_allowed
                || (a.last_opponent != Some(b.player) && b.last_opponent != Some(a.player)))
    };
    let order: Vec<usize> = (0..ranked.len()).collect();
    let mut budget = BUDGET;
    for target in (1..=ranked.len() / 2).rev() {
        let mut pairs = Vec::with_capacity(target);
        let idle = ranked.len() - 2 * target;
        if search(
            &ranked,
            &may_meet,
            order.clone(),
            target,
            idle,
            &mut pairs,
            &mut budget,
        ) {
            return seat(&ranked, pairs);
        }
        if budget == 0 {
            break;
        }
    }
    Vec::new()
}

/// Pairs `target` pairs of `remaining` (indexes into `ranked`, best
/// first), leaving at most `idle` of them unpaired.
fn search(
    ranked: &[&Waiting],
    may_meet: &impl Fn(&Waiting, &Waiting) -> bool,
    remaining: Vec<usize>,
    target: usize,
    idle: usize,
    pairs: &mut Vec<(usize, usize)>,
    budget: &mut u32,
) -> bool {
    if target == 0 {
        return true;
    }
    let Some(&top) = remaining.first() else {
        return false;
    };
    if *budget == 0 || remaining.len() < 2 * target {
        return false;
    }
    *budget -= 1;
    let mut candidates: Vec<usize> = remaining[1..]
        .iter()
        .copied()
        .filter(|&other| may_meet(ranked[top], ranked[other]))
        .collect();
    // The closest in points, then in rank.
    candidates.sort_by_key(|&other| (ranked[top].points.abs_diff(ranked[other].points), other));
    for other in candidates {
        let rest: Vec<usize> = remaining[1..]
            .iter()
            .copied()
            .filter(|&p| p != other)
            .collect();
        pairs.push((top, other));
        if search(ranked, may_meet, rest, target - 1, idle, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    // The top player waits.
    idle > 0
        && search(
            ranked,
            may_meet,
            remaining[1..].to_vec(),
            target,
            idle - 1,
            pairs,
            budget,
        )
}

/// Seats each pair, `high` ranked above `low`.
fn seat(ranked: &[&Waiting], pairs: Vec<(usize, usize)>) -> Vec<Pairing> {
    let mut pairs = pairs;
    pairs.sort();
    pairs
        .into_iter()
        .map(|(high, low)| {
            let (h, l) = (ranked[high], ranked[low]);
            let high_south = match h.balance().cmp(&l.balance()) {
                Ordering::Less => true,
                Ordering::Greater => false,
                Ordering::Equal => !matches!(
                    (h.seats.last(), l.seats.last()),
                    (Some(Seat::South), Some(Seat::North))
                ),
            };
            if high_south {
                Pairing {
                    south: h.player,
                    north: l.player,
                }
            } else {
                Pairing {
                    south: l.player,
                    north: h.player,
                }
            }
        })
        .collect()
}

/// One player's line of an arena's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub player: usize,
    pub rank: usize,
    pub points: u32,
    pub games: u32,
    /// The sum of the final points of the opponent of each game played.
    pub buchholz: u32,
    pub sheet: Sheet,
}

/// The standings of `players` players after `played`, their games in the
/// order they were paired, best first.
pub fn standings(players: usize, played: &[Played]) -> Vec<Line> {
    let mut marks: Vec<Vec<Mark>> = vec![Vec::new(); players];
    for game in played {
        let (south, north) = match game.outcome {
            crate::Outcome::SouthWins => (Mark::Win, Mark::Loss),
            crate::Outcome::NorthWins => (Mark::Loss, Mark::Win),
            crate::Outcome::Draw => (Mark::Draw, Mark::Draw),
        };
        marks[game.south].push(south);
        marks[game.north].push(north);
    }
    let sheets: Vec<Sheet> = marks.iter().map(|m| sheet(m)).collect();
    let mut buchholz = vec![0u32; players];
    for game in played {
        buchholz[game.south] += sheets[game.north].points;
        buchholz[game.north] += sheets[game.south].points;
    }
    let mut lines: Vec<Line> = sheets
        .into_iter()
        .enumerate()
        .map(|(player, sheet)| Line {
            player,
            rank: 0,
            points: sheet.points,
            games: sheet.scores.len() as u32,
            buchholz: buchholz[player],
            sheet,
        })
        .collect();
    let key = |line: &Line| (line.points, line.buchholz);
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    let keys: Vec<(u32, u32)> = lines.iter().map(key).collect();
    for (at, line) in lines.iter_mut().enumerate() {
        line.rank = 1 + keys[..at].iter().filter(|k| **k > keys[at]).count();
    }
    lines
}
