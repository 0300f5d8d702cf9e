//! Replay over HTTP: move ranges, the position after every ply, and the
//! cache headers that make a replay cheap; on both backends.

use crate::helpers::assert_problem;
use crate::helpers::games::Match;
use crate::helpers::lines::random_line;
use crate::helpers::TestApp;
use oanquan::engine::{Position, Preset, Seat};
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn header(response: &Response, name: reqwest::header::HeaderName) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

async fn json_of(response: Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK, "{}", response.url());
    response.json().await.unwrap()
}

/// A finished classic game played to its end with random moves.
async fn finished_game(app: &TestApp, seed: u64) -> (Match, Vec<String>) {
    let game = app.active_game(json!({"preset": "classic"})).await;
    let line = random_line(
        Position::start(Preset::Classic.rules(), Seat::South),
        seed,
        400,
    );
    let end = app.play_line(&game, &line).await;
    assert_eq!(end["status"], "finished");
    (game, line)
}

async fn get_if_none_match(app: &TestApp, path: &str, tag: &str) -> Response {
    app.request(Method::GET, path)
        .header(IF_NONE_MATCH, tag)
        .send()
        .await
        .unwrap()
}

backend_tests! {
    async fn every_move_comes_with_its_trace_and_position(app) {
        let (game, line) = finished_game(&app, 7).await;
        let path = format!("/v1/games/{}/moves", game.id);
        let response = app.get(&path).await;
        assert_eq!(header(&response, CACHE_CONTROL), IMMUTABLE);
        let all = json_of(response).await;
        assert_eq!(all["game_id"], game.id.as_str());
        let moves = all["moves"].as_array().unwrap();
        assert_eq!(moves.len(), line.len());
        let mut position = Position::start(Preset::Classic.rules(), Seat::South);
        for (i, m) in moves.iter().enumerate() {
            let (after, events) = position.play_traced(line[i].parse().unwrap()).unwrap();
            assert_eq!(m["ply"], i + 1);
            assert_eq!(m["notation"], line[i].as_str());
            assert_eq!(m["seat"], position.turn().name());
            assert_eq!(m["position_after"], after.to_string());
            assert_eq!(m["events"].as_array().unwrap().len(), events.len());
            assert!(m["played_at"].is_string());
            let single = json_of(app.get(&format!("{path}/{}", i + 1)).await).await;
            assert_eq!(&single, m, "the range and the single move agree");
            position = after;
        }

        let middle = json_of(app.get(&format!("{path}?from=3&to=5")).await).await;
        assert_eq!(middle["moves"].as_array().unwrap(), &moves[2..5]);
        let tail = json_of(app.get(&format!("{path}?from={}", moves.len() - 1)).await).await;
        assert_eq!(tail["moves"].as_array().unwrap(), &moves[moves.len() - 2..]);
        let beyond = json_of(app.get(&format!("{path}?from=900&to=1000")).await).await;
        assert_eq!(beyond["moves"], json!([]));
        let body = assert_problem(app.get(&format!("{path}?from=5&to=4")).await, 400, "invalid_query").await;
        assert!(body["detail"].as_str().unwrap().starts_with("from:"));
        assert_problem(app.get(&format!("{path}?from=x")).await, 400, "invalid_query").await;
        assert_problem(app.get("/v1/games/0123456789/moves").await, 404, "game_not_found").await;
        assert_problem(app.get("/v1/games/nope/moves").await, 400, "invalid_path_parameter").await;
    }

    async fn positions_of_a_finished_game_are_immutable(app) {
        let (game, line) = finished_game(&app, 11).await;
        let moves = json_of(app.get(&format!("/v1/games/{}/moves", game.id)).await).await;
        let moves = moves["moves"].as_array().unwrap().clone();
        let finished = app.game(&game.id).await;
        for ply in 0..=line.len() {
            let path = format!("/v1/games/{}/positions/{ply}", game.id);
            let response = app.get(&path).await;
            assert_eq!(header(&response, CACHE_CONTROL), IMMUTABLE, "{path}");
            let tag = header(&response, ETAG);
            assert!(tag.starts_with('"') && tag.len() > 10, "{tag}");
            let position = json_of(response).await;
            assert_eq!(position["game_id"], game.id.as_str());
            assert_eq!(position["after_ply"], ply);
            assert_eq!(position["ply"], ply + 1);
            assert_eq!(position["board"].as_array().unwrap().len(), 12);
            let expected = if ply == 0 {
                finished["start_position"].clone()
            } else {
                moves[ply - 1]["position_after"].clone()
            };
            assert_eq!(position["position"], expected, "{path}");
            let engine = Position::restore(position["position"].as_str().unwrap(), Preset::Classic.rules(), None);
            if ply < line.len() {
                let legal: Vec<String> = engine.unwrap().legal_moves().iter().map(|m| m.to_string()).collect();
                assert_eq!(position["legal_moves"], json!(legal), "{path}");
                assert_eq!(position["result"], Value::Null);
            } else {
                assert_eq!(position["legal_moves"], json!([]));
                assert_eq!(position["result"], finished["result"]);
                assert_eq!(position["scores"], finished["scores"]);
                assert_eq!(position["stores"], finished["stores"]);
            }
            let again = get_if_none_match(&app, &path, &tag).await;
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
            assert_eq!(header(&again, ETAG), tag);
            assert_eq!(header(&again, CACHE_CONTROL), IMMUTABLE);
        }
        let body = assert_problem(
            app.get(&format!("/v1/games/{}/positions/{}", game.id, line.len() + 1)).await,
            404,
            "not_found",
        )
        .await;
        assert!(body["detail"].as_str().unwrap().contains(&format!("0 to {}", line.len())));
        assert_problem(app.get(&format!("/v1/games/{}/positions/-1", game.id)).await, 400, "invalid_path_parameter").await;
        assert_problem(app.get("/v1/games/0123456789/positions/0").await, 404, "game_not_found").await;
    }

    async fn a_game_in_progress_revalidates_only_its_current_position(app) {
        let game = app.active_game(json!({})).await;
        let waiting_start = app.get(&format!("/v1/games/{}/positions/0", game.id)).await;
        assert_eq!(header(&waiting_start, CACHE_CONTROL), "no-cache");
        app.play_line(&game, &["1L".to_owned(), "3R".to_owned()]).await;
        let path = |ply: u32| format!("/v1/games/{}/positions/{ply}", game.id);
        for ply in [0, 1] {
            assert_eq!(header(&app.get(&path(ply)).await, CACHE_CONTROL), IMMUTABLE, "ply {ply}");
        }
        let current = app.get(&path(2)).await;
        assert_eq!(header(&current, CACHE_CONTROL), "no-cache");
        let tag = header(&current, ETAG);
        let current = json_of(current).await;
        assert_eq!(current["result"], Value::Null);
        assert_eq!(current["legal_moves"].as_array().unwrap().len(), 10);
        assert_eq!(get_if_none_match(&app, &path(2), &tag).await.status(), StatusCode::NOT_MODIFIED);
        assert_problem(app.get(&path(3)).await, 404, "not_found").await;

        let moves = format!("/v1/games/{}/moves", game.id);
        assert_eq!(header(&app.get(&moves).await, CACHE_CONTROL), "no-cache");
        assert_eq!(header(&app.get(&format!("{moves}?to=2")).await, CACHE_CONTROL), IMMUTABLE);
        assert_eq!(header(&app.get(&format!("{moves}/1")).await, CACHE_CONTROL), IMMUTABLE);

        assert_eq!(app.act(&game.id, "resign", &game.south.token).await.status(), StatusCode::OK);
        let resigned = get_if_none_match(&app, &path(2), &tag).await;
        assert_eq!(resigned.status(), StatusCode::OK, "the resignation changed the last position");
        assert_eq!(header(&resigned, CACHE_CONTROL), IMMUTABLE);
        let resigned = json_of(resigned).await;
        assert_eq!(resigned["position"], current["position"]);
        assert_eq!(resigned["legal_moves"], json!([]));
        assert_eq!(resigned["result"]["reason"], "resignation");
        assert_eq!(resigned["result"]["winner"], "north");
        assert_eq!(header(&app.get(&moves).await, CACHE_CONTROL), IMMUTABLE);
    }

    async fn a_custom_start_numbers_positions_from_its_ply(app) {
        let south = app.player("south").await;
        let north = app.player("north").await;
        let start = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 40";
        let game = app
            .create_game(&south.token, json!({"seat": "south", "position": start}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        app.join(&id, &north.token).await;
        let played: Value = app.play(&id, &south.token, json!({"move": "1L"})).await.json().await.unwrap();
        let path = |ply: u32| format!("/v1/games/{id}/positions/{ply}");
        let zero = json_of(app.get(&path(0)).await).await;
        assert_eq!(zero["position"], start);
        assert_eq!(zero["after_ply"], 39);
        assert_eq!(json_of(app.get(&path(39)).await).await, zero);
        assert_problem(app.get(&path(38)).await, 404, "not_found").await;
        assert_problem(app.get(&path(1)).await, 404, "not_found").await;
        let after = json_of(app.get(&path(40)).await).await;
        assert_eq!(after["position"], played["move"]["position_after"]);
        let moves = json_of(app.get(&format!("/v1/games/{id}/moves")).await).await;
        assert_eq!(moves["moves"][0]["ply"], 40);
        assert_eq!(moves["moves"][0], played["move"]);
    }
}
