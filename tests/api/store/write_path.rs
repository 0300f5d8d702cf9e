//! The write path under load: SQLite's WAL stays bounded with
//! checkpoints out of the commit, and an overload is refused with 503
//! `overloaded` (with `Retry-After`) while every accepted move is stored.

use crate::helpers::games::Match;
use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// `count` active games, South to move, each seat its own player.
async fn games(app: &TestApp, count: usize, tag: &str) -> Vec<Match> {
    let mut games = Vec::with_capacity(count);
    for i in 0..count {
        let south = app.player(&format!("{tag}s{i}")).await;
        let north = app.player(&format!("{tag}n{i}")).await;
        let game = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = game["id"].as_str().expect("id").to_owned();
        assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
        games.push(Match { id, south, north });
    }
    games
}

fn wal_bytes(app: &TestApp) -> u64 {
    let url = app.database_url();
    let file = url.strip_prefix("sqlite://").expect("a SQLite URL");
    std::fs::metadata(format!("{file}-wal")).map_or(0, |m| m.len())
}

/// Plays `game` to its end (or `limit` moves), first legal move each time.
async fn play_out(app: &TestApp, game: &Match, limit: usize) -> usize {
    let mut state = app.game(&game.id).await;
    let mut played = 0;
    while state["status"] == "active" && played < limit {
        let token = game.token_of(state["to_move"].as_str().expect("to_move"));
        let m = state["legal_moves"][0].clone();
        let response = app.play(&game.id, token, json!({ "move": m })).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        state = response.json::<Value>().await.expect("JSON")["game"].take();
        played += 1;
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_stays_bounded_through_a_burst_of_writes() {
    const LIMIT_MIB: u64 = 1;
    let app = TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.rate_limit.per_second = 0;
        settings.sqlite.wal_checkpoint_every_ms = 5;
        settings.sqlite.wal_restart_mib = LIMIT_MIB;
    })
    .await
    .expect("SQLite is always there");
    let autocheckpoint = app.scalar_i64("PRAGMA wal_autocheckpoint").await;
    assert_eq!(
        autocheckpoint, 0,
        "SQLite must not checkpoint inside commits"
    );
    let games = games(&app, 16, "wal").await;
    // Readers beside the writers, as GETs are, each holding a snapshot for
    // a moment: what keeps a PASSIVE checkpoint from copying the whole WAL.
    let reading = {
        let (app_url, ids) = (app.address.clone(), games.iter().map(|g| g.id.clone()));
        let ids: Vec<String> = ids.collect();
        let client = app.client.clone();
        tokio::spawn(async move {
            for round in 0.. {
                let id = &ids[round % ids.len()];
                let _ = client.get(format!("{app_url}/v1/games/{id}")).send().await;
            }
        })
    };
    let mut largest = 0;
    let mut moves = 0;
    for round in 0..8 {
        let played = futures_util::future::join_all(games.iter().map(|g| play_out(&app, g, 10)));
        moves += played.await.into_iter().sum::<usize>();
        largest = largest.max(wal_bytes(&app));
        println!(
            "round {round}: {moves} moves, WAL {} KiB",
            wal_bytes(&app) / 1024
        );
    }
    reading.abort();
    assert!(moves >= 16 * 8 * 2, "the games moved ({moves} moves)");
    // Without checkpoints each move adds a few pages; with them the WAL is
    // restarted once it passes the limit (and a period's writes beyond).
    assert!(
        largest <= (4 * LIMIT_MIB) << 20,
        "the WAL reached {largest} bytes (limit {LIMIT_MIB} MiB)"
    );
}

async fn an_overload_is_refused_and_what_is_accepted_is_stored(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.rate_limit.per_second = 0;
        settings.network.max_connections_per_ip = 0;
        settings.admission.db_max_waiting = Some(1);
        settings.admission.db_queue_timeout_ms = 1;
        // On SQLite a write runs on its worker's thread once its turn is
        // free, so with two workers no more than two writes ever wait:
        // eight workers and one connection at work make the burst outrun
        // the gate on a fast machine too.
        if matches!(backend, Backend::Sqlite) {
            settings.http.workers = Some(8);
            settings.database.max_connections = 1;
        }
    })
    .await
    else {
        crate::helpers::report_skip("write_path overload");
        return;
    };
    let games = games(&app, 48, "ovl").await;
    // A fixed rate far above what the server can take: a first move of
    // every game, one every 100 µs, none waiting for another's answer.
    let mut every = tokio::time::interval(std::time::Duration::from_micros(100));
    let mut sent = Vec::new();
    for game in &games {
        every.tick().await;
        let (app_url, game) = (
            app.url(&format!("/v1/games/{}/moves", game.id)),
            game.clone(),
        );
        let client = app.client.clone();
        sent.push(tokio::spawn(async move {
            let body = json!({"move": "1R"});
            let response = client
                .post(app_url)
                .bearer_auth(&game.south.token)
                .json(&body)
                .send()
                .await
                .expect("answered");
            (game, response)
        }));
    }
    let (mut accepted, mut refused) = (Vec::new(), Vec::new());
    for sending in sent {
        let (game, response) = sending.await.expect("joined");
        if response.status() == StatusCode::CREATED {
            accepted.push(game);
            continue;
        }
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        assert!(
            retry_after.is_some_and(|s| s >= 1),
            "Retry-After: {retry_after:?}"
        );
        assert_problem(response, 503, "overloaded").await;
        refused.push(game);
    }
    println!(
        "{backend:?}: {} accepted, {} refused",
        accepted.len(),
        refused.len()
    );
    assert!(
        !refused.is_empty(),
        "an overload of 48 at once was all taken"
    );
    let stored = app.scalar_i64("SELECT COUNT(*) FROM moves").await;
    assert_eq!(
        stored,
        accepted.len() as i64,
        "every accepted move, only those"
    );
    for game in &refused {
        let state = app.game(&game.id).await;
        assert_eq!(state["moves_played"], 0, "a refused move left nothing");
        // Refused before anything was done: the same move is played later.
        let again = app
            .play(&game.id, &game.south.token, json!({"move": "1R"}))
            .await;
        assert_eq!(again.status(), StatusCode::CREATED);
    }
    app.assert_verified().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_overload() {
    an_overload_is_refused_and_what_is_accepted_is_stored(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_overload() {
    an_overload_is_refused_and_what_is_accepted_is_stored(Backend::Postgres).await;
}

/// Reads queue deeper than writes: 64 viewers of one game at once are a
/// short queue (each a single statement), not an overload, with the
/// writes' queue capped at one.
async fn sixty_four_viewers_at_once_are_all_answered(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.rate_limit.per_second = 0;
        settings.network.max_connections_per_ip = 0;
        settings.database.max_connections = 4;
        settings.admission.db_max_waiting = Some(1);
        settings.admission.db_max_waiting_reads = Some(64);
        // A debug build on a busy machine: waiting is allowed, refusing is
        // what is tested.
        settings.admission.db_queue_timeout_ms = 30_000;
    })
    .await
    else {
        crate::helpers::report_skip("write_path viewers");
        return;
    };
    let game = &games(&app, 1, "view").await[0];
    let url = app.url(&format!("/v1/games/{}", game.id));
    let viewers = (0..64).map(|_| {
        let (client, url) = (app.client.clone(), url.clone());
        tokio::spawn(async move { client.get(url).send().await.expect("answered").status() })
    });
    let answers = futures_util::future::join_all(viewers).await;
    let refused = answers
        .iter()
        .filter(|status| *status.as_ref().expect("joined") != StatusCode::OK)
        .count();
    assert_eq!(refused, 0, "{refused} of 64 reads refused: {answers:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_viewers() {
    sixty_four_viewers_at_once_are_all_answered(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_viewers() {
    sixty_four_viewers_at_once_are_all_answered(Backend::Postgres).await;
}
