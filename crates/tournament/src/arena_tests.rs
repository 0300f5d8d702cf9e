//! The arena's scoring, pairing and standings: literal cases worked by
//! hand, and the rules as properties.

use proptest::prelude::*;

use crate::arena::{pair, sheet, standings, Mark, Waiting};
use crate::{Outcome, Pairing, Played, Seat};

use Mark::{Draw, Loss, Win};

fn waiting(player: usize, points: u32, last: Option<usize>, seats: &[Seat]) -> Waiting {
    Waiting {
        player,
        points,
        last_opponent: last,
        seats: seats.to_vec(),
    }
}

fn pairs(pairings: &[Pairing]) -> Vec<(usize, usize)> {
    pairings.iter().map(|p| (p.south, p.north)).collect()
}

/// W W W D W W W L: 2, 2, 4 (on fire), 2 (a draw on fire), 2 (the streak
/// broken), 2, 4, 0: 18, and not on fire after the loss.
#[test]
fn a_win_after_two_wins_scores_four_and_a_draw_on_fire_two() {
    let scored = sheet(&[Win, Win, Win, Draw, Win, Win, Win, Loss]);
    let points: Vec<u32> = scored.scores.iter().map(|s| s.points).collect();
    assert_eq!(points, [2, 2, 4, 2, 2, 2, 4, 0]);
    let doubled: Vec<bool> = scored.scores.iter().map(|s| s.doubled).collect();
    assert_eq!(
        doubled,
        [false, false, true, true, false, false, true, true]
    );
    assert_eq!(scored.points, 18);
    assert!(!scored.on_fire);
}

#[test]
fn two_wins_in_a_row_put_a_player_on_fire() {
    assert!(sheet(&[Loss, Win, Win]).on_fire);
    assert_eq!(sheet(&[Loss, Win, Win]).points, 4);
    assert!(!sheet(&[Win, Draw, Win]).on_fire);
    assert_eq!(sheet(&[Win, Draw, Win]).points, 5);
    assert_eq!(sheet(&[Draw, Draw, Draw]).points, 3);
    assert_eq!(sheet(&[Win, Win, Win, Win]).points, 12);
    assert_eq!(sheet(&[]).points, 0);
}

/// Points 6, 4, 4, 0; 0 and 1 met last, as did 2 and 3: 0 meets the
/// closest other, 2, and 1 meets 3. 0 and 2 are even on seats and both
/// sat South last: the higher-ranked, 0, sits South; 1 sat North more
/// often than 3 and sits South.
#[test]
fn the_closest_in_points_not_the_last_opponent() {
    let field = [
        waiting(0, 6, Some(1), &[Seat::South, Seat::North, Seat::South]),
        waiting(1, 4, Some(0), &[Seat::North, Seat::South, Seat::North]),
        waiting(2, 4, Some(3), &[Seat::South]),
        waiting(3, 0, Some(2), &[Seat::North, Seat::South]),
    ];
    assert_eq!(pairs(&pair(&field, 4)), [(0, 2), (1, 3)]);
}

/// Points 8, 6, 4, 2; 2 and 3 met last. The closest first would give 0-1
/// and leave 2 with 3: 0 meets 2 instead, and 1 meets 3.
#[test]
fn every_waiting_player_is_paired_when_some_pairing_allows_it() {
    let field = [
        waiting(0, 8, None, &[]),
        waiting(1, 6, None, &[]),
        waiting(2, 4, Some(3), &[]),
        waiting(3, 2, Some(2), &[]),
    ];
    assert_eq!(pairs(&pair(&field, 4)), [(0, 2), (1, 3)]);
}

#[test]
fn the_last_opponents_wait_unless_they_are_the_only_two_left() {
    let field = [
        waiting(0, 2, Some(1), &[Seat::South]),
        waiting(1, 0, Some(0), &[Seat::North]),
    ];
    assert_eq!(pair(&field, 3), []);
    assert_eq!(pair(&field, 4), []);
    // Alone in the event, they meet again, the seats swapped.
    assert_eq!(pairs(&pair(&field, 2)), [(1, 0)]);
}

/// Three waiting, 0 and 1 having just met: 0 meets 2, 1 waits.
#[test]
fn an_odd_player_waits() {
    let field = [
        waiting(1, 2, Some(0), &[]),
        waiting(0, 4, Some(1), &[]),
        waiting(2, 2, None, &[]),
    ];
    assert_eq!(pairs(&pair(&field, 3)), [(0, 2)]);
    assert_eq!(pair(&field[..1], 3), []);
    assert_eq!(pair(&[], 3), []);
}

/// Even on seats: the one who sat North last takes South.
#[test]
fn the_player_who_sat_north_last_takes_south() {
    let field = [
        waiting(0, 4, None, &[Seat::North, Seat::South]),
        waiting(1, 2, None, &[Seat::South, Seat::North]),
    ];
    assert_eq!(pairs(&pair(&field, 5)), [(1, 0)]);
}

/// In order: 0 beats 1; 2 and 1 draw; 0 beats 2; 0 beats 1 (on fire: 4);
/// 1 beats 2. Points: 0: 2+2+4 = 8; 1: 0+1+0+2 = 3; 2: 1+0+0 = 1.
/// Buchholz: 0: 3+1+3 = 7; 1: 8+1+8+1 = 18; 2: 3+8+3 = 14.
#[test]
fn standings_by_points_with_the_sheets() {
    let played = [
        Played {
            south: 0,
            north: 1,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 2,
            north: 1,
            outcome: Outcome::Draw,
        },
        Played {
            south: 0,
            north: 2,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 1,
            north: 0,
            outcome: Outcome::NorthWins,
        },
        Played {
            south: 2,
            north: 1,
            outcome: Outcome::NorthWins,
        },
    ];
    let lines = standings(3, &played);
    let got: Vec<(usize, usize, u32, u32, u32, bool)> = lines
        .iter()
        .map(|l| {
            (
                l.player,
                l.rank,
                l.points,
                l.games,
                l.buchholz,
                l.sheet.on_fire,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (0, 1, 8, 3, 7, true),
            (1, 2, 3, 4, 18, false),
            (2, 3, 1, 3, 14, false),
        ]
    );
    let sheet1: Vec<u32> = lines[1].sheet.scores.iter().map(|s| s.points).collect();
    assert_eq!(sheet1, [0, 1, 0, 2]);
}

/// Equal on points and Buchholz: one rank shared, listed by seed.
#[test]
fn equal_players_share_a_rank() {
    let played = [
        Played {
            south: 1,
            north: 0,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 0,
            north: 1,
            outcome: Outcome::SouthWins,
        },
    ];
    let lines = standings(3, &played);
    let got: Vec<(usize, usize, u32)> =
        lines.iter().map(|l| (l.player, l.rank, l.points)).collect();
    assert_eq!(got, [(0, 1, 2), (1, 1, 2), (2, 3, 0)]);
}

/// Points counted another way: a running count of wins in a row.
fn points_by_streak(marks: &[Mark]) -> (u32, bool) {
    let (mut points, mut streak) = (0, 0);
    for mark in marks {
        let base = match mark {
            Win => 2,
            Draw => 1,
            Loss => 0,
        };
        points += if streak >= 2 { 2 * base } else { base };
        streak = if *mark == Win { streak + 1 } else { 0 };
    }
    (points, streak >= 2)
}

fn mark_of(byte: u8) -> Mark {
    match byte % 3 {
        0 => Win,
        1 => Draw,
        _ => Loss,
    }
}

proptest! {
    #[test]
    fn sheets_score_as_a_running_streak_counts(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let marks: Vec<Mark> = bytes.iter().map(|&b| mark_of(b)).collect();
        let scored = sheet(&marks);
        let (points, fire) = points_by_streak(&marks);
        prop_assert_eq!(scored.points, points);
        prop_assert_eq!(scored.on_fire, fire);
        prop_assert_eq!(scored.scores.iter().map(|s| s.points).sum::<u32>(), points);
    }

    /// No one paired with themselves or twice, only the waiting, never
    /// last opponents while others are in the event, and no two players
    /// left waiting who could have met.
    #[test]
    fn pairings_keep_the_rules(
        players in 2usize..14,
        seeds in proptest::collection::vec(any::<u16>(), 14),
        extra in 0usize..4,
    ) {
        let waiting_count = 1 + (seeds[0] as usize) % players;
        let field: Vec<Waiting> = (0..waiting_count)
            .map(|p| {
                let roll = seeds[p % seeds.len()] as usize;
                let last = (roll % 3 != 0).then_some((p + 1 + roll % (players - 1)) % players).filter(|&o| o != p);
                let seats = (0..roll % 5).map(|i| if (roll >> i) & 1 == 0 { Seat::South } else { Seat::North }).collect();
                Waiting { player: p, points: (roll % 7) as u32 * 2, last_opponent: last, seats }
            })
            .collect();
        let in_event = (waiting_count + extra).min(players).max(waiting_count);
        let games = pair(&field, in_event);
        let mut seen = std::collections::HashSet::new();
        let forbidden = |a: usize, b: usize| {
            field[a].last_opponent == Some(b) || field[b].last_opponent == Some(a)
        };
        for game in &games {
            prop_assert_ne!(game.south, game.north);
            prop_assert!(game.south < waiting_count && game.north < waiting_count);
            prop_assert!(seen.insert(game.south) && seen.insert(game.north));
            if in_event > 2 {
                prop_assert!(!forbidden(game.south, game.north), "{:?} met last", game);
            }
        }
        let left: Vec<usize> = (0..waiting_count).filter(|p| !seen.contains(p)).collect();
        for (i, &a) in left.iter().enumerate() {
            for &b in &left[i + 1..] {
                prop_assert!(in_event > 2 && forbidden(a, b), "{} and {} both left waiting", a, b);
            }
        }
    }
}
