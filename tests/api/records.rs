//! Export and import of game records: both forms, export → import → export
//! round trips for every way a game can stand, refusals that name the first
//! bad move, size limits and a 2000-ply game; on both backends.

use crate::helpers::assert_problem;
use crate::helpers::games::{Match, Player};
use crate::helpers::lines::{long_line, random_line};
use crate::helpers::records::{export_json, export_text, import, imported, portable};
use crate::helpers::TestApp;
use oanquan::engine::{Position, Preset, RuleParams, Rules, Seat};
use reqwest::header::{ACCEPT, CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The first ply of an exported game before which the mover had an empty
/// square, and the move that would lift it.
fn first_illegal_chance(record: &Value) -> (usize, String) {
    let moves = record["moves"].as_array().unwrap();
    let mut before = Position::from_notation(
        record["start_position"].as_str().unwrap(),
        Preset::Classic.rules(),
    )
    .unwrap();
    for (i, m) in moves.iter().enumerate() {
        if let Some(empty) =
            (1..=5).find(|k| !before.legal_moves().iter().any(|m| m.square() == *k))
        {
            return (i + 1, format!("{empty}L"));
        }
        before = before
            .play(m["notation"].as_str().unwrap().parse().unwrap())
            .unwrap();
    }
    panic!("no position with an empty own square")
}

async fn new_match(app: &TestApp, south: &Player, north: &Player, body: Value) -> Match {
    let game = app.create_game(&south.token, body).await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    Match {
        id,
        south: south.clone(),
        north: north.clone(),
    }
}

/// Games standing every way a game can: (id, expected import status).
async fn every_kind_of_game(app: &TestApp) -> Vec<(String, &'static str)> {
    let (lan, minh) = (app.player("Lan").await, app.player("Minh Đức").await);
    let mut games = Vec::new();

    let ended = new_match(
        app,
        &lan,
        &minh,
        json!({"seat": "south", "first": "south", "rated": true}),
    )
    .await;
    app.play_line(
        &ended,
        &random_line(
            Position::start(Preset::Classic.rules(), Seat::South),
            5,
            400,
        ),
    )
    .await;
    games.push((ended.id, "finished"));

    let online = new_match(
        app,
        &lan,
        &minh,
        json!({"rules": {"preset": "online"}, "seat": "south", "first": "north"}),
    )
    .await;
    app.play_line(
        &online,
        &random_line(Position::start(Preset::Online.rules(), Seat::North), 6, 400),
    )
    .await;
    games.push((online.id, "finished"));

    let resigned = new_match(app, &lan, &minh, json!({"seat": "south"})).await;
    app.play_line(&resigned, &["1L".to_owned(), "3R".to_owned()])
        .await;
    assert_eq!(
        app.act(&resigned.id, "resign", &minh.token).await.status(),
        StatusCode::OK
    );
    games.push((resigned.id, "finished"));

    let forfeit = new_match(
        app,
        &lan,
        &minh,
        json!({"rules": {"refill_shortfall": "forfeit"}, "seat": "south",
        "position": "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 4:0 10"}),
    )
    .await;
    let end = app.play_line(&forfeit, &["5R".to_owned()]).await;
    assert_eq!(end["result"]["reason"], "forfeit");
    games.push((forfeit.id, "finished"));

    let max_plies = new_match(
        app,
        &lan,
        &minh,
        json!({"rules": {"preset": "village", "max_plies": 50}, "seat": "south",
        "position": "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 49"}),
    )
    .await;
    let end = app
        .play_line(&max_plies, &["3R".to_owned(), "5L".to_owned()])
        .await;
    assert_eq!(end["result"]["reason"], "max_plies");
    games.push((max_plies.id, "finished"));

    let active = new_match(app, &lan, &minh, json!({"seat": "south", "first": "north"})).await;
    app.play_line(
        &active,
        &["2R".to_owned(), "4L".to_owned(), "1R".to_owned()],
    )
    .await;
    games.push((active.id, "archived"));

    let waiting = app.create_game(&lan.token, json!({"seat": "south"})).await;
    games.push((waiting["id"].as_str().unwrap().to_owned(), "archived"));
    games
}

backend_tests! {
    async fn export_then_import_then_export_gives_the_same_record(app) {
        let importer = app.player("Importer").await;
        for (id, status) in every_kind_of_game(&app).await {
            let json = export_json(&app, &id).await;
            let text = export_text(&app, &id).await;

            let from_json = imported(&app, &importer.token, "application/json", json.to_string()).await;
            assert_eq!(from_json["status"], status, "{json}");
            assert_eq!(from_json["imported"], true);
            assert_eq!(from_json["rated"], false);
            assert_eq!(from_json["created_by"], importer.id.as_str());
            let again = export_json(&app, from_json["id"].as_str().unwrap()).await;
            assert_eq!(portable(again.clone()), portable(json.clone()), "JSON round trip of {id}");
            assert_eq!(again["status"], status);
            assert_eq!(again["players"]["south"]["id"], Value::Null);

            let from_text = imported(&app, &importer.token, "text/plain", text.clone()).await;
            assert_eq!(from_text["status"], status, "{text}");
            let text_again = export_text(&app, from_text["id"].as_str().unwrap()).await;
            assert_eq!(text_again, text, "text round trip of {id}");

            let original = app.game(&id).await;
            for copy in [&from_json, &from_text] {
                for field in ["position", "ply", "to_move", "result", "rules", "start_position", "first", "moves_played", "custom_start"] {
                    assert_eq!(copy[field], original[field], "{field} of the import of {id}");
                }
                if original["players"]["north"].is_object() {
                    assert_eq!(copy["players"]["north"]["name"], original["players"]["north"]["name"]);
                }
            }
        }
        app.assert_verified().await;
    }

    async fn the_export_formats(app) {
        let game = app.active_game(json!({})).await;
        app.play_line(&game, &["1L".to_owned(), "3R".to_owned()]).await;
        assert_eq!(app.act(&game.id, "resign", &game.north.token).await.status(), StatusCode::OK);
        let json = export_json(&app, &game.id).await;
        assert_eq!(json["id"], game.id.as_str());
        assert_eq!(json["status"], "finished");
        assert_eq!(json["rules"]["preset"], "classic");
        assert_eq!(json["rules"]["max_plies"], 400);
        assert_eq!(json["players"]["south"], json!({"id": game.south.id, "name": "south", "bot": false}));
        assert_eq!(json["start_position"], "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1");
        assert_eq!(json["first"], "south");
        assert_eq!(json["moves"][1]["ply"], 2);
        assert_eq!(json["moves"][1]["seat"], "north");
        assert_eq!(json["moves"][1]["notation"], "3R");
        assert_eq!(json["moves"][1]["position_after"], "0,2,8,8,1,8,M3,0,8,0,9,0 s 1:1 2:0 3");
        assert!(json["moves"][1]["played_at"].is_string());
        assert!(json["started_at"].is_string() && json["finished_at"].is_string());
        assert_eq!(json["result"], json!({"winner": "south", "reason": "resignation", "scores": {"south": 11, "north": 2}}));

        let text = export_text(&app, &game.id).await;
        let date = &json["started_at"].as_str().unwrap()[..19];
        let expected = format!(
            "[Rules \"classic\"]\n[South \"south\"]\n[North \"north\"]\n[Date \"{}\"]\n[Time \"{}\"]\n\
             [Result \"1-0\"]\n[Termination \"resignation\"]\n[Score \"11-2\"]\n\n1. 1L 3R 1-0\n",
            date[..10].replace('-', "."),
            &date[11..]
        );
        assert_eq!(text, expected);

        let path = format!("/v1/games/{}/export", game.id);
        let by_accept = app.request(Method::GET, &path).header(ACCEPT, "text/plain").send().await.unwrap();
        assert_eq!(by_accept.headers()[VARY], "Accept");
        assert_eq!(by_accept.headers()[CACHE_CONTROL], IMMUTABLE);
        let tag = by_accept.headers()[ETAG].to_str().unwrap().to_owned();
        assert_eq!(by_accept.text().await.unwrap(), text);
        let preferring_json = app.request(Method::GET, &path)
            .header(ACCEPT, "text/plain;q=0.5, application/json").send().await.unwrap();
        assert_eq!(preferring_json.headers()[CONTENT_TYPE], "application/json");
        let forced = app.request(Method::GET, &format!("{path}?format=json"))
            .header(ACCEPT, "text/plain").send().await.unwrap();
        assert_eq!(forced.headers()[CONTENT_TYPE], "application/json");
        let cached = app.request(Method::GET, &path).header(ACCEPT, "text/plain")
            .header(IF_NONE_MATCH, &tag).send().await.unwrap();
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
        assert_problem(app.get(&format!("{path}?format=pgn")).await, 400, "invalid_query").await;
        assert_problem(app.get("/v1/games/0123456789/export").await, 404, "game_not_found").await;

        let active = app.create_game(&game.south.token, json!({})).await;
        let response = app.get(&format!("/v1/games/{}/export", active["id"].as_str().unwrap())).await;
        assert_eq!(response.headers()[CACHE_CONTROL], "no-cache");
    }

    async fn a_bad_record_is_refused_naming_the_first_bad_move(app) {
        let game = app.active_game(json!({})).await;
        app.play_line(&game, &random_line(Position::start(Preset::Classic.rules(), Seat::South), 9, 400)).await;
        let json = export_json(&app, &game.id).await;
        let text = export_text(&app, &game.id).await;
        let token = &game.south.token;
        let games = app.count_games().await;
        let moves = app.count_moves().await;

        let mut wrong_position = json.clone();
        wrong_position["moves"][2]["position_after"] = json["moves"][3]["position_after"].clone();
        let body = assert_problem(import(&app, token, "application/json", wrong_position.to_string()).await, 422, "inconsistent_record").await;
        let third = json["moves"][2]["notation"].as_str().unwrap();
        assert!(body["detail"].as_str().unwrap().starts_with(&format!("move 3 ({third}): the record gives")), "{body}");

        let (ply, illegal) = first_illegal_chance(&json);
        let mut illegal_move = json.clone();
        for m in illegal_move["moves"].as_array_mut().unwrap() {
            m.as_object_mut().unwrap().retain(|k, _| k == "notation");
        }
        illegal_move["moves"][ply - 1]["notation"] = json!(illegal);
        let body = assert_problem(import(&app, token, "application/json", illegal_move.to_string()).await, 422, "inconsistent_record").await;
        assert!(
            body["detail"].as_str().unwrap().starts_with(&format!("move {ply} ({illegal}): illegal: own square")),
            "{body}"
        );

        let mut unreadable = json.clone();
        unreadable["moves"][1]["notation"] = json!("9R");
        let body = assert_problem(import(&app, token, "application/json", unreadable.to_string()).await, 422, "invalid_record").await;
        assert!(body["detail"].as_str().unwrap().starts_with("move 2 (9R)"), "{body}");

        let mut bad_winner = json.clone();
        bad_winner["result"]["winner"] = json!("east");
        assert_problem(import(&app, token, "application/json", bad_winner.to_string()).await, 422, "invalid_record").await;

        let claimed = match json["result"]["winner"].as_str().unwrap() {
            "south" => "1-0",
            "north" => "0-1",
            _ => "1/2-1/2",
        };
        let other = if claimed == "1-0" { "0-1" } else { "1-0" };
        let contradicting = format!("{}{other}\n", text.trim_end().strip_suffix(claimed).unwrap())
            .replace(&format!("[Result \"{claimed}\"]"), &format!("[Result \"{other}\"]"));
        let body = assert_problem(import(&app, token, "text/plain", contradicting).await, 422, "inconsistent_record").await;
        assert!(body["detail"].as_str().unwrap().contains("but the moves end the game"), "{body}");

        let score = text.lines().find(|l| l.starts_with("[Score")).unwrap();
        let body = assert_problem(
            import(&app, token, "text/plain", text.replace(score, "[Score \"0-0\"]")).await, 422, "inconsistent_record",
        ).await;
        assert!(body["detail"].as_str().unwrap().contains("states the scores 0-0"), "{body}");

        let first_line = text.lines().next().unwrap();
        let body = assert_problem(
            import(&app, token, "text/plain", text.replace(first_line, "[Rules \"chess\"]")).await, 422, "invalid_record",
        ).await;
        assert!(body["detail"].as_str().unwrap().contains("[Rules \"chess\"]"));
        assert_problem(import(&app, token, "application/json", "{\"moves\": 3}").await, 422, "invalid_body").await;
        assert_problem(import(&app, token, "application/json", "{\"moves\": [").await, 400, "malformed_json").await;
        assert_problem(import(&app, token, "application/json", "{\"colour\": \"red\"}").await, 422, "invalid_body").await;
        assert_problem(import(&app, token, "image/png", text.clone()).await, 415, "unsupported_media_type").await;
        assert_problem(app.post_raw("/v1/games/import", None, text.clone().into_bytes()).await, 401, "unauthorized").await;
        let no_type = app.request(Method::POST, "/v1/games/import").bearer_auth(token).body(text.clone()).send().await.unwrap();
        assert_problem(no_type, 415, "unsupported_media_type").await;
        assert_problem(import(&app, token, "text/plain", vec![0xff, 0xfe, 0x00]).await, 422, "invalid_record").await;
        let huge = format!("{text}{{{}}}", "x".repeat(1024 * 1024));
        let body = assert_problem(import(&app, token, "text/plain", huge).await, 413, "payload_too_large").await;
        assert!(body["detail"].as_str().unwrap().contains("1048576"));

        assert_eq!(app.count_games().await, games, "nothing is stored on a refusal");
        assert_eq!(app.count_moves().await, moves);
    }

    async fn a_2000_ply_game_imports_in_either_form(app) {
        let lan = app.player("Lan").await;
        let rules = Rules::new(RuleParams { max_plies: 2000, ..Preset::Village.params() }).unwrap();
        let line = long_line(Position::start(rules, Seat::South), 3, 2000);
        assert_eq!(line.len(), 2000, "the long line runs to max_plies");
        let record = json!({
            "rules": {"preset": "village", "max_plies": 2000},
            "players": {"south": {"id": null, "name": "Lan"}, "north": {"id": null, "name": "Minh"}},
            "moves": line.iter().map(|m| json!({"notation": m})).collect::<Vec<_>>(),
        });
        let game = imported(&app, &lan.token, "application/json", record.to_string()).await;
        assert_eq!(game["status"], "finished");
        assert_eq!(game["result"]["reason"], "max_plies");
        assert_eq!(game["moves_played"], 2000);
        let id = game["id"].as_str().unwrap();

        let full = app.get(&format!("/v1/games/{id}/export")).await.text().await.unwrap();
        assert!(full.len() > 16 * 1024 && full.len() < 1024 * 1024, "{} bytes", full.len());
        let copy = imported(&app, &lan.token, "application/json", full).await;
        let text = export_text(&app, id).await;
        assert!(text.contains("[MaxPlies \"2000\"]") && text.contains("1000. "), "{text}");
        let from_text = imported(&app, &lan.token, "text/plain", text).await;
        for other in [&copy, &from_text] {
            assert_eq!(other["position"], game["position"]);
            assert_eq!(other["result"], game["result"]);
        }
        let last = app.get(&format!("/v1/games/{id}/positions/2000")).await;
        assert_eq!(last.status(), StatusCode::OK);
        let moves: Value = app.get(&format!("/v1/games/{id}/moves?from=1990")).await.json().await.unwrap();
        assert_eq!(moves["moves"].as_array().unwrap().len(), 11);
        assert_eq!(moves["moves"][10]["played_at"], Value::Null, "the record gave no times");
        assert_eq!(app.count_moves().await, 6000);
        app.assert_verified().await;
    }

    async fn an_imported_game_is_read_only_and_imports_once_per_key(app) {
        let lan = app.player("Lan").await;
        let text = "[Rules \"online\"]\n[South \"Lan\"]\n[North \"Hà\"]\n\n1. 1L *\n";
        let headers = [("idempotency-key", "import-1")];
        let send = || {
            app.request(Method::POST, "/v1/games/import")
                .bearer_auth(&lan.token)
                .header(CONTENT_TYPE, "text/plain")
                .header(headers[0].0, headers[0].1)
                .body(text)
                .send()
        };
        let first = send().await.unwrap();
        assert_eq!(first.status(), StatusCode::CREATED);
        let first: Value = first.json().await.unwrap();
        let second = send().await.unwrap();
        assert_eq!(second.status(), StatusCode::CREATED);
        assert_eq!(second.headers()["idempotent-replayed"], "true");
        assert_eq!(second.json::<Value>().await.unwrap(), first);
        assert_eq!(app.count_games().await, 1);

        let id = first["id"].as_str().unwrap();
        assert_eq!(first["status"], "archived");
        assert_eq!(first["players"]["north"], json!({"id": null, "name": "Hà", "bot": false}));
        assert_eq!(first["legal_moves"], json!([]));
        assert_problem(app.play(id, &lan.token, json!({"move": "1L"})).await, 403, "not_a_player").await;
        assert_problem(app.join(id, &lan.token).await, 409, "game_not_waiting").await;
        let position: Value = app.get(&format!("/v1/games/{id}/positions/1")).await.json().await.unwrap();
        assert_eq!(position["position"], "11,0,6,6,6,6,11,0,6,6,6,6 n 0:0 0:0 2");
        assert!(!position["legal_moves"].as_array().unwrap().is_empty(), "a position for study lists its moves");
        app.assert_verified().await;
    }
}
