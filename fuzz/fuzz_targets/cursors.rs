//! The API's opaque cursors: the game list's (`GET /v1/games?cursor=`, a
//! checksummed `<µs>.<id>`) and the leaderboard's and rating history's
//! (`lb1:<a|b>:<rating>:<player>`, `rh1:<id>`), each tried as sent and as
//! a forger would build it from the input (base64url of the input, with
//! the game list's checksum computed).
//!
//! Invariants: no input panics; what decodes is in range (a time from 1970
//! to 9999, a finite rating within ±1e6, a positive change id) and encodes
//! to a cursor that decodes to the same key.
#![no_main]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Datelike;
use libfuzzer_sys::fuzz_target;
use oanquan::api::routes::history::{decode_cursor, encode_cursor};
use oanquan::api::views::rating_cursors::{after, before, history_before, older_than, page_start};
use oanquan::store::PageStart;
use sha2::{Digest, Sha256};

fn check_game_list(cursor: &str) {
    let Ok(key) = decode_cursor(cursor) else {
        return;
    };
    assert!((1970..=9999).contains(&key.created_at.year()), "{cursor}");
    let again = encode_cursor(&key);
    assert_eq!(decode_cursor(&again).ok(), Some(key), "{cursor}");
}

fn check_rating(cursor: &str) {
    match page_start(cursor) {
        Ok(PageStart::After(key)) => {
            assert!(
                key.rating.is_finite() && key.rating.abs() <= 1e6,
                "{cursor}"
            );
            assert_eq!(page_start(&after(&key)).ok(), Some(PageStart::After(key)));
        }
        Ok(PageStart::Before(key)) => {
            assert!(
                key.rating.is_finite() && key.rating.abs() <= 1e6,
                "{cursor}"
            );
            assert_eq!(page_start(&before(&key)).ok(), Some(PageStart::Before(key)));
        }
        Ok(PageStart::Top) => panic!("{cursor}: a cursor never starts at the top"),
        Err(_) => {}
    }
    if let Ok(id) = history_before(cursor) {
        assert!(id > 0, "{cursor}");
        assert_eq!(history_before(&older_than(id)).ok(), Some(id));
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(sent) = std::str::from_utf8(data) {
        check_game_list(sent);
        check_rating(sent);
    }
    let mut signed = data.to_vec();
    signed.extend_from_slice(&Sha256::digest(data)[..4]);
    check_game_list(&URL_SAFE_NO_PAD.encode(signed));
    check_rating(&URL_SAFE_NO_PAD.encode(data));
});
