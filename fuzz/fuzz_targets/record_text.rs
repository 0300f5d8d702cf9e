//! The text form of a record (`POST /v1/games/import` as `text/plain`).
//!
//! Invariants: no input panics; a record that replays has every position
//! readable by the stored read path, prints as text that reads back, and
//! that text replays to the same game and prints the same again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oanquan::record::text;
use oanquan_fuzz::assert_replayed_record_round_trips;

fuzz_target!(|input: &str| {
    match text::parse(input) {
        Ok(record) => assert_replayed_record_round_trips(&record),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
