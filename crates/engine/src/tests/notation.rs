//! Position notation: round-trips and every kind of rejection.

use crate::*;

fn classic() -> Rules {
    Preset::Classic.rules()
}

fn error(text: &str, rules: Rules) -> PositionError {
    Position::from_notation(text, rules).unwrap_err()
}

#[test]
fn canonical_strings_round_trip() {
    for text in [
        "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
        "M1,0,6,6,6,6,M1,0,6,6,6,6 n 0:0 0:0 2",
        "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2",
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
        "3,0,0,1,0,0,M12,1,1,1,1,1 n -7:1 0:0 400",
    ] {
        let position = Position::from_notation(text, classic()).unwrap();
        assert_eq!(position.to_string(), text);
    }
    let online = "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1";
    assert_eq!(
        Position::from_notation(online, Preset::Online.rules())
            .unwrap()
            .to_string(),
        online
    );
}

#[test]
fn only_surrounding_whitespace_and_leading_zeros_are_forgiven() {
    let position =
        Position::from_notation("  M0,05,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:00 1\n", classic()).unwrap();
    assert_eq!(
        position.to_string(),
        "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1"
    );
}

#[test]
fn non_canonical_spellings_are_rejected() {
    for (text, field) in [
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 S 0:0 0:0 1", "to_move"),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 N 0:0 0:0 1", "to_move"),
        ("m0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", "square[0]"),
        ("M0,+5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", "square[1]"),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s +0:0 0:0 1", "south_store"),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 +1", "ply"),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5  s 0:0 0:0 1", "position"),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5\ts 0:0 0:0 1", "position"),
    ] {
        assert_eq!(error(text, classic()).field(), field, "{text:?}");
    }
}

#[test]
fn the_parsed_fields_are_what_the_string_says() {
    let position =
        Position::from_notation("M3,1,2,3,4,5,7,6,7,8,9,10 n -4:0 12:1 33", classic()).unwrap();
    let square = |i| Square::new(i).unwrap();
    assert!(position.has_mandarin(square(0)));
    assert!(!position.has_mandarin(square(6)));
    assert_eq!(position.stones(square(0)), 3);
    assert_eq!(position.stones(square(6)), 7);
    assert_eq!(position.stones(square(11)), 10);
    assert_eq!(position.turn(), Seat::North);
    assert_eq!(
        position.store(Seat::South),
        Captures {
            small: -4,
            mandarins: 0
        }
    );
    assert_eq!(
        position.store(Seat::North),
        Captures {
            small: 12,
            mandarins: 1
        }
    );
    assert_eq!(position.ply(), 33);
    assert_eq!(position.scores(), [-4, 22]);
    assert!(position.outcome().is_none());
}

#[test]
fn malformed_strings_name_what_is_wrong() {
    use PositionError::*;
    let c = classic();
    let cases: Vec<(&str, PositionError, &str)> = vec![
        ("", FieldCount { found: 0 }, "position"),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0",
            FieldCount { found: 4 },
            "position",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5 s 0:0 0:0 1",
            SquareCount { found: 11 },
            "squares",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5,5 s 0:0 0:0 1",
            SquareCount { found: 13 },
            "squares",
        ),
        (
            "M0,5,x,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
            BadSquare {
                square: 2,
                token: "x".into(),
            },
            "square[2]",
        ),
        (
            "M0,5,5,5,5,5,M,5,5,5,5,5 s 0:0 0:0 1",
            BadSquare {
                square: 6,
                token: "M".into(),
            },
            "square[6]",
        ),
        (
            "M0,5,5,,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
            BadSquare {
                square: 3,
                token: "".into(),
            },
            "square[3]",
        ),
        (
            "M0,5,5,5,-1,5,M0,5,5,5,5,5 s 0:0 0:0 1",
            NegativeSquare {
                square: 4,
                token: "-1".into(),
            },
            "square[4]",
        ),
        (
            "M0,5,5,5,5,5,M0,M5,5,5,5,5 s 0:0 0:0 1",
            MandarinOnCitizenSquare { square: 7 },
            "square[7]",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 x 0:0 0:0 1",
            BadSideToMove { token: "x".into() },
            "to_move",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 south 0:0 0:0 1",
            BadSideToMove {
                token: "south".into(),
            },
            "to_move",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0 0:0 1",
            BadStore {
                seat: Seat::South,
                token: "0".into(),
            },
            "south_store",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 1:-1 1",
            BadStore {
                seat: Seat::North,
                token: "1:-1".into(),
            },
            "north_store",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:1 0:0 1",
            TooManyMandarins { total: 3 },
            "mandarins",
        ),
        (
            "0,5,5,5,5,5,0,5,5,5,5,5 s 0:1 0:1 9",
            AlreadyFinished,
            "squares",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 0",
            PlyOutOfRange {
                token: "0".into(),
                max_plies: 400,
            },
            "ply",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 401",
            PlyOutOfRange {
                token: "401".into(),
                max_plies: 400,
            },
            "ply",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 x",
            PlyOutOfRange {
                token: "x".into(),
                max_plies: 400,
            },
            "ply",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,99999 s 0:0 0:0 1",
            SquareTooLarge {
                square: 11,
                count: 99_999,
                limit: 10_000,
            },
            "square[11]",
        ),
        (
            "M0,5000,5000,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
            TooManyStones {
                total: 10_040,
                limit: 10_000,
            },
            "squares",
        ),
        (
            "M0,5,5,5,5,5,M0,5,5,5,5,5 s 200000:0 0:0 1",
            StoreOutOfRange {
                seat: Seat::South,
                small: 200_000,
                limit: 100_000,
            },
            "south_store",
        ),
    ];
    for (text, expected, field) in cases {
        let err = error(text, c);
        assert_eq!(err, expected, "{text}");
        assert_eq!(err.field(), field, "{text}");
    }
}

#[test]
fn error_fields_and_messages_point_at_the_fault() {
    let err = error("M0,5,5,5,-1,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic());
    assert_eq!(err.field(), "square[4]");
    assert!(err.to_string().contains("square 4"), "{err}");
    let err = error("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 401", classic());
    assert_eq!(err.field(), "ply");
    assert!(err.to_string().contains("1..=400"), "{err}");
    let err = error("0,5,5,5,5,5,0,5,5,5,5,5 s 0:1 0:1 9", classic());
    assert!(err.to_string().contains("already over"), "{err}");
}

#[test]
fn mandarins_need_the_big_stone_setup() {
    assert_eq!(
        error(
            "M0,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1",
            Preset::Online.rules()
        ),
        PositionError::MandarinWithSmallStones { square: 0 }
    );
}

#[test]
fn the_ply_range_follows_max_plies() {
    let short = Rules::new(RuleParams {
        max_plies: 50,
        ..RuleParams::DEFAULT
    })
    .unwrap();
    assert!(Position::from_notation("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 50", short).is_ok());
    assert_eq!(
        error("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 51", short).field(),
        "ply"
    );
}

#[test]
fn a_lone_mandarin_or_lone_stones_keep_the_game_alive() {
    assert!(Position::from_notation("M0,1,0,0,0,0,0,1,0,0,0,0 s 0:0 0:1 9", classic()).is_ok());
    assert!(Position::from_notation("0,1,0,0,0,0,2,1,0,0,0,0 s 0:1 0:1 9", classic()).is_ok());
}

#[test]
fn finished_positions_restore_with_their_outcome_but_do_not_parse() {
    let end = Position::from_notation("M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40", classic())
        .unwrap()
        .play("3L".parse().unwrap())
        .unwrap();
    let text = end.to_string();
    assert_eq!(
        Position::from_notation(&text, classic()),
        Err(PositionError::AlreadyFinished)
    );
    assert_eq!(Position::restore(&text, classic(), end.outcome()), Ok(end));

    // A forfeit leaves the loser's row empty: restoring must not refill it.
    let forfeit = Rules::new(RuleParams {
        refill_shortfall: RefillShortfall::Forfeit,
        ..RuleParams::DEFAULT
    })
    .unwrap();
    let lost = Position::from_notation("M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 4:0 10", forfeit)
        .unwrap()
        .play("5R".parse().unwrap())
        .unwrap();
    assert_eq!(
        Position::restore(&lost.to_string(), forfeit, lost.outcome()),
        Ok(lost)
    );

    // Past max_plies by one, only as a finished position.
    let short = Rules::new(RuleParams {
        max_plies: 50,
        ..RuleParams::DEFAULT
    })
    .unwrap();
    let last = Position::from_notation("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 50", short)
        .unwrap()
        .play("3R".parse().unwrap())
        .unwrap();
    assert_eq!(last.ply(), 51);
    assert_eq!(
        Position::restore(&last.to_string(), short, last.outcome()),
        Ok(last)
    );
    assert_eq!(
        Position::restore(&last.to_string(), short, None)
            .unwrap_err()
            .field(),
        "ply"
    );
}
