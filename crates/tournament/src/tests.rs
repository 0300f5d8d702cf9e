//! Literal pairings and standings worked by hand, and the pairing rules'
//! invariants as properties.

use proptest::prelude::*;

use crate::round_robin;
use crate::standings::{standings, Line, Order};
use crate::swiss::{self, Entrant};
use crate::{Outcome, Pairing, Played, Round, Seat, Unplayed};

fn games(pairs: &[(usize, usize)]) -> Vec<Pairing> {
    pairs
        .iter()
        .map(|&(south, north)| Pairing { south, north })
        .collect()
}

/// FIDE's Berger table for six players (C.05 annex 1), white = South,
/// numbered from 1 there and from 0 here.
#[test]
fn berger_table_of_six() {
    let table = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (1, 2), (5, 3)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ];
    assert_eq!(round_robin::rounds(6, false), 5);
    for (r, expected) in table.iter().enumerate() {
        let expected: Vec<(usize, usize)> = expected.iter().map(|&(s, n)| (s - 1, n - 1)).collect();
        let mut got: Vec<(usize, usize)> = round_robin::round(6, r + 1, false)
            .games
            .iter()
            .map(|g| (g.south, g.north))
            .collect();
        let mut want = expected.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "round {}", r + 1);
    }
}

/// Four players, doubled: the table of four (1-4 2-3, 4-3 1-2, 2-4 3-1),
/// then again with the seats swapped.
#[test]
fn double_round_robin_of_four_swaps_the_seats() {
    assert_eq!(round_robin::rounds(4, true), 6);
    let round = |r| round_robin::round(4, r, true);
    assert_eq!(
        round(1),
        Round {
            games: games(&[(0, 3), (1, 2)]),
            bye: None
        }
    );
    assert_eq!(
        round(2),
        Round {
            games: games(&[(3, 2), (0, 1)]),
            bye: None
        }
    );
    assert_eq!(
        round(3),
        Round {
            games: games(&[(1, 3), (2, 0)]),
            bye: None
        }
    );
    assert_eq!(
        round(4),
        Round {
            games: games(&[(3, 0), (2, 1)]),
            bye: None
        }
    );
    assert_eq!(
        round(5),
        Round {
            games: games(&[(2, 3), (1, 0)]),
            bye: None
        }
    );
    assert_eq!(
        round(6),
        Round {
            games: games(&[(3, 1), (0, 2)]),
            bye: None
        }
    );
}

/// Three players: the table of four with the phantom 4 as the bye.
#[test]
fn round_robin_of_three_has_a_bye_each_round() {
    assert_eq!(round_robin::rounds(3, false), 3);
    assert_eq!(
        round_robin::round(3, 1, false),
        Round {
            games: games(&[(1, 2)]),
            bye: Some(0)
        }
    );
    assert_eq!(
        round_robin::round(3, 2, false),
        Round {
            games: games(&[(0, 1)]),
            bye: Some(2)
        }
    );
    assert_eq!(
        round_robin::round(3, 3, false),
        Round {
            games: games(&[(2, 0)]),
            bye: Some(1)
        }
    );
}

fn fresh(n: usize) -> Vec<Entrant> {
    vec![
        Entrant {
            active: true,
            ..Entrant::default()
        };
        n
    ]
}

fn apply(entrants: &mut [Entrant], round: &Round, outcomes: &[Outcome]) {
    for (game, outcome) in round.games.iter().zip(outcomes) {
        let south = &mut entrants[game.south];
        south.points2 += outcome.south_points2();
        south.opponents.push(game.north);
        south.seats.push(Seat::South);
        let north = &mut entrants[game.north];
        north.points2 += 2 - outcome.south_points2();
        north.opponents.push(game.south);
        north.seats.push(Seat::North);
    }
    if let Some(bye) = round.bye {
        entrants[bye].points2 += 2;
        entrants[bye].had_bye = true;
    }
}

/// Six players, round 1: top half against bottom half, 1-4 5-2 3-6 in
/// FIDE's numbering (the top seed South, then alternating by board).
/// Round 2 after 1, 5 and 3 won (all three in the South seat): no two
/// winners may meet, each having sat South once, so 1 (seed 0) floats
/// to the top loser 2 (seed 1), 3 (seed 2) to the next loser 4 (seed 3),
/// and 5 (seed 4) meets 6 (seed 5); each former North player takes South.
#[test]
fn swiss_of_six_first_two_rounds() {
    let mut entrants = fresh(6);
    let first = swiss::pair(&entrants).unwrap();
    assert_eq!(
        first,
        Round {
            games: games(&[(0, 3), (4, 1), (2, 5)]),
            bye: None
        }
    );
    apply(&mut entrants, &first, &[Outcome::SouthWins; 3]);
    let second = swiss::pair(&entrants).unwrap();
    assert_eq!(
        second,
        Round {
            games: games(&[(1, 0), (3, 2), (5, 4)]),
            bye: None
        }
    );
}

/// Five players: the bye goes to the lowest-ranked, seed 4, then to the
/// lowest-ranked who had none.
#[test]
fn swiss_bye_goes_to_the_lowest_ranked_without_one() {
    let mut entrants = fresh(5);
    let first = swiss::pair(&entrants).unwrap();
    // Seeds 0-3 all on 0 points: 0-2, 3-1 (board 2 the lower seed South).
    assert_eq!(
        first,
        Round {
            games: games(&[(0, 2), (3, 1)]),
            bye: Some(4)
        }
    );
    apply(
        &mut entrants,
        &first,
        &[Outcome::SouthWins, Outcome::NorthWins],
    );
    // Now 0, 1 and 4 have a point, 2 and 3 none: the lowest-ranked is 3.
    let second = swiss::pair(&entrants).unwrap();
    assert_eq!(second.bye, Some(3));
}

fn line(player: usize, rank: usize, p2: u32, games: u32, b2: u32, sb4: u32, d2: u32) -> Line {
    Line {
        player,
        rank,
        points2: p2,
        games,
        buchholz2: b2,
        sonneborn_berger4: sb4,
        direct2: d2,
    }
}

/// A round-robin of four: A(0) beats B(1) and C(2), loses to D(3); B beats
/// C and D; C draws D. Points: A 2, B 2, C ½, D 1½.
/// Buchholz: A = B+C+D = 2+½+1½ = 4; B = A+C+D = 4; C = A+B+D = 5½;
/// D = A+B+C = 4½. Sonneborn–Berger: A = 2 + ½ = 2½ (wins over B, C);
/// B = ½ + 1½ = 2 (wins over C, D); C = ½·1½ = ¾; D = 2 (A) + ½·½ = 2¼.
/// Direct encounter among A and B (2 points each): A beat B, so A 1, B 0.
#[test]
fn round_robin_standings_with_literal_tiebreaks() {
    let played = [
        Played {
            south: 0,
            north: 1,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 2,
            north: 0,
            outcome: Outcome::NorthWins,
        },
        Played {
            south: 3,
            north: 0,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 1,
            north: 2,
            outcome: Outcome::SouthWins,
        },
        Played {
            south: 3,
            north: 1,
            outcome: Outcome::NorthWins,
        },
        Played {
            south: 2,
            north: 3,
            outcome: Outcome::Draw,
        },
    ];
    let lines = standings(4, &played, &[], Order::RoundRobin);
    assert_eq!(
        lines,
        vec![
            line(0, 1, 4, 3, 8, 10, 2),
            line(1, 2, 4, 3, 8, 8, 0),
            line(3, 3, 3, 3, 9, 9, 0),
            line(2, 4, 1, 3, 11, 3, 0),
        ]
    );
}

/// Swiss order: points, then Buchholz. Three players, one game each and a
/// bye: 0 beat 1, then 2 had the bye (1 point, no Buchholz). 0 and 2 both
/// on 1 point; 0's Buchholz is 1's points, 0; 2's is 0 too; SB 0 and 0;
/// direct encounter 0 (they did not meet): equal on all, shared rank 1.
#[test]
fn swiss_standings_share_a_rank_when_equal_on_everything() {
    let played = [Played {
        south: 0,
        north: 1,
        outcome: Outcome::SouthWins,
    }];
    let unplayed = [Unplayed {
        player: 2,
        points2: 2,
    }];
    let lines = standings(3, &played, &unplayed, Order::Swiss);
    assert_eq!(
        lines,
        vec![
            line(0, 1, 2, 1, 0, 0, 0),
            line(2, 1, 2, 0, 0, 0, 0),
            line(1, 3, 0, 1, 2, 0, 0),
        ]
    );
}

fn outcome(code: u8) -> Outcome {
    match code % 3 {
        0 => Outcome::SouthWins,
        1 => Outcome::NorthWins,
        _ => Outcome::Draw,
    }
}

proptest! {
    /// Whatever the results, every round paired obeys the absolute
    /// criteria: no pair twice, a bye at most once per player and only in
    /// an odd field, everyone paired once, seats within one of balance.
    #[test]
    fn swiss_rounds_keep_the_absolute_criteria(
        players in 2usize..14,
        results in proptest::collection::vec(any::<u8>(), 64),
        rounds in 1usize..6,
    ) {
        let mut entrants = fresh(players);
        let mut codes = results.iter().copied().cycle();
        for _ in 0..rounds {
            let Some(round) = swiss::pair(&entrants) else { break };
            let mut seen = vec![false; players];
            for game in &round.games {
                prop_assert!(!entrants[game.south].opponents.contains(&game.north));
                for p in [game.south, game.north] {
                    prop_assert!(!seen[p]);
                    seen[p] = true;
                }
            }
            if let Some(bye) = round.bye {
                prop_assert!(players % 2 == 1);
                prop_assert!(!entrants[bye].had_bye);
                prop_assert!(!seen[bye]);
                seen[bye] = true;
            } else {
                prop_assert!(players % 2 == 0);
            }
            prop_assert!(seen.iter().all(|&s| s));
            let outcomes: Vec<Outcome> = round.games.iter().map(|_| outcome(codes.next().unwrap())).collect();
            apply(&mut entrants, &round, &outcomes);
            for entrant in &entrants {
                prop_assert!(entrant.balance().abs() <= 1);
            }
        }
    }

    /// A round-robin meets every pair once per cycle, gives each player
    /// a bye at most once per cycle, and keeps seats within one of balance
    /// over a cycle; the second cycle swaps every game's seats.
    #[test]
    fn round_robin_meets_every_pair_once_per_cycle(players in 2usize..16) {
        let cycle = round_robin::rounds(players, false);
        let mut met = std::collections::HashMap::new();
        let mut byes = vec![0; players];
        let mut balance = vec![0i32; players];
        for r in 1..=2 * cycle {
            let round = round_robin::round(players, r, true);
            if r > cycle {
                let first = round_robin::round(players, r - cycle, true);
                let swapped: Vec<Pairing> = first.games.iter().map(|g| Pairing { south: g.north, north: g.south }).collect();
                prop_assert_eq!(&round.games, &swapped);
            }
            for game in &round.games {
                let key = (game.south.min(game.north), game.south.max(game.north));
                *met.entry(key).or_insert(0) += 1;
                balance[game.south] += 1;
                balance[game.north] -= 1;
            }
            if let Some(bye) = round.bye { byes[bye] += 1; }
            if r == cycle {
                prop_assert!(balance.iter().all(|b| b.abs() <= 1));
            }
        }
        prop_assert_eq!(met.len(), players * (players - 1) / 2);
        prop_assert!(met.values().all(|&count| count == 2));
        prop_assert!(byes.iter().all(|&b| b == 2 * (players % 2)));
    }
}

proptest! {
    /// A Swiss of six over three rounds can always be paired, whatever
    /// the results: every round is found.
    #[test]
    fn swiss_of_six_over_three_rounds_always_pairs(
        results in proptest::collection::vec(any::<u8>(), 9),
    ) {
        let mut entrants = fresh(6);
        let mut codes = results.iter().copied();
        for _ in 0..3 {
            let round = swiss::pair(&entrants);
            prop_assert!(round.is_some());
            let round = round.unwrap();
            let outcomes: Vec<Outcome> = round.games.iter().map(|_| outcome(codes.next().unwrap())).collect();
            apply(&mut entrants, &round, &outcomes);
        }
    }
}
