//! Games: create, fetch (ETag/304), join (and its races), cancel, resign,
//! and every refusal, on both backends.

use crate::helpers::assert_problem;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const START: &str = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";

backend_tests! {
    async fn create_answers_201_with_a_waiting_game(app) {
        let lan = app.player("Lan").await;
        let response = app
            .post_json("/v1/games", &json!({"seat": "north", "rated": true}), Some(&lan.token))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let headers = response.headers().clone();
        let game: Value = response.json().await.unwrap();
        let id = game["id"].as_str().unwrap();
        assert_eq!(headers["location"], format!("/v1/games/{id}").as_str());
        assert_eq!(headers["etag"], "\"1\"");
        assert_eq!(game["status"], "waiting");
        assert_eq!(game["version"], 1);
        assert_eq!(game["rated"], true);
        assert_eq!(game["players"]["north"]["id"], lan.id.as_str());
        assert_eq!(game["players"]["north"]["name"], "Lan");
        assert_eq!(game["players"]["south"], Value::Null);
        assert_eq!(game["created_by"], lan.id.as_str());
        assert_eq!(game["first"], "south");
        assert_eq!(game["to_move"], "south");
        assert_eq!(game["ply"], 1);
        assert_eq!(game["moves_played"], 0);
        assert_eq!(game["position"], START);
        assert_eq!(game["start_position"], START);
        assert_eq!(game["legal_moves"], json!([]));
        assert_eq!(game["result"], Value::Null);
        assert_eq!(game["scores"], json!({"south": 0, "north": 0}));
        assert_eq!(game["stores"]["south"], json!({"small": 0, "mandarins": 0}));
        let board = game["board"].as_array().unwrap();
        assert_eq!(board.len(), 12);
        assert_eq!(board[0], json!({"square": 0, "stones": 0, "mandarin": true, "owner": null}));
        assert_eq!(board[7], json!({"square": 7, "stones": 5, "mandarin": false, "owner": "north"}));
        assert_eq!(
            game["rules"],
            json!({
                "preset": "classic", "mandarin_setup": "big_stone", "mandarin_value": 10,
                "empty_mandarin_is_gap": false, "young_mandarin_min": 0,
                "first_move_mandarin_ban": false, "refill_shortfall": "borrow", "max_plies": 400
            })
        );
        assert_eq!(app.game(id).await, game);
        assert_eq!(app.count_games().await, 1);
    }

    async fn rules_resolve_presets_and_overrides(app) {
        let lan = app.player("Lan").await;
        let online = app.create_game(&lan.token, json!({"rules": {"preset": "online"}})).await;
        assert_eq!(online["rules"]["mandarin_setup"], "small_stones");
        assert_eq!(online["position"], "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1");
        let mix = app
            .create_game(&lan.token, json!({"rules": {"preset": "village", "max_plies": 60}, "rated": true}))
            .await;
        assert_eq!(mix["rules"]["preset"], Value::Null);
        assert_eq!(mix["rules"]["young_mandarin_min"], 5);
        assert_eq!(mix["rules"]["max_plies"], 60);
        assert_eq!(mix["rated"], false, "custom rule mixes are unrated");
        assert_eq!(mix["unrated_reason"], "custom_rules");
        let north_first = app.create_game(&lan.token, json!({"first": "north"})).await;
        assert_eq!(north_first["to_move"], "north");
        assert_eq!(north_first["first"], "north");
    }

    async fn bad_game_requests_are_problems_and_store_nothing(app) {
        let lan = app.player("Lan").await;
        let cases = [
            (json!({"rules": {"max_plies": 10}}), 422, "invalid_rules", "max_plies"),
            (json!({"rules": {"preset": "online", "young_mandarin_min": 2}}), 422, "invalid_rules", "young_mandarin_min"),
            (json!({"rules": {"preset": "chess"}}), 422, "invalid_body", "chess"),
            (json!({"rules": {"colour": "red"}}), 422, "invalid_body", "colour"),
            (json!({"seat": "east"}), 422, "invalid_body", "east"),
            (json!({"position": "M0,5,5 s 0:0 0:0 1"}), 422, "invalid_position", "squares"),
            (json!({"position": "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 401"}), 422, "invalid_position", "ply"),
            (json!({"position": START, "first": "north"}), 422, "invalid_game", "first"),
            (json!({"opponent": "nobody0000"}), 422, "invalid_game", "opponent"),
            (json!({"opponent": "x"}), 422, "invalid_game", "opponent"),
            (json!({"opponent": lan.id}), 422, "invalid_game", "yourself"),
            (
                json!({"rules": {"refill_shortfall": "forfeit"}, "position": "M0,0,0,0,0,1,M0,0,0,0,0,0 n 0:0 4:0 5"}),
                422, "invalid_position", "forfeit",
            ),
        ];
        for (body, status, code, mentions) in cases {
            let response = app.post_json("/v1/games", &body, Some(&lan.token)).await;
            let problem = assert_problem(response, status, code).await;
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(mentions), "{body}: {detail}");
        }
        let response = app.post_json("/v1/games", &json!({}), None).await;
        assert_problem(response, 401, "unauthorized").await;
        assert_eq!(app.count_games().await, 0);
    }

    async fn a_custom_position_is_refilled_and_never_rated(app) {
        let lan = app.player("Lan").await;
        let game = app
            .create_game(
                &lan.token,
                json!({"position": "M0,0,0,0,0,1,M0,0,0,0,0,0 n 0:0 7:0 5", "rated": true}),
            )
            .await;
        assert_eq!(game["custom_start"], true);
        assert_eq!(game["rated"], false);
        assert_eq!(game["unrated_reason"], "custom_position");
        assert_eq!(game["start_position"], "M0,0,0,0,0,1,M0,1,1,1,1,1 n 0:0 2:0 5");
        assert_eq!(game["first"], "north");
        assert_eq!(game["ply"], 5);
    }

    async fn joining_starts_the_game(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let game = app.create_game(&lan.token, json!({"seat": "south", "rated": true})).await;
        let id = game["id"].as_str().unwrap();
        let response = app.join(id, &minh.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["etag"], "\"2\"");
        let joined: Value = response.json().await.unwrap();
        assert_eq!(joined["status"], "active");
        assert_eq!(joined["players"]["north"]["id"], minh.id.as_str());
        assert_eq!(joined["legal_moves"].as_array().unwrap().len(), 10);
        assert!(joined["started_at"].is_string());
        assert_eq!(app.game(id).await, joined);
    }

    async fn join_refusals(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let tuan = app.player("Tuan").await;
        let game = app.create_game(&lan.token, json!({})).await;
        let id = game["id"].as_str().unwrap();
        assert_problem(app.join(id, &lan.token).await, 409, "own_game").await;
        assert_eq!(app.join(id, &minh.token).await.status(), StatusCode::OK);
        assert_problem(app.join(id, &tuan.token).await, 409, "game_full").await;
        assert_problem(app.join(id, &minh.token).await, 409, "own_game").await;
        assert_problem(app.join("nosuchgame", &tuan.token).await, 404, "game_not_found").await;
        assert_problem(app.join("bad id!", &tuan.token).await, 400, "invalid_path_parameter").await;
        let response = app.post_json(&format!("/v1/games/{id}/join"), &json!({}), None).await;
        assert_problem(response, 401, "unauthorized").await;

        let reserved = app.create_game(&lan.token, json!({"opponent": minh.id})).await;
        let reserved_id = reserved["id"].as_str().unwrap();
        assert_eq!(reserved["reserved_for"]["id"], minh.id.as_str());
        assert_problem(app.join(reserved_id, &tuan.token).await, 409, "seat_reserved").await;
        let joined: Value = app.join(reserved_id, &minh.token).await.json().await.unwrap();
        assert_eq!(joined["status"], "active");
        assert_eq!(joined["reserved_for"], Value::Null);
    }

    async fn of_many_racing_joins_exactly_one_wins(app) {
        let lan = app.player("Lan").await;
        let game = app.create_game(&lan.token, json!({})).await;
        let id = game["id"].as_str().unwrap();
        let mut joiners = Vec::new();
        for i in 0..8 {
            joiners.push(app.player(&format!("joiner{i}")).await);
        }
        let responses = join_all(joiners.iter().map(|p| app.join(id, &p.token))).await;
        let mut winners = Vec::new();
        for (joiner, response) in joiners.iter().zip(responses) {
            match response.status().as_u16() {
                200 => winners.push((joiner, response.json::<Value>().await.unwrap())),
                _ => {
                    assert_problem(response, 409, "game_full").await;
                }
            }
        }
        let [(winner, answer)] = &winners[..] else {
            panic!("{} joins answered 200", winners.len());
        };
        // The one who got the 200 is the one seated, in the answer and after.
        let game = app.game(id).await;
        for seen in [answer, &game] {
            let mut seated = [&seen["players"]["south"]["id"], &seen["players"]["north"]["id"]]
                .map(|id| id.as_str().unwrap_or_default().to_owned());
            seated.sort();
            let mut expected = [lan.id.clone(), winner.id.clone()];
            expected.sort();
            assert_eq!(seated, expected, "the creator and the joiner answered 200: {seen}");
        }
        assert_eq!(game["status"], "active");
        assert_eq!(game["version"], 2);
        assert_eq!(answer["version"], 2);
    }

    async fn cancel_only_by_the_creator_while_waiting(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let game = app.create_game(&lan.token, json!({})).await;
        let id = game["id"].as_str().unwrap();
        assert_problem(app.act(id, "cancel", &minh.token).await, 403, "not_game_creator").await;
        let response = app.act(id, "cancel", &lan.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let cancelled: Value = response.json().await.unwrap();
        assert_eq!(cancelled["status"], "cancelled");
        assert_problem(app.act(id, "cancel", &lan.token).await, 409, "game_not_waiting").await;
        assert_problem(app.join(id, &minh.token).await, 409, "game_not_waiting").await;

        let started = app.create_game(&lan.token, json!({})).await;
        let started_id = started["id"].as_str().unwrap();
        app.join(started_id, &minh.token).await;
        assert_problem(app.act(started_id, "cancel", &lan.token).await, 409, "game_not_waiting").await;
    }

    async fn resigning_hands_the_game_to_the_other_seat(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let outsider = app.player("outsider").await;
        assert_problem(app.act(&game.id, "resign", &outsider.token).await, 403, "not_a_player").await;
        let response = app.act(&game.id, "resign", &game.north.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let finished: Value = response.json().await.unwrap();
        assert_eq!(finished["status"], "finished");
        assert_eq!(
            finished["result"],
            json!({"winner": "south", "reason": "resignation", "scores": {"south": 0, "north": 0}})
        );
        assert_eq!(finished["legal_moves"], json!([]));
        assert!(finished["finished_at"].is_string());
        assert_problem(app.act(&game.id, "resign", &game.south.token).await, 409, "game_not_active").await;

        // South resigns too, in a game of its own, after a move each.
        let other = app
            .create_game(&game.south.token, json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south"}))
            .await;
        let other = other["id"].as_str().unwrap();
        assert_eq!(app.join(other, &game.north.token).await.status(), StatusCode::OK);
        for (token, notation) in [(&game.south.token, "1L"), (&game.north.token, "3R")] {
            let played = app.play(other, token, json!({"move": notation})).await;
            assert_eq!(played.status(), StatusCode::CREATED, "{notation}");
        }
        let response = app.act(other, "resign", &game.south.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let finished: Value = response.json().await.unwrap();
        assert_eq!(finished["status"], "finished");
        // The scores as they stand after 1L 3R (README's export example):
        // 0,2,8,8,1,8,M3,0,8,0,9,0 s 1:1 2:0 3.
        assert_eq!(
            finished["result"],
            json!({"winner": "north", "reason": "resignation", "scores": {"south": 11, "north": 2}})
        );
        assert_eq!(finished["position"], "0,2,8,8,1,8,M3,0,8,0,9,0 s 1:1 2:0 3");
        assert_eq!(finished["legal_moves"], json!([]));
        assert_problem(app.act(other, "resign", &game.north.token).await, 409, "game_not_active").await;
        assert_eq!(app.game(other).await, finished);

        let lan = app.player("Lan").await;
        let waiting = app.create_game(&lan.token, json!({})).await;
        let response = app.act(waiting["id"].as_str().unwrap(), "resign", &lan.token).await;
        assert_problem(response, 409, "game_not_active").await;
    }

    async fn etags_answer_304_until_the_game_changes(app) {
        let game = app.active_game(json!({})).await;
        let path = format!("/v1/games/{}", game.id);
        let first = app.get(&path).await;
        let tag = first.headers()["etag"].to_str().unwrap().to_owned();
        assert_eq!(tag, "\"2\"");
        for header in [tag.clone(), format!("W/{tag}"), format!("\"9\", {tag}"), "*".to_owned()] {
            let response = app
                .request(Method::GET, &path)
                .header("if-none-match", header.as_str())
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{header}");
            assert_eq!(response.headers()["etag"], tag.as_str());
        }
        app.play(&game.id, &game.south.token, json!({"move": "3R"})).await;
        let response = app
            .request(Method::GET, &path)
            .header("if-none-match", tag.as_str())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["etag"], "\"3\"");
    }

    async fn unknown_and_malformed_game_ids(app) {
        assert_problem(app.get("/v1/games/aaaaaaaaaa").await, 404, "game_not_found").await;
        assert_problem(app.get("/v1/games/short").await, 400, "invalid_path_parameter").await;
    }

    async fn creating_with_an_idempotency_key_creates_once(app) {
        let lan = app.player("Lan").await;
        let body = json!({"seat": "south"});
        let headers = [("idempotency-key", "create-1")];
        let responses = join_all(
            (0..4).map(|_| app.post_with_headers("/v1/games", &lan.token, &body, &headers)),
        )
        .await;
        let mut bodies = Vec::new();
        for response in responses {
            assert_eq!(response.status(), StatusCode::CREATED);
            bodies.push(response.json::<Value>().await.unwrap());
        }
        assert!(bodies.windows(2).all(|w| w[0] == w[1]), "one game, one answer");
        assert_eq!(app.count_games().await, 1);
        let other = app
            .post_with_headers("/v1/games", &lan.token, &json!({"seat": "north"}), &headers)
            .await;
        assert_problem(other, 422, "idempotency_key_reused").await;
    }
}
