// A binary of the engine crate's own: it needs nothing but the engine.
//! Differential tests: the engine (this crate) against the independent
//! reference implementation of RULES.md in `tests/reference/mod.rs`.
//!
//! Case counts: each randomised test runs a default number of cases that
//! keeps it to a few seconds in debug builds. Set `OANQUAN_DIFF_CASES=<n>`
//! to run `n` cases per randomised test instead (for long runs), and
//! `OANQUAN_DIFF_SEED=<u64>` to change the seed. Run with `--nocapture` to
//! see how many games, positions and moves were compared.

mod reference;

use oanquan_engine::{
    MandarinSetup, Move, Position, Preset, RefillShortfall, RuleParams, Rules, Seat,
};
use reference::{RefOutcome, RefPos, RefRules, NORTH, SOUTH};

// ---------------------------------------------------------------------------
// Plumbing
// ---------------------------------------------------------------------------

/// SplitMix64: tiny, deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn new(salt: u64) -> Rng {
        let seed = std::env::var("OANQUAN_DIFF_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0x6f61_6e71_7561_6e00);
        Rng(seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i64
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() as i64 - 1) as usize]
    }
}

/// The number of cases for a randomised test: `OANQUAN_DIFF_CASES` or the
/// test's default.
fn cases(default: u64) -> u64 {
    std::env::var("OANQUAN_DIFF_CASES")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(default)
}

/// What was compared, for the report printed with `--nocapture`.
#[derive(Default)]
struct Stats {
    games: u64,
    positions: u64,
    moves: u64,
    rejected: u64,
    /// Games by how they ended: mandarins_captured, max_plies, forfeit.
    endings: std::collections::BTreeMap<&'static str, u64>,
    /// Moves that sowed 12+ stones, used an empty mandarin square as a gap,
    /// were stopped by a protected mandarin square, or captured 2+ squares.
    laps: u64,
    gaps: u64,
    protected: u64,
    chains: u64,
    /// Turn changes that refilled a row.
    refills: u64,
}

impl Stats {
    fn report(&self, test: &str) {
        eprintln!(
            "[{test}] compared {} games, {} start positions ({} rejected by both), {} moves; \
             endings {:?}; moves with laps {}, gap {}, protection stop {}, chain of 2+ {}; refills {}",
            self.games,
            self.positions,
            self.rejected,
            self.moves,
            self.endings,
            self.laps,
            self.gaps,
            self.protected,
            self.chains,
            self.refills
        );
    }
}

fn engine_params(r: &RefRules) -> RuleParams {
    RuleParams {
        mandarin_setup: if r.big_stone {
            MandarinSetup::BigStone
        } else {
            MandarinSetup::SmallStones
        },
        mandarin_value: r.mandarin_value as u32,
        empty_mandarin_is_gap: r.empty_mandarin_is_gap,
        young_mandarin_min: r.young_mandarin_min as u32,
        first_move_mandarin_ban: r.first_move_mandarin_ban,
        refill_shortfall: if r.forfeit {
            RefillShortfall::Forfeit
        } else {
            RefillShortfall::Borrow
        },
        max_plies: r.max_plies,
    }
}

fn engine_rules(r: &RefRules) -> Rules {
    Rules::new(engine_params(r))
        .unwrap_or_else(|e| panic!("engine rejects rules {r:?} that the reference accepts: {e}"))
}

fn seat_index(seat: Seat) -> usize {
    seat.index()
}

fn engine_outcome(pos: &Position) -> Option<RefOutcome> {
    pos.outcome().map(|o| RefOutcome {
        winner: o.winner.map(seat_index),
        reason: o.reason.name(),
        scores: [i64::from(o.scores[0]), i64::from(o.scores[1])],
    })
}

fn engine_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

fn reference_moves(pos: &RefPos) -> Vec<String> {
    let mut moves = pos.legal_moves();
    moves.sort();
    moves
}

/// Compares everything observable; `context` says how to reproduce.
fn compare(eng: &Position, rf: &RefPos, context: &dyn Fn() -> String) {
    let e = eng.to_string();
    let r = rf.notation();
    assert_eq!(
        e,
        r,
        "position differs (engine left, reference right)\n{}",
        context()
    );
    assert_eq!(
        engine_outcome(eng),
        rf.outcome,
        "outcome differs at {r}\n{}",
        context()
    );
    let es = eng.scores();
    assert_eq!(
        [i64::from(es[0]), i64::from(es[1])],
        rf.scores(),
        "scores differ at {r}\n{}",
        context()
    );
    assert_eq!(
        engine_moves(eng),
        reference_moves(rf),
        "legal moves differ at {r}\n{}",
        context()
    );
}

/// Plays random legal moves on both implementations until the game ends,
/// comparing after every move.
fn play_out(mut eng: Position, mut rf: RefPos, rules: &RefRules, rng: &mut Rng, stats: &mut Stats) {
    let start = rf.notation();
    let mut history: Vec<String> = Vec::new();
    stats.games += 1;
    loop {
        {
            let history = &history;
            let start = &start;
            compare(&eng, &rf, &|| {
                format!(
                    "rules {rules:?}\nstart {start}\nmoves {}",
                    history.join(" ")
                )
            });
        }
        if let Some(outcome) = &rf.outcome {
            *stats.endings.entry(outcome.reason).or_default() += 1;
            // Both refuse to move on.
            assert!(eng.play("1R".parse().unwrap()).is_err());
            assert!(rf.play_str("1R").is_err());
            return;
        }
        // Both refuse a move from an empty own square, if there is one.
        for k in 1..=5 {
            let text = format!("{k}L");
            let m: Move = text.parse().unwrap();
            assert_eq!(
                eng.play(m).is_ok(),
                rf.play_str(&text).is_ok(),
                "legality of {text} differs at {}",
                rf.notation()
            );
        }
        let moves = rf.legal_moves();
        let mv = rng.pick(&moves).clone();
        let m: Move = mv.parse().unwrap();
        eng = eng.play(m).unwrap_or_else(|err| {
            panic!(
                "engine refuses {mv} at {}: {err}\nrules {rules:?}\nstart {start}\nmoves {}",
                rf.notation(),
                history.join(" ")
            )
        });
        let (after, report) = rf.play(&mv).unwrap();
        let mover = rf.to_move;
        if after.outcome.is_none() && after.store_small[1 - mover] < rf.store_small[1 - mover] {
            stats.refills += 1;
        }
        rf = after;
        history.push(mv);
        stats.moves += 1;
        stats.laps += u64::from(report.lap);
        stats.gaps += u64::from(report.gap_used);
        stats.protected += u64::from(report.protected_stop);
        stats.chains += u64::from(report.captures >= 2);
    }
}

/// Random valid rules: every parameter randomised within its valid range,
/// with small `max_plies` often so that games hit the ply limit.
fn random_rules(rng: &mut Rng) -> RefRules {
    let big_stone = rng.chance(70);
    let mandarin_value = if big_stone && rng.chance(50) { 5 } else { 10 };
    let young = if big_stone && rng.chance(50) {
        rng.range(1, 10)
    } else {
        0
    };
    let max_plies = match rng.range(0, 5) {
        0 => 50,
        1 => rng.range(50, 80) as u32,
        2 => rng.range(50, 400) as u32,
        3 => 400,
        4 => rng.range(50, 2000) as u32,
        _ => 2000,
    };
    RefRules::new(
        big_stone,
        mandarin_value,
        rng.chance(50),
        young,
        rng.chance(50),
        rng.chance(50),
        max_plies,
    )
    .unwrap()
}

fn preset_pairs() -> Vec<(Preset, RefRules)> {
    vec![
        (Preset::Classic, RefRules::classic()),
        (Preset::Village, RefRules::village()),
        (Preset::Online, RefRules::online()),
    ]
}

// ---------------------------------------------------------------------------
// 0. Rules and presets
// ---------------------------------------------------------------------------

#[test]
fn presets_have_the_parameters_of_section_4() {
    for (preset, rf) in preset_pairs() {
        assert_eq!(preset.rules().params(), engine_params(&rf), "{preset:?}");
        assert_eq!(Rules::new(engine_params(&rf)).unwrap(), preset.rules());
    }
}

#[test]
fn rule_validation_agrees() {
    let mut rng = Rng::new(1);
    let n = cases(5000);
    let mut accepted = 0;
    for _ in 0..n {
        let big_stone = rng.chance(50);
        let value = *rng.pick(&[0i64, 1, 5, 5, 10, 10, 10, 11, 20]);
        let young = rng.range(0, 12);
        let max_plies = *rng.pick(&[0u32, 1, 49, 50, 51, 400, 1999, 2000, 2001, 5000]);
        let gap = rng.chance(50);
        let ban = rng.chance(50);
        let forfeit = rng.chance(50);
        let rf = RefRules::new(big_stone, value, gap, young, ban, forfeit, max_plies);
        let params = RuleParams {
            mandarin_setup: if big_stone {
                MandarinSetup::BigStone
            } else {
                MandarinSetup::SmallStones
            },
            mandarin_value: value as u32,
            empty_mandarin_is_gap: gap,
            young_mandarin_min: young as u32,
            first_move_mandarin_ban: ban,
            refill_shortfall: if forfeit {
                RefillShortfall::Forfeit
            } else {
                RefillShortfall::Borrow
            },
            max_plies,
        };
        let eng = Rules::new(params);
        assert_eq!(
            eng.is_ok(),
            rf.is_ok(),
            "validity differs for {params:?}: engine {eng:?}, reference {rf:?}"
        );
        if let Ok(rf) = rf {
            accepted += 1;
            assert_eq!(eng.unwrap().params(), engine_params(&rf));
        }
    }
    eprintln!("[rule_validation_agrees] compared {n} rule sets ({accepted} valid)");
}

// ---------------------------------------------------------------------------
// 1. Random games from the start
// ---------------------------------------------------------------------------

#[test]
fn random_games_from_the_start_of_every_preset() {
    let mut rng = Rng::new(2);
    let mut stats = Stats::default();
    let per = cases(150);
    for (preset, rf_rules) in preset_pairs() {
        for first in [Seat::South, Seat::North] {
            for _ in 0..per {
                let eng = Position::start(preset.rules(), first);
                let rf = RefPos::start(rf_rules, seat_index(first));
                play_out(eng, rf, &rf_rules, &mut rng, &mut stats);
            }
        }
    }
    stats.report("random_games_from_the_start_of_every_preset");
}

#[test]
fn random_games_from_the_start_under_random_rules() {
    let mut rng = Rng::new(3);
    let mut stats = Stats::default();
    for _ in 0..cases(800) {
        let rf_rules = random_rules(&mut rng);
        let first = if rng.chance(50) {
            Seat::South
        } else {
            Seat::North
        };
        let eng = Position::start(engine_rules(&rf_rules), first);
        let rf = RefPos::start(rf_rules, seat_index(first));
        play_out(eng, rf, &rf_rules, &mut rng, &mut stats);
    }
    stats.report("random_games_from_the_start_under_random_rules");
}

// ---------------------------------------------------------------------------
// 2. Random custom positions
// ---------------------------------------------------------------------------

/// A random position string, mostly valid; sometimes with one of the
/// defects §1 says must be rejected.
fn random_position_text(rng: &mut Rng, rules: &RefRules) -> String {
    let mut small = [0i64; 12];
    let mut mandarin = [false; 12];
    for count in small.iter_mut() {
        *count = if rng.chance(35) { 0 } else { rng.range(0, 15) };
    }
    if rules.big_stone || rng.chance(3) {
        // (the 3% under small_stones is invalid)
        for i in [0, 6] {
            mandarin[i] = rng.chance(60);
        }
    }
    let to_move = if rng.chance(50) { SOUTH } else { NORTH };
    if rng.chance(25) {
        for k in 1..=5 {
            small[6 * to_move + k] = 0;
        }
    }
    if rng.chance(10) {
        for k in 1..=5 {
            small[6 * (1 - to_move) + k] = 0;
        }
    }
    if rng.chance(10) {
        // Make the mandarin squares empty more often (both empty = invalid).
        for i in [0, 6] {
            if rng.chance(60) {
                small[i] = 0;
                mandarin[i] = false;
            }
        }
    }
    let on_board = mandarin.iter().filter(|&&m| m).count() as i64;
    let mut left = 2 - on_board;
    let south_m = rng.range(0, left);
    left -= south_m;
    let mut north_m = rng.range(0, left);
    if rng.chance(3) {
        north_m += 1; // maybe too many mandarins
    }
    let south_s = rng.range(-12, 40);
    let north_s = rng.range(-12, 40);
    let max = i64::from(rules.max_plies);
    let ply = match rng.range(0, 99) {
        0..=24 => 1,
        25..=34 => max,
        35..=36 => 0,
        37..=38 => max + 1,
        39..=50 => rng.range(1, 10),
        _ => rng.range(1, max),
    };
    let mut squares: Vec<String> = Vec::new();
    for i in 0..12 {
        if mandarin[i] {
            squares.push(format!("M{}", small[i]));
        } else {
            squares.push(small[i].to_string());
        }
    }
    if rng.chance(2) {
        // `M` on a citizen square.
        let i = *rng.pick(&[1usize, 2, 3, 4, 5, 7, 8, 9, 10, 11]);
        squares[i] = format!("M{}", small[i]);
    }
    let side = if to_move == SOUTH { "s" } else { "n" };
    format!(
        "{} {side} {south_s}:{south_m} {north_s}:{north_m} {ply}",
        squares.join(",")
    )
}

/// Parses `text` with both; they must both reject it or both accept it as
/// the same position. Returns the parsed pair when accepted.
fn parse_both(text: &str, rules: &RefRules) -> Option<(Position, RefPos)> {
    let eng = Position::from_notation(text, engine_rules(rules));
    let rf = RefPos::parse(text, *rules);
    match (eng, rf) {
        (Ok(eng), Ok(rf)) => {
            compare(&eng, &rf, &|| {
                format!("rules {rules:?}\nparsed from {text}")
            });
            Some((eng, rf))
        }
        (Err(_), Err(_)) => None,
        (Ok(eng), Err(field)) => panic!(
            "engine accepts `{text}` as `{eng}`, reference rejects it ({field})\nrules {rules:?}"
        ),
        (Err(err), Ok(rf)) => panic!(
            "engine rejects `{text}` ({err}), reference accepts it as `{}`\nrules {rules:?}",
            rf.notation()
        ),
    }
}

#[test]
fn random_custom_positions_then_random_games() {
    let mut rng = Rng::new(4);
    let mut stats = Stats::default();
    for i in 0..cases(1500) {
        let rules = if i % 4 == 0 {
            preset_pairs()[rng.range(0, 2) as usize].1
        } else {
            random_rules(&mut rng)
        };
        let text = random_position_text(&mut rng, &rules);
        stats.positions += 1;
        match parse_both(&text, &rules) {
            Some((eng, rf)) => play_out(eng, rf, &rules, &mut rng, &mut stats),
            None => stats.rejected += 1,
        }
    }
    stats.report("random_custom_positions_then_random_games");
}

/// Single defects named in §1, each from a valid base, both must reject;
/// and a few borderline-valid strings both must accept.
#[test]
fn notation_validity_by_hand() {
    let classic = RefRules::classic();
    let online = RefRules::online();
    let mut short = RefRules::classic();
    short.max_plies = 50;
    let reject: &[(&str, RefRules)] = &[
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1 x", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5 s 0:0 0:0 1", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("M0,-1,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("M-1,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("M0,x,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("M,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("M0,M5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", classic),
        ("10,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", online),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 x 0:0 0:0 1", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0 0:0 1", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:-1 0:0 1", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0:0 0:0 1", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:1 1", classic),
        ("M0,5,5,5,5,5,0,5,5,5,5,5 s 0:2 0:0 1", classic),
        ("0,5,5,5,5,5,0,5,5,5,5,5 s 0:1 0:1 1", classic),
        ("0,5,5,5,5,5,0,5,5,5,5,5 s 0:0 0:0 1", online),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 0", classic),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 51", short),
        ("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 -1", classic),
    ];
    for (text, rules) in reject {
        assert!(
            parse_both(text, rules).is_none(),
            "`{text}` should be rejected"
        );
    }
    let accept: &[(&str, RefRules, &str)] = &[
        // The total need not be 50; stores may be negative.
        (
            "M0,1,0,0,0,0,0,0,0,0,0,1 s -7:1 3:0 50",
            short,
            "M0,1,0,0,0,0,0,0,0,0,0,1 s -7:1 3:0 50",
        ),
        // An empty row for the side to move is refilled at once (borrow).
        (
            "M0,0,0,0,0,0,M0,5,5,5,5,5 s 2:0 0:0 7",
            classic,
            "M0,1,1,1,1,1,M0,5,5,5,5,5 s -3:0 0:0 7",
        ),
        // Both mandarins captured, but small stones left in a mandarin
        // square: the square is not empty, the position is valid.
        (
            "3,0,0,0,0,0,0,0,0,0,0,1 n 0:1 0:1 9",
            classic,
            "3,0,0,0,0,0,0,0,0,0,0,1 n 0:1 0:1 9",
        ),
        // small_stones setup with plain counts.
        (
            "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1",
            online,
            "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1",
        ),
    ];
    for (text, rules, expected) in accept {
        let (eng, rf) = parse_both(text, rules).expect("should be accepted");
        assert_eq!(rf.notation(), *expected);
        assert_eq!(eng.to_string(), *expected);
    }
}

/// RULES.md §1: "`<to-move>` is `s` or `n`", "A mandarin square is `M`
/// followed by its small-stone count", and "Anything else is rejected with
/// an error that names the offending field." (The engine once accepted
/// these spellings; this test found it.)
#[test]
fn non_canonical_spellings_are_rejected() {
    let classic = RefRules::classic();
    let texts = [
        "M0,5,5,5,5,5,M0,5,5,5,5,5 S 0:0 0:0 1",
        "M0,5,5,5,5,5,M0,5,5,5,5,5 N 0:0 0:0 1",
        "m0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
        "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 +1",
    ];
    let mut wrong = Vec::new();
    for text in texts {
        assert!(RefPos::parse(text, classic).is_err());
        if let Ok(pos) = Position::from_notation(text, engine_rules(&classic)) {
            wrong.push(format!("engine accepts `{text}` as `{pos}`"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The one deliberate deviation from RULES.md §1, which sets no upper limit
/// on a custom position: the server rejects more than 10 000 stones on the
/// board and stores beyond ±100 000, so that no request can make a move
/// arbitrarily expensive. The reference follows the letter of RULES.md;
/// this pins that the engine's refusal is exactly at its documented limits
/// and names the field.
#[test]
fn positions_beyond_the_server_limits_are_the_only_deliberate_deviation() {
    let classic = RefRules::classic();
    for (text, field) in [
        ("M0,10001,0,0,0,0,M0,0,0,0,0,1 s 0:0 0:0 9", "square[1]"),
        ("M0,5001,0,0,0,0,M0,5000,0,0,0,1 s 0:0 0:0 9", "squares"),
        ("M0,1,0,0,0,0,M0,0,0,0,0,1 s 100001:0 0:0 9", "south_store"),
        ("M0,1,0,0,0,0,M0,0,0,0,0,1 s 0:0 -100001:0 9", "north_store"),
    ] {
        assert_eq!(RefPos::parse(text, classic).unwrap().notation(), text);
        let err = Position::from_notation(text, engine_rules(&classic)).unwrap_err();
        assert_eq!(err.field(), field, "{text}: {err}");
    }
    for text in [
        "M0,9999,0,0,0,0,M0,0,0,0,0,1 s 0:0 0:0 9",
        "M0,1,0,0,0,0,M0,0,0,0,0,1 s 100000:0 -100000:0 9",
    ] {
        let (engine, reference) = parse_both(text, &classic).expect("within the limits");
        assert_eq!(engine.to_string(), reference.notation());
    }
}

// ---------------------------------------------------------------------------
// 3. Worked examples (§5) and hand-made edge cases
// ---------------------------------------------------------------------------

/// Plays `moves` from `start` on both and checks the final position string
/// and outcome against values worked out by hand from RULES.md.
fn check_line(
    rules: RefRules,
    start: &str,
    moves: &[&str],
    expected: &str,
    outcome: Option<(Option<usize>, &'static str, [i64; 2])>,
) {
    let (mut eng, mut rf) =
        parse_both(start, &rules).unwrap_or_else(|| panic!("`{start}` rejected"));
    for mv in moves {
        eng = eng.play(mv.parse().unwrap()).unwrap();
        rf = rf.play_str(mv).unwrap();
        compare(&eng, &rf, &|| {
            format!("rules {rules:?}\nstart {start}\nmove {mv}")
        });
    }
    let expected_outcome = outcome.map(|(winner, reason, scores)| RefOutcome {
        winner,
        reason,
        scores,
    });
    assert_eq!(rf.notation(), expected, "reference, from {start} {moves:?}");
    assert_eq!(rf.outcome, expected_outcome, "reference outcome");
    assert_eq!(eng.to_string(), expected, "engine, from {start} {moves:?}");
    assert_eq!(engine_outcome(&eng), expected_outcome, "engine outcome");
}

const START: &str = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";

fn with(f: impl FnOnce(&mut RefRules)) -> RefRules {
    let mut r = RefRules::classic();
    f(&mut r);
    r
}

#[test]
fn worked_examples_of_section_5() {
    check_line(
        RefRules::classic(),
        START,
        &["1L"],
        "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2",
        None,
    );
    check_line(
        RefRules::village(),
        START,
        &["1L"],
        "M1,0,6,6,6,6,M1,0,6,6,6,6 n 0:0 0:0 2",
        None,
    );
    check_line(
        RefRules::online(),
        "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1",
        &["1L"],
        "11,0,6,6,6,6,11,0,6,6,6,6 n 0:0 0:0 2",
        None,
    );
    check_line(
        RefRules::classic(),
        START,
        &["3R"],
        "M1,6,6,0,0,6,M1,6,6,0,6,6 n 6:0 0:0 2",
        None,
    );
    check_line(
        RefRules::classic(),
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
        &["3L"],
        "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 41",
        Some((Some(NORTH), "mandarins_captured", [33, 37])),
    );
    // The same from the engine's own start positions.
    for (preset, rf_rules) in preset_pairs() {
        let eng = Position::start(preset.rules(), Seat::South)
            .play("1L".parse().unwrap())
            .unwrap();
        let rf = RefPos::start(rf_rules, SOUTH).play_str("1L").unwrap();
        compare(&eng, &rf, &|| format!("{preset:?} 1L"));
    }
}

#[test]
fn laps_of_12_13_and_25_stones() {
    // 12 stones: the last lands on the refilled origin; next is the east
    // mandarin square, so the turn ends.
    check_line(
        RefRules::classic(),
        "M0,0,0,0,0,12,M0,0,0,0,0,0 s 0:0 0:0 5",
        &["5R"],
        "M1,1,1,1,1,1,M1,1,1,1,1,1 n 0:0 0:0 6",
        None,
    );
    // 12 to the left: last on the origin, relays 4 -> 3 and 2 -> 1, then
    // the west mandarin square ends the turn.
    check_line(
        RefRules::classic(),
        "M0,0,0,0,0,12,M0,0,0,0,0,0 s 0:0 0:0 5",
        &["5L"],
        "M1,2,0,2,0,1,M1,1,1,1,1,1 n 0:0 0:0 6",
        None,
    );
    // 13: a full lap plus one onto square 6; relays of single stones
    // 7,9,11,1,3,5 (the refilled origin); then 7 is empty and the chain
    // takes 8, 10, 0 (mandarin), 2, 4, 6 (mandarin) - all the way round
    // the ring. Both mandarin squares are empty: game over.
    check_line(
        RefRules::classic(),
        "M0,0,0,0,0,13,M0,0,0,0,0,0 s 0:0 0:0 5",
        &["5R"],
        "0,0,0,0,0,0,0,0,0,0,0,0 n 13:2 0:0 6",
        Some((Some(SOUTH), "mandarins_captured", [33, 0])),
    );
    // The same under village: the chain stops at the young mandarin M2
    // (< 5); North's empty row is refilled with borrowed stones.
    check_line(
        RefRules::village(),
        "M0,0,0,0,0,13,M0,0,0,0,0,0 s 0:0 0:0 5",
        &["5R"],
        "M2,0,2,0,2,0,M3,1,1,1,1,1 n 4:0 -5:0 6",
        None,
    );
    // 25: two full laps plus one; relays of 2 from 7, 10, 1, 4; then 7 is
    // empty and 8's 3 stones are taken; 9 holds stones so the chain stops.
    check_line(
        RefRules::classic(),
        "M0,0,0,0,0,25,M0,0,0,0,0,0 s 0:0 0:0 5",
        &["5R"],
        "M3,0,3,3,0,3,M4,0,0,3,0,3 n 3:0 0:0 6",
        None,
    );
}

#[test]
fn chains_across_an_empty_mandarin_square() {
    let gap = with(|r| r.empty_mandarin_is_gap = true);
    // The last stone lands next to the empty east mandarin square.
    let start = "M3,0,0,0,1,0,0,4,0,2,0,0 s 0:0 0:1 10";
    check_line(
        RefRules::classic(),
        start,
        &["4R"],
        "M3,0,0,0,0,1,0,4,0,2,0,0 n 0:0 0:1 11",
        None,
    );
    check_line(
        gap,
        start,
        &["4R"],
        "M3,0,0,0,0,1,0,1,1,1,1,1 n 6:0 -5:1 11",
        None,
    );
    // A chain 5 -> (empty 6) -> 7 -> 9.
    let start = "M3,0,1,0,0,2,0,3,0,1,0,0 s 0:0 0:1 10";
    check_line(
        RefRules::classic(),
        start,
        &["2R"],
        "M3,0,0,1,0,0,0,3,0,1,0,0 n 2:0 0:1 11",
        None,
    );
    check_line(
        gap,
        start,
        &["2R"],
        "M3,0,0,1,0,0,0,1,1,1,1,1 n 6:0 -5:1 11",
        None,
    );
    // North's chain wraps the ring: 11 -> (empty 0) -> 1 -> 3.
    let start = "0,2,0,1,0,0,M0,0,1,0,0,4 n 0:1 0:0 10";
    check_line(
        RefRules::classic(),
        start,
        &["2R"],
        "0,2,0,1,0,0,M0,0,0,1,0,0 s 0:1 4:0 11",
        None,
    );
    check_line(
        gap,
        start,
        &["2R"],
        "0,1,1,1,1,1,M0,0,0,1,0,0 s -5:1 7:0 11",
        None,
    );
    // n empty and t the empty mandarin square: "t empty: the turn ends",
    // with the gap rule too, although square 7 behind it holds stones.
    check_line(
        gap,
        "M3,0,0,1,0,0,0,4,0,0,0,0 s 0:0 0:1 10",
        &["3R"],
        "M3,0,0,0,1,0,0,4,0,0,0,0 n 0:0 0:1 11",
        None,
    );
    // A stone sown into the empty mandarin square makes it non-empty: the
    // last stone lands there, n = 7 is empty, t = 8 is empty: no capture.
    check_line(
        gap,
        "M3,0,0,0,0,1,0,0,0,2,0,0 s 0:0 0:1 10",
        &["5R"],
        "M3,0,0,0,0,0,1,0,0,2,0,0 n 0:0 0:1 11",
        None,
    );
}

#[test]
fn young_mandarin_at_the_threshold() {
    // Village: young_mandarin_min = 5. The last stone lands on 4, square 5
    // is empty, t = the east mandarin square.
    check_line(
        RefRules::village(),
        "M0,0,0,1,0,0,M5,3,0,0,0,2 s 0:0 0:0 10",
        &["3R"],
        "M0,0,0,0,1,0,0,3,0,0,0,2 n 5:1 0:0 11",
        None,
    );
    check_line(
        RefRules::village(),
        "M0,0,0,1,0,0,M4,3,0,0,0,2 s 0:0 0:0 10",
        &["3R"],
        "M0,0,0,0,1,0,M4,3,0,0,0,2 n 0:0 0:0 11",
        None,
    );
    // The mandarin already gone: small stones are never protected.
    check_line(
        RefRules::village(),
        "M0,0,0,1,0,0,2,3,0,0,0,2 s 0:0 0:1 10",
        &["3R"],
        "M0,0,0,0,1,0,0,3,0,0,0,2 n 2:0 0:1 11",
        None,
    );
    // The largest threshold, 10.
    let ten = with(|r| r.young_mandarin_min = 10);
    check_line(
        ten,
        "M0,0,0,1,0,0,M10,3,0,0,0,2 s 0:0 0:0 10",
        &["3R"],
        "M0,0,0,0,1,0,0,3,0,0,0,2 n 10:1 0:0 11",
        None,
    );
    check_line(
        ten,
        "M0,0,0,1,0,0,M9,3,0,0,0,2 s 0:0 0:0 10",
        &["3R"],
        "M0,0,0,0,1,0,M9,3,0,0,0,2 n 0:0 0:0 11",
        None,
    );
    // A protected mandarin stops a chain; captures before it are kept.
    // South 1R: 2 <- 1 stone, 3 empty, take 4, 5 empty, 6 is young.
    check_line(
        RefRules::village(),
        "M0,1,0,0,2,0,M1,3,0,0,0,2 s 0:0 0:0 10",
        &["1R"],
        "M0,0,1,0,0,0,M1,3,0,0,0,2 n 2:0 0:0 11",
        None,
    );
    check_line(
        RefRules::classic(),
        "M0,1,0,0,2,0,M1,3,0,0,0,2 s 0:0 0:0 10",
        &["1R"],
        "M0,0,1,0,0,0,0,3,0,0,0,2 n 3:1 0:0 11",
        None,
    );
}

#[test]
fn first_move_ban_applies_on_ply_1_only() {
    let ban = with(|r| r.first_move_mandarin_ban = true);
    let start = "M0,0,0,1,0,0,M2,3,0,0,0,2 s 0:0 0:0 1";
    check_line(
        ban,
        start,
        &["3R"],
        "M0,0,0,0,1,0,M2,3,0,0,0,2 n 0:0 0:0 2",
        None,
    );
    check_line(
        RefRules::classic(),
        start,
        &["3R"],
        "M0,0,0,0,1,0,0,3,0,0,0,2 n 2:1 0:0 2",
        None,
    );
    // Ply 2: no ban.
    check_line(
        ban,
        "M0,0,0,1,0,0,M2,3,0,0,0,2 s 0:0 0:0 2",
        &["3R"],
        "M0,0,0,0,1,0,0,3,0,0,0,2 n 2:1 0:0 3",
        None,
    );
    // The ban protects mandarin squares only: on ply 1 North (moving first)
    // plays 1L from 7: 6 <- 1, 5 empty, take 4; 3 empty, take 2; 1 empty,
    // but 0 is banned, so the chain stops. South's empty row is refilled.
    check_line(
        ban,
        "M0,0,2,0,3,0,0,1,0,0,0,1 n 0:0 0:1 1",
        &["1L"],
        "M0,1,1,1,1,1,1,0,0,0,0,1 s -5:0 5:1 2",
        None,
    );
    // The ban also covers a mandarin square that holds only small stones.
    check_line(
        ban,
        "M0,0,0,1,0,0,4,3,0,0,0,2 s 0:0 0:1 1",
        &["3R"],
        "M0,0,0,0,1,0,4,3,0,0,0,2 n 0:0 0:1 2",
        None,
    );
}

#[test]
fn refill_with_debt_and_forfeit() {
    let forfeit = with(|r| r.forfeit = true);
    // After South's move North's row is empty with 4 in store.
    let start = "M0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 4:0 10";
    check_line(
        RefRules::classic(),
        start,
        &["1R"],
        "M0,0,1,0,0,0,M0,1,1,1,1,1 n 0:0 -1:0 11",
        None,
    );
    check_line(
        forfeit,
        start,
        &["1R"],
        "M0,0,1,0,0,0,M0,0,0,0,0,0 n 0:0 4:0 11",
        Some((Some(SOUTH), "forfeit", [0, 4])),
    );
    // Exactly five in store: no shortfall.
    check_line(
        forfeit,
        "M0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 5:0 10",
        &["1R"],
        "M0,0,1,0,0,0,M0,1,1,1,1,1 n 0:0 0:0 11",
        None,
    );
    // Already in debt: the debt grows.
    check_line(
        RefRules::classic(),
        "M0,1,0,0,0,0,0,0,0,0,0,0 s 0:0 -3:1 10",
        &["1R"],
        "M0,0,1,0,0,0,0,1,1,1,1,1 n 0:0 -8:1 11",
        None,
    );
    // A custom position whose side to move has an empty row.
    check_line(
        forfeit,
        "M0,0,0,0,0,0,M0,1,0,0,0,0 s 3:0 0:0 10",
        &[],
        "M0,0,0,0,0,0,M0,1,0,0,0,0 s 3:0 0:0 10",
        Some((Some(NORTH), "forfeit", [3, 0])),
    );
    check_line(
        RefRules::classic(),
        "M0,0,0,0,0,0,M0,1,0,0,0,0 s 3:0 0:0 10",
        &[],
        "M0,1,1,1,1,1,M0,1,0,0,0,0 s -2:0 0:0 10",
        None,
    );
    // Forfeit even when the forfeiting side is ahead on score.
    check_line(
        forfeit,
        "0,0,0,0,0,0,3,1,0,0,0,0 s 4:2 0:0 10",
        &[],
        "0,0,0,0,0,0,3,1,0,0,0,0 s 4:2 0:0 10",
        Some((Some(NORTH), "forfeit", [24, 0])),
    );
}

#[test]
fn game_end_order_and_max_plies() {
    let short = with(|r| r.max_plies = 50);
    // max_plies: rows swept, stones in mandarin squares stay.
    check_line(
        short,
        "M2,1,0,0,0,3,M1,0,2,0,0,1 s 0:0 0:0 50",
        &["1R"],
        "M2,0,0,0,0,0,M1,0,0,0,0,0 n 4:0 3:0 51",
        Some((Some(SOUTH), "max_plies", [4, 3])),
    );
    // Both mandarin squares emptied on the last allowed move: the first
    // check wins, reason mandarins_captured.
    check_line(
        short,
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 50",
        &["3L"],
        "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 51",
        Some((Some(NORTH), "mandarins_captured", [33, 37])),
    );
    // max_plies ends the game before a refill/forfeit is looked at.
    let short_forfeit = with(|r| {
        r.max_plies = 50;
        r.forfeit = true;
    });
    check_line(
        short_forfeit,
        "M0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 4:0 50",
        &["1R"],
        "M0,0,0,0,0,0,M0,0,0,0,0,0 n 1:0 4:0 51",
        Some((Some(NORTH), "max_plies", [1, 4])),
    );
    // A draw.
    check_line(
        short,
        "M0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 1:0 50",
        &["1R"],
        "M0,0,0,0,0,0,M0,0,0,0,0,0 n 1:0 1:0 51",
        Some((None, "max_plies", [1, 1])),
    );
    // mandarin_value = 5 in the final score.
    let five = with(|r| {
        r.mandarin_value = 5;
        r.max_plies = 50;
    });
    check_line(
        five,
        "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
        &["3L"],
        "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 41",
        Some((Some(NORTH), "mandarins_captured", [28, 32])),
    );
}

// ---------------------------------------------------------------------------
// 4. Endless-relay search (§3.5)
// ---------------------------------------------------------------------------

/// Searches random positions with many stones for a move whose relays
/// repeat a state, which would trigger the guard of §3.5; every move
/// tried is also compared with the engine.
///
/// No such position can exist. Mandarin squares are never lifted and
/// nothing is captured until the relays stop, so during the sowing phase
/// the mandarin squares' contents never decrease. A repeated state means
/// the board came back to the same contents, so no stone was dropped on a
/// mandarin square in between: every sowing in the cycle stayed inside one
/// row, and each relay square `next(p)` lies strictly further along that
/// row (in the move's direction) than the square lifted before it, without
/// passing a mandarin square. The lifted square can therefore never come
/// back: there is no cycle. The test asserts that the guard never fires.
#[test]
fn endless_relay_search() {
    let mut rng = Rng::new(5);
    let n = cases(1000);
    let mut tried_moves = 0u64;
    let mut max_relays = 0u32;
    let mut fired = 0u64;
    for _ in 0..n {
        let mut rules = random_rules(&mut rng);
        rules.forfeit = false;
        let hi = *rng.pick(&[3i64, 8, 20, 60, 200]);
        let mut squares: Vec<String> = Vec::new();
        for i in 0..12 {
            let c = rng.range(0, hi);
            if (i == 0 || i == 6) && rules.big_stone && rng.chance(70) {
                squares.push(format!("M{c}"));
            } else {
                squares.push(c.to_string());
            }
        }
        let side = if rng.chance(50) { "s" } else { "n" };
        let ply = rng.range(2, i64::from(rules.max_plies));
        let text = format!("{} {side} 0:0 0:0 {ply}", squares.join(","));
        let Some((eng, rf)) = parse_both(&text, &rules) else {
            continue;
        };
        for mv in rf.legal_moves() {
            let (after, report) = rf.play(&mv).unwrap();
            tried_moves += 1;
            max_relays = max_relays.max(report.relays);
            if report.guard_fired {
                fired += 1;
                eprintln!("relay guard fired: {text} {mv}");
            }
            let eng_after = eng.play(mv.parse().unwrap()).unwrap();
            compare(&eng_after, &after, &|| {
                format!("rules {rules:?}\nstart {text}\nmove {mv}")
            });
        }
    }
    eprintln!(
        "[endless_relay_search] {n} positions, {tried_moves} moves, longest relay chain {max_relays} lifts, guard fired {fired} times"
    );
    assert_eq!(fired, 0, "found a relay cycle (see above)");
}

/// The reference counts the same perft as the engine's pinned figures
/// (crates/engine/src/tests/perft.rs), so the pins are not the engine grading
/// itself.
#[test]
fn the_reference_agrees_with_the_pinned_perft() {
    fn perft(position: &RefPos, depth: u32) -> u64 {
        let moves = position.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| perft(&position.play_str(m).unwrap(), depth - 1))
            .sum()
    }
    for (rules, expected) in [
        (RefRules::classic(), [10, 80, 664, 5132, 38524, 279544]),
        (RefRules::village(), [10, 80, 668, 5188, 39128, 285324]),
        (RefRules::online(), [10, 80, 664, 5132, 38524, 279544]),
    ] {
        let start = RefPos::start(rules, 0);
        let counts: Vec<u64> = (1..=6).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, expected, "{rules:?}");
    }
}
