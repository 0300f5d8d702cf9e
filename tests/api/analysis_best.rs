//! POST /v1/analysis/best: best moves and exact values over real HTTP, on
//! both backends; the time bound and the concurrency cap; positions the
//! endgame table holds, against an exhaustive search written here, and
//! GET /v1/analysis/table.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use oanquan::engine::{Position, Preset, RuleParams, Rules, Seat};

use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn best(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/v1/analysis/best", &body, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{body}");
    response.json().await.unwrap()
}

backend_tests! {
    async fn the_start_has_a_best_move_and_every_move_a_value(app) {
        let answer = best(&app, json!({"time_ms": 100})).await;
        let moves = answer["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 10);
        assert_eq!(answer["best_move"], moves[0]["move"]);
        assert_eq!(answer["pv"][0], answer["best_move"]);
        assert_eq!(answer["value"], moves[0]["value"]);
        assert_eq!(answer["exact"], false);
        assert_eq!(answer["source"], "search");
        assert!(answer["depth"].as_u64().unwrap() >= 1);
        assert!(answer["nodes"].as_u64().unwrap() > 0);
        assert!(answer["time_ms"].as_u64().is_some());
    }

    async fn a_position_near_max_plies_is_solved_exactly(app) {
        // Two plies before the end of a 50-ply game: the sweep decides.
        let answer = best(&app, json!({
            "rules": {"preset": "classic", "max_plies": 50},
            "position": "M0,0,1,0,0,1,M0,1,0,0,1,0 s 20:0 20:0 49",
        })).await;
        assert_eq!(answer["exact"], true, "{answer}");
        assert!(answer["moves"].as_array().unwrap().iter().all(|m| m["exact"] == true));
        assert!(answer["value"].as_f64().unwrap().fract() == 0.0);
    }

    async fn a_capture_chain_through_a_mandarin_square_is_found(app) {
        let answer = best(&app, json!({
            "position": "M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20",
            "depth": 8,
        })).await;
        assert_eq!(answer["best_move"], "3R", "{answer}");
    }

    async fn the_worked_ending_of_the_rules_is_solved(app) {
        // RULES.md §5: 3L takes the last mandarin and ends the game 33-37;
        // that move's value is exact, the others' (longer games) estimates.
        let answer = best(&app, json!({
            "rules": {"max_plies": 50},
            "position": "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40",
            "time_ms": 100,
        })).await;
        let three_l = answer["moves"].as_array().unwrap().iter().find(|m| m["move"] == "3L").unwrap();
        assert_eq!(three_l["value"], -4.0);
        assert_eq!(three_l["exact"], true);
    }

    async fn out_of_range_limits_are_refused_naming_the_field(app) {
        for (body, field) in [
            (json!({"time_ms": 2001}), "time_ms"),
            (json!({"time_ms": 0}), "time_ms"),
            (json!({"depth": 0}), "depth"),
            (json!({"depth": 500}), "depth"),
            (json!({"level": 8}), "level"),
        ] {
            let response = app.post_json("/v1/analysis/best", &body, None).await;
            let problem = assert_problem(response, 422, "invalid_search").await;
            assert!(problem["detail"].as_str().unwrap().starts_with(field), "{problem}");
        }
        let response = app
            .post_json("/v1/analysis/best", &json!({"position": "nonsense"}), None)
            .await;
        assert_problem(response, 422, "invalid_position").await;
        let response = app
            .post_json("/v1/analysis/best", &json!({"rules": {"max_plies": 3}}), None)
            .await;
        assert_problem(response, 422, "invalid_rules").await;
    }

    async fn the_time_budget_is_respected(app) {
        let started = Instant::now();
        let answer = best(&app, json!({"time_ms": 300})).await;
        // The search's own clock stops within a check interval of the
        // budget; the round trip gets slack for a loaded test machine (a
        // search that ignored the budget would run for minutes).
        assert!(answer["time_ms"].as_u64().unwrap() <= 600, "{answer}");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }

    async fn levels_and_seeds_are_deterministic_at_fixed_depth(app) {
        for level in 1..=7 {
            let body = json!({"level": level, "depth": 3, "seed": 9});
            let a = best(&app, body.clone()).await;
            let b = best(&app, body).await;
            assert_eq!(a["best_move"], b["best_move"], "level {level}");
        }
    }
}

/// What the side to move gains on its opponent from `p` to the end of the
/// game under best play: every line to the end (both mandarin squares
/// empty, or `max_plies`), with the engine's moves and scores only.
fn exhaustive(p: &Position, memo: &mut HashMap<String, i32>) -> i32 {
    if p.is_over() {
        return 0;
    }
    let lead = |q: &Position, seat: Seat| q.score(seat) - q.score(seat.other());
    let me = p.turn();
    // Stores do not change play (refills borrow): the board and ply decide.
    let text = p.to_notation();
    let key = format!(
        "{} {} {}",
        text.split(' ').next().unwrap(),
        me.char(),
        p.ply()
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let best = p
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = p.play(m).unwrap();
            let gain = lead(&child, me) - lead(p, me);
            if child.is_over() {
                gain
            } else {
                gain - exhaustive(&child, memo)
            }
        })
        .max()
        .unwrap();
    memo.insert(key, best);
    best
}

/// Late classic positions the test server's table holds (boards of up to
/// `TABLE_STONES` stones), without ply: they are played 11 and 9 moves
/// before a 60-ply limit (their proofs need at most 8).
const LATE: [&str; 4] = [
    "0,0,0,1,0,0,M0,0,0,0,0,0 s 12:0 14:1",
    "M0,1,0,0,2,0,0,0,0,1,0,0 n 20:1 8:0",
    "M0,0,0,1,0,0,0,0,1,0,0,1 n 6:0 30:1",
    "0,0,1,0,1,0,M0,0,1,0,0,0 s 10:0 12:1",
];

/// Late positions it does not hold: whoever is behind can keep the game
/// going, so the value depends on the moves left.
const NOT_HELD: [&str; 2] = [
    "1,0,0,1,0,0,M2,0,1,0,0,0 s 3:0 21:1",
    "0,1,1,0,0,0,M0,0,0,2,0,0 n 11:1 19:0",
];

backend_tests! {
    async fn late_positions_are_answered_exactly_from_the_table(app) {
        let rules = Rules::new(RuleParams { max_plies: 60, ..Preset::Classic.params() }).unwrap();
        let mut memo = HashMap::new();
        // Every value first (a debug build takes a while), then the requests.
        let mut cases = Vec::new();
        for late in LATE.into_iter().chain(NOT_HELD) {
            for ply in [50, 52] {
                let text = format!("{late} {ply}");
                let position = Position::from_notation(&text, rules).unwrap();
                let me = position.turn();
                let lead = |q: &Position| q.score(me) - q.score(me.other());
                let value = lead(&position) + exhaustive(&position, &mut memo);
                let moves: HashMap<String, i32> = position
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let child = position.play(m).unwrap();
                        let after = if child.is_over() { 0 } else { exhaustive(&child, &mut memo) };
                        (m.to_string(), lead(&child) - after)
                    })
                    .collect();
                cases.push((late, text, value, moves));
            }
        }
        for (late, text, value, moves) in cases {
            let answer = best(&app, json!({
                "rules": {"preset": "classic", "max_plies": 60},
                "position": text,
                "time_ms": 50,
            })).await;
            if LATE.contains(&late) {
                assert_eq!(answer["source"], "table", "{text}: {answer}");
                assert_eq!(answer["exact"], true, "{answer}");
                assert_eq!(answer["value"], f64::from(value), "{text}: {answer}");
                // The best move reaches the value.
                let best = answer["best_move"].as_str().unwrap();
                assert_eq!(moves[best], value, "{text}: {answer}");
            } else {
                assert_eq!(answer["source"], "search", "{text}: {answer}");
                if answer["exact"] == true {
                    assert_eq!(answer["value"], f64::from(value), "{text}: {answer}");
                }
            }
            for mv in answer["moves"].as_array().unwrap() {
                if mv["exact"] == true {
                    let m = mv["move"].as_str().unwrap();
                    assert_eq!(mv["value"], f64::from(moves[m]), "{text} {mv}");
                }
            }
        }
        // A literal: 3R takes the east mandarin (10) and ends the game,
        // sweeping its stone on square 4 (1): 12 + 11 - (14 + 10) = -1.
        let answer = best(&app, json!({
            "rules": {"preset": "classic", "max_plies": 60},
            "position": "0,0,0,1,0,0,M0,0,0,0,0,0 s 12:0 14:1 50",
        })).await;
        assert_eq!((&answer["best_move"], &answer["value"], &answer["source"]), (&json!("3R"), &json!(-1.0), &json!("table")));
    }

    async fn the_table_describes_what_it_covers(app) {
        let response = app.get("/v1/analysis/table").await;
        assert_eq!(response.status(), StatusCode::OK);
        let view: Value = response.json().await.unwrap();
        assert_eq!(view["stones"], TABLE_STONES);
        assert!(view["repetition_rule"].as_str().unwrap().contains("max_plies"), "{view}");
        let tables = view["tables"].as_array().unwrap();
        let presets: Vec<&str> = tables.iter().map(|t| t["preset"].as_str().unwrap()).collect();
        assert_eq!(presets, ["classic", "village", "online"]);
        for table in tables {
            let preset: Preset = table["preset"].as_str().unwrap().parse().unwrap();
            assert_eq!(table["stones"], TABLE_STONES);
            // Every board of at most TABLE_STONES stones, counted here.
            let big = preset.params().mandarin_setup == oanquan::engine::MandarinSetup::BigStone;
            let (positions, entries) = legal_positions(TABLE_STONES, big);
            assert_eq!(table["positions"], positions, "{table}");
            assert_eq!(table["bytes"], 2 * entries, "{table}");
            let exact = table["exact"].as_u64().unwrap();
            assert!(exact > 0 && exact <= positions, "{table}");
            let fraction = table["exact_fraction"].as_f64().unwrap();
            assert!((fraction - exact as f64 / positions as f64).abs() < 1e-9, "{table}");
            assert!(table["max_depth"].as_u64().unwrap() >= 1, "{table}");
            assert_eq!(table["origin"], "built");
        }
    }
}

/// The stone count of the test server's table (`Config::local`).
const TABLE_STONES: u64 = oanquan::api::settings::EndgameSettings::LOCAL_STONES as u64;

/// Legal positions with South to move of at most `n` stones (South's row
/// not empty, a mandarin square not empty), and entries (every board times
/// the mandarin combinations).
fn legal_positions(n: u64, big_stone: bool) -> (u64, u64) {
    fn boards(i: usize, left: u64, board: &mut [u64; 12], out: &mut Vec<[u64; 12]>) {
        if i == 12 {
            out.push(*board);
            return;
        }
        for v in 0..=left {
            board[i] = v;
            boards(i + 1, left - v, board, out);
        }
    }
    let mut all = Vec::new();
    boards(0, n, &mut [0; 12], &mut all);
    let combos: &[[bool; 2]] = if big_stone {
        &[[false, false], [true, false], [false, true], [true, true]]
    } else {
        &[[false, false]]
    };
    let mut legal = 0;
    for board in &all {
        for m in combos {
            let row = board[1..6].iter().any(|&s| s > 0);
            let mandarin = board[0] > 0 || board[6] > 0 || m[0] || m[1];
            legal += u64::from(row && mandarin);
        }
    }
    (legal, all.len() as u64 * combos.len() as u64)
}

/// One search slot and no queue: of several concurrent long searches,
/// one runs and the others are refused with 503 and `Retry-After`, and the
/// server answers again once it is done.
#[tokio::test]
async fn the_concurrency_cap_refuses_searches_beyond_it() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.analysis.max_searches = Some(1);
        settings.analysis.max_queued = 0;
    })
    .await
    .unwrap();
    let body = json!({"time_ms": 800});
    let requests = (0..4).map(|_| app.post_json("/v1/analysis/best", &body, None));
    let responses = futures_util::future::join_all(requests).await;
    let mut ok = 0;
    for response in responses {
        if response.status() == StatusCode::OK {
            ok += 1;
            continue;
        }
        assert_eq!(response.headers()["retry-after"], "1");
        assert_problem(response, 503, "analysis_busy").await;
    }
    assert_eq!(ok, 1);
    best(&app, json!({"time_ms": 10})).await;
}

/// By default anonymous searches may take half the machine's cores (at
/// least one): with no queue, of one more concurrent long search than
/// that, exactly one is refused with 503 and `Retry-After`.
#[tokio::test]
async fn by_default_searches_take_half_the_cores() {
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.analysis.max_queued = 0;
    })
    .await
    .unwrap();
    let cores = std::thread::available_parallelism().unwrap().get();
    // 1 or 2 cores: 1; 4: 2; 8: 4.
    let running = if cores < 4 { 1 } else { cores / 2 };
    let body = json!({"time_ms": 2000});
    let requests = (0..=running).map(|_| app.post_json("/v1/analysis/best", &body, None));
    let responses = futures_util::future::join_all(requests).await;
    let mut refused = 0;
    for response in responses {
        if response.status() == StatusCode::OK {
            continue;
        }
        refused += 1;
        assert_eq!(response.headers()["retry-after"], "1");
        assert_problem(response, 503, "analysis_busy").await;
    }
    assert_eq!(refused, 1);
}
