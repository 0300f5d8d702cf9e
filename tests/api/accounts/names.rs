//! Names cannot impersonate: every known trick is
//! refused, or taken for the name it imitates, beside an existing `Alice`.

use crate::helpers::assert_problem;
use reqwest::StatusCode;
use serde_json::Value;

/// Refused outright: 422 `invalid_name`, and the detail says why.
const REFUSED: &[(&str, &str, &str)] = &[
    ("zero-width space", "Alice\u{200b}", "invisible"),
    ("leading byte-order mark", "\u{feff}Alice", "invisible"),
    ("soft hyphen", "Al\u{ad}ice", "invisible"),
    ("tag characters", "Alice\u{e0001}\u{e0041}", "invisible"),
    (
        "right-to-left override",
        "\u{202e}ecilA",
        "bidirectional control",
    ),
    ("only a zero-width space", "\u{200b}", "invisible"),
    ("only a Hangul filler", "\u{3164}", "invisible"),
    ("only a Braille blank", "\u{2800}", "may not"),
    ("fullwidth letter", "\u{ff21}lice", "may not"),
    ("Cyrillic A among Latin", "\u{410}lice", "mixes scripts"),
    ("only a combining mark", "\u{301}", "combining mark"),
    ("unassigned code point", "Alice\u{378}", "unassigned"),
    ("private use", "Alice\u{e000}", "private-use"),
    ("punctuation only", "-_.", "no letter or digit"),
];

/// Accepted as names, but they look like `Alice`: 409 `name_taken`.
const LOOK_ALIKES: &[(&str, &str)] = &[
    ("same letters", "Alice"),
    ("lower case", "alice"),
    ("upper case", "ALICE"),
    ("capital I for small l", "AIice"),
    ("digit one for small l", "A1ice"),
    ("all Cyrillic", "\u{410}\u{4cf}\u{456}\u{441}\u{435}"),
    ("surrounding spaces", "  Alice  "),
];

fn tower_of_marks() -> String {
    std::iter::once('a')
        .chain((0x300..0x31f).filter_map(char::from_u32))
        .collect()
}

backend_tests! {
    async fn no_trick_of_the_issue_registers_beside_alice(app) {
        app.register("Alice").await;
        for (what, name, why) in REFUSED {
            let problem = assert_problem(app.create_player(name).await, 422, "invalid_name").await;
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(why), "{what}: {detail}");
        }
        let tower = tower_of_marks();
        assert_eq!(tower.chars().count(), 32);
        let problem = assert_problem(app.create_player(&tower).await, 422, "invalid_name").await;
        assert!(problem["detail"].as_str().unwrap().contains("combining marks"), "{problem}");
        for (what, name) in LOOK_ALIKES {
            let problem = assert_problem(app.create_player(name).await, 409, "name_taken").await;
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains("already taken"), "{what}: {detail}");
            if name.trim() != "Alice" {
                assert!(detail.contains(r#"looks like the existing name "Alice""#), "{what}: {detail}");
            }
        }
        assert_eq!(app.player_count().await, 1);
    }

    async fn vietnamese_names_register_composed_or_decomposed_as_one(app) {
        let composed = "Nguyễn Thị Hồng";
        let decomposed = "Nguye\u{302}\u{303}n Thi\u{323} Ho\u{302}\u{300}ng";
        let created: Value = app.create_player(decomposed).await.json().await.unwrap();
        assert_eq!(created["name"], composed, "stored and shown in NFC");
        let profile: Value = app
            .get(&format!("/v1/players/{}", created["id"].as_str().unwrap()))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(profile["name"], composed);
        assert_problem(app.create_player(composed).await, 409, "name_taken").await;
        assert_problem(app.create_player("NGUYỄN THỊ HỒNG").await, 409, "name_taken").await;
        // Another tone is another name.
        app.register("Nguyễn Thị Hông").await;
        assert_eq!(app.player_count().await, 2);
    }

    async fn names_of_every_script_and_common_punctuation_register(app) {
        let names = [
            "Mary-Jane O'Neil", "jean.dupont_99", "Lan 2", "Ô Ăn Quan", "Иван Петров",
            "Ελένη", "王小明", "東京タワー", "김민준", "नमस्ते", "Thị\u{a0}Hồng",
        ];
        for name in names {
            let response = app.create_player(name).await;
            assert_eq!(response.status(), StatusCode::CREATED, "{name:?}");
        }
        assert_eq!(app.player_count().await, names.len() as i64);
        let profile: Value = app.create_player("A  B").await.json().await.unwrap();
        assert_eq!(profile["name"], "A B", "runs of spaces are one");
    }
}
