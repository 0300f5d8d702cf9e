//! A stored game always reads back: games started at the
//! request bounds, played, then read through every endpoint that shows them;
//! and a row that cannot be read leaves list pages serving the rest. Both
//! backends.

use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A custom game from `position`, South created and North joined.
async fn custom_game(app: &TestApp, position: &str) -> crate::helpers::games::Match {
    let south = app.player("south").await;
    let north = app.player("north").await;
    let game = app
        .create_game(&south.token, json!({"position": position, "seat": "south"}))
        .await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    crate::helpers::games::Match { id, south, north }
}

async fn ok(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

/// Every read of `game` answers 200 and the lists hold it.
async fn reads_back(app: &TestApp, game: &crate::helpers::games::Match) {
    let id = &game.id;
    ok(app, &format!("/v1/games/{id}")).await;
    ok(app, &format!("/v1/games/{id}/moves")).await;
    for list in [
        "/v1/games".to_owned(),
        "/v1/games?status=active".to_owned(),
        format!("/v1/players/{}/games", game.south.id),
        format!("/v1/players/{}/games", game.north.id),
    ] {
        let page = ok(app, &list).await;
        let ids: Vec<&str> = page["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        assert!(ids.contains(&id.as_str()), "{list}: {ids:?}");
    }
}

backend_tests! {
    async fn a_game_from_the_store_bound_reads_back_after_a_move(app) {
        let game = custom_game(&app, "M0,5,5,5,5,5,M0,5,5,5,5,5 s 100000:0 0:0 1").await;
        let played = app.play(&game.id, &game.south.token, json!({"move": "1L"})).await;
        assert_eq!(played.status(), StatusCode::CREATED);
        reads_back(&app, &game).await;
        let state = ok(&app, &format!("/v1/games/{}", game.id)).await;
        assert!(state["position"].as_str().unwrap().contains(" 100001:1 "), "{state}");
        let resigned = app.act(&game.id, "resign", &game.north.token).await;
        assert_eq!(resigned.status(), StatusCode::OK);
        app.assert_verified().await;
    }

    async fn a_start_refilled_past_the_board_bound_reads_back(app) {
        let game = custom_game(&app, "M5000,0,0,0,0,0,M5000,0,0,0,0,0 s 100:0 0:0 1").await;
        let state = ok(&app, &format!("/v1/games/{}", game.id)).await;
        assert!(state["position"].as_str().unwrap().starts_with("M5000,1,1,1,1,1,M5000,"), "{state}");
        let played = app.play(&game.id, &game.south.token, json!({"move": "1R"})).await;
        assert_eq!(played.status(), StatusCode::CREATED);
        reads_back(&app, &game).await;
        app.assert_verified().await;
    }

    async fn an_unreadable_row_is_left_out_of_list_pages_and_verify_names_it(app) {
        let good = app.active_game(json!({"preset": "classic"})).await;
        let created = app.create_game(&good.south.token, json!({"seat": "south"})).await;
        let bad = crate::helpers::games::Match { id: created["id"].as_str().unwrap().to_owned(), ..good.clone() };
        assert_eq!(app.join(&bad.id, &bad.north.token).await.status(), StatusCode::OK);
        let changed = app
            .execute("UPDATE games SET position = $1 WHERE id = $2", &["not a position", &bad.id], &[])
            .await;
        assert_eq!(changed, 1);
        for list in ["/v1/games".to_owned(), format!("/v1/players/{}/games", bad.south.id)] {
            let page = ok(&app, &list).await;
            let ids: Vec<&str> = page["games"].as_array().unwrap().iter()
                .map(|g| g["id"].as_str().unwrap()).collect();
            assert!(!ids.contains(&bad.id.as_str()), "{list}: {ids:?}");
            if list == "/v1/games" {
                assert!(ids.contains(&good.id.as_str()), "{list}: {ids:?}");
            }
        }
        assert!(oanquan::api::routes::history::unreadable_games() >= 2);
        let (summary, found) = app.verify().await;
        assert!(summary.mismatches >= 1);
        assert!(
            found.iter().any(|m| m.contains(&bad.id) && m.contains("does not read back")),
            "{found:#?}"
        );
    }
}
