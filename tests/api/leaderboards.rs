//! Leaderboards over HTTP on both backends: ranking order and ties,
//! filters, keyset paging both ways, stability while ratings change, the
//! page around a player, `ETag` / 304 and `Link` headers, errors, and the
//! index behind it all.

use crate::helpers::assert_problem;
use crate::helpers::TestApp;
use crate::helpers::{header_text, link_to};
use oanquan::domain::PlayerId;
use oanquan::engine::Preset;
use oanquan::store::DatabaseSettings;
use oanquan::store::{LeaderboardFilter, RankKey, Store};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A seeded standing: (player id, rating, rd, games).
type Seeded = (String, f64, f64, i64);

/// 24 players with classic standings: established ones, a tie at 1600,
/// provisional ones rated above everyone, and one unrated player; and a
/// village standing that must not leak into classic.
async fn seed(app: &TestApp) -> (Vec<Seeded>, String) {
    let mut seeded = Vec::new();
    for i in 0..23 {
        let (id, _) = app.register(&format!("p{i:02}")).await;
        let (rating, rd, games) = match i {
            0..=15 => (
                1400.0 + 17.5 * f64::from(i * 7 % 16),
                45.0 + f64::from(i) * 4.0,
                20 + i64::from(i),
            ),
            16 | 17 => (1600.0, 80.0, 30),
            _ => (2100.0 + f64::from(i), 110.0 + f64::from(i), 5), // provisional
        };
        app.seed_standing(&id, "classic", rating, rd, games).await;
        seeded.push((id, rating, rd, games));
    }
    app.seed_standing(&seeded[0].0, "village", 2500.0, 50.0, 40)
        .await;
    let (unrated, _) = app.register("unrated").await;
    (seeded, unrated)
}

/// The expected board: ranking order, filtered.
fn board(seeded: &[Seeded], include_provisional: bool, min_games: i64) -> Vec<Seeded> {
    let mut rows: Vec<Seeded> = seeded
        .iter()
        .filter(|(_, _, rd, games)| (include_provisional || *rd < 110.0) && *games >= min_games)
        .cloned()
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

async fn get_page(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

fn ids(page: &Value) -> Vec<String> {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["player"]["id"].as_str().unwrap().to_owned())
        .collect()
}

fn ranks(page: &Value) -> Vec<i64> {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rank"].as_i64().unwrap())
        .collect()
}

/// Walks the whole board forwards, then backwards from the last page.
async fn walk(app: &TestApp, query: &str, limit: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let base = format!("/v1/leaderboards/classic?limit={limit}{query}");
    let mut pages = Vec::new();
    let mut page = get_page(app, &base).await;
    assert_eq!(page["prev_cursor"], Value::Null);
    let mut rank = 1;
    loop {
        assert_eq!(page["preset"], "classic");
        let n = page["entries"].as_array().unwrap().len() as i64;
        assert_eq!(ranks(&page), (rank..rank + n).collect::<Vec<_>>());
        rank += n;
        pages.push(page.clone());
        match page["next_cursor"].as_str() {
            Some(cursor) => page = get_page(app, &format!("{base}&cursor={cursor}")).await,
            None => break,
        }
    }
    let forward: Vec<String> = pages.iter().flat_map(ids).collect();
    let mut backward = vec![ids(&page)];
    while let Some(cursor) = page["prev_cursor"].as_str() {
        page = get_page(app, &format!("{base}&cursor={cursor}")).await;
        backward.push(ids(&page));
    }
    backward.reverse();
    assert_eq!(
        backward,
        pages.iter().map(ids).collect::<Vec<_>>(),
        "back the same way"
    );
    (forward, backward)
}

fn expected_ids(rows: &[Seeded]) -> Vec<String> {
    rows.iter().map(|r| r.0.clone()).collect()
}

backend_tests! {
    async fn pages_walk_the_board_in_rank_order_both_ways_under_each_filter(app) {
        let (seeded, _) = seed(&app).await;
        let established = board(&seeded, false, 0);
        assert_eq!(established.len(), 18);
        let (forward, _) = walk(&app, "", 4).await;
        assert_eq!(forward, expected_ids(&established));
        let (forward, _) = walk(&app, "&include_provisional=true", 5).await;
        assert_eq!(forward, expected_ids(&board(&seeded, true, 0)));
        let (forward, _) = walk(&app, "&min_games=30", 3).await;
        assert_eq!(forward, expected_ids(&board(&seeded, false, 30)));
        let (forward, _) = walk(&app, "&min_games=5&include_provisional=true", 100).await;
        assert_eq!(forward.len(), 23);

        // The tie at 1600 is broken by player id.
        let tied: Vec<&String> = established.iter().filter(|r| r.1 == 1600.0).map(|r| &r.0).collect();
        assert!(tied[0] < tied[1]);

        let top = get_page(&app, "/v1/leaderboards/classic?limit=1").await;
        let best = &established[0];
        assert_eq!(top["entries"][0], json!({
            "rank": 1, "player": {"id": best.0, "name": top["entries"][0]["player"]["name"], "bot": false},
            "rating": best.1, "rd": best.2, "provisional": false, "games": best.3,
            "wins": best.3, "draws": 0, "losses": 0, "last_played_at": null
        }));
        let village = get_page(&app, "/v1/leaderboards/village").await;
        assert_eq!(ids(&village), [seeded[0].0.clone()]);
        let online = get_page(&app, "/v1/leaderboards/online").await;
        assert_eq!(online, json!({"preset": "online", "entries": [], "prev_cursor": null, "next_cursor": null}));
    }

    async fn a_cursor_continues_after_its_row_while_ratings_change(app) {
        let (seeded, _) = seed(&app).await;
        let first = get_page(&app, "/v1/leaderboards/classic?limit=5").await;
        let cursor = first["next_cursor"].as_str().unwrap().to_owned();
        let last_of_first = first["entries"][4]["player"]["id"].as_str().unwrap().to_owned();

        // Meanwhile someone deep down shoots to the top, and the leader drops.
        let before = board(&seeded, false, 0);
        let climber = before[15].0.clone();
        let leader = before[0].0.clone();
        let sql = "UPDATE player_ratings SET rating = $2 WHERE player_id = $1 AND preset = 'classic'";
        app.execute(sql, &[&climber], &[3000.0]).await;
        app.execute(sql, &[&leader], &[1000.0]).await;

        let second = get_page(&app, &format!("/v1/leaderboards/classic?limit=5&cursor={cursor}")).await;
        let after: Vec<String> = before.iter().map(|r| r.0.clone())
            .skip_while(|id| *id != last_of_first).skip(1)
            .filter(|id| *id != climber).take(5).collect();
        assert_eq!(ids(&second), after, "nothing skipped or repeated by the moves");
        assert_eq!(second["entries"][0]["rank"], 6, "ranks are counted now: the climber is above");
        let rest = get_page(&app, &format!("/v1/leaderboards/classic?limit=100&cursor={}",
            second["next_cursor"].as_str().unwrap())).await;
        assert_eq!(ids(&rest).last(), Some(&leader));
    }

    async fn around_a_player_centres_the_page_and_continues_both_ways(app) {
        let (seeded, unrated) = seed(&app).await;
        let established = board(&seeded, false, 0);
        let all = expected_ids(&established);
        let middle = &established[9].0;
        let page = get_page(&app, &format!("/v1/leaderboards/classic/around/{middle}?limit=5")).await;
        assert_eq!(ids(&page), all[7..12]);
        assert_eq!(ranks(&page), [8, 9, 10, 11, 12]);
        let prev = get_page(&app, &format!("/v1/leaderboards/classic?limit=5&cursor={}",
            page["prev_cursor"].as_str().unwrap())).await;
        assert_eq!(ids(&prev), all[2..7]);
        assert_eq!(ranks(&prev), [3, 4, 5, 6, 7]);
        let next = get_page(&app, &format!("/v1/leaderboards/classic?limit=5&cursor={}",
            page["next_cursor"].as_str().unwrap())).await;
        assert_eq!(ids(&next), all[12..17]);

        let top = get_page(&app, &format!("/v1/leaderboards/classic/around/{}?limit=4", all[1])).await;
        assert_eq!(ids(&top), all[0..4]);
        assert_eq!(top["prev_cursor"], Value::Null);
        let bottom = get_page(&app, &format!("/v1/leaderboards/classic/around/{}?limit=4", all[17])).await;
        assert_eq!(ids(&bottom), all[14..18]);
        assert_eq!(bottom["next_cursor"], Value::Null);
        assert_eq!(ranks(&bottom), [15, 16, 17, 18]);
        let whole = get_page(&app, &format!("/v1/leaderboards/classic/around/{middle}")).await;
        assert_eq!(ids(&whole), all, "the default page holds the whole small board");

        let provisional = &seeded[20].0;
        let path = format!("/v1/leaderboards/classic/around/{provisional}");
        assert_problem(app.get(&path).await, 404, "not_on_leaderboard").await;
        let with = get_page(&app, &format!("{path}?include_provisional=true&limit=3")).await;
        assert_eq!(ids(&with)[1], *provisional);
        let few_games = &established.iter().find(|r| r.3 < 30).unwrap().0;
        let path = format!("/v1/leaderboards/classic/around/{few_games}?min_games=30");
        assert_problem(app.get(&path).await, 404, "not_on_leaderboard").await;
        let path = format!("/v1/leaderboards/classic/around/{unrated}");
        assert_problem(app.get(&path).await, 404, "not_on_leaderboard").await;
        let path = format!("/v1/leaderboards/online/around/{middle}");
        assert_problem(app.get(&path).await, 404, "not_on_leaderboard").await;
        assert_problem(app.get("/v1/leaderboards/classic/around/aB3dE6gH9j").await, 404, "player_not_found").await;
        assert_problem(app.get("/v1/leaderboards/classic/around/nope").await, 400, "invalid_path_parameter").await;
    }

    async fn bad_presets_and_queries_are_problems(app) {
        let (seeded, _) = seed(&app).await;
        for path in ["/v1/leaderboards/blitz", "/v1/leaderboards/Classic", "/v1/leaderboards/custom"] {
            assert_problem(app.get(path).await, 404, "leaderboard_not_found").await;
        }
        let path = format!("/v1/leaderboards/blitz/around/{}", seeded[0].0);
        assert_problem(app.get(&path).await, 404, "leaderboard_not_found").await;
        let forged = "bGIxOmE6TmFOOmFCM2RFNmdIOWo"; // base64url of lb1:a:NaN:aB3dE6gH9j
        for query in ["limit=0", "limit=101", "limit=x", "min_games=-1", "min_games=x",
                      "include_provisional=maybe", "cursor=", "cursor=%21%21", &format!("cursor={forged}")] {
            let path = format!("/v1/leaderboards/classic?{query}");
            assert_problem(app.get(&path).await, 400, "invalid_query").await;
        }
        let path = format!("/v1/leaderboards/classic/around/{}?limit=0", seeded[0].0);
        assert_problem(app.get(&path).await, 400, "invalid_query").await;
    }

    async fn a_live_rated_game_puts_the_newcomer_on_the_provisional_board(app) {
        // Against an anchor only the newcomer's rating moves; the anchor,
        // with no counted game, is on no board.
        let lan = app.player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        let game = app.rated_game("online", &lan, &minh).await;
        app.resign(&game.id, &minh).await;
        let default = get_page(&app, "/v1/leaderboards/online").await;
        assert_eq!(default["entries"], json!([]), "one game leaves Lan provisional");
        let page = get_page(&app, "/v1/leaderboards/online?include_provisional=true").await;
        assert_eq!(ids(&page), vec![lan.id.to_owned()]);
        assert_eq!(page["entries"][0]["provisional"], true);
        assert_eq!(page["entries"][0]["wins"], 1);
        assert!(page["entries"][0]["last_played_at"].is_string());
    }

    async fn leaderboard_queries_read_the_leaderboard_indexes(app) {
        let (seeded, _) = seed(&app).await;
        let store = planner_store(&app).await;
        let key = RankKey { rating: 1600.0, player_id: PlayerId::parse(&seeded[16].0).unwrap() };
        for (include_provisional, index) in [(false, "leaderboard_established"), (true, "leaderboard_everyone")] {
            let filter = LeaderboardFilter { include_provisional, min_games: 0 };
            let plans = store.explain_leaderboard(Preset::Classic, &filter, &key, 50).await.unwrap();
            for (label, plan) in plans {
                let text = plan.join("\n");
                assert!(text.contains(index), "{label}: {text}");
                assert!(!text.contains("TEMP B-TREE") && !text.contains("Sort"), "{label}: {text}");
                assert!(!text.contains("SCAN r\n") && !text.contains("Seq Scan"), "{label}: {text}");
            }
        }
    }
}

/// The app's store on SQLite. On PostgreSQL, a one-connection store on the
/// same database with sequential scans off: with a table this small the
/// planner rightly prefers reading it whole, and the test is whether the
/// index can serve each query without a sort (README shows the plans on
/// 100,000 players, where the planner picks the index by itself).
async fn planner_store(app: &TestApp) -> Store {
    let Store::Postgres(pool) = &app.store else {
        return app.store.clone();
    };
    let name: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(pool)
        .await
        .unwrap();
    let mut url = url::Url::parse(&crate::helpers::postgres_admin_url().unwrap()).unwrap();
    url.set_path(&format!("/{name}"));
    let settings = DatabaseSettings {
        url: url.as_str().parse().unwrap(),
        max_connections: 1,
    };
    let store = Store::connect(&settings).await.unwrap();
    let Store::Postgres(single) = &store else {
        unreachable!()
    };
    sqlx::query("SET enable_seqscan = off")
        .execute(single)
        .await
        .unwrap();
    store
}

/// On a PostgreSQL database whose collation orders "a" before "B" (ICU
/// en-US), ties are still ordered by the ids' bytes, as on SQLite.
#[tokio::test]
async fn ties_are_ordered_by_id_bytes_whatever_the_database_collation() {
    use sqlx::{Connection, Executor, PgConnection};
    let Some(admin_url) = crate::helpers::postgres_admin_url() else {
        crate::helpers::report_skip(module_path!());
        return;
    };
    let name = format!("oanquan_test_icu_{}", std::process::id());
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    admin
        .execute(
            format!(
                r#"CREATE DATABASE "{name}" TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'"#
            )
            .as_str(),
        )
        .await
        .unwrap();
    let mut url = url::Url::parse(&admin_url).unwrap();
    url.set_path(&format!("/{name}"));
    let settings = DatabaseSettings {
        url: url.as_str().parse().unwrap(),
        max_connections: 2,
    };
    let store = Store::connect(&settings).await.unwrap();
    store.migrate().await.unwrap();
    let Store::Postgres(pool) = &store else {
        unreachable!()
    };
    let ids = ["bbbbbbbbbb", "aaaaaaaaaa", "Zzzzzzzzzz", "BBBBBBBBBB"];
    for id in ids {
        sqlx::query(
            "INSERT INTO players (id, name, skeleton_key, cased_skeleton_key, created_at) VALUES ($1, $1, $1, $1, now())",
        )
        .bind(id).execute(pool).await.unwrap();
        sqlx::query(
            "INSERT INTO player_ratings VALUES ($1, 'classic', 1700, 50, 0.06, 9, 9, 0, 0, 'win', 9, NULL, 9, 0, 1)",
        )
        .bind(id).execute(pool).await.unwrap();
    }
    let collated: Vec<String> =
        sqlx::query_scalar("SELECT player_id FROM player_ratings ORDER BY player_id")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(
        collated,
        ["aaaaaaaaaa", "bbbbbbbbbb", "BBBBBBBBBB", "Zzzzzzzzzz"],
        "the database's own order"
    );

    let filter = LeaderboardFilter {
        include_provisional: false,
        min_games: 0,
    };
    let top = store
        .leaderboard(
            Preset::Classic,
            &filter,
            &oanquan::store::PageStart::Top,
            10,
        )
        .await
        .unwrap();
    let order: Vec<&str> = top.iter().map(|r| r.player.id.as_str()).collect();
    let mut bytewise = ids;
    bytewise.sort_unstable();
    assert_eq!(order, bytewise);
    for (rank, row) in top.iter().enumerate() {
        assert_eq!(
            store
                .rank_of(Preset::Classic, &filter, &row.key())
                .await
                .unwrap(),
            rank as i64 + 1
        );
    }
    let after = oanquan::store::PageStart::After(top[1].key());
    let rest = store
        .leaderboard(Preset::Classic, &filter, &after, 10)
        .await
        .unwrap();
    assert_eq!(rest, top[2..]);

    store.close().await;
    admin
        .execute(format!(r#"DROP DATABASE "{name}" WITH (FORCE)"#).as_str())
        .await
        .unwrap();
}

/// The page at `path` and the targets of its `Link` `next` and `prev`.
async fn linked_page(app: &TestApp, path: &str) -> (Value, Option<String>, Option<String>) {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let next = link_to(&response, "next");
    let prev = link_to(&response, "prev");
    let page: Value = response.json().await.unwrap();
    assert_eq!(
        next.is_some(),
        page["next_cursor"].is_string(),
        "{path}: next"
    );
    assert_eq!(
        prev.is_some(),
        page["prev_cursor"].is_string(),
        "{path}: prev"
    );
    (page, next, prev)
}

/// GETs `path` with `If-None-Match: tag`.
async fn get_if_none_match(app: &TestApp, path: &str, tag: &str) -> reqwest::Response {
    app.request(reqwest::Method::GET, path)
        .header("If-None-Match", tag)
        .send()
        .await
        .unwrap()
}

backend_tests! {
    async fn links_lead_to_the_pages_the_cursors_do_both_ways(app) {
        let (seeded, _) = seed(&app).await;
        let query = "&include_provisional=true&min_games=5";
        let (by_cursor, _) = walk(&app, query, 4).await;
        assert_eq!(by_cursor, expected_ids(&board(&seeded, true, 5)));

        let first = format!("/v1/leaderboards/classic?limit=4{query}");
        let mut pages = Vec::new();
        let mut next = Some(first);
        let mut last_prev = None;
        while let Some(path) = next {
            let (page, following, prev) = linked_page(&app, &path).await;
            if let Some(prev) = &prev {
                assert!(prev.starts_with("/v1/leaderboards/classic?"), "{prev}");
                assert!(prev.contains("limit=4") && prev.contains("min_games=5"), "{prev}");
                assert!(prev.contains("include_provisional=true"), "{prev}");
            }
            pages.push(ids(&page));
            next = following;
            last_prev = prev;
        }
        assert!(pages.len() > 2);
        assert_eq!(pages.concat(), by_cursor, "Link next walks the same rows");

        // And back from the last page by `prev`.
        let mut backward = vec![pages.last().unwrap().clone()];
        let mut prev = last_prev;
        while let Some(path) = prev {
            let (page, _, before) = linked_page(&app, &path).await;
            backward.push(ids(&page));
            prev = before;
        }
        backward.reverse();
        assert_eq!(backward, pages, "Link prev walks back the same pages");

        // The page around a player links into the leaderboard itself.
        let all = expected_ids(&board(&seeded, false, 0));
        let around = format!("/v1/leaderboards/classic/around/{}?limit=5", all[8]);
        let (page, next, prev) = linked_page(&app, &around).await;
        let after = get_page(
            &app,
            &format!("/v1/leaderboards/classic?limit=5&cursor={}", page["next_cursor"].as_str().unwrap()),
        ).await;
        let (linked_after, _, _) = linked_page(&app, &next.unwrap()).await;
        assert_eq!(ids(&linked_after), ids(&after));
        assert_eq!(ids(&linked_after), all[11..16].to_vec());
        let (linked_before, _, _) = linked_page(&app, &prev.unwrap()).await;
        assert_eq!(ids(&linked_before), all[1..6].to_vec());

        // One page holding everything links nowhere.
        let response = app.get("/v1/leaderboards/classic?limit=100").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header_text(&response, "link"), None);
    }

    async fn an_unchanged_leaderboard_answers_304_until_a_rating_changes(app) {
        let (seeded, _) = seed(&app).await;
        let all = expected_ids(&board(&seeded, false, 0));
        let paths = [
            "/v1/leaderboards/classic?limit=5".to_owned(),
            format!("/v1/leaderboards/classic/around/{}?limit=5", all[8]),
        ];
        let mut tags = Vec::new();
        for path in &paths {
            let response = app.get(path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(header_text(&response, "cache-control").as_deref(), Some("no-cache"));
            let tag = header_text(&response, "etag").expect("an ETag");
            let link = header_text(&response, "link");
            assert!(link.is_some(), "{path}");

            let again = get_if_none_match(&app, path, &tag).await;
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
            assert_eq!(header_text(&again, "etag"), Some(tag.clone()));
            assert_eq!(header_text(&again, "link"), link);
            assert!(again.bytes().await.unwrap().is_empty(), "a 304 has no body");
            let weak = get_if_none_match(&app, path, &format!("W/{tag}")).await;
            assert_eq!(weak.status(), StatusCode::NOT_MODIFIED, "{path}: weak comparison");
            let other = get_if_none_match(&app, path, "\"nope\"").await;
            assert_eq!(other.status(), StatusCode::OK, "{path}");
            tags.push(tag);
        }
        assert_ne!(tags[0], tags[1], "different pages, different tags");

        // Another page of the same board has its own tag.
        let provisional = app.get("/v1/leaderboards/classic?limit=5&include_provisional=true").await;
        assert_ne!(header_text(&provisional, "etag").as_ref(), Some(&tags[0]));

        // A rating changes on both pages: each is sent again, with a new tag.
        let sql = "UPDATE player_ratings SET rating = $2 WHERE player_id = $1 AND preset = 'classic'";
        app.execute(sql, &[&all[8]], &[3000.0]).await;
        for (path, tag) in paths.iter().zip(&tags) {
            let changed = get_if_none_match(&app, path, tag).await;
            assert_eq!(changed.status(), StatusCode::OK, "{path}");
            let new_tag = header_text(&changed, "etag").unwrap();
            assert_ne!(&new_tag, tag, "{path}");
            let page: Value = changed.json().await.unwrap();
            assert_eq!(page["entries"][0]["player"]["id"], all[8].as_str(), "{path}");
            let again = get_if_none_match(&app, path, &new_tag).await;
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        }
    }
}
