//! A body with several invalid fields is refused once, naming every one:
//! `errors` lists `{pointer, code, detail}` per field, in the order they
//! are checked, and the top-level `code` and `detail` are the first's.

use crate::helpers::assert_problem;
use serde_json::{json, Value};

/// Asserts a 422 whose `errors` are `expected` and whose top level is the
/// first of them.
async fn assert_fields(response: reqwest::Response, expected: Value) {
    let first = &expected[0];
    let problem = assert_problem(response, 422, first["code"].as_str().unwrap()).await;
    assert_eq!(problem["detail"], first["detail"], "{problem}");
    assert_eq!(problem["errors"], expected, "{problem}");
}

backend_tests! {
    async fn a_game_with_three_invalid_fields_names_all_three(app) {
        let (_, token) = app.register("Lan").await;
        let body = json!({
            "rules": {"preset": "classic", "max_plies": 10},
            "opponent": "nobody",
            "clock": {"initial_s": 0, "increment_s": 3},
        });
        let response = app.post_json("/v1/games", &body, Some(&token)).await;
        assert_fields(response, json!([
            {"pointer": "/rules/max_plies", "code": "invalid_rules",
             "detail": "max_plies: must be within 50..=2000"},
            {"pointer": "/opponent", "code": "invalid_game",
             "detail": "opponent: \"nobody\" is not a player id (expected 10 letters or digits)"},
            {"pointer": "/clock/initial_s", "code": "invalid_clock",
             "detail": "clock.initial_s must be 1 to 86400"},
        ])).await;
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM games").await, 0);
    }

    async fn a_challenge_names_its_bad_position_and_clock(app) {
        let (_, token) = app.register("Lan").await;
        let (minh, _) = app.register("Minh").await;
        let body = json!({
            "opponent": minh,
            "position": "not a position",
            "clock": {"days_per_move": 31},
        });
        let response = app.post_json("/v1/challenges", &body, Some(&token)).await;
        let problem = assert_problem(response, 422, "invalid_position").await;
        let errors = problem["errors"].as_array().unwrap();
        let located: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e["pointer"].as_str().unwrap(), e["code"].as_str().unwrap()))
            .collect();
        assert_eq!(located, [("/position", "invalid_position"), ("/clock/days_per_move", "invalid_clock")]);
        assert_eq!(problem["detail"], errors[0]["detail"]);
        assert!(errors[0]["detail"].as_str().unwrap().starts_with("position: "), "{problem}");
        assert_eq!(errors[1]["detail"], "clock.days_per_move must be 1 to 30");
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM games").await, 0);
    }

    async fn a_move_names_both_its_square_and_direction(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        let body = json!({"square": 9, "direction": "up"});
        let response = app.play(&game.id, &game.south.token, body).await;
        let problem = assert_problem(response, 422, "invalid_move").await;
        let pointers: Vec<&str> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["pointer"].as_str().unwrap())
            .collect();
        assert_eq!(pointers, ["/square", "/direction"]);
        assert!(problem["errors"].as_array().unwrap().iter().all(|e| e["code"] == "invalid_move"));
        assert!(problem["detail"].as_str().unwrap().starts_with("square: "), "{problem}");
        assert!(problem["errors"][1]["detail"].as_str().unwrap().starts_with("direction: "), "{problem}");
        // One wrong field is one entry.
        let response = app.play(&game.id, &game.south.token, json!({"square": 3, "direction": "up"})).await;
        let problem = assert_problem(response, 422, "invalid_move").await;
        assert_eq!(problem["errors"].as_array().unwrap().len(), 1);
        assert_eq!(problem["errors"][0]["pointer"], "/direction");
        assert_eq!(app.count_moves().await, 0);
    }

    async fn a_registration_names_its_bad_name(app) {
        let response = app.post_json("/v1/players", &json!({"name": "  "}), None).await;
        let problem = assert_problem(response, 422, "invalid_name").await;
        assert_eq!(
            problem["errors"],
            json!([{"pointer": "/name", "code": "invalid_name", "detail": problem["detail"]}])
        );
        assert_eq!(app.player_count().await, 0);
    }

    async fn a_refusal_that_is_no_fields_fault_has_no_list(app) {
        let (_, token) = app.register("Lan").await;
        let response = app.post_json("/v1/games", &json!({"seat": "east"}), Some(&token)).await;
        let problem = assert_problem(response, 422, "invalid_body").await;
        assert!(problem.get("errors").is_none(), "{problem}");
    }
}
