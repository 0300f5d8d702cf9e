//! The clock's rules (src/games/clock.rs) with literal times.

use chrono::{DateTime, TimeDelta, Utc};
use serde_json::json;

use crate::domain::PlayerRef;
use crate::domain::{GameStatus, PlayerId, TimeControl};
use crate::engine::{Preset, Seat};
use crate::games::clock::*;
use crate::games::Game;
use crate::games::{new_game, GameSpec};

fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .with_timezone(&Utc)
}

/// A standard game with South to move first at ply 1, with `control`.
fn game(first: Seat, control: Option<TimeControl>) -> Game {
    let creator = PlayerRef {
        id: PlayerId::generate(),
        name: "Lan".to_owned(),
        bot_level: None,
        bot_account: false,
    };
    let mut spec = GameSpec::standard(Preset::Classic.rules());
    spec.first = Some(first);
    let mut game = new_game(&spec, &creator, None, at("2026-12-02T10:00:00Z")).unwrap();
    game.timing.control = control;
    game
}

/// Plays a move by the side to move in the bookkeeping only: what the
/// layer does before it punches the clock.
fn next_ply(game: &mut Game) -> Seat {
    let mover = game.to_move;
    game.ply += 1;
    game.to_move = mover.other();
    mover
}

const BLITZ: TimeControl = TimeControl::RealTime {
    initial_s: 300,
    increment_s: 2,
};

#[test]
fn the_policy_by_default_gives_a_minute_for_a_first_move_a_day_to_wait_and_ten_rated_games_a_pair()
{
    let policy = Policy::default();
    assert_eq!(policy.first_move_window, TimeDelta::seconds(60));
    assert_eq!(policy.waiting_expiry, TimeDelta::hours(24));
    assert_eq!(policy.pair_rated_limit, 10);
    assert_eq!(policy.max_waiting_games, 10);
}

#[test]
fn moves_are_counted_per_side_from_the_first_mover() {
    let mut south_first = game(Seat::South, None);
    let mut north_first = game(Seat::North, None);
    let expected = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)];
    for (plies, &(by_first, by_second)) in expected.iter().enumerate() {
        assert_eq!(
            (
                moves_by(&south_first, Seat::South),
                moves_by(&south_first, Seat::North)
            ),
            (by_first, by_second),
            "South first, after {plies} plies"
        );
        assert_eq!(
            (
                moves_by(&north_first, Seat::North),
                moves_by(&north_first, Seat::South)
            ),
            (by_first, by_second),
            "North first, after {plies} plies"
        );
        next_ply(&mut south_first);
        next_ply(&mut north_first);
    }
}

#[test]
fn a_game_is_too_short_until_each_side_made_two_moves() {
    let mut game = game(Seat::South, None);
    let expected = [true, true, true, true, false, false];
    for (plies, &short) in expected.iter().enumerate() {
        assert_eq!(too_short(&game), short, "after {plies} plies");
        next_ply(&mut game);
    }
}

#[test]
fn starting_a_real_time_game_fills_both_clocks_and_gives_the_first_mover_the_window() {
    let policy = Policy::default();
    let mut game = game(Seat::South, Some(BLITZ));
    game.timing.expires_at = Some(at("2026-12-03T10:00:00Z"));
    game.timing.deadline_at = game.timing.expires_at;
    start(&mut game, at("2026-12-02T10:05:00Z"), &policy);
    assert_eq!(game.timing.expires_at, None);
    assert_eq!(game.timing.clock_ms, Some([300_000, 300_000]));
    assert_eq!(
        game.timing.turn_started_at,
        Some(at("2026-12-02T10:05:00Z"))
    );
    assert_eq!(game.timing.deadline_at, Some(at("2026-12-02T10:06:00Z")));
}

#[test]
fn starting_a_correspondence_game_gives_the_first_mover_the_days_per_move() {
    let mut game = game(
        Seat::North,
        Some(TimeControl::Correspondence { days_per_move: 3 }),
    );
    start(&mut game, at("2026-12-02T10:05:00Z"), &Policy::default());
    assert_eq!(game.timing.clock_ms, Some([259_200_000, 259_200_000]));
    assert_eq!(game.timing.deadline_at, Some(at("2026-12-05T10:05:00Z")));
}

#[test]
fn starting_an_untimed_game_sets_no_clock_and_no_deadline() {
    let mut game = game(Seat::South, None);
    game.timing.expires_at = Some(at("2026-12-03T10:00:00Z"));
    game.timing.deadline_at = game.timing.expires_at;
    start(&mut game, at("2026-12-02T10:05:00Z"), &Policy::default());
    assert_eq!(game.timing, Default::default());
    assert_eq!(state(&game), None);
}

#[test]
fn stopping_the_clocks_leaves_nothing_due() {
    let mut game = game(Seat::South, Some(BLITZ));
    start(&mut game, at("2026-12-02T10:05:00Z"), &Policy::default());
    game.timing.expires_at = Some(at("2026-12-03T10:00:00Z"));
    stop(&mut game);
    assert_eq!(game.timing.deadline_at, None);
    assert_eq!(game.timing.expires_at, None);
    assert_eq!(game.timing.clock_ms, Some([300_000, 300_000]));
}

#[test]
fn a_real_time_clock_charges_think_time_after_each_side_s_first_move_and_adds_the_increment() {
    let policy = Policy {
        first_move_window: TimeDelta::seconds(45),
        ..Policy::default()
    };
    let mut game = game(Seat::South, Some(BLITZ));
    start(&mut game, at("2026-12-02T10:00:00Z"), &policy);

    // South's first move: 10 s of thought, not charged; North's window.
    let south = next_ply(&mut game);
    let punched = punch(&mut game, south, at("2026-12-02T10:00:10Z"), None, &policy).unwrap();
    assert_eq!((punched.think_ms, punched.left_ms), (10_000, 302_000));
    assert_eq!(game.timing.clock_ms, Some([302_000, 300_000]));
    assert_eq!(
        game.timing.turn_started_at,
        Some(at("2026-12-02T10:00:10Z"))
    );
    assert_eq!(game.timing.deadline_at, Some(at("2026-12-02T10:00:55Z")));

    // North's first move: 5 s, not charged; South's flag from now on.
    let north = next_ply(&mut game);
    let punched = punch(&mut game, north, at("2026-12-02T10:00:15Z"), None, &policy).unwrap();
    assert_eq!((punched.think_ms, punched.left_ms), (5_000, 302_000));
    assert_eq!(game.timing.clock_ms, Some([302_000, 302_000]));
    assert_eq!(game.timing.deadline_at, Some(at("2026-12-02T10:05:17Z")));

    // South's second move: 7.5 s charged, 2 s added.
    let south = next_ply(&mut game);
    let punched = punch(
        &mut game,
        south,
        at("2026-12-02T10:00:22.500Z"),
        None,
        &policy,
    )
    .unwrap();
    assert_eq!((punched.think_ms, punched.left_ms), (7_500, 296_500));
    assert_eq!(game.timing.clock_ms, Some([296_500, 302_000]));
    assert_eq!(
        game.timing.deadline_at,
        Some(at("2026-12-02T10:05:24.500Z"))
    );

    assert_eq!(
        state(&game),
        Some(ClockState {
            south_ms: 296_500,
            north_ms: 302_000,
            running: None,
            deadline: None,
        }),
        "a game that is not active shows no running clock"
    );
    game.status = GameStatus::Active;
    assert_eq!(
        state(&game),
        Some(ClockState {
            south_ms: 296_500,
            north_ms: 302_000,
            running: Some(Seat::North),
            deadline: Some(at("2026-12-02T10:05:24.500Z")),
        })
    );
}

#[test]
fn a_bot_s_time_counts_from_its_search_not_from_its_turn() {
    let policy = Policy::default();
    let mut game = game(Seat::South, Some(BLITZ));
    start(&mut game, at("2026-12-02T10:00:00Z"), &policy);
    for played in [
        "2026-12-02T10:00:10Z",
        "2026-12-02T10:00:15Z",
        "2026-12-02T10:00:22.500Z",
    ] {
        let mover = next_ply(&mut game);
        punch(&mut game, mover, at(played), None, &policy).unwrap();
    }
    // North's turn since 10:00:22.5 with 302 s: its flag at 10:05:24.5.
    assert_eq!(
        game.timing.deadline_at,
        Some(at("2026-12-02T10:05:24.500Z"))
    );
    assert_eq!(deadline_from(&game, None), game.timing.deadline_at);
    assert_eq!(
        deadline_from(&game, Some(at("2026-12-02T10:00:00Z"))),
        game.timing.deadline_at,
        "a search begun before the turn counts from the turn"
    );
    // Its search began at 10:06:00, 337.5 s into the turn: the flag moves
    // on by as much, to 10:11:02.
    let since = at("2026-12-02T10:06:00Z");
    assert_eq!(
        deadline_from(&game, Some(since)),
        Some(at("2026-12-02T10:11:02Z"))
    );
    // It moves at 10:06:01.25: 1.25 s charged, 2 s added, 302.75 s left.
    let north = next_ply(&mut game);
    let punched = punch(
        &mut game,
        north,
        at("2026-12-02T10:06:01.250Z"),
        Some(since),
        &policy,
    )
    .unwrap();
    assert_eq!((punched.think_ms, punched.left_ms), (1_250, 302_750));
    assert_eq!(game.timing.clock_ms, Some([296_500, 302_750]));
}

#[test]
fn a_correspondence_clock_starts_afresh_after_every_move() {
    let policy = Policy::default();
    let mut game = game(
        Seat::South,
        Some(TimeControl::Correspondence { days_per_move: 2 }),
    );
    start(&mut game, at("2026-12-02T10:00:00Z"), &policy);
    for (i, played) in ["2026-12-02T11:00:00Z", "2026-12-03T12:00:00Z"]
        .into_iter()
        .enumerate()
    {
        let mover = next_ply(&mut game);
        let punched = punch(&mut game, mover, at(played), None, &policy).unwrap();
        let thought = [3_600_000, 90_000_000][i];
        assert_eq!((punched.think_ms, punched.left_ms), (thought, 172_800_000));
        assert_eq!(game.timing.clock_ms, Some([172_800_000; 2]));
        assert_eq!(
            game.timing.deadline_at,
            Some(at(played) + TimeDelta::days(2))
        );
    }
}

#[test]
fn an_untimed_game_has_no_clock_to_punch() {
    let mut game = game(Seat::South, None);
    start(&mut game, at("2026-12-02T10:00:00Z"), &Policy::default());
    let south = next_ply(&mut game);
    assert!(punch(
        &mut game,
        south,
        at("2026-12-02T10:00:10Z"),
        None,
        &Policy::default()
    )
    .is_none());
    assert_eq!(game.timing, Default::default());
}

#[test]
fn a_stored_move_sets_the_clock_as_it_left_it() {
    let policy = Policy::default();
    let mut game = game(Seat::South, Some(BLITZ));
    start(&mut game, at("2026-12-02T10:00:00Z"), &policy);
    for _ in 0..2 {
        next_ply(&mut game);
    }
    // North's move at 10:00:30 left it 301.5 s; South's flag runs.
    game.timing.clock_ms = Some([302_000, 300_000]);
    after_stored_move(
        &mut game,
        Seat::North,
        301_500,
        at("2026-12-02T10:00:30Z"),
        &policy,
    );
    assert_eq!(game.timing.clock_ms, Some([302_000, 301_500]));
    assert_eq!(
        game.timing.turn_started_at,
        Some(at("2026-12-02T10:00:30Z"))
    );
    assert_eq!(game.timing.deadline_at, Some(at("2026-12-02T10:05:32Z")));
}

#[test]
fn the_clock_of_a_game_not_yet_started_is_its_control_s_initial_time() {
    let mut game = game(Seat::South, Some(BLITZ));
    game.timing.deadline_at = Some(at("2026-12-03T10:00:00Z"));
    let waiting = state(&game).unwrap();
    assert_eq!(
        serde_json::to_value(&waiting).unwrap(),
        json!({"south_ms": 300_000, "north_ms": 300_000, "running": null, "deadline": null})
    );
    game.status = GameStatus::Active;
    game.to_move = Seat::North;
    assert_eq!(
        serde_json::to_value(state(&game).unwrap()).unwrap(),
        json!({
            "south_ms": 300_000, "north_ms": 300_000, "running": "north",
            "deadline": "2026-12-03T10:00:00Z"
        })
    );
}
