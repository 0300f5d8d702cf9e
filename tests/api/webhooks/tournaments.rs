//! A tournament's games are told to the players' endpoints as any game
//! is: the first round's, created when the tournament starts, and the
//! next round's, created by the end of the last game of the round before
//! in that game's own transaction.

use serde_json::json;

use super::create;
use super::receiver::Receiver;
use crate::helpers::TestApp;
use crate::tournaments::{act, create as create_tournament, entrants, games_of};

on_both_backends! {
    async fn round_games_arrive_as_game_started(backend) {
        let Some(app) = TestApp::spawn_with(backend, |settings| {
            settings.webhooks.allow_private_targets = true;
            settings.webhooks.poll_ms = 20;
        })
        .await else { return };
        let receiver = Receiver::start(200).await;
        let (players, _) = entrants(&app, 2).await;
        for (i, player) in players.iter().enumerate() {
            create(&app, &player.token, &receiver.url(&format!("/{i}")), &["game.started"]).await;
        }
        let created = create_tournament(&app, &players[0], json!({"format": "round_robin", "double": true})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), 200);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), 200);
        let first = games_of(&app, id).await[0]["id"].as_str().unwrap().to_owned();
        let resigned = app
            .post_json(&format!("/v1/games/{first}/resign"), &json!({}), Some(&players[0].token))
            .await;
        assert_eq!(resigned.status(), 200);
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 2, "the second round was paired");
        let second = games
            .iter()
            .map(|game| game["id"].as_str().unwrap())
            .find(|game| *game != first)
            .unwrap()
            .to_owned();

        // Each player's endpoint hears of both games, once each.
        let received = receiver.wait_for(4).await;
        for i in 0..2 {
            let path = format!("/{i}");
            let mut told: Vec<String> = received
                .iter()
                .filter(|r| r.path == path)
                .map(|r| {
                    let body = r.json();
                    assert_eq!(body["type"], "game.started");
                    body["data"]["game_id"].as_str().unwrap().to_owned()
                })
                .collect();
            told.sort();
            let mut expected = vec![first.clone(), second.clone()];
            expected.sort();
            assert_eq!(told, expected, "player {i}");
        }
    }
}
