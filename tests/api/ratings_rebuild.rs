//! `oanquan ratings rebuild` recomputes every rating from the stored games
//! and reproduces the live values exactly, on both backends.

use std::process::Command;

use crate::helpers::games::Player;
use crate::helpers::TestApp;
use chrono::{DateTime, TimeDelta, Utc};
use oanquan::engine::Preset;
use oanquan::ratings::{rate_game, GameResult, Standing};
use oanquan::store::RebuildSummary;
use serde_json::json;

/// Rated games among four anchors of the two presets they play (so that
/// every game moves both sides), with an unrated and a custom one among
/// them; returns how many were rated.
async fn play_a_season(app: &TestApp) -> (Vec<Player>, usize) {
    let mut players = Vec::new();
    for name in ["An", "Binh", "Chi", "Dung"] {
        let player = app.player(name).await;
        app.anchor(&player.id, &[Preset::Classic, Preset::Village])
            .await;
        players.push(player);
    }
    let mut rated = 0;
    for round in 0..3 {
        for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)] {
            let (south, north) = (&players[i], &players[j]);
            let preset = if (i + j + round) % 3 == 0 {
                "village"
            } else {
                "classic"
            };
            let game = app.rated_game(preset, south, north).await;
            let loser = if (i * 7 + j * 3 + round) % 4 == 0 {
                south
            } else {
                north
            };
            app.resign(&game.id, loser).await;
            rated += 1;
        }
    }
    let unrated = app
        .create_game(&players[0].token, json!({"seat": "south"}))
        .await;
    let id = unrated["id"].as_str().unwrap();
    app.join(id, &players[1].token).await;
    app.resign(id, &players[1]).await;
    (players, rated)
}

async fn rebuild(app: &TestApp) -> RebuildSummary {
    oanquan::games::rebuild_ratings(&app.store)
        .await
        .expect("rebuild")
}

backend_tests! {
    async fn a_rebuild_reproduces_the_live_ratings_exactly(app) {
        let (_, rated) = play_a_season(&app).await;
        let live_standings = app.stored_standings().await;
        let live_changes = app.stored_changes().await;
        assert_eq!(live_changes.len(), 2 * rated);
        assert_eq!(live_standings.len(), 8, "four players in two presets");

        let summary = rebuild(&app).await;
        assert_eq!(summary, RebuildSummary { games: rated, standings: 8, changed: 0, removed: 0 });
        assert_eq!(app.stored_standings().await, live_standings);
        assert_eq!(app.stored_changes().await, live_changes);
    }

    async fn a_rebuild_repairs_tampered_ratings_and_drops_stray_ones(app) {
        let (players, rated) = play_a_season(&app).await;
        let live = app.stored_standings().await;
        app.execute(
            "UPDATE player_ratings SET rating = $2 WHERE player_id = $1 AND preset = 'classic'",
            &[&players[2].id], &[9999.0],
        ).await;
        let stray = app.player("Stray").await;
        app.seed_standing(&stray.id, "online", 1800.0, 60.0, 20).await;
        app.execute("DELETE FROM rating_changes WHERE player_id = $1", &[&players[0].id], &[]).await;

        let summary = rebuild(&app).await;
        assert_eq!(summary, RebuildSummary { games: rated, standings: 8, changed: 1, removed: 1 });
        assert_eq!(app.stored_standings().await, live);
    }

    async fn a_rebuild_replays_idle_days_from_the_stored_finishing_times(app) {
        play_a_season(&app).await;
        // Spread the games over a year, one every 20 days, in rating order.
        let changes = app.stored_changes().await;
        let mut games: Vec<&str> = changes.iter().map(|c| c.game_id.as_str()).collect();
        games.dedup();
        let start: DateTime<Utc> = "2024-01-01T10:00:00.123456Z".parse().unwrap();
        for (n, game) in games.iter().enumerate() {
            let at = start + TimeDelta::days(20 * n as i64) + TimeDelta::seconds(n as i64);
            app.set_finished_at(game, at).await;
        }
        let summary = rebuild(&app).await;
        assert!(summary.changed > 0, "idle days raise RD, so every value moves");

        // The same history computed here, game by game.
        let mut expected = std::collections::HashMap::new();
        for pair in changes.chunks(2) {
            let (south, north) = (&pair[0], &pair[1]);
            let n = games.iter().position(|g| *g == south.game_id).unwrap();
            let at = start + TimeDelta::days(20 * n as i64) + TimeDelta::seconds(n as i64);
            let key = |p: &str| (p.to_owned(), south.preset.clone());
            let a: Standing = expected.get(&key(&south.player_id)).copied().unwrap_or(Standing::NEW);
            let b: Standing = expected.get(&key(&north.player_id)).copied().unwrap_or(Standing::NEW);
            let result = GameResult::from_name(&south.result).unwrap();
            let (a, b) = rate_game(&a, &b, result, at);
            expected.insert(key(&south.player_id), a);
            expected.insert(key(&north.player_id), b);
        }
        let stored = app.stored_standings().await;
        assert_eq!(stored.len(), expected.len());
        for row in &stored {
            let want = expected[&(row.player_id.clone(), row.preset.clone())];
            assert_eq!(row.rating, want.glicko.rating.to_bits(), "{row:?}");
            assert_eq!(row.rd, want.glicko.rd.to_bits(), "{row:?}");
            assert_eq!(row.volatility, want.glicko.volatility.to_bits(), "{row:?}");
            assert_eq!(row.last_played_at, want.last_played_at);
        }
        let once = (app.stored_standings().await, app.stored_changes().await);
        assert_eq!(rebuild(&app).await.changed, 0, "a second rebuild changes nothing");
        assert_eq!((app.stored_standings().await, app.stored_changes().await), once);
    }
}

#[tokio::test]
async fn the_cli_rebuilds_a_sqlite_database() {
    let app = TestApp::spawn(crate::helpers::Backend::Sqlite)
        .await
        .unwrap();
    let (_, rated) = play_a_season(&app).await;
    let live = app.stored_standings().await;
    let output = Command::new(env!("CARGO_BIN_EXE_oanquan"))
        .args([
            "ratings",
            "rebuild",
            "--database-url",
            &app.sqlite_url().await,
        ])
        .env_remove("OANQUAN_DATABASE_URL")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains(&format!(
            "{rated} rated games replayed, 8 standings written, 0 differed"
        )),
        "{stdout}"
    );
    assert_eq!(app.stored_standings().await, live);
}
