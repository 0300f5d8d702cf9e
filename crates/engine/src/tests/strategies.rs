//! proptest strategies: valid rulesets, custom positions and random games.

use proptest::prelude::*;

use crate::*;

/// Any ruleset the engine accepts, with short games over-represented.
pub fn rules() -> impl Strategy<Value = Rules> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u32..=10,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![50u32..=80, 50u32..=2000],
    )
        .prop_map(
            |(small_stones, value5, gap, young, ban, forfeit, max_plies)| {
                let mandarin_setup = if small_stones {
                    MandarinSetup::SmallStones
                } else {
                    MandarinSetup::BigStone
                };
                Rules::new(RuleParams {
                    mandarin_setup,
                    mandarin_value: if value5 && !small_stones { 5 } else { 10 },
                    empty_mandarin_is_gap: gap,
                    young_mandarin_min: if small_stones { 0 } else { young },
                    first_move_mandarin_ban: ban,
                    refill_shortfall: if forfeit {
                        RefillShortfall::Forfeit
                    } else {
                        RefillShortfall::Borrow
                    },
                    max_plies,
                })
                .expect("the strategy only builds valid rules")
            },
        )
}

/// The presets and random mixes.
pub fn any_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Preset::Classic.rules()),
        Just(Preset::Village.rules()),
        Just(Preset::Online.rules()),
        rules(),
    ]
}

/// A valid custom position string under `rules`, as RULES.md §1 defines it.
pub fn position_text(rules: Rules) -> impl Strategy<Value = String> {
    let big_stone = rules.mandarin_setup() == MandarinSetup::BigStone;
    (
        proptest::collection::vec(prop_oneof![3 => 0u32..4, 2 => 0u32..16, 1 => 0u32..40], 12),
        [any::<bool>(), any::<bool>()],
        [-20i32..40, -20i32..40],
        [0u32..=2, 0u32..=2],
        any::<bool>(),
        1..=rules.max_plies(),
    )
        .prop_map(
            move |(mut squares, mandarin, small, captured, north, ply)| {
                let mandarin = mandarin.map(|m| m && big_stone);
                let on_board = mandarin.iter().filter(|&&m| m).count() as u32;
                let mut captured = captured;
                while on_board + captured[0] + captured[1] > 2 {
                    let i = usize::from(captured[0] < captured[1]);
                    captured[i] -= 1;
                }
                if squares[0] == 0 && squares[6] == 0 && !mandarin[0] && !mandarin[1] {
                    squares[6] = 1;
                }
                let board: Vec<String> = squares
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        if i % 6 == 0 && mandarin[i / 6] {
                            format!("M{n}")
                        } else {
                            n.to_string()
                        }
                    })
                    .collect();
                format!(
                    "{} {} {}:{} {}:{} {}",
                    board.join(","),
                    if north { 'n' } else { 's' },
                    small[0],
                    captured[0],
                    small[1],
                    captured[1],
                    ply
                )
            },
        )
}

/// A valid custom position with its rules.
pub fn custom_position() -> impl Strategy<Value = Position> {
    any_rules().prop_flat_map(|rules| {
        position_text(rules).prop_map(move |text| {
            Position::from_notation(&text, rules)
                .unwrap_or_else(|e| panic!("valid by construction: {text}: {e}"))
        })
    })
}

/// A start position of any ruleset, either seat first.
pub fn start_position() -> impl Strategy<Value = Position> {
    (any_rules(), any::<bool>()).prop_map(|(rules, north)| {
        Position::start(rules, if north { Seat::North } else { Seat::South })
    })
}

/// Plays the move picked by each `choice` (modulo the legal moves) until the
/// choices run out or the game ends; returns every position on the way.
pub fn playout(start: Position, choices: &[u16]) -> Vec<Position> {
    let mut line = vec![start];
    let mut position = start;
    for &choice in choices {
        let count = position.legal_move_count();
        if count == 0 {
            break;
        }
        let m = position.nth_legal_move(u32::from(choice) % count).unwrap();
        position = position.play(m).unwrap();
        line.push(position);
    }
    line
}

/// Plays a move of `position` chosen by a xorshift step of `state` (seed it
/// odd): the same seed plays the same game.
pub fn play_random_move(position: &mut Position, state: &mut u64) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    let m = position
        .nth_legal_move((*state % u64::from(position.legal_move_count())) as u32)
        .unwrap();
    position.apply(m, &mut ()).unwrap();
}
