//! `POST /v1/me/upgrade-to-bot`: an outside engine's account, shown as a
//! bot, whose games are never rated.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, TestApp};

/// Plays Alice's side of `game` (her first legal move each turn) until
/// it is over; the bot plays the other through its script.
async fn play_out_against(app: &TestApp, game: &str, token: &str, seat: &str) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let state = app.game(game).await;
        if state["status"] != "active" {
            return state;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game went on too long: {state}"
        );
        if state["to_move"] == seat {
            let m = state["legal_moves"][0].clone();
            let played = app
                .play(game, token, json!({"move": m, "ply": state["ply"]}))
                .await;
            assert_eq!(played.status(), StatusCode::CREATED, "Alice's move");
        } else {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

async fn upgrade(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json("/v1/me/upgrade-to-bot", &json!({}), Some(token))
        .await
}

backend_tests! {

    async fn an_upgraded_account_is_a_bot_everywhere_and_its_games_are_unrated(app) {
        let engine = app.player("engine").await;
        let alice = app.player("alice").await;
        let upgraded = upgrade(&app, &engine.token).await;
        assert_eq!(upgraded.status(), StatusCode::OK);
        let profile: Value = upgraded.json().await.unwrap();
        assert_eq!(profile["id"], engine.id.as_str());
        assert_eq!(profile["bot"], true);
        assert_eq!(profile["level"], Value::Null);
        let me: Value = app.get_with_token("/v1/me", &engine.token).await.json().await.unwrap();
        assert_eq!(me["bot"], true);
        let public: Value = app.get(&format!("/v1/players/{}", engine.id)).await.json().await.unwrap();
        assert_eq!(public["bot"], true);
        assert_eq!(public["ratings"], json!({"classic": null, "village": null, "online": null}));

        // One way: a second upgrade is refused.
        assert_problem(upgrade(&app, &engine.token).await, 409, "bot_upgrade_refused").await;

        // Alice challenges the bot to a rated game: it is played unrated.
        let challenge = app
            .post_json("/v1/challenges", &json!({"opponent": engine.id, "rated": true, "seat": "south"}), Some(&alice.token))
            .await;
        assert_eq!(challenge.status(), StatusCode::CREATED);
        let challenge: Value = challenge.json().await.unwrap();
        assert_eq!(challenge["game"]["rated"], false);
        assert_eq!(challenge["game"]["unrated_reason"], "bot");
        assert_eq!(challenge["challenged"]["bot"], true);
        let id = challenge["id"].as_str().unwrap();
        let accepted = app
            .post_json(&format!("/v1/challenges/{id}/accept"), &json!({}), Some(&engine.token))
            .await;
        assert_eq!(accepted.status(), StatusCode::OK);
        let game = app.game(id).await;
        assert_eq!(game["players"]["north"]["bot"], true);
        assert_eq!(game["players"]["south"]["bot"], false);
        // The server does not play for it: its flag falls like anyone's,
        // and nothing moved for it while it was its turn.
        assert_eq!(game["moves_played"], 0);

        // A rated open game the bot joins is unrated too.
        let open = app.create_game(&alice.token, json!({"rated": true})).await;
        let open = open["id"].as_str().unwrap();
        assert_eq!(app.join(open, &engine.token).await.status(), StatusCode::OK);
        let joined = app.game(open).await;
        assert_eq!((joined["rated"].clone(), joined["unrated_reason"].clone()), (json!(false), json!("bot")));
    }

    async fn the_example_bot_accepts_a_challenge_and_plays_it_to_the_end(app) {
        let engine = app.player("engine").await;
        let alice = app.player("alice").await;
        assert_eq!(upgrade(&app, &engine.token).await.status(), StatusCode::OK);
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/outside_bot.py");
        let Ok(mut bot) = std::process::Command::new("python3")
            .args([script, "--url", &app.url(""), "--token", &engine.token, "--games", "1"])
            .spawn()
        else {
            eprintln!("SKIPPED: no python3 to run examples/outside_bot.py");
            return;
        };
        // The bot is told of the challenge on its stream (or finds it in its
        // snapshot, if it connects later) and accepts it.
        let made = app
            .post_json("/v1/challenges", &json!({"opponent": engine.id, "seat": "south", "first": "south"}), Some(&alice.token))
            .await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let made: Value = made.json().await.unwrap();
        let id = made["id"].as_str().unwrap().to_owned();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while app.game(&id).await["status"] == "waiting" {
            assert!(std::time::Instant::now() < deadline, "the bot did not accept");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let over = play_out_against(&app, &id, &alice.token, "south").await;
        assert_eq!(over["status"], "finished", "{over}");
        assert!(over["moves_played"].as_u64().unwrap() >= 2, "{over}");
        let moves: Value = app.get(&format!("/v1/games/{id}/moves")).await.json().await.unwrap();
        assert!(moves["moves"].as_array().unwrap().iter().any(|m| m["seat"] == "north"), "the bot moved");
        app.assert_verified().await;
        // Told the game ended, the script stops by itself.
        let pid = bot.id().to_string();
        let waited = tokio::time::timeout(
            std::time::Duration::from_secs(30),
            tokio::task::spawn_blocking(move || bot.wait()),
        )
        .await;
        let Ok(exited) = waited else {
            let _ = std::process::Command::new("kill").arg(&pid).status();
            panic!("the bot's script did not stop after its game");
        };
        let exited = exited.unwrap().unwrap();
        assert!(exited.success(), "{exited:?}");
    }

    async fn an_account_with_rated_or_live_games_stays_a_person(app) {
        let lan = app.player("lan").await;
        let minh = app.player("minh").await;
        // A waiting game: refused until it is cancelled.
        let waiting = app.create_game(&lan.token, json!({})).await;
        let waiting = waiting["id"].as_str().unwrap();
        let refused = assert_problem(upgrade(&app, &lan.token).await, 409, "bot_upgrade_refused").await;
        assert!(refused["detail"].as_str().unwrap().contains("waiting or under way"), "{refused}");
        assert_eq!(app.act(waiting, "cancel", &lan.token).await.status(), StatusCode::OK);

        // A rated game played: refused for good.
        let rated = app.create_game(&minh.token, json!({"rated": true, "seat": "south", "first": "south"})).await;
        let rated = rated["id"].as_str().unwrap();
        assert_eq!(app.join(rated, &lan.token).await.status(), StatusCode::OK);
        app.open(rated).await;
        assert_eq!(app.act(rated, "resign", &lan.token).await.status(), StatusCode::OK);
        let refused = assert_problem(upgrade(&app, &lan.token).await, 409, "bot_upgrade_refused").await;
        assert!(refused["detail"].as_str().unwrap().contains("rated"), "{refused}");
        let me: Value = app.get_with_token("/v1/me", &lan.token).await.json().await.unwrap();
        assert_eq!(me["bot"], false);
    }
}
