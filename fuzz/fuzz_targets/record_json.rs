//! The JSON form of a record (`POST /v1/games/import` as
//! `application/json`), read by the import's own parser.
//!
//! Invariants: no input panics; an accepted record serialises and reads
//! back as itself; one that replays has every position readable by the
//! stored read path, and its text form replays to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oanquan::api::routes::records::parse_record;
use oanquan::api::views::GameRecordInput;
use oanquan_fuzz::assert_replayed_record_round_trips;

fuzz_target!(|body: &[u8]| {
    let Ok(record) = parse_record("application/json", body) else {
        return;
    };
    if let Ok(json) = serde_json::from_slice::<GameRecordInput>(body) {
        let again = serde_json::to_vec(&json).expect("a record serialises");
        let back: GameRecordInput = serde_json::from_slice(&again).expect("reads back");
        assert_eq!(back, json);
        assert_eq!(back.to_record().as_ref(), Ok(&record));
    }
    assert_replayed_record_round_trips(&record);
});
