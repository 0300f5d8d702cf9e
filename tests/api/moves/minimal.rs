//! `Prefer: return=minimal` on a move: the compact answer, its header, and
//! the full answer unchanged without it, on both backends.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::games::Match;
use crate::helpers::lines::random_line;
use crate::helpers::TestApp;
use oanquan::engine::{Position, Preset, Seat};

const MINIMAL: (&str, &str) = ("prefer", "return=minimal");

/// Plays `notation` for `token` with `headers`: the status, the
/// `Preference-Applied` header and the body.
async fn play_with(
    app: &TestApp,
    game: &str,
    token: &str,
    notation: &str,
    headers: &[(&str, &str)],
) -> (
    StatusCode,
    Option<String>,
    reqwest::header::HeaderMap,
    Value,
) {
    let response = app
        .post_with_headers(
            &format!("/v1/games/{game}/moves"),
            token,
            &json!({ "move": notation }),
            headers,
        )
        .await;
    let status = response.status();
    let headers = response.headers().clone();
    let applied = headers
        .get("preference-applied")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, applied, headers, response.json().await.unwrap())
}

/// The fields of a full game view that the compact answer carries.
fn compact_part(full: &Value) -> Value {
    json!({
        "id": full["id"],
        "status": full["status"],
        "version": full["version"],
        "ply": full["ply"],
        "to_move": full["to_move"],
        "position": full["position"],
        "scores": full["scores"],
        "legal_moves": full["legal_moves"],
        "clock": full["clock"],
        "result": full["result"],
    })
}

backend_tests! {
    async fn the_compact_answer_holds_what_the_next_move_needs(app) {
        let game = app.active_game(json!({})).await;
        let (status, applied, headers, body) =
            play_with(&app, &game.id, &game.south.token, "1L", &[MINIMAL]).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(applied.as_deref(), Some("return=minimal"));
        assert_eq!(headers["etag"], "\"3\"");
        assert_eq!(
            headers["location"],
            format!("/v1/games/{}/moves/1", game.id).as_str()
        );
        // South's 1L from the classic start (RULES.md §5's first example):
        // the position after it, North's square 1 (index 7) emptied, so
        // North may play squares 2 to 5 either way; South's store holds 1
        // small stone and the west mandarin, 1 + 10 = 11.
        assert_eq!(
            body,
            json!({
                "move": {"ply": 1, "notation": "1L"},
                "game": {
                    "id": game.id,
                    "status": "active",
                    "version": 3,
                    "ply": 2,
                    "to_move": "north",
                    "position": "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2",
                    "scores": {"south": 11, "north": 0},
                    "legal_moves": ["2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"],
                    "clock": null,
                    "result": null
                }
            })
        );
        // The move was stored as a full one.
        assert_eq!(app.count_moves().await, 1);
        let stored = app.game(&game.id).await;
        assert_eq!(compact_part(&stored), body["game"]);
    }

    async fn without_the_preference_the_full_answer_is_sent(app) {
        let game = app.active_game(json!({})).await;
        for (notation, token, headers) in [
            ("1L", &game.south.token, &[][..]),
            ("2R", &game.north.token, &[("prefer", "return=representation")][..]),
            ("2L", &game.south.token, &[("prefer", "respond-async, wait=10")][..]),
        ] {
            let (status, applied, _, body) =
                play_with(&app, &game.id, token, notation, headers).await;
            assert_eq!(status, StatusCode::CREATED, "{headers:?}");
            assert_eq!(applied, None, "{headers:?}");
            assert_eq!(body["move"]["notation"], notation);
            assert!(body["move"]["events"].as_array().is_some_and(|e| !e.is_empty()));
            assert!(body["move"]["position_after"].is_string());
            assert!(body["game"]["players"]["south"]["name"].is_string());
            assert!(body["game"]["rules"].is_object());
            assert_eq!(body["game"]["board"].as_array().map(Vec::len), Some(12));
            assert_eq!(compact_part(&body["game"]), compact_part(&app.game(&game.id).await));
        }
    }

    async fn a_game_played_to_its_end_compactly_says_how_it_ended(app) {
        let game = app.active_game(json!({})).await;
        let line = random_line(Position::start(Preset::Classic.rules(), Seat::South), 7, 400);
        let mut last = Value::Null;
        for notation in &line {
            let state = app.game(&game.id).await;
            let seat = state["to_move"].as_str().unwrap().to_owned();
            let (status, applied, _, body) =
                play_with(&app, &game.id, game.token_of(&seat), notation, &[MINIMAL]).await;
            assert_eq!(status, StatusCode::CREATED, "{notation}");
            assert_eq!(applied.as_deref(), Some("return=minimal"));
            assert_eq!(body["move"]["notation"], notation.as_str());
            assert_eq!(body["game"], compact_part(&app.game(&game.id).await), "{notation}");
            last = body;
        }
        assert_eq!(last["game"]["status"], "finished");
        assert_eq!(last["game"]["legal_moves"], json!([]));
        let result = &last["game"]["result"];
        assert!(["south", "north", "draw"].contains(&result["winner"].as_str().unwrap()));
        assert!(result["reason"].is_string());
    }

    async fn a_timed_game_s_compact_answer_carries_its_clock(app) {
        let south = app.player("south").await;
        let north = app.player("north").await;
        let clock = json!({"initial_s": 300, "increment_s": 3});
        let created = app
            .create_game(
                &south.token,
                json!({"rules": {}, "seat": "south", "first": "south", "clock": clock}),
            )
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        let game = Match { id, south, north };
        let (status, _, _, body) =
            play_with(&app, &game.id, &game.south.token, "1L", &[MINIMAL]).await;
        assert_eq!(status, StatusCode::CREATED);
        let clock = &body["game"]["clock"];
        assert_eq!(clock["running"], "north");
        assert!(clock["south_ms"].is_i64() && clock["north_ms"].is_i64(), "{clock}");
        assert_eq!(*clock, app.game(&game.id).await["clock"]);
    }
}
