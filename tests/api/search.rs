//! Game search: GET /v1/games and GET /v1/players/{id}/games filtered by
//! opponent, result, reason, preset, creation time and rating, paged by
//! the usual cursor; each filter read from an index.

use crate::helpers::games::Player;
use crate::helpers::lines::random_line;
use crate::helpers::{assert_problem, TestApp};
use oanquan::domain::PlayerId;
use oanquan::engine::{EndReason, Position, Preset, Seat};
use oanquan::store::{GameFilter, RulesFilter};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A game `south` creates and `north` joins; its id.
async fn game_between(app: &TestApp, south: &Player, north: &Player, body: Value) -> String {
    let mut body = body;
    body["seat"] = json!("south");
    body["first"] = json!("south");
    let game = app.create_game(&south.token, body).await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    id
}

/// Every game of a list, following `next_cursor` with `limit=2`.
async fn all_pages(app: &TestApp, path: &str) -> Vec<String> {
    let separator = if path.contains('?') { '&' } else { '?' };
    let mut next = format!("{path}{separator}limit=2");
    let mut ids = Vec::new();
    loop {
        let response = app.get(&next).await;
        assert_eq!(response.status(), StatusCode::OK, "{next}");
        let body: Value = response.json().await.unwrap();
        for game in body["games"].as_array().unwrap() {
            ids.push(game["id"].as_str().unwrap().to_owned());
        }
        match body["next_cursor"].as_str() {
            Some(cursor) => next = format!("{path}{separator}limit=2&cursor={cursor}"),
            None => return ids,
        }
    }
}

backend_tests! {
    async fn games_are_found_by_opponent_result_reason_time_and_rating(app) {
        let lan = app.player("Lan").await;
        // An anchor: established, so a rated game against Minh moves Lan's rating.
        let minh = app.anchored_player("Minh").await;
        let binh = app.player("Binh").await;
        // Oldest first: Minh resigns to Lan; Lan resigns as North to Binh;
        // Lan resigns to Minh; Lan and Binh play to the end; Minh resigns
        // to Binh; a rated game Minh resigns to Lan; a game under way.
        let g1 = game_between(&app, &lan, &minh, json!({})).await;
        app.resign(g1.as_str(), &minh).await;
        let g2 = game_between(&app, &binh, &lan, json!({})).await;
        app.resign(g2.as_str(), &lan).await;
        let g3 = game_between(&app, &lan, &minh, json!({})).await;
        app.resign(g3.as_str(), &lan).await;
        let g4 = game_between(&app, &lan, &binh, json!({})).await;
        let line = random_line(Position::start(Preset::Classic.rules(), Seat::South), 7, 10_000);
        let mut state = app.game(g4.as_str()).await;
        for m in &line {
            let seat = state["to_move"].as_str().unwrap().to_owned();
            let token = if seat == "south" { &lan.token } else { &binh.token };
            let response = app.play(g4.as_str(), token, json!({"move": m})).await;
            assert_eq!(response.status(), StatusCode::CREATED);
            state = response.json::<Value>().await.unwrap()["game"].clone();
        }
        assert_eq!(state["status"], "finished");
        let g4_winner = state["result"]["winner"].as_str().unwrap().to_owned();
        let g4_reason = state["result"]["reason"].as_str().unwrap().to_owned();
        assert_ne!(g4_reason, "resignation");
        let g5 = game_between(&app, &minh, &binh, json!({})).await;
        app.resign(g5.as_str(), &minh).await;
        let g6 = game_between(&app, &lan, &minh, json!({"rated": true})).await;
        app.resign(g6.as_str(), &minh).await;
        assert_eq!(app.game(g6.as_str()).await["rated"], true);
        let g7 = game_between(&app, &lan, &minh, json!({})).await;

        // By winner: g1 south, g2 south, g3 north, g4 played out, g5 north, g6 south.
        let won_by = |seat: &str| {
            let mut ids: Vec<String> = Vec::new();
            for (id, winner) in [(g6.as_str(), "south"), (g5.as_str(), "north"), (g4.as_str(), g4_winner.as_str()),
                                 (g3.as_str(), "north"), (g2.as_str(), "south"), (g1.as_str(), "south")] {
                if winner == seat {
                    ids.push(id.to_owned());
                }
            }
            ids
        };
        let lan_id = &lan.id;
        assert_eq!(all_pages(&app, &format!("/v1/games?player={lan_id}&opponent={}", minh.id)).await,
                   [g7.as_str(), g6.as_str(), g3.as_str(), g1.as_str()]);
        assert_eq!(all_pages(&app, &format!("/v1/players/{lan_id}/games?opponent={}", binh.id)).await,
                   [g4.as_str(), g2.as_str()]);
        assert_eq!(all_pages(&app, &format!("/v1/players/{}/games?opponent={lan_id}", binh.id)).await,
                   [g4.as_str(), g2.as_str()]);
        assert_eq!(all_pages(&app, "/v1/games?result=south").await, won_by("south"));
        assert_eq!(all_pages(&app, "/v1/games?result=north").await, won_by("north"));
        assert_eq!(all_pages(&app, "/v1/games?result=draw").await, won_by("draw"));
        assert_eq!(all_pages(&app, "/v1/games?reason=resignation").await, [g6.as_str(), g5.as_str(), g3.as_str(), g2.as_str(), g1.as_str()]);
        assert_eq!(all_pages(&app, &format!("/v1/games?reason={g4_reason}")).await, [g4.as_str()]);
        assert_eq!(all_pages(&app, &format!("/v1/games?player={lan_id}&result=north&reason=resignation")).await,
                   [g3.as_str()]);
        assert_eq!(all_pages(&app, "/v1/games?preset=classic&status=finished").await,
                   [g6.as_str(), g5.as_str(), g4.as_str(), g3.as_str(), g2.as_str(), g1.as_str()]);
        assert!(all_pages(&app, "/v1/games?preset=village").await.is_empty());

        // Creation time: since is inclusive, until exclusive.
        let created = app.game(g3.as_str()).await["created_at"].as_str().unwrap().to_owned();
        assert_eq!(all_pages(&app, &format!("/v1/games?since={created}")).await,
                   [g7.as_str(), g6.as_str(), g5.as_str(), g4.as_str(), g3.as_str()]);
        assert_eq!(all_pages(&app, &format!("/v1/games?until={created}")).await, [g2.as_str(), g1.as_str()]);

        // Rating: only g6 was rated; its one rating change (Lan's: the
        // anchor's does not move) started at 1500.
        assert_eq!(all_pages(&app, "/v1/games?min_rating=1500").await, [g6.as_str()]);
        assert!(all_pages(&app, "/v1/games?min_rating=1500.5").await.is_empty());

        for (query, code) in [
            (format!("opponent={}", minh.id), "invalid_query"),
            ("result=win".to_owned(), "invalid_query"),
            ("reason=boredom".to_owned(), "invalid_query"),
            ("since=now".to_owned(), "invalid_query"),
            ("min_rating=high".to_owned(), "invalid_query"),
            ("preset=classic&rules=classic".to_owned(), "invalid_query"),
        ] {
            assert_problem(app.get(&format!("/v1/games?{query}")).await, 400, code).await;
        }
    }

    async fn each_search_filter_is_read_from_an_index(app) {
        let (lan, minh) = (PlayerId::generate(), PlayerId::generate());
        let cases = [
            (
                GameFilter { player: Some(lan), opponent: Some(minh), ..GameFilter::default() },
                vec!["games_by_pair_created", "games_by_pair_created_north"],
            ),
            (GameFilter { winner: Some(Some(Seat::North)), ..GameFilter::default() }, vec!["games_by_winner"]),
            (GameFilter { reason: Some(EndReason::Timeout), ..GameFilter::default() }, vec!["games_by_end_reason"]),
            (
                GameFilter { rules: Some(RulesFilter::Preset(Preset::Village)), ..GameFilter::default() },
                vec!["games_by_preset"],
            ),
            (GameFilter { rated: Some(true), ..GameFilter::default() }, vec!["games_by_rated"]),
        ];
        for (filter, indexes) in cases {
            let plan = app.store.explain_list_games(&filter, None).await.unwrap();
            for index in &indexes {
                assert!(plan.contains(index), "{filter:?}: no {index} in\n{plan}");
            }
        }
    }
}
