//! Move notation (`3R`, `1l`, ` 5L `).
//!
//! Invariants: no input panics; a parsed move prints as the canonical form
//! of the text it came from and parses back as itself; a refusal explains
//! itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oanquan::engine::Move;

fuzz_target!(|text: &str| {
    match text.parse::<Move>() {
        Ok(m) => {
            let printed = m.to_string();
            assert!(
                printed.eq_ignore_ascii_case(text.trim()),
                "{text:?} → {printed}"
            );
            assert_eq!(printed.parse::<Move>(), Ok(m));
            assert!((1..=5).contains(&m.square()));
            assert!(Move::ALL.contains(&m));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
