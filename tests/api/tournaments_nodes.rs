//! Two nodes on one database end the games of a round at the same time:
//! exactly one of the two transactions pairs the next round.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::tournaments::{act, create, entrants, games_of, tournament};

backend_tests! {
    /// A round-robin of four: each round's two games are resigned at
    /// once, one through each node. Each round is paired once: two games
    /// more each time, six in all, and the tournament finishes.
    async fn racing_ends_of_a_round_pair_the_next_once(app) {
        let other = app.sibling().await;
        let (players, tokens) = entrants(&app, 4).await;
        let created = create(&app, &players[0], json!({"format": "round_robin"})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        for round in 1..=3usize {
            let games = games_of(&app, id).await;
            assert_eq!(games.len(), 2 * round, "round {round} paired once");
            let current: Vec<&Value> = games[2 * round - 2..].iter().collect();
            let resign = |node: &crate::helpers::TestApp, game: &Value| {
                let game_id = game["id"].as_str().unwrap().to_owned();
                let south = game["players"]["south"]["id"].as_str().unwrap();
                let token = tokens[south].clone();
                let path = format!("/v1/games/{game_id}/resign");
                let request = node.request(reqwest::Method::POST, &path).bearer_auth(token).json(&json!({}));
                async move { request.send().await.unwrap().status() }
            };
            let (first, second) = tokio::join!(resign(&app, current[0]), resign(&other, current[1]));
            assert_eq!((first, second), (StatusCode::OK, StatusCode::OK));
        }
        let over = tournament(&app, id).await;
        assert_eq!(over["status"], "finished");
        assert_eq!(over["round"], 3);
        assert_eq!(games_of(&app, id).await.len(), 6);
        assert_eq!(over["pairings"].as_array().unwrap().len(), 6);
        // South resigned every game: each North won.
        let points: f64 = over["standings"].as_array().unwrap().iter().map(|s| s["points"].as_f64().unwrap()).sum();
        assert_eq!(points, 6.0);
    }
}
