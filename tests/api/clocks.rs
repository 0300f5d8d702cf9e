//! Clocks, flag falls, aborts, expiry and the rules of what counts for
//! ratings, on both backends, with a manual clock: tests move time forward
//! instead of sleeping.

use std::sync::Arc;
use std::time::Duration;

use crate::helpers::games::Match;
use crate::helpers::records::{export_json, export_text, import, imported, portable};
use crate::helpers::{assert_problem, report_skip, Backend, TestApp};
use chrono::TimeDelta;
use oanquan::games::{ManualTime, SharedTime};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// An app on `backend` whose Games layer reads `time`; the sweeper looks
/// every `sweep_ms` (a long period keeps it out of a test's way).
async fn spawn(backend: Backend, sweep_ms: u64) -> Option<(TestApp, Arc<ManualTime>)> {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let app = TestApp::spawn_with(backend, move |settings| {
        settings.time = shared;
        settings.games.sweep_every_ms = sweep_ms;
    })
    .await?;
    Some((app, time))
}

const NEVER: u64 = 3_600_000;

/// A timed game, South to move first, both seats taken.
async fn timed_game(app: &TestApp, clock: Value, rated: bool) -> Match {
    static PAIRS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let pair = PAIRS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Anchors, so that a rated game moves both ratings.
    let south = app.anchored_player(&format!("south{pair}")).await;
    let north = app.anchored_player(&format!("north{pair}")).await;
    let game = app
        .create_game(
            &south.token,
            json!({"seat": "south", "first": "south", "rated": rated, "clock": clock}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    Match { id, south, north }
}

async fn wait_for_status(app: &TestApp, id: &str, status: &str) -> Value {
    for _ in 0..100 {
        let game = app.game(id).await;
        if game["status"] == status {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("game {id} never became {status}: {}", app.game(id).await);
}

async fn first_legal(app: &TestApp, game: &Match) -> (String, Value) {
    let state = app.game(&game.id).await;
    let seat = state["to_move"].as_str().unwrap().to_owned();
    let m = state["legal_moves"][0].clone();
    (seat, json!({ "move": m }))
}

on_both_backends! {
    async fn increments_and_think_time_are_the_servers(backend) {
        let Some((app, time)) = spawn(backend, NEVER).await else {
            return report_skip(module_path!());
        };
        let game = timed_game(&app, json!({"initial_s": 300, "increment_s": 3}), false).await;
        let view = app.game(&game.id).await;
        assert_eq!(view["time_control"], json!({"initial_s": 300, "increment_s": 3}));
        assert_eq!(view["clock"]["south_ms"], 300_000);
        assert_eq!(view["clock"]["running"], "south");
        assert!(view["clock"]["deadline"].is_string());
        let opened = app.open(&game.id).await;
        // First moves do not use the clock; each move earns the increment.
        assert_eq!(opened["clock"]["south_ms"], 306_000);
        assert_eq!(opened["clock"]["north_ms"], 306_000);
        time.advance(TimeDelta::seconds(10));
        let (seat, body) = first_legal(&app, &game).await;
        let played: Value = app.play(&game.id, game.token_of(&seat), body).await.json().await.unwrap();
        assert_eq!(played["game"]["clock"][format!("{seat}_ms")], 306_000 - 10_000 + 3_000);
        assert_eq!(played["game"]["clock"]["running"], if seat == "south" { "north" } else { "south" });
    }

    async fn a_move_after_the_deadline_is_refused_and_ends_the_game(backend) {
        let Some((app, time)) = spawn(backend, NEVER).await else {
            return report_skip(module_path!());
        };
        let game = timed_game(&app, json!({"initial_s": 30, "increment_s": 0}), true).await;
        app.open(&game.id).await;
        time.advance(TimeDelta::seconds(31));
        let (seat, body) = first_legal(&app, &game).await;
        let late = app.play(&game.id, game.token_of(&seat), body.clone()).await;
        assert_eq!(late.status(), StatusCode::CONFLICT, "{body} {}", late.text().await.unwrap());
        let moves_before = app.count_moves().await;
        let late = app.play(&game.id, game.token_of(&seat), body).await;
        assert_problem(late, 409, "game_not_active").await;
        assert_eq!(app.count_moves().await, moves_before);
        let over = app.game(&game.id).await;
        assert_eq!(over["status"], "finished");
        assert_eq!(over["result"]["reason"], "timeout");
        assert_eq!(over["result"]["winner"], if seat == "south" { "north" } else { "south" });
        assert_eq!(over["clock"]["running"], Value::Null);
    }

    async fn the_sweeper_lets_flags_fall_and_aborts_missing_first_moves(backend) {
        let Some((app, time)) = spawn(backend, 20).await else {
            return report_skip(module_path!());
        };
        let flagged = timed_game(&app, json!({"initial_s": 30}), true).await;
        app.open(&flagged.id).await;
        let never_moved = timed_game(&app, json!({"initial_s": 30}), true).await;
        time.advance(TimeDelta::seconds(61));
        let over = wait_for_status(&app, &flagged.id, "finished").await;
        assert_eq!(over["result"]["reason"], "timeout");
        let aborted = wait_for_status(&app, &never_moved.id, "aborted").await;
        assert_eq!(aborted["abort_reason"], "no_first_move");
        assert_eq!(aborted["rated"], false);
        assert_eq!(aborted["unrated_reason"], "aborted");
    }

    async fn correspondence_gives_each_move_its_days(backend) {
        let Some((app, time)) = spawn(backend, 20).await else {
            return report_skip(module_path!());
        };
        let game = timed_game(&app, json!({"days_per_move": 2}), false).await;
        let view = app.game(&game.id).await;
        assert_eq!(view["clock"]["south_ms"], 2 * 86_400_000_i64);
        app.open(&game.id).await;
        time.advance(TimeDelta::days(1));
        let (seat, body) = first_legal(&app, &game).await;
        assert_eq!(app.play(&game.id, game.token_of(&seat), body).await.status(), StatusCode::CREATED);
        time.advance(TimeDelta::hours(47));
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(app.game(&game.id).await["status"], "active");
        time.advance(TimeDelta::hours(2));
        let over = wait_for_status(&app, &game.id, "finished").await;
        assert_eq!(over["result"]["winner"], seat);
    }

    async fn aborts_and_expiry(backend) {
        let Some((app, time)) = spawn(backend, 20).await else {
            return report_skip(module_path!());
        };
        let game = timed_game(&app, json!({"initial_s": 60}), true).await;
        let outsider = app.player("outsider").await;
        assert_problem(app.act(&game.id, "abort", &outsider.token).await, 403, "not_a_player").await;
        let aborted: Value = app.act(&game.id, "abort", &game.north.token).await.json().await.unwrap();
        assert_eq!(aborted["status"], "aborted");
        assert_eq!(aborted["abort_reason"], "requested");
        assert_eq!(aborted["rated"], false);

        let counted = timed_game(&app, json!({"initial_s": 60}), true).await;
        app.open(&counted.id).await;
        assert_problem(app.act(&counted.id, "abort", &counted.south.token).await, 409, "not_abortable").await;

        let waiting = app.create_game(&outsider.token, json!({})).await;
        assert!(waiting["expires_at"].is_string());
        let id = waiting["id"].as_str().unwrap();
        time.advance(TimeDelta::hours(24) + TimeDelta::seconds(1));
        wait_for_status(&app, id, "expired").await;
        let page: Value = app.get("/v1/games?status=expired").await.json().await.unwrap();
        assert_eq!(page["games"][0]["id"], id);
    }

    async fn early_resignations_and_a_pairs_extra_games_move_no_rating(backend) {
        let Some((app, _time)) = spawn(backend, NEVER).await else {
            return report_skip(module_path!());
        };
        // The farming sequence: fresh accounts resign rated games at once.
        let farmer = app.player("farmer").await;
        for i in 0..60 {
            let victim = app.player(&format!("victim{i}")).await;
            let game = app
                .create_game(&farmer.token, json!({"seat": "south", "rated": true}))
                .await;
            let id = game["id"].as_str().unwrap();
            app.join(id, &victim.token).await;
            let resigned: Value = app.act(id, "resign", &victim.token).await.json().await.unwrap();
            assert_eq!(resigned["status"], "aborted");
            assert_eq!(resigned["abort_reason"], "resignation");
        }
        let changes = app.scalar_i64("SELECT COUNT(*) FROM rating_changes").await;
        assert_eq!(changes, 0, "nobody's rating moved");

        // One pair of established players: ten rated games count in a day,
        // the eleventh does not.
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        for i in 0..11 {
            let game = app.rated_game("classic", &lan, &minh).await;
            let view = app.game(&game.id).await;
            if i < 10 {
                assert_eq!(view["rated"], true, "game {i}");
            } else {
                assert_eq!(view["rated"], false);
                assert_eq!(view["unrated_reason"], "pair_limit");
            }
            app.resign(&game.id, &minh).await;
        }
        let changes = app.scalar_i64("SELECT COUNT(*) FROM rating_changes").await;
        assert_eq!(changes, 20);
    }

    async fn two_nodes_and_a_racing_move_settle_a_flag_fall_once(backend) {
        let Some((app, time)) = spawn(backend, 5).await else {
            return report_skip(module_path!());
        };
        let shared = SharedTime::from(time.clone());
        let other = app
            .sibling_with(move |settings| {
                settings.time = shared;
                settings.games.sweep_every_ms = 5;
            })
            .await;
        let mut games = Vec::new();
        for _ in 0..6 {
            let game = timed_game(&app, json!({"initial_s": 20}), true).await;
            app.open(&game.id).await;
            games.push(game);
        }
        let mut moves = Vec::new();
        for game in &games {
            moves.push(first_legal(&other, game).await);
        }
        time.advance(TimeDelta::seconds(21));
        // Moves race the two sweepers at the deadline.
        let other = &other;
        let racing = games.iter().zip(moves).map(|(game, (seat, body))| async move {
            other.play(&game.id, game.token_of(&seat), body).await.status()
        });
        for status in futures_util::future::join_all(racing).await {
            assert_eq!(status, StatusCode::CONFLICT);
        }
        for game in &games {
            let over = wait_for_status(&app, &game.id, "finished").await;
            assert_eq!(over["result"]["reason"], "timeout");
            let version = over["version"].as_i64().unwrap();
            assert_eq!(version, 1 + 1 + 4 + 1, "created, joined, four moves, ended once");
        }
        let changes = app.scalar_i64("SELECT COUNT(*) FROM rating_changes").await;
        assert_eq!(changes, 12, "each game rated once");
    }

    async fn every_move_and_record_carries_the_clock(backend) {
        let Some((app, time)) = spawn(backend, NEVER).await else {
            return report_skip(module_path!());
        };
        let game = timed_game(&app, json!({"initial_s": 300, "increment_s": 3}), false).await;
        // (think, clock after): first moves are free and earn the increment.
        let expected = [(2_000, 303_000), (4_000, 303_000), (10_500, 295_500), (7_250, 298_750)];
        for (think, clock) in expected {
            time.advance(TimeDelta::milliseconds(think));
            let (seat, body) = first_legal(&app, &game).await;
            let played: Value = app.play(&game.id, game.token_of(&seat), body).await.json().await.unwrap();
            assert_eq!((played["move"]["think_ms"].clone(), played["move"]["clock_ms"].clone()), (json!(think), json!(clock)));
            assert_eq!(played["game"]["clock"][format!("{seat}_ms")], clock);
        }
        let moves: Value = app.get(&format!("/v1/games/{}/moves", game.id)).await.json().await.unwrap();
        let clocks = |moves: &Value, think: &str, clock: &str| -> Vec<(Value, Value)> {
            moves.as_array().unwrap().iter().map(|m| (m[think].clone(), m[clock].clone())).collect()
        };
        let expected_json: Vec<(Value, Value)> = expected.iter().map(|&(t, c)| (json!(t), json!(c))).collect();
        assert_eq!(clocks(&moves["moves"], "think_ms", "clock_ms"), expected_json);
        let third: Value = app.get(&format!("/v1/games/{}/moves/3", game.id)).await.json().await.unwrap();
        assert_eq!(third["clock_ms"], 295_500);

        // South's flag falls: its late move ends the game, no time left.
        time.advance(TimeDelta::milliseconds(295_500));
        let (_, body) = first_legal(&app, &game).await;
        assert_problem(app.play(&game.id, &game.south.token, body).await, 409, "time_out").await;
        let over = app.game(&game.id).await;
        assert_eq!(over["result"]["reason"], "timeout");
        assert_eq!((over["clock"]["south_ms"].clone(), over["clock"]["north_ms"].clone()), (json!(0), json!(298_750)));

        let record = export_json(&app, &game.id).await;
        assert_eq!(record["clock"], json!({"initial_s": 300, "increment_s": 3}));
        assert_eq!(clocks(&record["moves"], "think_ms", "clock_ms"), expected_json);
        let text = export_text(&app, &game.id).await;
        assert!(text.contains("[Termination \"timeout\"]\n[Score") && text.contains("[TimeControl \"300+3\"]"), "{text}");
        let ms: Vec<&str> = text.split("{[%clk ").skip(1).map(|c| c.split('}').next().unwrap()).collect();
        assert_eq!(ms, ["0:05:03] [%emt 0:00:02]", "0:05:03] [%emt 0:00:04]", "0:04:55.500] [%emt 0:00:10.500]", "0:04:58.750] [%emt 0:00:07.250]"]);

        // Both forms import with their clocks and export the same again.
        let importer = app.player("importer").await;
        let copy = imported(&app, &importer.token, "application/json", record.to_string()).await;
        assert_eq!((copy["status"].clone(), copy["time_control"].clone()), (json!("finished"), record["clock"].clone()));
        assert_eq!(copy["clock"], over["clock"]);
        assert_eq!(portable(export_json(&app, copy["id"].as_str().unwrap()).await), portable(record.clone()));
        let copy = imported(&app, &importer.token, "text/plain", text.clone()).await;
        assert_eq!(copy["clock"], over["clock"]);
        assert_eq!(export_text(&app, copy["id"].as_str().unwrap()).await, text);
        let copy_moves: Value = app.get(&format!("/v1/games/{}/moves", copy["id"].as_str().unwrap())).await.json().await.unwrap();
        assert_eq!(clocks(&copy_moves["moves"], "think_ms", "clock_ms"), expected_json);

        // Malformed clocks are refused, clocks that do not add up too.
        let bad_text = text.replacen("[%clk 0:05:03]", "[%clk 5 minutes]", 1);
        let mut negative = record.clone();
        negative["moves"][1]["think_ms"] = json!(-4);
        let mut off = record.clone();
        off["moves"][2]["clock_ms"] = json!(295_501);
        let mut untimed = record.clone();
        untimed["clock"] = Value::Null;
        for (content_type, body, code) in [
            ("text/plain", bad_text, "invalid_record"),
            ("application/json", negative.to_string(), "invalid_record"),
            ("application/json", untimed.to_string(), "invalid_record"),
            ("application/json", off.to_string(), "inconsistent_record"),
        ] {
            let problem = assert_problem(import(&app, &importer.token, content_type, body).await, 422, code).await;
            assert!(problem["detail"].as_str().unwrap().contains("move"), "{problem}");
        }
        app.assert_verified().await;
    }
}
