//! Two nodes on one database end the games of a round at the same time:
//! exactly one of the two transactions pairs the next round; and the
//! list of tournaments, paged and filtered.

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

backend_tests! {
    /// The list: newest first, a page at a time with `next_cursor` and a
    /// `Link`, filtered by status; a bad status or cursor is refused.
    async fn tournaments_are_listed_newest_first_by_pages(app) {
        let (players, _) = entrants(&app, 2).await;
        let mut ids = Vec::new();
        for _ in 0..3 {
            let created = create(&app, &players[0], json!({"format": "round_robin"})).await;
            ids.push(created["id"].as_str().unwrap().to_owned());
        }
        for player in &players {
            assert_eq!(act(&app, &ids[1], "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, &ids[1], "start", &players[0]).await.status(), StatusCode::OK);
        let page = |query: String| {
            let app = &app;
            async move {
                let response = app.get(&format!("/v1/tournaments{query}")).await;
                assert_eq!(response.status(), StatusCode::OK);
                let link = crate::helpers::link_to(&response, "next");
                let body: Value = response.json().await.unwrap();
                let listed: Vec<String> = body["tournaments"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["id"].as_str().unwrap().to_owned())
                    .collect();
                (listed, body["next_cursor"].clone(), link)
            }
        };
        let (first, cursor, link) = page("?limit=2".to_owned()).await;
        assert_eq!(first, [ids[2].clone(), ids[1].clone()]);
        let cursor = cursor.as_str().unwrap().to_owned();
        assert_eq!(link.unwrap(), format!("/v1/tournaments?limit=2&cursor={cursor}"));
        let (second, cursor, link) = page(format!("?limit=2&cursor={cursor}")).await;
        assert_eq!(second, [ids[0].clone()]);
        assert_eq!((cursor, link), (Value::Null, None));
        let (running, _, _) = page("?status=running".to_owned()).await;
        assert_eq!(running, [ids[1].clone()]);
        let (registering, _, _) = page("?status=registering".to_owned()).await;
        assert_eq!(registering, [ids[2].clone(), ids[0].clone()]);
        crate::helpers::assert_problem(app.get("/v1/tournaments?status=open").await, 400, "invalid_query").await;
        crate::helpers::assert_problem(app.get("/v1/tournaments?cursor=nope").await, 400, "invalid_query").await;
    }
}
