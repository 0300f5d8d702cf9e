//! What the fuzz targets share: the rule sets a text is tried under, and
//! the invariants every position the engine produces must keep.

use oanquan::engine::{
    MandarinSetup, Position, Preset, RefillShortfall, RuleParams, Rules, Square, MAX_BOARD_STONES,
    MAX_STORE_STONES,
};

/// Every preset and the custom mixes whose rules change what a position
/// may hold or how it ends: forfeit, half-value mandarins, young
/// mandarins with gaps, the shortest and longest games.
pub fn rule_sets() -> Vec<Rules> {
    let custom = [
        RuleParams {
            refill_shortfall: RefillShortfall::Forfeit,
            max_plies: 50,
            ..RuleParams::DEFAULT
        },
        RuleParams {
            mandarin_value: 5,
            empty_mandarin_is_gap: true,
            young_mandarin_min: 10,
            max_plies: 2000,
            ..RuleParams::DEFAULT
        },
        RuleParams {
            mandarin_setup: MandarinSetup::SmallStones,
            refill_shortfall: RefillShortfall::Forfeit,
            first_move_mandarin_ban: true,
            ..RuleParams::DEFAULT
        },
    ];
    Preset::ALL
        .into_iter()
        .map(Preset::rules)
        .chain(
            custom
                .into_iter()
                .map(|p| Rules::new(p).expect("a valid mix")),
        )
        .collect()
}

/// A position the engine holds reads back, from its own notation, as
/// exactly itself through the read path every stored game goes through
/// (`Position::restore`, held to the stored bounds).
pub fn assert_reads_back(position: &Position) {
    let text = position.to_string();
    let back = Position::restore(&text, *position.rules(), position.outcome())
        .unwrap_or_else(|e| panic!("{text:?} does not read back: {e}"));
    assert_eq!(&back, position, "{text:?} reads back as another position");
    assert_eq!(back.to_string(), text);
}

/// What a start accepted from a client may hold: the request bounds plus
/// at most one start-up refill (5 stones from the store to the board).
pub fn assert_within_start_bounds(start: &Position) {
    let board: u64 = Square::ALL
        .into_iter()
        .map(|sq| u64::from(start.stones(sq)))
        .sum();
    assert!(board <= MAX_BOARD_STONES + 5, "{start}: {board} stones");
    for seat in oanquan::engine::Seat::ALL {
        let small = start.store(seat).small;
        assert!(
            (-MAX_STORE_STONES - 5..=MAX_STORE_STONES).contains(&small),
            "{start}: store {small}"
        );
    }
    let (_, mandarins) = start.material();
    assert!(mandarins <= 2, "{start}: {mandarins} mandarins");
}

/// Plays one legal move per byte of `choices` (the byte picks among the
/// legal moves) and checks every step: a position not over has a legal
/// move, a legal move plays, an illegal one is refused, material is
/// conserved, the traced and untraced play agree, the ply advances by one,
/// and each position reached reads back. Returns the last position.
pub fn play_out(start: Position, choices: &[u8]) -> Position {
    let mut position = start;
    assert_reads_back(&position);
    for &choice in choices {
        if position.is_over() {
            assert!(position.legal_moves().is_empty());
            assert_eq!(position.legal_move_count(), 0);
            break;
        }
        let legal = position.legal_moves();
        assert!(!legal.is_empty(), "{position}: not over but no legal move");
        assert_eq!(legal.len() as u32, position.legal_move_count());
        for m in oanquan::engine::Move::ALL {
            let listed = legal.contains(&m);
            assert_eq!(position.is_legal(m), listed, "{position} {m}");
            if !listed {
                assert!(position.play(m).is_err(), "{position}: illegal {m} played");
            }
        }
        let index = u32::from(choice) % position.legal_move_count();
        let m = position.nth_legal_move(index).expect("index < count");
        assert_eq!(m, legal[index as usize]);
        let (after, _events) = position.play_traced(m).expect("a legal move plays");
        assert_eq!(position.play(m), Ok(after), "traced and untraced differ");
        assert_eq!(after.material(), position.material(), "{position} {m}");
        assert_eq!(after.ply(), position.ply() + 1, "{position} {m}");
        assert!(after.ply() <= after.rules().max_plies() + 1);
        if let Some(outcome) = after.outcome() {
            assert_eq!(outcome.scores, after.scores(), "{position} {m}");
        }
        assert_reads_back(&after);
        position = after;
    }
    position
}

/// A record that replays: every position it reaches reads back (as the
/// import stores it), and its text form reads back and replays alike.
pub fn assert_replayed_record_round_trips(record: &oanquan::record::Record) {
    use oanquan::record::text;
    let Ok(replayed) = record.replay() else {
        return;
    };
    assert_reads_back(&replayed.start);
    for (_, position) in &replayed.moves {
        assert_reads_back(position);
    }
    // Printed with the names as the replay shows them (an import stores
    // those, never the raw text: ` Lan\n` is `Lan`).
    let names = replayed
        .names
        .clone()
        .map(|name| Some(name).filter(|n| n != oanquan::record::UNKNOWN_NAME));
    let record = &oanquan::record::Record {
        names,
        ..record.clone()
    };
    let printed = text::print(record);
    let back = text::parse(&printed)
        .unwrap_or_else(|e| panic!("the printed record does not read: {e}\n{printed}"));
    assert_eq!(back.replay().as_ref(), Ok(&replayed), "\n{printed}");
    // Printing what was read back prints it again: a fixed point once the
    // record's own spelling (` 2L`, `2l`) has been through the text form.
    let again = text::print(&back);
    let reread = text::parse(&again).expect("a reprinted record reads");
    assert_eq!(text::print(&reread), again);
}
