use super::*;
use oanquan_engine::{Preset, RuleParams};

fn classic_record(moves: &[&str], result: StatedResult) -> Record {
    Record {
        rules: Preset::Classic.rules(),
        names: [Some("Lan".to_owned()), Some("Minh".to_owned())],
        player_ids: [None, None],
        start_position: None,
        first: None,
        started_at: "2025-01-31T08:30:00Z".parse().ok(),
        finished_at: None,
        time_control: None,
        moves: moves
            .iter()
            .map(|m| RecordMove {
                notation: (*m).to_owned(),
                ..RecordMove::default()
            })
            .collect(),
        result,
    }
}

const CUSTOM_START: &str = "M0,0,0,1,4,2,0,2,3,0,0,4 n 16:0 18:1 40";

/// The first `n` legal moves in notation order from `start`.
fn first_moves(start: &str, rules: Rules, n: usize) -> Vec<String> {
    let mut position = Position::from_notation(start, rules).unwrap();
    let mut moves = Vec::new();
    while moves.len() < n && !position.is_over() {
        let m = position.legal_moves().iter().next().copied().unwrap();
        position = position.play(m).unwrap();
        moves.push(m.to_string());
    }
    moves
}

fn with_moves(record: Record, moves: &[String]) -> Record {
    Record {
        moves: moves
            .iter()
            .map(|m| RecordMove {
                notation: m.clone(),
                ..RecordMove::default()
            })
            .collect(),
        ..record
    }
}

fn resigned_by_north() -> StatedResult {
    StatedResult {
        winner: Some(Some(Seat::South)),
        reason: Some(EndReason::Resignation),
        scores: Some([11, 2]),
    }
}

fn inconsistency(record: &Record) -> String {
    match record.replay() {
        Err(RecordError::Inconsistent(detail)) => detail,
        other => panic!("expected an inconsistency, got {other:?}"),
    }
}

#[test]
fn a_resigned_game_prints_as_documented() {
    let record = classic_record(&["1L", "3R"], resigned_by_north());
    assert_eq!(
        text::print(&record),
        "[Rules \"classic\"]\n[South \"Lan\"]\n[North \"Minh\"]\n[Date \"2025.01.31\"]\n\
         [Time \"08:30:00\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n[Score \"11-2\"]\n\
         \n1. 1L 3R 1-0\n"
    );
    let replayed = record.replay().unwrap();
    assert_eq!(
        replayed.last().to_string(),
        "0,2,8,8,1,8,M3,0,8,0,9,0 s 1:1 2:0 3"
    );
    assert_eq!(replayed.outcome.unwrap().reason, EndReason::Resignation);
    assert!(!replayed.custom_start);
}

#[test]
fn text_reads_back_what_it_prints() {
    let rules = Rules::new(RuleParams {
        max_plies: 120,
        refill_shortfall: oanquan_engine::RefillShortfall::Forfeit,
        ..Preset::Village.params()
    })
    .unwrap();
    let custom = Record {
        rules,
        names: [None, Some("Nguyễn \"Bé\" Văn".to_owned())],
        start_position: Some(CUSTOM_START.to_owned()),
        first: Some(Seat::North),
        started_at: None,
        ..classic_record(&[], StatedResult::default())
    };
    let custom = with_moves(custom, &first_moves(CUSTOM_START, rules, 3));
    let north_first = Record {
        first: Some(Seat::North),
        ..classic_record(&["1L", "3R", "2L"], StatedResult::default())
    };
    for record in [
        custom,
        north_first,
        classic_record(&[], StatedResult::default()),
    ] {
        let printed = text::print(&record);
        let read = text::parse(&printed).unwrap();
        assert_eq!(read.rules, record.rules, "{printed}");
        assert_eq!(read.names, record.names, "{printed}");
        assert_eq!(read.started_at, record.started_at, "{printed}");
        assert_eq!(
            read.replay().unwrap(),
            record.replay().unwrap(),
            "{printed}"
        );
        assert_eq!(text::print(&read), printed);
    }
}

#[test]
fn custom_rules_and_starts_are_tagged_and_numbered_from_their_ply() {
    let rules = Rules::new(RuleParams {
        max_plies: 120,
        ..Preset::Village.params()
    })
    .unwrap();
    let moves = first_moves(CUSTOM_START, rules, 3);
    let record = Record {
        rules,
        start_position: Some(CUSTOM_START.to_owned()),
        ..classic_record(&[], StatedResult::default())
    };
    let record = with_moves(record, &moves);
    let printed = text::print(&record);
    let numbered = format!("20... {} 21. {} {} *", moves[0], moves[1], moves[2]);
    for line in [
        "[Rules \"custom\"]",
        "[EmptyMandarinIsGap \"true\"]",
        "[YoungMandarinMin \"5\"]",
        "[MaxPlies \"120\"]",
        "[Position \"M0,0,0,1,4,2,0,2,3,0,0,4 n 16:0 18:1 40\"]",
        &numbered,
    ] {
        assert!(printed.lines().any(|l| l == line), "{line} in\n{printed}");
    }
    assert!(!printed.contains("MandarinValue"), "defaults are left out");
    assert!(record.replay().unwrap().custom_start);
}

#[test]
fn long_movetext_is_wrapped_and_read_back() {
    let village = Preset::Village.rules();
    let start = Position::start(village, Seat::South).to_string();
    let moves = first_moves(&start, village, 60);
    assert_eq!(moves.len(), 60);
    let record = Record {
        rules: village,
        ..classic_record(&[], StatedResult::default())
    };
    let record = with_moves(record, &moves);
    let printed = text::print(&record);
    assert!(printed.lines().all(|l| l.len() <= 80), "{printed}");
    assert!(printed.lines().filter(|l| !l.starts_with('[')).count() > 2);
    let read = text::parse(&printed).unwrap();
    assert_eq!(read.replay().unwrap(), record.replay().unwrap());
}

#[test]
fn text_form_errors_name_the_culprit() {
    let cases = [
        ("[Rules \"chess\"]\n\n*", "[Rules \"chess\"]"),
        ("[Colour \"red\"]\n\n*", "unknown tag [Colour]"),
        // A tag's name is ASCII letters, digits and `_`: anything else is
        // no tag pair at all; a well-formed name may still be unknown.
        ("[Ru-les \"classic\"]\n\n*", "line 1: expected a tag pair"),
        ("[Ru.les \"classic\"]\n\n*", "line 1: expected a tag pair"),
        ("[Max_Plies \"60\"]\n\n*", "unknown tag [Max_Plies]"),
        (
            "[South \"a\"]\n[South \"b\"]\n\n*",
            "[South] is given twice",
        ),
        ("[Result \"2-0\"]\n\n*", "[Result \"2-0\"]"),
        ("[Score \"ten-two\"]\n\n*", "[Score \"ten-two\"]"),
        (
            "[MaxPlies \"9\"]\n\n*",
            "[MaxPlies]: must be within 50..=2000",
        ),
        ("[Date \"31.01.2025\"]\n\n*", "[Date \"31.01.2025\"]"),
        ("[South \"Lan\"\n\n*", "line 1"),
        ("1. 1L 3R 3. 2L", "the move numbers skip"),
        ("1. 1L 3R 1-0 2. 2L", "after the result token"),
        (
            "[Result \"0-1\"]\n\n1. 1L 1-0",
            "the moves end with 1-0 but [Result] is \"0-1\"",
        ),
        ("1. 1L {a comment", "not closed"),
        ("1. 1X", "move 1 (1X)"),
        ("[South \"\"]\n\n*", "south: the name is empty"),
    ];
    for (text, expected) in cases {
        let error = text::parse(text).and_then(|r| r.replay().map(drop));
        match error {
            Err(RecordError::Invalid(detail)) => {
                assert!(detail.contains(expected), "{text:?}: {detail}")
            }
            other => panic!("{text:?}: expected invalid, got {other:?}"),
        }
    }
}

#[test]
fn comments_numbers_and_unknown_names_are_read() {
    let record = text::parse(
        "[Event \"club night\"]\n[South \"?\"]\n[Date \"2025.??.??\"]\n\n\
         1.1L {captures the west mandarin} 3R ; a line comment\n2. 2L *\n",
    )
    .unwrap();
    assert_eq!(record.names, [None, None]);
    assert_eq!(record.started_at, None);
    let notations: Vec<&str> = record.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["1L", "3R", "2L"]);
    assert_eq!(record.moves[2].ply, Some(3));
    assert_eq!(record.replay().unwrap().names, ["?", "?"]);
}

#[test]
fn negative_scores_read() {
    for (score, expected) in [
        ("33-37", [33, 37]),
        ("-5-12", [-5, 12]),
        ("12--3", [12, -3]),
    ] {
        let record = text::parse(&format!("[Score \"{score}\"]\n\n*")).unwrap();
        assert_eq!(record.result.scores, Some(expected), "{score}");
    }
}

#[test]
fn the_first_bad_move_is_named() {
    let illegal = classic_record(&["1L", "1R", "2L"], StatedResult::default());
    assert_eq!(
        inconsistency(&illegal),
        "move 2 (1R): illegal: own square 1 is empty: there is nothing to lift"
    );

    let mut misnumbered = classic_record(&["1L", "3R"], StatedResult::default());
    misnumbered.moves[1].ply = Some(3);
    assert!(inconsistency(&misnumbered).starts_with("move 2 (3R): the record numbers it ply 3"));

    let mut wrong_seat = classic_record(&["1L", "3R"], StatedResult::default());
    wrong_seat.moves[1].seat = Some(Seat::South);
    assert!(inconsistency(&wrong_seat).contains("it is north's turn"));

    let mut wrong_position = classic_record(&["1L"], StatedResult::default());
    wrong_position.moves[0].position_after = Some("M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 2".into());
    assert!(
        inconsistency(&wrong_position).starts_with("move 1 (1L): the record gives the position")
    );

    let after_the_end = Record {
        start_position: Some("M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40".to_owned()),
        ..classic_record(&["3L", "1R"], StatedResult::default())
    };
    assert!(inconsistency(&after_the_end)
        .starts_with("move 41 (1R): the game already ended at ply 40 (mandarins_captured)"));
}

#[test]
fn a_stated_result_must_be_the_one_the_moves_reach() {
    let ending = |result| Record {
        start_position: Some("M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40".to_owned()),
        ..classic_record(&["3L"], result)
    };
    let reached = ending(StatedResult::default())
        .replay()
        .unwrap()
        .outcome
        .unwrap();
    assert_eq!(reached.winner, Some(Seat::North));
    assert_eq!(reached.scores, [33, 37]);
    // An outcome states all three parts; no outcome states none.
    assert_eq!(
        StatedResult::from(Some(reached)),
        StatedResult {
            winner: Some(Some(Seat::North)),
            reason: Some(EndReason::MandarinsCaptured),
            scores: Some([33, 37]),
        }
    );
    assert_eq!(StatedResult::from(None), StatedResult::default());
    assert!(ending(StatedResult::from(Some(reached))).replay().is_ok());

    let south_won = StatedResult {
        winner: Some(Some(Seat::South)),
        ..StatedResult::default()
    };
    assert_eq!(
        inconsistency(&ending(south_won)),
        "the record states south winning, but the moves end the game at ply 40 by \
         mandarins_captured with north winning"
    );
    let by_resignation = StatedResult {
        reason: Some(EndReason::Resignation),
        ..StatedResult::default()
    };
    assert!(inconsistency(&ending(by_resignation))
        .starts_with("the record says the game ended by resignation, but the moves end"));
    let wrong_score = StatedResult {
        scores: Some([37, 33]),
        ..StatedResult::default()
    };
    assert!(inconsistency(&ending(wrong_score)).contains("the moves give 33-37"));
}

#[test]
fn an_unfinished_record_is_resigned_or_left_open() {
    let open = classic_record(&["1L", "3R"], StatedResult::default());
    assert_eq!(open.replay().unwrap().outcome, None);

    let decisive = StatedResult {
        winner: Some(Some(Seat::North)),
        ..StatedResult::default()
    };
    let resigned = classic_record(&["1L"], decisive).replay().unwrap();
    let outcome = resigned.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.winner, Some(Seat::North));

    let draw = StatedResult {
        winner: Some(None),
        ..StatedResult::default()
    };
    assert!(inconsistency(&classic_record(&["1L"], draw)).contains("states a draw"));
    let ended = StatedResult {
        reason: Some(EndReason::MaxPlies),
        ..StatedResult::default()
    };
    assert!(inconsistency(&classic_record(&["1L"], ended)).contains("ended by max_plies"));
    let nobody = StatedResult {
        reason: Some(EndReason::Resignation),
        ..StatedResult::default()
    };
    assert!(inconsistency(&classic_record(&["1L"], nobody)).contains("names no winner"));
    let scores = StatedResult {
        scores: Some([1, 2]),
        ..StatedResult::default()
    };
    assert!(inconsistency(&classic_record(&["1L"], scores)).contains("final scores"));
}

#[test]
fn times_must_be_storable_and_numbers_cannot_overflow() {
    let mut record = classic_record(&["1L"], StatedResult::default());
    record.moves[0].played_at = chrono::NaiveDate::from_ymd_opt(12000, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc());
    assert!(record.moves[0].played_at.is_some());
    match record.replay() {
        Err(RecordError::Invalid(detail)) => {
            assert_eq!(detail, "the played_at of move 1: a year outside 1 to 9999")
        }
        other => panic!("{other:?}"),
    }
    for text in [
        "2147483647... 1L 1R 2L 3L",
        "[Position \"M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 4294967295\"]\n\n1L 1R",
    ] {
        assert!(
            text::parse(text).and_then(|r| r.replay()).is_err(),
            "{text}"
        );
    }
}

proptest::proptest! {
    #[test]
    fn no_text_makes_the_reader_panic(text in "\\PC{0,300}") {
        let _ = text::parse(&text).and_then(|r| r.replay());
    }

    #[test]
    fn no_edit_of_a_record_makes_the_reader_panic(
        edits in proptest::collection::vec((0usize..400, "[\\[\\]\" .0-9A-Za-z?\\-/{};\n]{0,3}"), 1..6)
    ) {
        let record = classic_record(&["1L", "3R", "2L"], StatedResult::default());
        let mut text = text::print(&Record {
            start_position: Some(CUSTOM_START.to_owned()),
            moves: Vec::new(),
            ..record
        });
        for (at, insert) in edits {
            let at = text.char_indices().map(|(i, _)| i).nth(at % text.chars().count()).unwrap_or(0);
            text.insert_str(at, &insert);
        }
        let _ = text::parse(&text).and_then(|r| r.replay());
    }

    /// What the record_text fuzz target found: a `[Position]` value with
    /// spaces around it reads (as the position notation does), but its
    /// moves printed numbered from ply 1 and no longer replayed.
    #[test]
    fn a_start_position_read_with_spaces_prints_as_a_record_that_replays_the_same(
        before in 0usize..3,
        after in 0usize..3,
        moves in 0usize..5,
    ) {
        let played = first_moves(CUSTOM_START, Preset::Classic.rules(), moves);
        let record = with_moves(
            Record {
                start_position: Some(CUSTOM_START.to_owned()),
                ..classic_record(&[], StatedResult::default())
            },
            &played,
        );
        let expected = record.replay().unwrap();
        let padded = text::print(&record).replace(
            &format!("\"{CUSTOM_START}\""),
            &format!("\"{}{CUSTOM_START}{}\"", " ".repeat(before), " ".repeat(after)),
        );
        let read = text::parse(&padded).unwrap();
        proptest::prop_assert_eq!(&read.replay().unwrap(), &expected, "{}", padded);
        let printed = text::print(&read);
        let again = text::parse(&printed).and_then(|r| r.replay());
        proptest::prop_assert_eq!(again.ok(), Some(expected), "{}", printed);
    }
}

#[test]
fn a_record_holds_each_known_tag_at_most_once_and_no_more_than_max_tags() {
    // Every known tag once reads; one more (any name) is refused.
    // (How long 116,000 of them take: `cargo bench --bench record_text`.)
    let bomb: String = (0..116_000).map(|i| format!("[t{i} \"\"]\n")).collect();
    let error = text::parse(&bomb).unwrap_err().to_string();
    assert!(error.contains("unknown tag [t0]"), "{error}");
    let repeated = "[South \"a\"]\n".repeat(100_000);
    let error = text::parse(&repeated).unwrap_err().to_string();
    assert!(error.contains("given twice"), "{error}");
    assert_eq!(text::MAX_TAGS, 22);
}

/// What the reader makes of a megabyte of its worst inputs; how long
/// it takes, at 1 and 2 MiB, is `cargo bench --bench record_text`
/// (BENCHMARKS.md: linear).
#[test]
fn a_megabyte_of_the_worst_text_is_read_to_its_refusal() {
    let mut outcomes = Vec::new();
    for text in [
        "1. 1L ".repeat(170_000),
        "{".to_owned() + &"x".repeat(1 << 20),
        "; a comment\n".repeat(90_000),
        format!("[South \"{}\"]", "\\\"".repeat(500_000)),
    ] {
        outcomes.push(
            text::parse(&text)
                .and_then(|r| r.replay())
                .map(|_| ())
                .map_err(|e| e.to_string()),
        );
    }
    assert_eq!(
        outcomes,
        [
            Err("\"1.\": the move numbers skip (ply 1 where ply 2 comes next)".to_owned()),
            Err("a {comment} is not closed".to_owned()),
            Ok(()),
            Err("south: the name has 500000 characters; at most 32 are allowed".to_owned()),
        ]
    );
}

#[test]
fn a_rule_tag_of_true_or_false_overrides_the_preset() {
    let rules = |tags: &str| text::parse(&format!("{tags}\n\n*")).unwrap().rules;
    let online = rules("[Rules \"online\"]\n[FirstMoveMandarinBan \"false\"]");
    assert!(!online.first_move_mandarin_ban());
    let village = rules("[Rules \"village\"]\n[EmptyMandarinIsGap \"false\"]");
    assert!(!village.empty_mandarin_is_gap());
    let classic = rules("[Rules \"classic\"]\n[EmptyMandarinIsGap \"true\"]");
    assert!(classic.empty_mandarin_is_gap());
    assert!(!classic.first_move_mandarin_ban());
    match text::parse("[FirstMoveMandarinBan \"yes\"]\n\n*") {
        Err(RecordError::Invalid(detail)) => assert_eq!(
            detail,
            "[FirstMoveMandarinBan \"yes\"]: expected true or false"
        ),
        other => panic!("expected invalid, got {other:?}"),
    }
}

#[test]
fn the_first_tag_names_a_seat() {
    let first = |value: &str| text::parse(&format!("[First \"{value}\"]\n\n*")).map(|r| r.first);
    assert_eq!(first("south").unwrap(), Some(Seat::South));
    assert_eq!(first("north").unwrap(), Some(Seat::North));
    assert_eq!(text::parse("\n*").unwrap().first, None);
    match first("South") {
        Err(RecordError::Invalid(detail)) => {
            assert_eq!(detail, "[First \"South\"]: expected south or north")
        }
        other => panic!("expected invalid, got {other:?}"),
    }
}

#[test]
fn a_comment_may_follow_a_move_without_a_space() {
    let record = text::parse("1. 1L{a note}3R; a line comment\n2. 2L;\n*").unwrap();
    let notations: Vec<&str> = record.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["1L", "3R", "2L"]);
}

/// A stated start that is the rules' own start is no custom start: no
/// `[Position]` tag, the same text as a record that states none.
#[test]
fn the_standard_start_is_not_tagged() {
    let stated = Record {
        start_position: Some("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1".to_owned()),
        ..classic_record(&["1L", "3R"], resigned_by_north())
    };
    assert_eq!(
        text::print(&stated),
        "[Rules \"classic\"]\n[South \"Lan\"]\n[North \"Minh\"]\n[Date \"2025.01.31\"]\n\
         [Time \"08:30:00\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n[Score \"11-2\"]\n\
         \n1. 1L 3R 1-0\n"
    );
}

/// A movetext line holds up to 80 characters: a token that would make it
/// 81 starts the next line (the printer does not check the moves).
#[test]
fn a_movetext_line_holds_eighty_characters() {
    let long = |chars: usize| "x".repeat(chars);
    let movetext = |chars: usize| {
        let printed = text::print(&classic_record(&[&long(chars)], StatedResult::default()));
        printed.split_once("\n\n").unwrap().1.to_owned()
    };
    assert_eq!(movetext(75), format!("1. {} *\n", long(75)));
    assert_eq!(movetext(76), format!("1. {}\n*\n", long(76)));
}
