//! Bulk export: GET /v1/players/{id}/games/export and GET /v1/games/export
//! stream each game passing the filters once, each line the record the
//! single-game export gives.

use std::collections::BTreeSet;

use crate::helpers::games::Player;
use crate::helpers::records::{export_json, export_text};
use crate::helpers::{assert_problem, TestApp};
use reqwest::header::CONTENT_TYPE;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A game `south` creates and `north` joins.
async fn game_between(app: &TestApp, south: &Player, north: &Player) -> String {
    let game = app
        .create_game(&south.token, json!({"seat": "south", "first": "south"}))
        .await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    id
}

async fn lines(app: &TestApp, path: &str) -> Vec<Value> {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()[CONTENT_TYPE], "application/x-ndjson");
    let body = response.text().await.unwrap();
    assert!(body.is_empty() || body.ends_with('\n'), "{body}");
    body.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn ids(records: &[Value]) -> Vec<String> {
    records
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

backend_tests! {
    async fn a_players_export_streams_each_finished_game_once(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let binh = app.player("Binh").await;
        // 25 finished games of Lan's (more than one batch of the stream),
        // newest last; then games that are not finished, and others' games.
        let mut finished = Vec::new();
        for i in 0..25 {
            let (south, north) = if i % 2 == 0 { (&lan, &minh) } else { (&binh, &lan) };
            let id = game_between(&app, south, north).await;
            app.resign(&id, if i % 3 == 0 { &lan } else { south }).await;
            finished.push(id);
        }
        let under_way = game_between(&app, &lan, &minh).await;
        app.open(&under_way).await;
        let aborted = game_between(&app, &lan, &binh).await;
        assert_eq!(app.act(&aborted, "abort", &lan.token).await.status(), StatusCode::OK);
        let others = game_between(&app, &minh, &binh).await;
        app.resign(&others, &minh).await;
        let newest_first: Vec<String> = finished.iter().rev().cloned().collect();

        let path = format!("/v1/players/{}/games/export", lan.id);
        let records = lines(&app, &path).await;
        assert_eq!(ids(&records), newest_first);
        for record in &records {
            let id = record["id"].as_str().unwrap();
            assert_eq!(record, &export_json(&app, id).await, "{id}");
        }

        // Cut short after 7, then resumed after the last one received.
        let first = lines(&app, &format!("{path}?max=7")).await;
        assert_eq!(ids(&first), newest_first[..7]);
        let rest = lines(&app, &format!("{path}?after={}", newest_first[6])).await;
        assert_eq!(ids(&rest), newest_first[7..]);

        // Without moves; every game (others' too); other statuses.
        let bare = lines(&app, &format!("{path}?with_moves=false&max=3")).await;
        assert_eq!(ids(&bare), newest_first[..3]);
        for record in &bare {
            assert_eq!(record["moves"], json!([]), "{record}");
        }
        let everyone = lines(&app, "/v1/games/export").await;
        let mut expected: Vec<String> = vec![others.clone()];
        expected.extend(newest_first.iter().cloned());
        assert_eq!(ids(&everyone), expected);
        // The global export takes the same query (its path is no game's id).
        let two = lines(&app, "/v1/games/export?format=ndjson&max=2").await;
        assert_eq!(ids(&two), expected[..2]);
        let resumed = lines(&app, &format!("/v1/games/export?after={}", expected[1])).await;
        assert_eq!(ids(&resumed), expected[2..]);
        let active = lines(&app, &format!("{path}?status=active")).await;
        assert_eq!(ids(&active), [under_way]);
        assert!(lines(&app, &format!("{path}?rated=true")).await.is_empty());
        assert_eq!(lines(&app, &format!("{path}?preset=classic")).await.len(), 25);
        assert!(lines(&app, &format!("{path}?preset=village")).await.is_empty());
        assert!(lines(&app, &format!("{path}?since=2100-01-01T00:00:00Z")).await.is_empty());
        assert_eq!(lines(&app, &format!("{path}?until=2100-01-01T00:00:00Z")).await.len(), 25);
        let unique: BTreeSet<String> = ids(&records).into_iter().collect();
        assert_eq!(unique.len(), 25);

        // The text form: each game's text record, a blank line after each.
        let response = app
            .request(reqwest::Method::GET, &format!("{path}?max=4"))
            .header("accept", "text/plain")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[CONTENT_TYPE], "text/plain; charset=utf-8");
        let body = response.text().await.unwrap();
        let mut expected = String::new();
        for id in &newest_first[..4] {
            expected.push_str(&export_text(&app, id).await);
            expected.push('\n');
        }
        assert_eq!(body, expected);
    }

    async fn an_export_refuses_bad_queries(app) {
        let lan = app.player("Lan").await;
        let path = format!("/v1/players/{}/games/export", lan.id);
        for query in ["max=0", "rated=yes", "status=over", "preset=chess", "since=today",
                      "format=csv", "with_moves=1", "after=!"] {
            let response = app.get(&format!("{path}?{query}")).await;
            assert_problem(response, 400, "invalid_query").await;
        }
        let response = app.get(&format!("{path}?after=AAAAAAAAAA")).await;
        assert_problem(response, 404, "game_not_found").await;
        let response = app.get("/v1/players/AAAAAAAAAA/games/export").await;
        assert_problem(response, 404, "player_not_found").await;
    }
}
