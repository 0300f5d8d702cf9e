//! What keeps the bots from being queued out: a cap on one player's games
//! against bots, a bound on the moves waiting for a search, a fair order
//! of searches across players, and a bot's clock that does not run while
//! its move waits.

use std::time::Duration;

use chrono::TimeDelta;
use oanquan::games::{ManualTime, SharedTime};

use crate::helpers::bots::{after_bot, bot_id, BOT_WAIT};
use crate::helpers::games::Player;
use crate::helpers::{assert_problem, Backend, Settings, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// `POST /v1/games` against the bot of `level`, `player` in `seat`, South first.
async fn against_bot(app: &TestApp, player: &Player, level: u64, seat: &str) -> reqwest::Response {
    let body = json!({"opponent": bot_id(app, level).await, "seat": seat, "first": "south"});
    app.post_json("/v1/games", &body, Some(&player.token)).await
}

/// The games stored with `player` in a seat.
async fn games_of(app: &TestApp, player: &Player) -> i64 {
    let id = &player.id;
    app.scalar_i64(&format!(
        "SELECT COUNT(*) FROM games WHERE south_id = '{id}' OR north_id = '{id}'"
    ))
    .await
}

backend_tests! {
    async fn the_fourth_live_game_against_bots_is_refused_until_one_ends(app) {
        let lan = app.player("Lan").await;
        let mut ids = Vec::new();
        // The person opens each game: no bot has to think.
        for level in [1, 2, 3] {
            let created = against_bot(&app, &lan, level, "south").await;
            assert_eq!(created.status(), StatusCode::CREATED);
            let game: Value = created.json().await.unwrap();
            assert_eq!(game["status"], "active");
            ids.push(game["id"].as_str().unwrap().to_owned());
        }
        let refused = assert_problem(against_bot(&app, &lan, 4, "south").await, 409, "too_many_bot_games").await;
        let detail = refused["detail"].as_str().unwrap();
        assert!(detail.contains("at most 3 games against bots"), "{detail}");
        assert!(detail.contains("finish or resign"), "{detail}");
        assert_eq!(games_of(&app, &lan).await, 3, "nothing stored");
        // A game against a person is no game against a bot.
        app.create_game(&lan.token, json!({})).await;
        // Someone else is not capped by Lan's games.
        let minh = app.player("Minh").await;
        assert_eq!(against_bot(&app, &minh, 4, "south").await.status(), StatusCode::CREATED);

        // A game that ended frees its place.
        assert_eq!(app.act(&ids[1], "resign", &lan.token).await.status(), StatusCode::OK);
        let fourth = against_bot(&app, &lan, 4, "south").await;
        assert_eq!(fourth.status(), StatusCode::CREATED);
        assert_problem(against_bot(&app, &lan, 5, "south").await, 409, "too_many_bot_games").await;
        assert_eq!(games_of(&app, &lan).await, 5, "3 live against bots, 1 resigned, 1 waiting");
    }
}

/// Two creations racing for the last place: the one answered 201 is the
/// one stored, the other is refused, on both backends.
async fn racing_creations_for_the_last_place_seat_one_game(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |s: &mut Settings| {
        s.games.max_bot_games_per_player = 1
    })
    .await
    else {
        crate::helpers::report_skip("bots_queue::race");
        return;
    };
    let lan = app.player("Lan").await;
    let (a, b) = tokio::join!(
        against_bot(&app, &lan, 1, "south"),
        against_bot(&app, &lan, 2, "south")
    );
    let (created, refused) = match (a.status().as_u16(), b.status().as_u16()) {
        (201, 409) => (a, b),
        (409, 201) => (b, a),
        other => panic!("one 201 and one 409 expected, got {other:?}"),
    };
    let game: Value = created.json().await.unwrap();
    let problem = assert_problem(refused, 409, "too_many_bot_games").await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("at most 1 games against bots"),
        "{problem}"
    );
    let id = &lan.id;
    let stored = app
        .scalar_i64(&format!(
            "SELECT COUNT(*) FROM games WHERE south_id = '{id}' AND id = '{}'",
            game["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!((stored, games_of(&app, &lan).await), (1, 1));
}

/// The game once `done` says it is, or a panic after [`BOT_WAIT`].
async fn game_once(app: &TestApp, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + BOT_WAIT;
    loop {
        let game = app.game(id).await;
        if done(&game) {
            return game;
        }
        assert!(tokio::time::Instant::now() < deadline, "still {game}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A bot whose move waits for the search slot while its clock would run
/// out: the sweeper leaves it alone, and the wait is not charged.
async fn a_bot_whose_move_waits_for_a_slot_keeps_its_time(backend: Backend) {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let Some(app) = TestApp::spawn_with(backend, |s: &mut Settings| {
        s.time = shared;
        s.games.sweep_every_ms = 20;
        s.bots.max_searches = 1;
        s.bots.move_ms = 3_000;
    })
    .await
    else {
        crate::helpers::report_skip("bots_queue::clock");
        return;
    };
    let first_legal = |game: &Value| json!({"move": game["legal_moves"][0], "ply": game["ply"]});
    // Lan, South, against bot-1 with 60 s each and no increment.
    let lan = app.player("Lan").await;
    let body = json!({"opponent": bot_id(&app, 1).await, "seat": "south", "first": "south",
                      "clock": {"initial_s": 60, "increment_s": 0}});
    let game = app.create_game(&lan.token, body).await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.play(&id, &lan.token, first_legal(&game)).await.status(),
        StatusCode::CREATED
    );
    let game = after_bot(&app, &id).await;
    assert_eq!(
        (
            game["moves_played"].as_u64(),
            game["clock"]["north_ms"].as_i64()
        ),
        (Some(2), Some(60_000))
    );
    // A game between two people whose first move never comes: the
    // sweeper aborts it once 60 s pass, which shows it swept.
    let (tuan, hoa) = (app.player("Tuan").await, app.player("Hoa").await);
    let witness = app
        .create_game(
            &tuan.token,
            json!({"clock": {"initial_s": 60, "increment_s": 0}}),
        )
        .await;
    let witness = witness["id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.join(&witness, &hoa.token).await.status(),
        StatusCode::OK
    );

    // bot-7 opens Minh's game and searches its 3 s on the only slot ...
    let minh = app.player("Minh").await;
    let busy = against_bot(&app, &minh, 7, "north").await;
    assert_eq!(busy.status(), StatusCode::CREATED);
    // ... while bot-1's second move waits behind it, and 90 s pass: 30 s
    // more than bot-1 has.
    assert_eq!(
        app.play(&id, &lan.token, first_legal(&game)).await.status(),
        StatusCode::CREATED
    );
    time.advance(TimeDelta::seconds(90));
    let swept = game_once(&app, &witness, |g| g["status"] != "active").await;
    assert_eq!(swept["status"], "aborted", "{swept}");
    assert_eq!(
        app.game(&id).await["status"],
        "active",
        "the waiting bot's flag stands"
    );

    let answered = after_bot(&app, &id).await;
    assert_eq!(answered["status"], "active", "{answered}");
    assert_eq!(answered["moves_played"], 4);
    // Its search began after the 90 s and took no time on the manual
    // clock: charged 0 ms, its 60 s whole.
    assert_eq!(answered["clock"]["north_ms"], 60_000, "{answered}");
    let moved: Value = app
        .get(&format!("/v1/games/{id}/moves/4"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (moved["think_ms"].as_i64(), moved["clock_ms"].as_i64()),
        (Some(0), Some(60_000)),
        "{moved}"
    );
}

/// With as many bot moves waiting as the queue's bound, a new game against
/// a bot is refused with the time they take; the games under way go on,
/// and once one is served a new game may start.
async fn a_full_bot_queue_refuses_new_bot_games_with_retry_after(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |s: &mut Settings| {
        s.bots.max_searches = 1;
        s.bots.max_queued = 2;
        s.bots.move_ms = 3_000;
    })
    .await
    else {
        crate::helpers::report_skip("bots_queue::busy");
        return;
    };
    // Three games bot-7 opens: one searching 3 s, two waiting behind it.
    let mut opened = Vec::new();
    for name in ["A1", "A2", "A3"] {
        let player = app.player(name).await;
        let created = against_bot(&app, &player, 7, "north").await;
        assert_eq!(created.status(), StatusCode::CREATED);
        let game: Value = created.json().await.unwrap();
        opened.push(game["id"].as_str().unwrap().to_owned());
    }
    let lan = app.player("Lan").await;
    let refused = against_bot(&app, &lan, 1, "south").await;
    // 2 moves waiting, 3 s at most each, on 1 slot: 6 s.
    let retry_after = refused.headers().get("retry-after").cloned();
    assert_eq!(retry_after.as_ref().map(|v| v.to_str().unwrap()), Some("6"));
    let problem = assert_problem(refused, 503, "bots_busy").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("retry in 6 s"),
        "{problem}"
    );
    assert_eq!(games_of(&app, &lan).await, 0, "nothing stored");
    // A game against a person is not held up.
    app.create_game(&lan.token, json!({})).await;

    // The first game's bot moves; then one move waits, below the bound,
    // and a bot game may start (once the driver has taken up the next).
    let first = after_bot(&app, &opened[0]).await;
    assert_eq!(first["moves_played"], 1, "{first}");
    let deadline = tokio::time::Instant::now() + BOT_WAIT;
    let created = loop {
        let created = against_bot(&app, &lan, 1, "south").await;
        if created.status() != StatusCode::SERVICE_UNAVAILABLE
            || tokio::time::Instant::now() > deadline
        {
            break created;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(created.status(), StatusCode::CREATED);
    assert_eq!(
        app.game(&opened[2]).await["moves_played"],
        0,
        "while the third still waits"
    );
    for id in &opened[1..] {
        assert_eq!(
            after_bot(&app, id).await["moves_played"],
            1,
            "served in turn"
        );
    }
}

/// Player A holds thirty games bot-7 opens, three on each of ten accounts;
/// player B one that bot-1 opens, created last. A node that finds them all
/// in the database serves them round-robin by opponent: B's bot moves
/// after A's first account's first two games and one game of each other
/// account, 11 of A's 30 (first in, first out would be all 30).
async fn one_player_s_many_bot_games_delay_another_s_by_one_search_an_account(backend: Backend) {
    let Some(idle) = TestApp::spawn_with(backend, |s: &mut Settings| s.bots.drive = false).await
    else {
        crate::helpers::report_skip("bots_queue::fair");
        return;
    };
    let mut a_games = Vec::new();
    for account in 0..10 {
        let a = idle.player(&format!("A{account}")).await;
        for _ in 0..3 {
            let created = against_bot(&idle, &a, 7, "north").await;
            assert_eq!(created.status(), StatusCode::CREATED);
            let game: Value = created.json().await.unwrap();
            a_games.push(game["id"].as_str().unwrap().to_owned());
        }
    }
    let b = idle.player("B").await;
    let created = against_bot(&idle, &b, 1, "north").await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let b_game = created.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let driver = idle
        .sibling_with(|s: &mut Settings| {
            s.bots.max_searches = 1;
            s.bots.move_ms = 100;
            s.bots.poll_every_ms = 3_600_000;
        })
        .await;
    assert_eq!(after_bot(&driver, &b_game).await["moves_played"], 1);
    for id in &a_games {
        assert_eq!(after_bot(&driver, id).await["moves_played"], 1, "{id}");
    }
    let before_b = driver
        .scalar_i64(&format!(
            "SELECT COUNT(*) FROM moves a WHERE a.ply = 1 AND a.game_id <> '{b_game}' \
             AND a.played_at < (SELECT b.played_at FROM moves b \
                 WHERE b.game_id = '{b_game}' AND b.ply = 1)"
        ))
        .await;
    assert_eq!(before_b, 11, "A's bot moves before B's");
}

on_both_backends! {
    race => racing_creations_for_the_last_place_seat_one_game,
    clock => a_bot_whose_move_waits_for_a_slot_keeps_its_time,
    busy => a_full_bot_queue_refuses_new_bot_games_with_retry_after,
    fair => one_player_s_many_bot_games_delay_another_s_by_one_search_an_account,
}
