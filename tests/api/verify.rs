//! `oanquan verify` after a suite of games on each backend: clean after
//! real play and imports, and every corruption reported with a non-zero
//! exit, both as the library function and as the built binary.

use std::process::Command;

use crate::helpers::games::Match;
use crate::helpers::lines::random_line;
use crate::helpers::TestApp;
use oanquan::engine::{Position, Preset, Seat};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Runs the built binary's `verify` on the app's database.
fn verify_binary(app: &TestApp) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_oanquan"))
        .args(["verify", "--database-url", &app.database_url()])
        .env_remove("OANQUAN_DATABASE_URL")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code().expect("an exit code"), stdout)
}

/// Plays one game of every kind; returns the finished games' ids.
async fn game_suite(app: &TestApp) -> Vec<String> {
    let (lan, minh) = (app.player("Lan").await, app.player("Minh").await);
    let mut finished = Vec::new();
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let body = json!({"rules": {"preset": preset.name()}, "seat": "south", "first": "south"});
        let created = app.create_game(&lan.token, body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        app.join(&id, &minh.token).await;
        let game = Match {
            id: id.clone(),
            south: lan.clone(),
            north: minh.clone(),
        };
        let line = random_line(
            Position::start(preset.rules(), Seat::South),
            40 + i as u64,
            400,
        );
        assert_eq!(app.play_line(&game, &line).await["status"], "finished");
        finished.push(id);
    }
    let resigned = app.create_game(&lan.token, json!({"seat": "north"})).await;
    let resigned = resigned["id"].as_str().unwrap().to_owned();
    app.join(&resigned, &minh.token).await;
    app.play(&resigned, &minh.token, json!({"move": "2R"}))
        .await;
    assert_eq!(
        app.act(&resigned, "resign", &lan.token).await.status(),
        StatusCode::OK
    );
    finished.push(resigned);

    let active = app.create_game(&minh.token, json!({"seat": "south"})).await;
    let active = active["id"].as_str().unwrap().to_owned();
    app.join(&active, &lan.token).await;
    app.play(&active, &minh.token, json!({"move": "4L"})).await;
    let timed = app
        .create_game(
            &minh.token,
            json!({"seat": "south", "clock": {"initial_s": 300, "increment_s": 3}}),
        )
        .await;
    let timed = timed["id"].as_str().unwrap().to_owned();
    app.join(&timed, &lan.token).await;
    let timed_game = Match {
        id: timed,
        south: minh.clone(),
        north: lan.clone(),
    };
    app.play_line(
        &timed_game,
        &["1L".to_owned(), "3R".to_owned(), "2L".to_owned()],
    )
    .await;
    let cancelled = app.create_game(&lan.token, json!({})).await;
    app.act(cancelled["id"].as_str().unwrap(), "cancel", &lan.token)
        .await;
    app.create_game(&minh.token, json!({"rules": {"max_plies": 60}}))
        .await;

    for text in [
        "[Rules \"classic\"]\n\n1. 1L 3R 2. 2L *\n",
        "[Rules \"classic\"]\n[Position \"M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40\"]\n\n20... 3L 0-1\n",
    ] {
        let response = app
            .request(Method::POST, "/v1/games/import")
            .bearer_auth(&lan.token)
            .header("content-type", "text/plain")
            .body(text)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED, "{text}");
        let game: Value = response.json().await.unwrap();
        if game["status"] == "finished" {
            finished.push(game["id"].as_str().unwrap().to_owned());
        }
    }
    finished.push(timed_game.id);
    finished
}

backend_tests! {
    async fn verify_finds_nothing_after_real_play_and_every_corruption_after(app) {
        let finished = game_suite(&app).await;
        let (summary, found) = app.verify().await;
        assert_eq!(found, Vec::<String>::new());
        assert_eq!(summary.games, 10);
        assert_eq!(summary.moves as i64, app.count_moves().await);
        let (code, stdout) = verify_binary(&app);
        assert_eq!(code, 0, "{stdout}");
        assert_eq!(stdout, format!("{summary}\n"));

        let (a, b, c) = (&finished[0], &finished[1], &finished[2]);
        let wrong: String = app.game(a).await["start_position"].as_str().unwrap().to_owned();
        assert_eq!(
            app.execute(&format!("UPDATE moves SET position_after = '{wrong}' WHERE game_id = '{a}' AND ply = 3"), &[], &[]).await,
            1
        );
        let result = app.game(b).await["result"]["winner"].clone();
        let flipped = if result == "south" { "north" } else { "south" };
        app.execute(&format!("UPDATE games SET winner = '{flipped}' WHERE id = '{b}'"), &[], &[]).await;
        app.execute(&format!("UPDATE moves SET notation = '3X' WHERE game_id = '{c}' AND ply = 2"), &[], &[]).await;
        app.execute(&format!("UPDATE games SET preset = 'village' WHERE id = '{a}'"), &[], &[]).await;
        let timed = finished.last().unwrap();
        app.execute(&format!("UPDATE moves SET clock_ms = clock_ms + 1 WHERE game_id = '{timed}' AND ply = 3"), &[], &[]).await;

        let (code, stdout) = verify_binary(&app);
        assert_eq!(code, 1, "{stdout}");
        let lines: Vec<&str> = stdout.lines().collect();
        let stored = format!("mismatch: game {a} ply 3: stored position \"{wrong}\", replay gives ");
        assert!(lines.iter().any(|l| l.starts_with(&stored)), "{stdout}");
        assert!(lines.iter().any(|l| l.starts_with(&format!("mismatch: game {b}: stored result {flipped} by "))), "{stdout}");
        assert!(lines.iter().any(|l| l.starts_with(&format!("mismatch: game {c} ply 2: 3X does not replay"))), "{stdout}");
        let preset = format!("mismatch: game {a}: stored preset Some(\"village\"), its rules are Some(\"classic\")");
        assert!(lines.contains(&preset.as_str()), "{stdout}");
        let clock = format!("mismatch: game {timed} ply 3: clock: 2L: south has ");
        assert!(lines.iter().any(|l| l.starts_with(&clock)), "{stdout}");
        assert_eq!(lines.len(), 6, "one line per mismatch and the summary: {stdout}");
        assert_eq!(lines[5], format!("verified 10 games, {} moves: 5 mismatches", summary.moves));

        let (summary, found) = app.verify().await;
        assert_eq!(summary.mismatches, 5);
        assert_eq!(found.len(), 5);
    }
}
