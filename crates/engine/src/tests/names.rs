//! The names, texts and parsers the server shows to clients and stores in
//! its database: each pinned to its literal spelling, so that a
//! changed name is a failing test here rather than a silent API change.

use crate::*;

#[test]
fn end_reasons_have_their_stored_names_and_parse_back() {
    let names = [
        (EndReason::MandarinsCaptured, "mandarins_captured"),
        (EndReason::MaxPlies, "max_plies"),
        (EndReason::Forfeit, "forfeit"),
        (EndReason::Resignation, "resignation"),
        (EndReason::Timeout, "timeout"),
    ];
    for (reason, name) in names {
        assert_eq!(reason.name(), name);
        assert_eq!(EndReason::from_name(name), Some(reason), "{name}");
    }
    for unknown in ["", "Timeout", "max-plies", "resigned"] {
        assert_eq!(EndReason::from_name(unknown), None, "{unknown}");
    }
}

#[test]
fn turn_end_reasons_have_their_event_names() {
    let names = [
        (TurnEndReason::MandarinSquareAhead, "mandarin_square_ahead"),
        (TurnEndReason::TwoEmptySquares, "two_empty_squares"),
        (
            TurnEndReason::ProtectedMandarin(Protection::FirstMove),
            "first_move_mandarin_ban",
        ),
        (
            TurnEndReason::ProtectedMandarin(Protection::YoungMandarin),
            "young_mandarin",
        ),
        (TurnEndReason::ChainEnded, "chain_ended"),
        (TurnEndReason::RelayCycle, "relay_cycle"),
    ];
    for (reason, name) in names {
        assert_eq!(reason.name(), name);
    }
}

#[test]
fn seats_have_names_letters_and_parse_from_either() {
    assert_eq!(Seat::South.name(), "south");
    assert_eq!(Seat::North.name(), "north");
    assert_eq!(Seat::South.to_string(), "south");
    assert_eq!(Seat::North.to_string(), "north");
    assert_eq!((Seat::South.char(), Seat::North.char()), ('s', 'n'));
    for (c, seat) in [('s', Some(Seat::South)), ('S', Some(Seat::South))] {
        assert_eq!(Seat::from_char(c), seat, "{c}");
    }
    for (c, seat) in [('n', Some(Seat::North)), ('N', Some(Seat::North))] {
        assert_eq!(Seat::from_char(c), seat, "{c}");
    }
    for c in ['x', 'w', 'e', ' ', '0'] {
        assert_eq!(Seat::from_char(c), None, "{c}");
    }
    assert_eq!(
        "west".parse::<Seat>().unwrap_err().to_string(),
        "`west` is not a seat (expected south or north)"
    );
}

#[test]
fn directions_have_names_letters_and_parse_from_either() {
    assert_eq!(Direction::Left.to_string(), "left");
    assert_eq!(Direction::Right.to_string(), "right");
    assert_eq!(Direction::Left.name(), "left");
    assert_eq!(Direction::Right.name(), "right");
    assert_eq!(
        (Direction::Left.char(), Direction::Right.char()),
        ('L', 'R')
    );
    for (c, direction) in [
        ('l', Some(Direction::Left)),
        ('L', Some(Direction::Left)),
        ('r', Some(Direction::Right)),
        ('R', Some(Direction::Right)),
        ('x', None),
        ('1', None),
    ] {
        assert_eq!(Direction::from_char(c), direction, "{c}");
    }
    assert_eq!(
        "up".parse::<Direction>().unwrap_err().to_string(),
        "`up` is not a direction (expected left, right, L or R)"
    );
}

#[test]
fn move_errors_say_what_a_move_is() {
    assert_eq!(
        "6R".parse::<Move>().unwrap_err().to_string(),
        "square 6 is out of range: a move lifts one of the mover's own squares 1..=5"
    );
    assert_eq!(
        "R3".parse::<Move>().unwrap_err().to_string(),
        "`R3` is not a move: expected an own square 1-5 followed by L or R, e.g. `3R`"
    );
}

#[test]
fn rule_names_and_errors_read_as_rules_md_writes_them() {
    let presets = [
        (Preset::Classic, "classic"),
        (Preset::Village, "village"),
        (Preset::Online, "online"),
    ];
    for (preset, name) in presets {
        assert_eq!(preset.to_string(), name);
        assert_eq!(name.to_uppercase().parse::<Preset>(), Ok(preset));
    }
    assert_eq!(
        "blitz".parse::<Preset>().unwrap_err().to_string(),
        "unknown preset `blitz` (expected classic, village or online)"
    );
    let params = RuleParams {
        max_plies: 49,
        ..RuleParams::DEFAULT
    };
    assert_eq!(
        Rules::new(params).unwrap_err().to_string(),
        "max_plies: must be within 50..=2000"
    );
}

#[test]
fn a_move_list_iterates_by_reference_over_exactly_its_moves() {
    let start = Position::start(Preset::Classic.rules(), Seat::South);
    let all: Vec<Move> = (&start.legal_moves()).into_iter().copied().collect();
    assert_eq!(all, Move::ALL);
    // South's own square 1 emptied: its two moves are gone.
    let position = Position::from_notation(
        "M0,0,5,5,5,5,M0,5,5,5,5,5 s 5:0 0:0 3",
        Preset::Classic.rules(),
    )
    .unwrap();
    let mut seen = Vec::new();
    for m in &position.legal_moves() {
        seen.push(m.to_string());
    }
    assert_eq!(seen, ["2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"]);
}

#[test]
fn material_counts_small_stones_everywhere_and_every_mandarin() {
    let start = Position::start(Preset::Classic.rules(), Seat::South);
    assert_eq!(start.material(), (50, 2));
    let online = Position::start(Preset::Online.rules(), Seat::South);
    assert_eq!(online.material(), (70, 0));
    // 3 + 2 on the board, a store of 7 and one owing 4; one mandarin on the
    // board and one captured.
    let position = Position::from_notation(
        "M0,3,0,0,0,0,0,2,0,0,0,0 s 7:1 -4:0 9",
        Preset::Classic.rules(),
    )
    .unwrap();
    assert_eq!(position.material(), (3 + 2 + 7 - 4, 2));
}

#[test]
fn rule_values_and_parameters_have_the_names_rules_md_gives() {
    assert_eq!(MandarinSetup::BigStone.name(), "big_stone");
    assert_eq!(MandarinSetup::SmallStones.name(), "small_stones");
    assert_eq!(RefillShortfall::Borrow.name(), "borrow");
    assert_eq!(RefillShortfall::Forfeit.name(), "forfeit");
    let params = [
        (RuleParam::MandarinSetup, "mandarin_setup"),
        (RuleParam::MandarinValue, "mandarin_value"),
        (RuleParam::EmptyMandarinIsGap, "empty_mandarin_is_gap"),
        (RuleParam::YoungMandarinMin, "young_mandarin_min"),
        (RuleParam::FirstMoveMandarinBan, "first_move_mandarin_ban"),
        (RuleParam::RefillShortfall, "refill_shortfall"),
        (RuleParam::MaxPlies, "max_plies"),
    ];
    for (param, name) in params {
        assert_eq!(param.name(), name);
    }
}

#[test]
fn squares_print_as_their_ring_index() {
    let printed: Vec<String> = Square::ALL.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        printed,
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]
    );
}

#[test]
fn a_position_prints_its_notation_both_ways() {
    let start = Position::start(Preset::Classic.rules(), Seat::North);
    let text = "M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 1";
    assert_eq!(start.to_notation(), text);
    assert_eq!(start.to_string(), text);
}

#[test]
fn play_errors_say_why_a_move_was_refused() {
    assert_eq!(PlayError::GameOver.to_string(), "the game is over");
    assert_eq!(
        PlayError::EmptySquare { square: 3 }.to_string(),
        "own square 3 is empty: there is nothing to lift"
    );
}
