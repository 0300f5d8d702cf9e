//! Moves over HTTP: whole games to the end, every refusal, racing
//! submissions and idempotent retries, on both backends.

mod at_once;
mod kept;

#[allow(dead_code)] // the differential tests use the rest
#[path = "../../../crates/engine/tests/reference/mod.rs"]
mod reference;

mod minimal;

use crate::helpers::assert_problem;
use crate::helpers::games::Match;
use crate::helpers::trace::Board;
use crate::helpers::TestApp;
use futures_util::future::join_all;
use oanquan::domain::ApiToken;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{RefPos, RefRules, SOUTH};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Plays random legal moves until the game ends, checking each answer
/// against the reference implementation (crates/engine/tests/reference,
/// written from RULES.md alone) and each move's whole event trace by its
/// effect (helpers::trace): the legal moves, the trace, the position after,
/// the scores and the end. Returns the finished game.
async fn play_to_the_end(app: &TestApp, game: &Match, rules: RefRules, seed: u64) -> Value {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut state = app.game(&game.id).await;
    let mut reference = RefPos::start(rules, SOUTH);
    assert_eq!(state["position"], reference.notation());
    let mut plies = 0;
    while state["status"] == "active" {
        let legal: Vec<String> = serde_json::from_value(state["legal_moves"].clone()).unwrap();
        assert_eq!(
            legal,
            reference.legal_moves(),
            "at {}",
            reference.notation()
        );
        let notation = &legal[rng.gen_range(0..legal.len())];
        let seat = state["to_move"].as_str().unwrap();
        let ply = state["ply"].clone();
        let response = app
            .play(
                &game.id,
                game.token_of(seat),
                json!({"move": notation, "ply": ply}),
            )
            .await;
        assert_eq!(
            response.status(),
            StatusCode::CREATED,
            "{notation} at {ply}"
        );
        let body: Value = response.json().await.unwrap();
        let before = Board::parse(&reference.notation());
        reference = reference.play_str(notation).unwrap();
        assert_eq!(body["move"]["ply"], ply);
        assert_eq!(body["move"]["seat"], seat);
        assert_eq!(body["move"]["notation"], notation.as_str());
        assert_eq!(
            body["move"]["position_after"],
            reference.notation(),
            "{notation} at {ply}"
        );
        let events = body["move"]["events"].as_array().unwrap();
        let traced = before.after(notation, events, rules.mandarin_value);
        assert_eq!(
            traced.notation(),
            reference.notation(),
            "the trace of {notation} at {ply}: {events:?}"
        );
        assert_eq!(body["game"]["position"], reference.notation());
        let [south, north] = reference.scores();
        assert_eq!(
            body["game"]["scores"],
            json!({"south": south, "north": north})
        );
        state = body["game"].clone();
        plies += 1;
    }
    let outcome = reference
        .outcome
        .clone()
        .expect("the reference agrees the game is over");
    assert_eq!(state["status"], "finished");
    let [south, north] = outcome.scores;
    let winner = outcome
        .winner
        .map_or("draw", |seat| ["south", "north"][seat]);
    assert_eq!(
        state["result"],
        json!({"winner": winner, "reason": outcome.reason, "scores": {"south": south, "north": north}})
    );
    assert_eq!(state["moves_played"], plies);
    assert_eq!(app.count_moves().await, i64::from(plies));
    assert_eq!(app.game(&game.id).await, state);
    app.assert_verified().await;
    state
}

backend_tests! {
    async fn a_classic_game_is_played_to_the_end(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let end = play_to_the_end(&app, &game, RefRules::classic(), 1).await;
        // Where this seed's game ends (the reference agrees, move by move).
        assert_eq!(end["result"], json!({"winner": "south", "reason": "mandarins_captured", "scores": {"south": 60, "north": 10}}));
        assert_eq!(end["moves_played"], 15);
    }

    async fn a_village_game_is_played_to_the_end(app) {
        let game = app.active_game(json!({"preset": "village"})).await;
        let end = play_to_the_end(&app, &game, RefRules::village(), 2).await;
        // Where this seed's game ends (the reference agrees, move by move).
        assert_eq!(end["result"], json!({"winner": "south", "reason": "mandarins_captured", "scores": {"south": 61, "north": 9}}));
        assert_eq!(end["moves_played"], 21);
    }

    async fn an_online_game_is_played_to_the_end(app) {
        let game = app.active_game(json!({"preset": "online"})).await;
        let end = play_to_the_end(&app, &game, RefRules::online(), 3).await;
        // Where this seed's game ends (the reference agrees, move by move).
        assert_eq!(end["result"], json!({"winner": "north", "reason": "mandarins_captured", "scores": {"south": 23, "north": 47}}));
        assert_eq!(end["moves_played"], 36);
    }

    async fn a_game_can_end_on_max_plies_and_by_forfeit(app) {
        let south = app.player("south").await;
        let north = app.player("north").await;
        let rules = json!({"max_plies": 50});
        let near_the_end = app
            .create_game(&south.token, json!({"rules": rules, "seat": "south",
                "position": "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 49"}))
            .await;
        let id = near_the_end["id"].as_str().unwrap();
        app.join(id, &north.token).await;
        let start = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 49";
        let classic = RefRules::classic();
        let rules = RefRules::new(true, 10, false, 0, false, false, 50).unwrap();
        let mut reference = RefPos::parse(start, rules).unwrap();
        let mut board = Board::parse(start);
        let mut last = Value::Null;
        for (player, notation) in [(&south, "3R"), (&north, "5L")] {
            last = app.play(id, &player.token, json!({"move": notation})).await.json().await.unwrap();
            board = board.after(notation, last["move"]["events"].as_array().unwrap(), classic.mandarin_value);
            reference = reference.play_str(notation).unwrap();
            assert_eq!(last["move"]["position_after"], reference.notation());
            assert_eq!(board.notation(), reference.notation());
        }
        // North's 5L is ply 50: the turn ends, then the rows are swept.
        assert_eq!(
            last["move"]["events"],
            json!([
                {"type": "lift", "square": 11, "stones": 6},
                {"type": "sow", "from": 10, "to": 5, "stones": 6},
                {"type": "turn_end", "reason": "two_empty_squares", "square": 3},
                {"type": "game_end", "reason": "max_plies", "sweep": {"south": 19, "north": 22},
                 "scores": {"south": 25, "north": 22}, "winner": "south"}
            ])
        );
        assert_eq!(
            last["game"]["result"],
            json!({"winner": "south", "reason": "max_plies", "scores": {"south": 25, "north": 22}})
        );
        assert_eq!(last["game"]["status"], "finished");
        assert_eq!(last["game"]["result"]["reason"], "max_plies");
        assert_eq!(last["game"]["ply"], 51);
        let outcome = reference.outcome.clone().unwrap();
        let [s_score, n_score] = outcome.scores;
        assert_eq!(last["game"]["result"]["scores"], json!({"south": s_score, "north": n_score}));
        assert_eq!(last["game"]["result"]["winner"], ["south", "north"][outcome.winner.unwrap()]);

        let forfeit = app
            .create_game(&south.token, json!({"rules": {"refill_shortfall": "forfeit"}, "seat": "south",
                "position": "M0,0,0,0,0,1,M0,0,0,0,0,0 s 0:0 4:0 10"}))
            .await;
        let id = forfeit["id"].as_str().unwrap();
        app.join(id, &north.token).await;
        let body: Value = app.play(id, &south.token, json!({"move": "5R"})).await.json().await.unwrap();
        assert_eq!(
            body["game"]["result"],
            json!({"winner": "south", "reason": "forfeit", "scores": {"south": 0, "north": 4}})
        );
        let events = body["move"]["events"].as_array().unwrap();
        assert_eq!(events[events.len() - 2], json!({"type": "forfeit", "seat": "north", "store": 4}));
        assert_eq!(events[events.len() - 1]["type"], "game_end");
        app.assert_verified().await;
    }

    async fn the_answer_carries_the_move_its_trace_and_the_game(app) {
        let game = app.active_game(json!({})).await;
        let response = app
            .play(&game.id, &game.south.token, json!({"square": 1, "direction": "left"}))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        assert_eq!(
            response.headers()["location"],
            format!("/v1/games/{}/moves/1", game.id).as_str()
        );
        assert_eq!(response.headers()["etag"], "\"3\"");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["move"]["notation"], "1L");
        assert_eq!(
            body["move"]["events"],
            json!([
                {"type": "lift", "square": 1, "stones": 5},
                {"type": "sow", "from": 0, "to": 8, "stones": 5},
                {"type": "relay", "square": 7, "stones": 5},
                {"type": "sow", "from": 6, "to": 2, "stones": 5},
                {"type": "capture", "square": 0, "stones": 1, "mandarin": true},
                {"type": "turn_end", "reason": "chain_ended", "square": 11}
            ])
        );
        assert_eq!(body["move"]["position_after"], "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2");
        assert_eq!(body["game"]["to_move"], "north");
        assert_eq!(body["game"]["version"], 3);
        let fetched = app.get(&format!("/v1/games/{}/moves/1", game.id)).await;
        assert_eq!(fetched.status(), StatusCode::OK);
        assert_eq!(fetched.json::<Value>().await.unwrap(), body["move"]);
        assert_problem(app.get(&format!("/v1/games/{}/moves/2", game.id)).await, 404, "not_found").await;
    }

    async fn every_refusal_is_a_problem_and_stores_nothing(app) {
        let game = app.active_game(json!({})).await;
        let outsider = app.player("outsider").await;
        let unknown = ApiToken::generate().into_string();
        let path = format!("/v1/games/{}/moves", game.id);
        let south = game.south.token.as_str();
        let north = game.north.token.as_str();
        let cases: Vec<(Option<&str>, Value, u16, &str)> = vec![
            (None, json!({"move": "1L"}), 401, "unauthorized"),
            (Some("oq_notarealtokennotarealtokennotarealtoken12"), json!({"move": "1L"}), 401, "unauthorized"),
            (Some(&outsider.token), json!({"move": "1L"}), 403, "not_a_player"),
            // A well-formed token that names nobody, read with the game (no
            // key) or on its own (a refused body): refused first either way.
            (Some(&unknown), json!({"move": "1L"}), 401, "unauthorized"),
            (Some(&unknown), json!({"move": "6L"}), 401, "unauthorized"),
            (Some(&unknown), json!({"move": 3}), 401, "unauthorized"),
            (Some(&outsider.token), json!({"move": "6L"}), 422, "invalid_move"),
            (Some(north), json!({"move": "1L"}), 409, "not_your_turn"),
            (Some(south), json!({"move": "1L", "ply": 2}), 409, "stale_ply"),
            (Some(south), json!({"move": "6L"}), 422, "invalid_move"),
            (Some(south), json!({"move": "3X"}), 422, "invalid_move"),
            (Some(south), json!({"square": 0, "direction": "left"}), 422, "invalid_move"),
            (Some(south), json!({"square": 2, "direction": "up"}), 422, "invalid_move"),
            (Some(south), json!({"move": "1L", "square": 1, "direction": "left"}), 422, "invalid_move"),
            (Some(south), json!({}), 422, "invalid_move"),
            (Some(south), json!({"move": 3}), 422, "invalid_body"),
            (Some(south), json!({"move": "1L", "speed": 3}), 422, "invalid_body"),
        ];
        for (token, body, status, code) in cases {
            let response = app.post_json(&path, &body, token).await;
            assert_problem(response, status, code).await;
        }
        let response = app
            .post_with_headers(&path, south, &json!({"move": "1L"}), &[("if-match", "\"1\"")])
            .await;
        assert_problem(response, 412, "precondition_failed").await;
        assert_problem(app.play("aaaaaaaaaa", south, json!({"move": "1L"})).await, 404, "game_not_found").await;
        assert_problem(app.play("aaaaaaaaaa", &unknown, json!({"move": "1L"})).await, 401, "unauthorized").await;
        assert_problem(app.play("aaaaaaaaaa", &outsider.token, json!({"move": "6L"})).await, 422, "invalid_move").await;
        assert_eq!(app.count_moves().await, 0);
        assert_eq!(app.game(&game.id).await["version"], 2);

        // An empty square: the engine's reason.
        app.play(&game.id, south, json!({"move": "1L"})).await;
        let problem = assert_problem(app.play(&game.id, north, json!({"move": "1R"})).await, 422, "illegal_move").await;
        assert_eq!(problem["detail"], "own square 1 is empty: there is nothing to lift");
        // If-Match with the current tag is accepted.
        let response = app
            .post_with_headers(&path, north, &json!({"move": "2R"}), &[("if-match", "\"3\"")])
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        assert_eq!(app.count_moves().await, 2);

        // Not active: waiting, then finished.
        let lan = app.player("Lan").await;
        let waiting = app.create_game(&lan.token, json!({"seat": "south"})).await;
        let response = app.play(waiting["id"].as_str().unwrap(), &lan.token, json!({"move": "1L"})).await;
        assert_problem(response, 409, "game_not_active").await;
        app.act(&game.id, "resign", south).await;
        assert_problem(app.play(&game.id, south, json!({"move": "2R"})).await, 409, "game_not_active").await;
        assert_eq!(app.count_moves().await, 2);
    }

    async fn of_racing_submissions_for_one_ply_exactly_one_is_played(app) {
        let game = app.active_game(json!({})).await;
        for (round, with_ply) in [(0, true), (1, false)] {
            let state = app.game(&game.id).await;
            let seat = state["to_move"].as_str().unwrap().to_owned();
            let legal: Vec<String> = serde_json::from_value(state["legal_moves"].clone()).unwrap();
            let token = game.token_of(&seat).to_owned();
            let requests = (0..10).map(|i| {
                let mut body = json!({"move": legal[i % legal.len()]});
                if with_ply {
                    body["ply"] = state["ply"].clone();
                }
                let token = token.clone();
                let app = &app;
                let id = game.id.clone();
                async move { app.play(&id, &token, body).await }
            });
            let responses = join_all(requests).await;
            let mut codes: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
            codes.sort_unstable();
            assert_eq!(codes, [201, 409, 409, 409, 409, 409, 409, 409, 409, 409], "round {round}");
            assert_eq!(app.count_moves().await, round + 1);
        }
        // The player not to move racing the one to move, both for this ply:
        // `not_your_turn` if it is first, `stale_ply` if it is second.
        let state = app.game(&game.id).await;
        let mover = state["to_move"].as_str().unwrap();
        let other = if mover == "south" { "north" } else { "south" };
        let legal = state["legal_moves"][0].clone();
        let ply = state["ply"].clone();
        let (a, b) = futures_util::join!(
            app.play(&game.id, game.token_of(mover), json!({"move": legal, "ply": ply})),
            app.play(&game.id, game.token_of(other), json!({"move": "1L", "ply": ply})),
        );
        assert_eq!(a.status(), StatusCode::CREATED);
        assert_eq!(b.status(), StatusCode::CONFLICT);
        let problem: Value = b.json().await.unwrap();
        assert!(["not_your_turn", "stale_ply"].contains(&problem["code"].as_str().unwrap()));
        assert_eq!(app.count_moves().await, 3);
        app.assert_verified().await;
    }

    async fn a_retried_move_is_answered_again_and_played_once(app) {
        let game = app.active_game(json!({})).await;
        let path = format!("/v1/games/{}/moves", game.id);
        let key = [("idempotency-key", "move-1")];
        let first = app.post_with_headers(&path, &game.south.token, &json!({"move": "3R"}), &key).await;
        assert_eq!(first.status(), StatusCode::CREATED);
        assert!(first.headers().get("idempotent-replayed").is_none());
        let first_etag = first.headers()["etag"].clone();
        let first_body: Value = first.json().await.unwrap();

        let again = app.post_with_headers(&path, &game.south.token, &json!({"move": "3R"}), &key).await;
        assert_eq!(again.status(), StatusCode::CREATED);
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(again.headers()["etag"], first_etag);
        assert_eq!(
            again.headers()["location"],
            format!("/v1/games/{}/moves/1", game.id).as_str()
        );
        assert_eq!(again.json::<Value>().await.unwrap(), first_body);
        assert_eq!(app.count_moves().await, 1);

        let different = app.post_with_headers(&path, &game.south.token, &json!({"move": "2R"}), &key).await;
        assert_problem(different, 422, "idempotency_key_reused").await;
        // Keys belong to a player: the opponent may use the same one.
        let north = app.post_with_headers(&path, &game.north.token, &json!({"move": "1L"}), &key).await;
        assert_eq!(north.status(), StatusCode::CREATED);
        assert_eq!(app.count_moves().await, 2);

        let bad = app
            .post_with_headers(&path, &game.south.token, &json!({"move": "2R"}), &[("idempotency-key", "")])
            .await;
        assert_problem(bad, 400, "invalid_header").await;
    }

    async fn concurrent_retries_with_one_key_play_once_and_agree(app) {
        let game = app.active_game(json!({})).await;
        let path = format!("/v1/games/{}/moves", game.id);
        let key = [("idempotency-key", "same-key")];
        let body = json!({"move": "4L"});
        let responses = join_all(
            (0..6).map(|_| app.post_with_headers(&path, &game.south.token, &body, &key)),
        )
        .await;
        let mut bodies = Vec::new();
        for response in responses {
            assert_eq!(response.status(), StatusCode::CREATED);
            bodies.push(response.json::<Value>().await.unwrap());
        }
        assert!(bodies.windows(2).all(|w| w[0] == w[1]));
        assert_eq!(app.count_moves().await, 1);
        assert_eq!(app.game(&game.id).await["ply"], 2);
    }

    async fn two_instances_on_one_database_behave_as_one(app) {
        let other = app.sibling().await;
        let game = app.active_game(json!({})).await;
        assert_eq!(other.game(&game.id).await, app.game(&game.id).await);
        // Racing submissions for one ply, split between the two nodes.
        let state = app.game(&game.id).await;
        let body = json!({"move": "3R", "ply": state["ply"]});
        let nodes = [&app, &other];
        let responses = join_all(
            (0..8).map(|i| nodes[i % 2].play(&game.id, &game.south.token, body.clone())),
        )
        .await;
        let mut codes: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
        codes.sort_unstable();
        assert_eq!(codes, [201, 409, 409, 409, 409, 409, 409, 409]);
        // An idempotent retry answered by the other node replays the answer.
        let path = format!("/v1/games/{}/moves", game.id);
        let key = [("idempotency-key", "cross-node")];
        let first = app.post_with_headers(&path, &game.north.token, &json!({"move": "1L"}), &key).await;
        assert_eq!(first.status(), StatusCode::CREATED);
        let first: Value = first.json().await.unwrap();
        let retry = other.post_with_headers(&path, &game.north.token, &json!({"move": "1L"}), &key).await;
        assert_eq!(retry.headers()["idempotent-replayed"], "true");
        assert_eq!(retry.json::<Value>().await.unwrap(), first);
        assert_eq!(app.count_moves().await, 2);
        assert_eq!(other.game(&game.id).await["ply"], 3);
    }
}
