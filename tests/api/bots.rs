//! The built-in bots over HTTP on both backends: the
//! list, a game against a bot active at once, whole games played to the
//! end, `bot: true` wherever a player is shown, a restart that resumes
//! the bots' games, two nodes driving one bot, and what cannot be done.

use std::sync::Arc;
use std::time::Duration;

use crate::helpers::bots::{after_bot, assert_one_move_per_ply, bot_game, bot_id, bots, play_out};
use crate::helpers::Settings;
use crate::helpers::{assert_problem, Backend, TestApp};
use chrono::TimeDelta;
use oanquan::bots;
use oanquan::domain::GameId;
use oanquan::games::{Games, ManualTime, SharedTime};
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

backend_tests! {
    async fn seven_bots_are_listed_once_whatever_the_restarts(app) {
        let listed = bots(&app).await;
        assert_eq!(listed.len(), 7);
        for (bot, level) in listed.iter().zip(1..) {
            assert_eq!(bot["level"], level, "{bot}");
            assert_eq!(bot["name"], format!("bot-{level}"));
            assert_eq!(bot["bot"], true);
            assert!(bot["title"].as_str().is_some_and(|t| !t.is_empty()));
            assert!(bot["description"].as_str().is_some_and(|d| d.len() > 20));
            assert_eq!(bot["ratings"], json!({"classic": null, "village": null, "online": null}));
            let profile: Value = app.get(&format!("/v1/players/{}", bot["id"].as_str().unwrap()))
                .await.json().await.unwrap();
            assert_eq!(profile["bot"], true);
            assert_eq!(profile["name"], bot["name"]);
        }
        let person = app.player("person").await;
        let profile: Value = app.get(&format!("/v1/players/{}", person.id)).await.json().await.unwrap();
        assert_eq!(profile["bot"], false);
        assert_problem(app.create_player("Bot-3").await, 409, "name_taken").await;

        let again = app.sibling().await;
        assert_eq!(bots(&again).await, listed, "same ids across starts and nodes");
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM players WHERE bot_level IS NOT NULL").await, 7);
        assert_eq!(
            app.scalar_i64("SELECT COUNT(*) FROM player_tokens t JOIN players p ON p.id = t.player_id \
                            WHERE p.bot_level IS NOT NULL").await,
            0,
            "a bot has no token"
        );
    }

    async fn a_game_against_a_bot_is_active_at_once_and_the_bot_answers(app) {
        let (game, token) = bot_game(&app, 1, "south", json!({})).await;
        assert_eq!(game["status"], "active", "{game}");
        assert_eq!(game["players"]["south"]["bot"], false);
        assert_eq!(game["players"]["north"]["bot"], true);
        assert_eq!(game["players"]["north"]["name"], "bot-1");
        assert_eq!(game["reserved_for"], Value::Null);
        assert_eq!(game["version"], 2);
        let id = game["id"].as_str().unwrap();
        let m = game["legal_moves"][0].clone();
        assert_eq!(app.play(id, &token, json!({"move": m})).await.status(), StatusCode::CREATED);
        let answered = after_bot(&app, id).await;
        assert_eq!(answered["moves_played"], 2, "{answered}");
        assert_eq!(answered["to_move"], "south");
        let stranger = app.player("stranger").await;
        assert_problem(app.join(id, &stranger.token).await, 409, "game_full").await;
    }

    async fn a_whole_game_against_a_bot_is_played_to_the_end(app) {
        // The person sits North: the bot opens.
        let (game, token) = bot_game(&app, 3, "north", json!({})).await;
        let finished = play_out(&[&app], game["id"].as_str().unwrap(), &token).await;
        assert_eq!(finished["status"], "finished", "{finished}");
        assert!(finished["result"]["reason"].is_string());
        assert_one_move_per_ply(&app, &finished).await;
        app.assert_verified().await;
        let id = finished["id"].as_str().unwrap();
        let record: Value = app.get(&format!("/v1/games/{id}/export")).await.json().await.unwrap();
        assert_eq!(record["players"]["south"]["bot"], true, "{record}");
        assert_eq!(record["players"]["north"]["bot"], false);
        let listed: Value = app.get(&format!("/v1/games?player={}", bot_id(&app, 3).await))
            .await.json().await.unwrap();
        assert_eq!(listed["games"][0]["id"], id);
        assert_eq!(listed["games"][0]["players"]["south"]["bot"], true);
    }

    async fn a_game_asked_for_as_rated_against_a_bot_is_unrated_and_in_the_bot_record(app) {
        let (game, token) = bot_game(&app, 2, "south", json!({"rated": true})).await;
        assert_eq!(game["rated"], false, "{game}");
        assert_eq!(game["unrated_reason"], "bot", "{game}");
        let id = game["id"].as_str().unwrap();
        let finished = play_out(&[&app], id, &token).await;
        assert_eq!(finished["status"], "finished", "{finished}");
        assert_eq!(finished["rated"], false, "{finished}");
        let person = finished["players"]["south"]["id"].as_str().unwrap().to_owned();
        let bot = bot_id(&app, 2).await;
        // Nobody's rating moved: no standings, no changes, nobody on any board.
        assert_eq!(app.stored_standings().await, vec![]);
        assert_eq!(app.stored_changes().await, vec![]);
        let board: Value = app.get("/v1/leaderboards/classic?include_provisional=true")
            .await.json().await.unwrap();
        assert_eq!(board["entries"], json!([]), "{board}");
        let history: Value = app.get(&format!("/v1/players/{person}/rating-history"))
            .await.json().await.unwrap();
        assert_eq!(history["changes"], json!([]), "{history}");
        // The person's record against bot-2 holds the game instead.
        let (wins, draws, losses) = match finished["result"]["winner"].as_str() {
            Some("south") => (1, 0, 0),
            Some("north") => (0, 0, 1),
            _ => (0, 1, 0),
        };
        let profile: Value = app.get(&format!("/v1/players/{person}")).await.json().await.unwrap();
        assert_eq!(profile["ratings"], json!({"classic": null, "village": null, "online": null}));
        assert_eq!(profile["level"], Value::Null);
        assert_eq!(profile["bots"], json!([{
            "bot": {"id": bot, "name": "bot-2", "bot": true}, "level": 2,
            "games": 1, "wins": wins, "draws": draws, "losses": losses
        }]), "{profile}");
        // The bot shows its level, not a rating.
        let shown: Value = app.get(&format!("/v1/players/{bot}")).await.json().await.unwrap();
        assert_eq!(shown["ratings"], json!({"classic": null, "village": null, "online": null}));
        assert_eq!((shown["level"].clone(), shown["bots"].clone()), (json!(2), json!([])));
        let listed = bots(&app).await;
        assert_eq!(listed[1]["ratings"], json!({"classic": null, "village": null, "online": null}));
    }

    async fn a_bot_game_from_a_custom_position_is_unrated(app) {
        let position = "M0,1,0,0,0,2,M0,0,0,3,0,1 s 10:0 12:0 30";
        let (game, _) = bot_game(&app, 4, "north", json!({"position": position, "first": null, "rated": true})).await;
        assert_eq!(game["status"], "active");
        assert_eq!(game["rated"], false);
        assert_eq!(game["unrated_reason"], "custom_position", "{game}");
        assert_eq!(game["players"]["south"]["bot"], true);
        let answered = after_bot(&app, game["id"].as_str().unwrap()).await;
        assert!(answered["moves_played"].as_u64().unwrap() >= 1, "{answered}");
    }

    async fn nobody_can_play_as_a_bot_and_a_bad_opponent_is_refused(app) {
        let person = app.player("someone").await;
        let refused = app.post_json("/v1/games", &json!({"opponent": "NoSuchOne1"}), Some(&person.token)).await;
        let problem = assert_problem(refused, 422, "invalid_game").await;
        assert!(problem["detail"].as_str().unwrap().contains("opponent"), "{problem}");
        let (game, _) = bot_game(&app, 1, "north", json!({})).await;
        let id = game["id"].as_str().unwrap();
        let m = game["legal_moves"][0].clone();
        // The bot's turn: a bogus token is nobody, the person is not the bot.
        assert_problem(app.play(id, "oq_notatokenofanybody", json!({"move": m})).await, 401, "unauthorized").await;
        let mover = app.play(id, &person.token, json!({"move": m})).await;
        assert_problem(mover, 403, "not_a_player").await;
    }

}

/// Two nodes on one PostgreSQL both drive the bot; the person's moves go
/// through either. Each of the bot's plies is played once.
#[tokio::test]
async fn two_nodes_driving_one_bot_play_each_of_its_moves_once() {
    let Some(a) = TestApp::spawn_with(Backend::Postgres, |s| s.bots.poll_every_ms = 20).await
    else {
        crate::helpers::report_skip("bots::two_nodes");
        return;
    };
    let b = a.sibling_with(|s| s.bots.poll_every_ms = 20).await;
    let (game, token) = bot_game(&a, 4, "north", json!({})).await;
    let finished = play_out(&[&a, &b], game["id"].as_str().unwrap(), &token).await;
    assert_eq!(finished["status"], "finished", "{finished}");
    assert_one_move_per_ply(&a, &finished).await;
    a.assert_verified().await;
}

/// A node that does not drive bots, as if it stopped before they moved;
/// then a new node on the same database resumes every game a bot is to
/// move in.
async fn a_restart_resumes_every_game_a_bot_is_to_move_in(backend: Backend) {
    let Some(idle) = TestApp::spawn_with(backend, |s| s.bots.drive = false).await else {
        crate::helpers::report_skip("bots::restart");
        return;
    };
    let mut games = Vec::new();
    for level in [1, 2, 5] {
        let (game, _) = bot_game(&idle, level, "north", json!({})).await;
        games.push(game["id"].as_str().unwrap().to_owned());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    for id in &games {
        assert_eq!(
            idle.game(id).await["moves_played"],
            0,
            "nobody drove the bots yet"
        );
    }
    let restarted = idle.sibling_with(|s| s.bots.poll_every_ms = 50).await;
    drop(idle);
    for id in &games {
        let game = after_bot(&restarted, id).await;
        assert_eq!(game["moves_played"], 1, "{game}");
        assert_eq!(game["to_move"], "north");
    }
}

/// Two nodes (two pools, two Games layers) choose the bot's move on the
/// same version of the game, then both play it: one lands, the other is
/// dropped, and nothing is stored twice.
async fn a_bot_move_chosen_on_two_nodes_lands_once(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |s| s.bots.drive = false).await else {
        crate::helpers::report_skip("bots::race");
        return;
    };
    let (game, _) = bot_game(&app, 2, "north", json!({})).await;
    let id = GameId::parse(game["id"].as_str().unwrap()).unwrap();
    let other_pool = Store::connect(&DatabaseSettings {
        url: app.database_url().parse().unwrap(),
        max_connections: 2,
    })
    .await
    .unwrap();
    let (a, b) = (
        Games::new(SharedTime::default()),
        Games::new(SharedTime::default()),
    );
    let searches = Arc::new(Semaphore::new(2));
    let most = Duration::from_millis(500);
    let (chosen_a, chosen_b) = tokio::join!(
        bots::think(&a, &app.store, &id, &searches, most),
        bots::think(&b, &other_pool, &id, &searches, most)
    );
    let (chosen_a, chosen_b) = (chosen_a.unwrap().unwrap(), chosen_b.unwrap().unwrap());
    assert_eq!(
        chosen_a.m, chosen_b.m,
        "one seed per (game, ply): the same move"
    );
    assert_eq!(
        (chosen_a.version, chosen_a.ply),
        (chosen_b.version, chosen_b.ply)
    );
    let (played_a, played_b) = tokio::join!(
        bots::play(&a, &app.store, &chosen_a),
        bots::play(&b, &other_pool, &chosen_b)
    );
    let landed = [played_a.unwrap(), played_b.unwrap()];
    assert_eq!(
        landed.iter().filter(|t| t.is_some()).count(),
        1,
        "exactly one move lands"
    );
    assert_eq!(app.count_moves().await, 1);
    let after = app.game(id.as_str()).await;
    assert_eq!(
        (after["version"].as_i64(), after["to_move"].as_str()),
        (Some(3), Some("north"))
    );
    assert!(
        bots::think(&b, &other_pool, &id, &searches, most)
            .await
            .unwrap()
            .is_none(),
        "the person's turn"
    );
    // A move chosen for a version that is gone is dropped, however late.
    assert!(bots::play(&a, &app.store, &chosen_a)
        .await
        .unwrap()
        .is_none());
    other_pool.close().await;
}

/// The bot's clock runs on the Games layer's time (a test's manual clock
/// here) and only while it searches: the time its move waited for a node
/// to drive it is not charged. It thinks for a share of its time left,
/// not for its full allowance.
async fn a_bot_s_clock_runs_only_while_it_searches_on_the_layer_s_clock(backend: Backend) {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let on_manual_time = |drive: bool, poll_every_ms: u64| {
        let shared = shared.clone();
        move |s: &mut Settings| {
            s.time = shared;
            s.bots.drive = drive;
            s.bots.poll_every_ms = poll_every_ms;
            s.bots.move_ms = 60_000;
        }
    };
    let Some(idle) = TestApp::spawn_with(backend, on_manual_time(false, 50)).await else {
        crate::helpers::report_skip("bots::clock");
        return;
    };
    let clock = json!({"clock": {"initial_s": 60, "increment_s": 0}});
    let (game, token) = bot_game(&idle, 7, "south", clock).await;
    let id = game["id"].as_str().unwrap();
    let first_move = |game: &Value| json!({"move": game["legal_moves"][0]});
    assert_eq!(
        idle.play(id, &token, first_move(&game)).await.status(),
        StatusCode::CREATED
    );
    // A node that looks at the database once, at its start: it plays the
    // bot's first move (on the house: a first move is not charged) and
    // then hears nothing more.
    let once = idle.sibling_with(on_manual_time(true, 3_600_000)).await;
    let game = after_bot(&once, id).await;
    assert_eq!(game["moves_played"], 2, "{game}");
    assert_eq!(
        idle.play(id, &token, first_move(&game)).await.status(),
        StatusCode::CREATED
    );
    // 57 s go by before a node drives the bot.
    time.advance(TimeDelta::seconds(57));
    let driver = idle.sibling_with(on_manual_time(true, 50)).await;
    let asked = std::time::Instant::now();
    let answered = after_bot(&driver, id).await;
    let took = asked.elapsed();
    assert_eq!(answered["moves_played"], 4, "{answered}");
    // The 57 s it waited are not charged, and its search took no time on
    // the manual clock: its 60 s are whole.
    assert_eq!(
        answered["clock"]["north_ms"], 60_000,
        "charged on the manual clock: {answered}"
    );
    assert_eq!(answered["clock"]["south_ms"], 60_000);
    let moves: Value = driver
        .get(&format!("/v1/games/{id}/moves"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(moves["moves"][3]["think_ms"], 0, "{moves}");
    // A twentieth of 60 s is 3 s of search; its full allowance is 60 s.
    assert!(
        took < Duration::from_secs(15),
        "the bot thought for {took:?}"
    );
}

on_both_backends! {
    restart => a_restart_resumes_every_game_a_bot_is_to_move_in,
    race => a_bot_move_chosen_on_two_nodes_lands_once,
    clock => a_bot_s_clock_runs_only_while_it_searches_on_the_layer_s_clock,
}
