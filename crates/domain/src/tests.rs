//! The ids, the game statuses and the time controls, against literal
//! expectations (the names are the API's and the store's).

use crate::{GameId, GameStatus, InvalidGameId, PlayerId, TimeControl};

#[test]
fn an_id_is_exactly_ten_ascii_letters_or_digits() {
    for good in ["Gm4x9QzLp2", "0123456789", "abcdefghij", "ZZZZZZZZZZ"] {
        let id = GameId::parse(good).unwrap();
        assert_eq!(id.as_str(), good);
        assert_eq!(id.to_string(), good);
        assert_eq!(GameId::try_from(good.to_owned()), Ok(id));
    }
    for bad in [
        "",
        "Gm4x9QzLp",
        "Gm4x9QzLp23",
        "Gm4x9QzLp-",
        "Gm4x9 zLp2",
        "Gm4x9QzLpé",
    ] {
        assert_eq!(GameId::parse(bad), Err(InvalidGameId(bad.to_owned())));
        assert!(GameId::try_from(bad.to_owned()).is_err(), "{bad:?}");
    }
    // Nine letters and a two-byte letter: ten characters, eleven bytes.
    assert!(PlayerId::parse("aB3dE6gH9é").is_err());
}

#[test]
fn a_bad_id_says_what_was_expected() {
    assert_eq!(
        GameId::parse("x").unwrap_err().to_string(),
        "\"x\" is not a game id (expected 10 letters or digits)"
    );
    assert_eq!(
        PlayerId::parse("x").unwrap_err().to_string(),
        "\"x\" is not a player id (expected 10 letters or digits)"
    );
}

#[test]
fn generated_ids_parse_and_differ() {
    let a = GameId::generate();
    let b = GameId::generate();
    assert_eq!(a.as_str().len(), 10);
    assert_eq!(GameId::parse(a.as_str()), Ok(a.clone()));
    assert_ne!(a, b);
    let p = PlayerId::generate();
    assert_eq!(PlayerId::parse(p.as_str()), Ok(p));
}

#[test]
fn statuses_have_their_names_and_parse_back() {
    let names = [
        (GameStatus::Waiting, "waiting", false),
        (GameStatus::Active, "active", false),
        (GameStatus::Finished, "finished", true),
        (GameStatus::Cancelled, "cancelled", true),
        (GameStatus::Archived, "archived", true),
        (GameStatus::Aborted, "aborted", true),
        (GameStatus::Expired, "expired", true),
    ];
    assert_eq!(GameStatus::ALL.len(), names.len());
    for (status, name, is_final) in names {
        assert_eq!(status.as_str(), name);
        assert_eq!(status.to_string(), name);
        assert_eq!(GameStatus::parse(name), Some(status));
        assert_eq!(status.is_final(), is_final, "{name}");
    }
    for unknown in ["", "Active", "finished ", "over"] {
        assert_eq!(GameStatus::parse(unknown), None, "{unknown:?}");
    }
}

#[test]
fn real_time_controls_are_checked_at_their_bounds() {
    let rt = |initial_s, increment_s| TimeControl::RealTime {
        initial_s,
        increment_s,
    };
    for (initial_s, increment_s) in [(1, 0), (86_400, 3600), (300, 5)] {
        assert_eq!(
            rt(initial_s, increment_s).check(),
            Ok(rt(initial_s, increment_s))
        );
    }
    for initial_s in [0, 86_401] {
        assert_eq!(
            rt(initial_s, 0).check(),
            Err("clock.initial_s must be 1 to 86400".to_owned())
        );
    }
    assert_eq!(
        rt(60, 3601).check(),
        Err("clock.increment_s must be 0 to 3600".to_owned())
    );
}

#[test]
fn correspondence_controls_are_checked_at_their_bounds() {
    let c = |days_per_move| TimeControl::Correspondence { days_per_move };
    assert_eq!(c(1).check(), Ok(c(1)));
    assert_eq!(c(30).check(), Ok(c(30)));
    for days in [0, 31] {
        assert_eq!(
            c(days).check(),
            Err("clock.days_per_move must be 1 to 30".to_owned())
        );
    }
}

#[test]
fn each_side_starts_with_the_whole_initial_time() {
    let rt = TimeControl::RealTime {
        initial_s: 300,
        increment_s: 7,
    };
    assert_eq!(rt.initial_ms(), 300_000);
    let c = TimeControl::Correspondence { days_per_move: 3 };
    assert_eq!(c.initial_ms(), 259_200_000);
    let longest = TimeControl::Correspondence { days_per_move: 30 };
    assert_eq!(longest.initial_ms(), 2_592_000_000);
}
