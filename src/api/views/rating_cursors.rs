//! Opaque keyset cursors for leaderboards and rating histories: base64url
//! of a short versioned text. Clients pass them back unchanged; anything
//! that does not decode is a 400 `invalid_query`.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use crate::api::problems::ApiError;
use crate::domain::PlayerId;
use crate::store::{PageStart, RankKey};

const LEADERBOARD: &str = "lb1";
const HISTORY: &str = "rh1";

/// Far wider than any rating reached, and narrow enough that every backend
/// compares it exactly.
const RATING_RANGE: std::ops::RangeInclusive<f64> = -1e6..=1e6;

fn encode(text: String) -> String {
    URL_SAFE_NO_PAD.encode(text)
}

fn decode(cursor: &str) -> Result<String, ApiError> {
    URL_SAFE_NO_PAD
        .decode(cursor)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .ok_or_else(invalid)
}

fn invalid() -> ApiError {
    ApiError::InvalidQuery("cursor: not a cursor this endpoint issued".to_owned())
}

/// A cursor for the rows after (below) `key`.
pub fn after(key: &RankKey) -> String {
    leaderboard("a", key)
}

/// A cursor for the rows before (above) `key`.
pub fn before(key: &RankKey) -> String {
    leaderboard("b", key)
}

// f64's Display is the shortest text that parses back to the same value,
// so the key survives the round trip exactly.
fn leaderboard(direction: &str, key: &RankKey) -> String {
    encode(format!(
        "{LEADERBOARD}:{direction}:{}:{}",
        key.rating, key.player_id
    ))
}

/// Where a leaderboard cursor starts its page.
pub fn page_start(cursor: &str) -> Result<PageStart, ApiError> {
    let text = decode(cursor)?;
    let mut parts = text.split(':');
    let (Some(LEADERBOARD), Some(direction), Some(rating), Some(player), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return Err(invalid());
    };
    let rating: f64 = rating.parse().map_err(|_| invalid())?;
    if !RATING_RANGE.contains(&rating) {
        return Err(invalid());
    }
    let key = RankKey {
        rating,
        player_id: PlayerId::parse(player).map_err(|_| invalid())?,
    };
    match direction {
        "a" => Ok(PageStart::After(key)),
        "b" => Ok(PageStart::Before(key)),
        _ => Err(invalid()),
    }
}

/// A cursor for the rating changes older than change `id`.
pub fn older_than(id: i64) -> String {
    encode(format!("{HISTORY}:{id}"))
}

/// The change id a history cursor continues below.
pub fn history_before(cursor: &str) -> Result<i64, ApiError> {
    decode(cursor)?
        .strip_prefix(HISTORY)
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(|id| id.parse().ok())
        .filter(|&id: &i64| id > 0)
        .ok_or_else(invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_cursors_round_trip_exactly() {
        for rating in [1662.3108939062977, 1500.0, -3.5e-7, 0.1 + 0.2] {
            let key = RankKey {
                rating,
                player_id: PlayerId::parse("aB3dE6gH9j").unwrap(),
            };
            assert_eq!(
                page_start(&after(&key)).unwrap(),
                PageStart::After(key.clone())
            );
            let PageStart::Before(back) = page_start(&before(&key)).unwrap() else {
                panic!("not a before cursor");
            };
            assert_eq!(back.rating.to_bits(), rating.to_bits());
        }
    }

    #[test]
    fn history_cursors_round_trip() {
        assert_eq!(history_before(&older_than(42)).unwrap(), 42);
    }

    #[test]
    fn foreign_cursors_are_invalid_queries() {
        let forged = [
            "",
            "!!!",
            &encode("lb1:a:NaN:aB3dE6gH9j".into()),
            &encode("lb1:a:inf:aB3dE6gH9j".into()),
            &encode("lb1:x:1500:aB3dE6gH9j".into()),
            &encode("lb1:a:1500:short".into()),
            &encode("lb1:a:1500:aB3dE6gH9j:extra".into()),
            &encode("rh1:42".into()),
        ];
        for cursor in forged {
            assert!(page_start(cursor).is_err(), "{cursor}");
        }
        assert!(history_before(&after(&RankKey {
            rating: 1.0,
            player_id: PlayerId::parse("aB3dE6gH9j").unwrap()
        }))
        .is_err());
        assert!(history_before(&encode("rh1:x".into())).is_err());
    }
}
