//! Known Glicko-2 examples, draws, inactivity and the record.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use super::*;

fn at(day: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 12, 0, 0).unwrap() + TimeDelta::days(day)
}

fn standing(rating: f64, rd: f64, last_played_at: Option<DateTime<Utc>>) -> Standing {
    Standing {
        glicko: Glicko {
            rating,
            rd,
            volatility: DEFAULT_VOLATILITY,
        },
        games: 10,
        wins: 5,
        draws: 0,
        losses: 5,
        streak: None,
        last_played_at,
        opponents: 5,
        anchor: false,
    }
}

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

#[test]
fn two_new_players_move_symmetrically_by_about_162_points() {
    // Worked by hand from Glickman's paper: φ = 350/173.7178, g(φ) = 0.6691,
    // E = 0.5, v = 8.935, φ' = 1.6712 → RD 290.3, μ' = φ'² g / 2 → +162.3.
    let (winner, loser) = rate_game(&Standing::NEW, &Standing::NEW, GameResult::Win, at(0));
    assert!(close(winner.glicko.rating, 1662.3, 0.05), "{winner:?}");
    assert!(close(loser.glicko.rating, 1337.7, 0.05), "{loser:?}");
    assert!(close(winner.glicko.rd, 290.3, 0.05), "{winner:?}");
    assert_eq!(winner.glicko.rd, loser.glicko.rd);
    assert_eq!(
        winner.glicko.rating - DEFAULT_RATING,
        DEFAULT_RATING - loser.glicko.rating
    );
    assert!(close(winner.glicko.volatility, DEFAULT_VOLATILITY, 1e-4));
}

#[test]
fn glickmans_example_played_game_by_game_at_one_instant() {
    // Glickman's worked example (glicko2.pdf): 1500/200 beats 1400/30, then
    // loses to 1550/100 and 1700/300. As one rating period the answer is
    // 1464.06 / 151.52 / 0.05999; game by game it comes within a point.
    let mut player = standing(1500.0, 200.0, None);
    player.glicko.volatility = 0.06;
    let games = [
        (1400.0, 30.0, GameResult::Win),
        (1550.0, 100.0, GameResult::Loss),
        (1700.0, 300.0, GameResult::Loss),
    ];
    for (rating, rd, result) in games {
        let opponent = standing(rating, rd, Some(at(0)));
        let before = player.glicko.rating;
        (player, _) = rate_game(&player, &opponent, result, at(0));
        match result {
            GameResult::Win => assert!(player.glicko.rating > before),
            _ => assert!(player.glicko.rating < before),
        }
    }
    assert!(close(player.glicko.rating, 1464.0, 1.0), "{player:?}");
    assert!(close(player.glicko.rd, 151.5, 1.0), "{player:?}");
    assert!(
        close(player.glicko.volatility, 0.059_997, 1e-5),
        "{player:?}"
    );
}

#[test]
fn a_draw_pulls_ratings_together_and_moves_the_uncertain_player_most() {
    // skillratings' own example: 1600/350 draws 1500/50 → 1550/253 and 1501/51.
    let strong = standing(1600.0, 350.0, Some(at(0)));
    let steady = standing(1500.0, 50.0, Some(at(0)));
    let (strong_after, steady_after) = rate_game(&strong, &steady, GameResult::Draw, at(0));
    assert!(
        close(strong_after.glicko.rating, 1550.0, 1.0),
        "{strong_after:?}"
    );
    assert!(
        close(strong_after.glicko.rd, 253.0, 1.0),
        "{strong_after:?}"
    );
    assert!(
        close(steady_after.glicko.rating, 1501.0, 1.0),
        "{steady_after:?}"
    );
    assert!(close(steady_after.glicko.rd, 51.0, 1.0), "{steady_after:?}");
    assert!(strong_after.glicko.rating < strong.glicko.rating);
    assert!(steady_after.glicko.rating > steady.glicko.rating);

    let (a, b) = rate_game(&Standing::NEW, &Standing::NEW, GameResult::Draw, at(0));
    assert_eq!(a.glicko.rating, DEFAULT_RATING, "equals drawing stay put");
    assert_eq!(b.glicko.rating, DEFAULT_RATING);
    assert!(a.glicko.rd < DEFAULT_RD, "but they are better known");
}

#[test]
fn an_upset_moves_more_than_an_expected_result() {
    let favourite = standing(1800.0, 60.0, Some(at(0)));
    let underdog = standing(1500.0, 60.0, Some(at(0)));
    let (expected, _) = rate_game(&favourite, &underdog, GameResult::Win, at(0));
    let (upset, _) = rate_game(&favourite, &underdog, GameResult::Loss, at(0));
    let gain = expected.glicko.rating - favourite.glicko.rating;
    let loss = favourite.glicko.rating - upset.glicko.rating;
    assert!(gain > 0.0 && loss > 0.0);
    assert!(loss > 3.0 * gain, "gain {gain}, loss {loss}");
    assert!(gain < 5.0 && loss < 25.0, "established ratings move little");
}

#[test]
fn rd_grows_one_glicko2_period_per_full_idle_day() {
    let played = Glicko {
        rating: 1700.0,
        rd: 50.0,
        volatility: 0.06,
    };
    assert_eq!(after_idle(played, None, at(0)), played, "no previous game");
    assert_eq!(after_idle(played, Some(at(0)), at(0)), played);
    let almost_a_day = at(1) - TimeDelta::seconds(1);
    assert_eq!(after_idle(played, Some(at(0)), almost_a_day), played);
    assert_eq!(
        after_idle(played, Some(at(5)), at(0)),
        played,
        "clock went back"
    );

    // φ² + 100 σ² on the Glicko-2 scale: √(0.2878² + 100 × 0.06²) × 173.7178.
    let idle = after_idle(played, Some(at(0)), at(100));
    assert!(close(idle.rd, 115.6, 0.1), "{idle:?}");
    assert!(idle.is_provisional());
    assert_eq!((idle.rating, idle.volatility), (1700.0, 0.06));

    let decades = after_idle(played, Some(at(0)), at(20 * 365));
    assert_eq!(decades.rd, MAX_RD);
}

#[test]
fn an_idle_player_moves_further_than_an_active_one() {
    let opponent = standing(1500.0, 60.0, Some(at(99)));
    let active = standing(1500.0, 60.0, Some(at(99)));
    let idle = standing(1500.0, 60.0, Some(at(0)));
    let (active_after, _) = rate_game(&active, &opponent, GameResult::Win, at(100));
    let (idle_after, _) = rate_game(&idle, &opponent, GameResult::Win, at(100));
    assert!(idle_after.glicko.rating > active_after.glicko.rating);
    assert!(idle_after.glicko.rd > active_after.glicko.rd);
}

#[test]
fn the_record_and_streak_follow_the_results() {
    let mut a = Standing::NEW;
    let mut b = Standing::NEW;
    let results = [
        GameResult::Win,
        GameResult::Win,
        GameResult::Draw,
        GameResult::Loss,
        GameResult::Loss,
        GameResult::Loss,
    ];
    for (day, result) in results.into_iter().enumerate() {
        (a, b) = rate_game(&a, &b, result, at(day as i64));
    }
    assert_eq!((a.games, a.wins, a.draws, a.losses), (6, 2, 1, 3));
    assert_eq!((b.games, b.wins, b.draws, b.losses), (6, 3, 1, 2));
    assert_eq!(
        a.streak,
        Some(Streak {
            kind: GameResult::Loss,
            length: 3
        })
    );
    assert_eq!(
        b.streak,
        Some(Streak {
            kind: GameResult::Win,
            length: 3
        })
    );
    assert_eq!(a.last_played_at, Some(at(5)));
}

#[test]
fn the_same_history_gives_bit_identical_ratings() {
    let play = || {
        let (mut a, mut b) = (Standing::NEW, Standing::NEW);
        for day in 0..50 {
            let result = GameResult::ALL[(day * 7 % 3) as usize];
            (a, b) = rate_game(&a, &b, result, at(day * 3));
        }
        (a, b)
    };
    let (first, second) = (play(), play());
    assert_eq!(
        first.0.glicko.rating.to_bits(),
        second.0.glicko.rating.to_bits()
    );
    assert_eq!(first.1.glicko.rd.to_bits(), second.1.glicko.rd.to_bits());
    assert_eq!(first, second);
}

#[test]
fn results_round_trip_their_names() {
    for result in GameResult::ALL {
        assert_eq!(GameResult::from_name(result.name()), Some(result));
        assert_eq!(result.flipped().flipped(), result);
    }
    assert_eq!(GameResult::from_name("won"), None);
}

#[test]
fn glickmans_worked_example_as_one_rating_period() {
    // glicko2.pdf, "Example": r' = 1464.06, RD' = 151.52, σ' = 0.05999
    // (the paper rounds as it goes; exactly: 1464.0507, 151.5165, 0.059996).
    let rated = |rating, rd| Glicko {
        rating,
        rd,
        volatility: 0.06,
    };
    let after = rate_period(
        rated(1500.0, 200.0),
        &[
            (rated(1400.0, 30.0), GameResult::Win),
            (rated(1550.0, 100.0), GameResult::Loss),
            (rated(1700.0, 300.0), GameResult::Loss),
        ],
    );
    assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
    assert!(close(after.rd, 151.52, 0.01), "{after:?}");
    assert!(close(after.volatility, 0.05999, 1e-5), "{after:?}");
}

#[test]
fn a_rated_game_is_one_rating_period_for_each_side() {
    let players = [
        standing(1500.0, 350.0, Some(at(0))),
        standing(1620.5, 60.0, Some(at(0))),
        standing(1210.0, 180.0, Some(at(0))),
    ];
    for a in &players {
        for b in &players {
            for result in GameResult::ALL {
                let (a_after, b_after) = rate_game(a, b, result, at(0));
                let a_period = rate_period(a.glicko, &[(b.glicko, result)]);
                let b_period = rate_period(b.glicko, &[(a.glicko, result.flipped())]);
                for (game, period) in [(a_after.glicko, a_period), (b_after.glicko, b_period)] {
                    assert!(
                        close(game.rating, period.rating, 1e-9),
                        "{game:?} {period:?}"
                    );
                    assert!(close(game.rd, period.rd, 1e-9), "{game:?} {period:?}");
                    assert!(close(game.volatility, period.volatility, 1e-12));
                }
            }
        }
    }
}

#[test]
fn a_rating_is_provisional_from_an_rd_of_110() {
    let at_rd = |rd| Glicko {
        rd,
        ..Glicko::DEFAULT
    };
    assert!(at_rd(DEFAULT_RD).is_provisional());
    assert!(at_rd(110.0).is_provisional());
    assert!(!at_rd(109.99).is_provisional());
    assert!(!at_rd(45.0).is_provisional());
}

#[test]
fn the_configuration_is_tau_0_5_and_skillratings_tolerance() {
    // Pinned so that a skillratings upgrade changing its defaults (which
    // `config` relies on for the tolerance) shows up here.
    let config = config();
    assert_eq!(config.tau, 0.5);
    assert_eq!(TAU, 0.5);
    assert_eq!(config.convergence_tolerance, 0.000_001);
}

fn side(standing: Standing, first_meeting: bool) -> Side {
    Side {
        standing,
        first_meeting,
    }
}

#[test]
fn a_player_is_established_by_ten_games_against_five_opponents_below_rd_110() {
    // standing(): 10 games, 5 opponents.
    assert!(standing(1500.0, 109.99, None).is_established());
    assert!(!standing(1500.0, 110.0, None).is_established());
    let nine = Standing {
        games: 9,
        ..standing(1500.0, 60.0, None)
    };
    assert!(!nine.is_established());
    let four = Standing {
        opponents: 4,
        ..standing(1500.0, 60.0, None)
    };
    assert!(!four.is_established());
    assert!(!Standing::NEW.is_established());
    let anchor = Standing {
        anchor: true,
        ..Standing::NEW
    };
    assert!(anchor.is_established());
}

#[test]
fn only_the_side_facing_an_established_opponent_moves() {
    let established = standing(1700.0, 60.0, None);
    let (a, b) = rate_counted(
        side(established, false),
        side(Standing::NEW, true),
        GameResult::Loss,
        at(0),
    );
    assert_eq!(
        a, None,
        "an established player does not move against a provisional one"
    );
    let b = b.expect("the provisional one moves");
    assert!(b.glicko.rating > 1500.0, "{b:?}");
    assert_eq!((b.games, b.wins, b.opponents), (1, 1, 1));

    let (a, b) = rate_counted(
        side(Standing::NEW, true),
        side(Standing::NEW, true),
        GameResult::Win,
        at(0),
    );
    assert_eq!(
        (a, b),
        (None, None),
        "two provisional players: nothing moves"
    );
}

#[test]
fn two_established_players_move_as_glicko2_says_and_count_a_new_opponent_once() {
    let a = standing(1500.0, 80.0, None);
    let b = standing(1500.0, 80.0, None);
    let (plain_a, plain_b) = rate_game(&a, &b, GameResult::Draw, at(0));
    let (counted_a, counted_b) =
        rate_counted(side(a, true), side(b, false), GameResult::Draw, at(0));
    let (counted_a, counted_b) = (counted_a.unwrap(), counted_b.unwrap());
    assert_eq!(counted_a.glicko, plain_a.glicko);
    assert_eq!(counted_b.glicko, plain_b.glicko);
    assert_eq!((counted_a.opponents, counted_b.opponents), (6, 5));
    assert_eq!((counted_a.games, counted_b.games), (11, 11));
}
