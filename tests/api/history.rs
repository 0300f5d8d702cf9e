//! Browsing games: keyset pages, filters, bad queries, pages that stay
//! exact while games are created and finished, and index use; on both
//! backends.

use std::collections::HashSet;
use std::time::Duration;

use crate::helpers::assert_problem;
use crate::helpers::games::Player;
use crate::helpers::TestApp;
use oanquan::domain::{GameStatus, PlayerId};
use oanquan::engine::Preset;
use oanquan::store::{GameFilter, RulesFilter};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// One page: its game ids, `next_cursor` and `Link` header.
async fn page(app: &TestApp, path: &str) -> (Vec<Value>, Option<String>, Option<String>) {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let link = response
        .headers()
        .get("link")
        .map(|l| l.to_str().unwrap().to_owned());
    let body: Value = response.json().await.unwrap();
    let games = body["games"].as_array().unwrap().clone();
    let next = body["next_cursor"].as_str().map(str::to_owned);
    assert_eq!(
        link.is_some(),
        next.is_some(),
        "{path}: Link and next_cursor"
    );
    if let (Some(link), Some(next)) = (&link, &next) {
        assert!(link.ends_with("; rel=\"next\""), "{link}");
        assert!(link.contains(&format!("cursor={next}")), "{link}");
    }
    (games, next, link)
}

/// Every page of `path`, following the `Link` headers; the game ids in order.
async fn all_pages(app: &TestApp, path: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut next = Some(path.to_owned());
    while let Some(path) = next {
        let (games, _, link) = page(app, &path).await;
        ids.extend(games.iter().map(|g| g["id"].as_str().unwrap().to_owned()));
        next = link.map(|l| l[1..l.find('>').unwrap()].to_owned());
    }
    ids
}

async fn waiting_game(app: &TestApp, creator: &Player, rules: Value) -> String {
    let game = app
        .create_game(&creator.token, json!({"rules": rules, "seat": "south"}))
        .await;
    game["id"].as_str().unwrap().to_owned()
}

/// A game `south` created and `north` joined; resigned by `north` if `finish`.
async fn played_game(
    app: &TestApp,
    south: &Player,
    north: &Player,
    body: Value,
    finish: bool,
) -> String {
    let game = app.create_game(&south.token, body).await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    if finish {
        assert_eq!(
            app.act(&id, "resign", &north.token).await.status(),
            StatusCode::OK
        );
    }
    id
}

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

backend_tests! {
    async fn games_come_newest_first_a_page_at_a_time(app) {
        let lan = app.player("Lan").await;
        let mut created = Vec::new();
        for _ in 0..7 {
            created.push(waiting_game(&app, &lan, json!({})).await);
        }
        created.reverse();

        let (first, cursor, link) = page(&app, "/v1/games?limit=3").await;
        let ids: Vec<&str> = first.iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids, created[..3]);
        assert_eq!(first[0], app.game(&created[0]).await, "a listed game is the game itself");
        let cursor = cursor.unwrap();
        assert_eq!(link.unwrap(), format!("</v1/games?limit=3&cursor={cursor}>; rel=\"next\""));
        assert_eq!(all_pages(&app, "/v1/games?limit=3").await, created);

        let (last, next, _) = page(&app, "/v1/games?limit=7").await;
        assert_eq!(last.len(), 7);
        assert_eq!(next, None, "no next page when the page ends exactly at the last game");

        // Two more hosts: a player keeps at most 10 games waiting.
        let hosts = [app.player("Host1").await, app.player("Host2").await];
        for i in 0..20 {
            waiting_game(&app, &hosts[i % 2], json!({})).await;
        }
        let (default_page, _, _) = page(&app, "/v1/games").await;
        assert_eq!(default_page.len(), 20);
        let (full, _, _) = page(&app, "/v1/games?limit=100").await;
        assert_eq!(full.len(), 27);
    }

    async fn filters_select_by_status_player_rated_and_rules(app) {
        let (a, b, c) = (app.player("Anh").await, app.player("Binh").await, app.player("Chi").await);
        let rated = played_game(&app, &a, &b, json!({"seat": "south", "rated": true}), false).await;
        let village = waiting_game(&app, &a, json!({"preset": "village"})).await;
        let online = played_game(&app, &c, &a, json!({"rules": {"preset": "online"}, "seat": "south"}), true).await;
        let custom = waiting_game(&app, &b, json!({"max_plies": 100})).await;
        let cancelled = waiting_game(&app, &c, json!({})).await;
        assert_eq!(app.act(&cancelled, "cancel", &c.token).await.status(), StatusCode::OK);
        let imported = app
            .post_raw("/v1/games/import", Some("text/plain"), b"[Rules \"classic\"]\n\n1. 1L *\n".to_vec())
            .await;
        assert_eq!(imported.status(), StatusCode::UNAUTHORIZED);
        let imported: Value = app
            .request(reqwest::Method::POST, "/v1/games/import")
            .bearer_auth(&c.token)
            .header("content-type", "text/plain")
            .body("[Rules \"classic\"]\n[South \"Anh\"]\n\n1. 1L *\n")
            .send().await.unwrap().json().await.unwrap();
        let imported = imported["id"].as_str().unwrap().to_owned();

        let all = |ids: &[&String]| sorted(ids.iter().map(|s| s.to_string()).collect());
        let listed = |query: String| {
            let app = &app;
            async move { sorted(all_pages(app, &format!("/v1/games?{query}")).await) }
        };
        assert_eq!(listed("status=waiting".into()).await, all(&[&village, &custom]));
        assert_eq!(listed("status=active".into()).await, all(&[&rated]));
        assert_eq!(listed("status=finished".into()).await, all(&[&online]));
        assert_eq!(listed("status=cancelled".into()).await, all(&[&cancelled]));
        assert_eq!(listed("status=archived".into()).await, all(&[&imported]));
        assert_eq!(listed(format!("player={}", a.id)).await, all(&[&rated, &village, &online]));
        assert_eq!(listed(format!("player={}&status=finished", a.id)).await, all(&[&online]));
        assert_eq!(listed(format!("player={}&limit=1", b.id)).await, all(&[&rated, &custom]));
        assert_eq!(listed("rated=true".into()).await, all(&[&rated]));
        assert_eq!(listed("rated=false".into()).await, all(&[&village, &online, &custom, &cancelled, &imported]));
        assert_eq!(listed("rules=classic".into()).await, all(&[&rated, &cancelled, &imported]));
        assert_eq!(listed("rules=village".into()).await, all(&[&village]));
        assert_eq!(listed("rules=online".into()).await, all(&[&online]));
        assert_eq!(listed("rules=custom".into()).await, all(&[&custom]));
        assert_eq!(listed(format!("rules=classic&rated=false&player={}", c.id)).await, all(&[&cancelled]));

        let of_a = sorted(all_pages(&app, &format!("/v1/players/{}/games?limit=2", a.id)).await);
        assert_eq!(of_a, all(&[&rated, &village, &online]));
        let waiting_of_b = sorted(all_pages(&app, &format!("/v1/players/{}/games?status=waiting", b.id)).await);
        assert_eq!(waiting_of_b, all(&[&custom]));
        let (imported_view, _, _) = page(&app, "/v1/games?status=archived").await;
        assert_eq!(imported_view[0]["imported"], true);
        assert_eq!(imported_view[0]["players"]["south"], json!({"id": null, "name": "Anh", "bot": false}));

        let unknown = PlayerId::generate();
        assert_problem(app.get(&format!("/v1/players/{unknown}/games")).await, 404, "player_not_found").await;
        assert_problem(app.get("/v1/players/nope/games").await, 400, "invalid_path_parameter").await;
        let body = assert_problem(
            app.get(&format!("/v1/players/{}/games?player={}", a.id, b.id)).await, 400, "invalid_query",
        ).await;
        // Refused before the handler: the spec gives this route no `player`.
        let detail = body["detail"].as_str().unwrap();
        assert!(detail.starts_with("unknown parameter \"player\"; accepted: status, rated"), "{detail}");
        assert_eq!(listed(format!("player={unknown}")).await, Vec::<String>::new());
    }

    async fn bad_query_values_are_400_naming_the_parameter(app) {
        let lan = app.player("Lan").await;
        for _ in 0..3 {
            waiting_game(&app, &lan, json!({})).await;
        }
        let (_, cursor, _) = page(&app, "/v1/games?limit=1").await;
        let cursor = cursor.unwrap();
        let mut tampered = cursor.clone().into_bytes();
        tampered[5] = if tampered[5] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).unwrap();
        for (query, parameter) in [
            ("status=done", "status"),
            ("status=", "status"),
            ("player=x", "player"),
            ("rated=yes", "rated"),
            ("rated=1", "rated"),
            ("rules=chess", "rules"),
            ("limit=0", "limit"),
            ("limit=101", "limit"),
            ("limit=-1", "limit"),
            ("limit=ten", "limit"),
            ("cursor=garbage", "cursor"),
            (&format!("cursor={tampered}"), "cursor"),
            (&format!("cursor={cursor}&cursor={cursor}"), "cursor"),
        ] {
            let body = assert_problem(app.get(&format!("/v1/games?{query}")).await, 400, "invalid_query").await;
            assert!(
                body["detail"].as_str().unwrap().contains(parameter),
                "{query}: {body}"
            );
        }
        let (rest, _, _) = page(&app, &format!("/v1/games?cursor={cursor}")).await;
        assert_eq!(rest.len(), 2, "a good cursor still works, with the default limit");
    }

    async fn pages_stay_exact_while_games_are_created_and_finished(app) {
        let (w, x) = (app.player("Writer").await, app.player("Xuan").await);
        let mut before = Vec::new();
        for i in 0..12 {
            before.push(played_game(&app, &w, &x, json!({"seat": "south"}), i % 3 == 0).await);
        }
        let writer = async {
            for _ in 0..12 {
                let id = played_game(&app, &w, &x, json!({"seat": "south"}), false).await;
                tokio::time::sleep(Duration::from_millis(5)).await;
                assert_eq!(app.act(&id, "resign", &x.token).await.status(), StatusCode::OK);
            }
        };
        let reader = |path: String| {
            let app = &app;
            async move {
                let mut seen: Vec<Value> = Vec::new();
                let mut next = Some(path);
                while let Some(path) = next {
                    let (games, _, link) = page(app, &path).await;
                    seen.extend(games);
                    next = link.map(|l| l[1..l.find('>').unwrap()].to_owned());
                    tokio::time::sleep(Duration::from_millis(15)).await;
                }
                seen
            }
        };
        let (_, everyone, of_writer) = tokio::join!(
            writer,
            reader("/v1/games?limit=3".to_owned()),
            reader(format!("/v1/games?limit=2&player={}", w.id)),
        );
        for seen in [everyone, of_writer] {
            let ids: Vec<&str> = seen.iter().map(|g| g["id"].as_str().unwrap()).collect();
            let unique: HashSet<&str> = ids.iter().copied().collect();
            assert_eq!(unique.len(), ids.len(), "a game came twice: {ids:?}");
            for id in &before {
                assert!(unique.contains(id.as_str()), "{id} existed before the first page but was missed");
            }
            let keys: Vec<(&str, &str)> = seen
                .iter()
                .map(|g| (g["created_at"].as_str().unwrap(), g["id"].as_str().unwrap()))
                .collect();
            assert!(keys.windows(2).all(|pair| pair[0] > pair[1]), "not newest first: {keys:?}");
        }
        assert_eq!(app.count_games().await, 24);
    }

    async fn history_pages_are_read_from_an_index(app) {
        let player = PlayerId::generate();
        let cases = [
            (GameFilter::default(), vec!["games_by_created"]),
            (GameFilter { status: Some(GameStatus::Waiting), ..GameFilter::default() }, vec!["games_by_status"]),
            (
                GameFilter { player: Some(player.clone()), rated: Some(true), ..GameFilter::default() },
                vec!["games_by_south", "games_by_north"],
            ),
            (
                GameFilter {
                    player: Some(player),
                    rules: Some(RulesFilter::Preset(Preset::Village)),
                    ..GameFilter::default()
                },
                vec!["games_by_south", "games_by_north"],
            ),
            (
                GameFilter { rules: Some(RulesFilter::Preset(Preset::Village)), ..GameFilter::default() },
                vec!["games_by_preset"],
            ),
        ];
        let lan = app.player("Lan").await;
        waiting_game(&app, &lan, json!({})).await;
        let (games, _, _) = page(&app, "/v1/games").await;
        let key = oanquan::store::HistoryKey {
            created_at: games[0]["created_at"].as_str().unwrap().parse().unwrap(),
            id: oanquan::domain::GameId::parse(games[0]["id"].as_str().unwrap()).unwrap(),
        };
        for (filter, indexes) in cases {
            for after in [None, Some(&key)] {
                let plan = app.store.explain_list_games(&filter, after).await.unwrap();
                for index in &indexes {
                    assert!(plan.contains(index), "{filter:?} after {after:?}: no {index} in\n{plan}");
                }
            }
        }
    }
}
