//! Searches random positions for a move that trips the endless-relay guard
//! (RULES.md §3.5). Usage: `cargo run --release --example find_relay_cycles -- [positions] [max_stones_per_square]`.

use oanquan::engine::{Event, Move, Position, RuleParams, Rules, TurnEndReason};
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let positions: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let max_per_square: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut found = 0;
    let mut longest = 0usize;
    for _ in 0..positions {
        let gap = rng.gen_bool(0.5);
        let rules = Rules::new(RuleParams {
            empty_mandarin_is_gap: gap,
            ..RuleParams::DEFAULT
        })
        .unwrap();
        let squares: Vec<String> = (0..12)
            .map(|i| {
                let n = rng.gen_range(0..=max_per_square);
                if i % 6 == 0 && rng.gen_bool(0.5) {
                    format!("M{n}")
                } else {
                    n.to_string()
                }
            })
            .collect();
        let text = format!("{} s 0:0 0:0 5", squares.join(","));
        let Ok(position) = Position::from_notation(&text, rules) else {
            continue;
        };
        for m in Move::ALL {
            let Ok((_, events)) = position.play_traced(m) else {
                continue;
            };
            let relays = events
                .iter()
                .filter(|e| matches!(e, Event::Relay { .. }))
                .count();
            longest = longest.max(relays);
            if events.iter().any(|e| {
                matches!(
                    e,
                    Event::TurnEnd {
                        reason: TurnEndReason::RelayCycle,
                        ..
                    }
                )
            }) {
                found += 1;
                if found <= 10 {
                    println!("cycle: {text} {m} (gap={gap}) after {relays} relays");
                }
            }
        }
    }
    println!("positions: {positions}, cycles found: {found}, most relays in one move: {longest}");
}
