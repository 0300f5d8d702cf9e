//! POST /v1/analysis/play: stateless lines from any position.

use crate::helpers::{assert_problem, Backend, TestApp};
use oanquan::engine::{Move, Position, Preset};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn app() -> TestApp {
    TestApp::spawn(Backend::Sqlite).await.expect("SQLite app")
}

async fn analyse(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/v1/analysis/play", &body, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{body}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_worked_examples_of_the_rules() {
    let app = app().await;
    for (preset, moves, after) in [
        (
            "classic",
            json!(["1L"]),
            "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2",
        ),
        (
            "village",
            json!(["1L"]),
            "M1,0,6,6,6,6,M1,0,6,6,6,6 n 0:0 0:0 2",
        ),
        (
            "online",
            json!(["1L"]),
            "11,0,6,6,6,6,11,0,6,6,6,6 n 0:0 0:0 2",
        ),
        (
            "classic",
            json!(["3R"]),
            "M1,6,6,0,0,6,M1,6,6,0,6,6 n 6:0 0:0 2",
        ),
    ] {
        let line = analyse(&app, json!({"rules": {"preset": preset}, "moves": moves})).await;
        assert_eq!(
            line["moves"][0]["position_after"], after,
            "{preset} {moves}"
        );
        assert_eq!(line["final"]["position"], after);
        assert_eq!(line["rules"]["preset"], preset);
        assert_eq!(line["result"], Value::Null);
    }
    let end = analyse(
        &app,
        json!({"position": "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40", "moves": ["3L"]}),
    )
    .await;
    assert_eq!(
        end["final"]["position"],
        "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 41"
    );
    assert_eq!(
        end["result"],
        json!({"winner": "north", "reason": "mandarins_captured", "scores": {"south": 33, "north": 37}})
    );
    assert_eq!(end["final"]["legal_moves"], json!([]));
    let last = end["moves"][0]["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        last,
        json!({"type": "game_end", "reason": "mandarins_captured", "sweep": {"south": 7, "north": 9},
               "scores": {"south": 33, "north": 37}, "winner": "north"})
    );
    assert_eq!(app.count_games().await, 0, "analysis stores nothing");
}

#[tokio::test]
async fn a_custom_start_is_refilled_and_reported() {
    let app = app().await;
    let line = analyse(
        &app,
        json!({"position": "M0,0,0,0,0,1,M0,0,0,0,0,0 n 0:0 3:0 5", "moves": ["3R"]}),
    )
    .await;
    assert_eq!(
        line["start"]["position"],
        "M0,0,0,0,0,1,M0,1,1,1,1,1 n 0:0 -2:0 5"
    );
    assert_eq!(
        line["start"]["events"],
        json!([{"type": "refill", "seat": "north", "stones": 5, "borrowed": 2}])
    );
    assert_eq!(line["moves"][0]["ply"], 5);
    assert_eq!(line["moves"][0]["seat"], "north");
    let from_north = analyse(&app, json!({"first": "north", "moves": ["2R"]})).await;
    assert_eq!(from_north["start"]["to_move"], "north");
    assert_eq!(from_north["moves"][0]["seat"], "north");
}

#[tokio::test]
async fn random_lines_from_random_positions_agree_with_the_engine() {
    let app = app().await;
    let mut rng = StdRng::seed_from_u64(11);
    for case in 0..40 {
        let preset = [Preset::Classic, Preset::Village, Preset::Online][case % 3];
        let rules = preset.rules();
        let squares: Vec<String> = (0..12)
            .map(|i| {
                let n: u32 = rng.gen_range(0..9);
                if i % 6 == 0 && preset != Preset::Online {
                    format!("M{n}")
                } else {
                    n.to_string()
                }
            })
            .collect();
        let text = format!("{} s 0:0 0:0 {}", squares.join(","), rng.gen_range(1..30));
        let mut position = Position::from_notation(&text, rules).unwrap();
        let mut moves = Vec::new();
        let mut expected = Vec::new();
        while let count @ 1.. = position.legal_move_count() {
            let m: Move = position.nth_legal_move(rng.gen_range(0..count)).unwrap();
            position = position.play(m).unwrap();
            moves.push(m.to_string());
            expected.push(position.to_string());
        }
        let line = analyse(
            &app,
            json!({"rules": {"preset": preset.name()}, "position": text, "moves": moves}),
        )
        .await;
        let got: Vec<&str> = line["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["position_after"].as_str().unwrap())
            .collect();
        assert_eq!(got, expected, "{text}");
        assert_eq!(
            line["result"]["reason"],
            position.outcome().unwrap().reason.name()
        );
    }
}

#[tokio::test]
async fn bad_requests_name_what_is_wrong() {
    let app = app().await;
    let too_long: Vec<&str> = vec!["1L"; 2001];
    let cases = [
        (
            json!({"rules": {"max_plies": 3000}}),
            "invalid_rules",
            "max_plies",
        ),
        (
            json!({"position": "M0,5,5,5,5,5,M0,5,5,5,5,5 x 0:0 0:0 1"}),
            "invalid_position",
            "side to move",
        ),
        (
            json!({"position": "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1", "first": "north"}),
            "invalid_position",
            "first",
        ),
        (json!({"moves": ["1L", "9Z"]}), "invalid_move", "moves[1]"),
        (
            json!({"moves": ["1L", "1L"]}),
            "illegal_move",
            "moves[1] (`1L`): own square 1 is empty",
        ),
        (json!({"moves": too_long}), "invalid_move", "2000"),
        (
            json!({"moves": "1L"}),
            "invalid_body",
            "expected a sequence",
        ),
        (json!({"mvoes": ["1L"]}), "invalid_body", "mvoes"),
    ];
    for (body, code, mentions) in cases {
        let response = app.post_json("/v1/analysis/play", &body, None).await;
        let problem = assert_problem(response, 422, code).await;
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(mentions), "{code}: {detail}");
    }
}
