//! Arenas over HTTP on both backends: players paired again as soon as an
//! opponent is free (a waiting pool, never the last opponent while others
//! are in the event), Lichess-style points with streaks recounted here
//! from the games alone, the end at `ends_at` on a manual clock with the
//! games under way played out and counted, a withdrawal that forfeits the
//! game under way, two nodes ending games at once, and the refusals.

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};
use rand::seq::SliceRandom;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, TestApp};
use crate::tournaments::{act, create, entrants, games_of, tournament};
use crate::tournaments_run::spawn_timed;

/// Plays random legal moves in `game` until it is over, or until it has
/// `plies` plies when given; answers its last state.
async fn play(
    app: &TestApp,
    game: &str,
    tokens: &HashMap<String, String>,
    plies: Option<u64>,
) -> Value {
    let mut state = app.game(game).await;
    while state["status"] == "active" && plies.is_none_or(|p| state["ply"].as_u64().unwrap() < p) {
        let seat = state["to_move"].as_str().unwrap();
        let player = state["players"][seat]["id"].as_str().unwrap();
        let moves = state["legal_moves"].as_array().unwrap().clone();
        let chosen = moves.choose(&mut rand::thread_rng()).unwrap().clone();
        let response = app
            .play(game, &tokens[player], json!({"move": chosen}))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        state = body["game"].clone();
    }
    state
}

fn seats(game: &Value) -> (String, String) {
    (
        game["players"]["south"]["id"].as_str().unwrap().to_owned(),
        game["players"]["north"]["id"].as_str().unwrap().to_owned(),
    )
}

fn active(games: &[Value]) -> Vec<Value> {
    games
        .iter()
        .filter(|g| g["status"] == "active")
        .cloned()
        .collect()
}

fn time(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(value.as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

/// One player's arena line worked out from the games alone.
#[derive(Debug, Default, PartialEq)]
struct Recounted {
    points: u32,
    sheet: Vec<u32>,
    streak: bool,
    buchholz: u32,
}

/// The games (finished, in the order they were paired) scored: 2 a win, 1
/// a draw, each doubled when the player's two games before were wins.
fn recount(games: &[Value], players: &[String]) -> HashMap<String, Recounted> {
    let mut lines: HashMap<String, Recounted> = players
        .iter()
        .map(|p| (p.clone(), Recounted::default()))
        .collect();
    let mut wins_in_a_row: HashMap<String, u32> = players.iter().map(|p| (p.clone(), 0)).collect();
    for game in games {
        let (south, north) = seats(game);
        let (south_base, north_base) = match game["result"]["winner"].as_str().unwrap() {
            "south" => (2, 0),
            "north" => (0, 2),
            _ => (1, 1),
        };
        for (player, base) in [(&south, south_base), (&north, north_base)] {
            let run = wins_in_a_row[player];
            let scored = if run >= 2 { 2 * base } else { base };
            let line = lines.get_mut(player).unwrap();
            line.points += scored;
            line.sheet.push(scored);
            *wins_in_a_row.get_mut(player).unwrap() = if base == 2 { run + 1 } else { 0 };
        }
    }
    for (player, run) in &wins_in_a_row {
        lines.get_mut(player).unwrap().streak = *run >= 2;
    }
    let points: HashMap<String, u32> = lines.iter().map(|(p, l)| (p.clone(), l.points)).collect();
    for game in games {
        let (south, north) = seats(game);
        lines.get_mut(&south).unwrap().buchholz += points[&north];
        lines.get_mut(&north).unwrap().buchholz += points[&south];
    }
    lines
}

/// The standings against the recount: points, games, sheet, streak,
/// Buchholz, and the rank, one more than the players strictly ahead on
/// points then Buchholz.
fn check_standings(standings: &Value, recount: &HashMap<String, Recounted>) {
    let lines = standings.as_array().unwrap();
    assert_eq!(lines.len(), recount.len());
    for line in lines {
        let player = line["player"]["id"].as_str().unwrap();
        let expected = &recount[player];
        assert_eq!(
            line["points"].as_f64().unwrap(),
            f64::from(expected.points),
            "{line}"
        );
        assert_eq!(
            line["games"].as_u64().unwrap(),
            expected.sheet.len() as u64,
            "{line}"
        );
        let sheet: Vec<u32> = line["sheet"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(sheet, expected.sheet, "{line}");
        assert_eq!(line["streak"], expected.streak, "{line}");
        assert_eq!(
            line["tiebreaks"]["buchholz"].as_f64().unwrap(),
            f64::from(expected.buchholz),
            "{line}"
        );
        let key = |r: &Recounted| (r.points, r.buchholz);
        let ahead = recount
            .values()
            .filter(|other| key(other) > key(expected))
            .count();
        assert_eq!(line["rank"].as_u64().unwrap() as usize, ahead + 1, "{line}");
    }
    let points: Vec<f64> = lines
        .iter()
        .map(|l| l["points"].as_f64().unwrap())
        .collect();
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "best first: {points:?}"
    );
}

/// Each player's opponents in the order of the games.
fn opponents(games: &[Value]) -> HashMap<String, Vec<String>> {
    let mut met: HashMap<String, Vec<String>> = HashMap::new();
    for game in games {
        let (south, north) = seats(game);
        assert_ne!(south, north, "no one plays themselves");
        met.entry(south.clone()).or_default().push(north.clone());
        met.entry(north).or_default().push(south);
    }
    met
}

on_both_backends! {
    /// An arena of four, ten minutes on a manual clock. The start pairs
    /// seeds 1-2 and 3-4 (all on 0 points: by seed, the higher South).
    /// When a game ends its two players wait, each the other's last
    /// opponent, until the other game ends; then all four are paired
    /// anew, no one with their last opponent. Three such waves, then the
    /// clock passes `ends_at` with the fourth wave's games under way:
    /// nothing more is paired, those games count, and the arena finishes
    /// when the last of them ends. The standings are what the games give.
    async fn arena_pairs_the_waiting_and_ends_by_the_clock(backend) {
        let Some((app, clock)) = spawn_timed(backend).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let (players, tokens) = entrants(&app, 4).await;
        let ids: Vec<String> = players.iter().map(|p| p.id.clone()).collect();
        let created = create(&app, &players[0], json!({
            "format": "arena", "duration_min": 10, "rated": true,
            "clock": {"initial_s": 3600, "increment_s": 0},
        })).await;
        assert_eq!(created["format"], "arena");
        assert_eq!(created["duration_min"], 10);
        assert_eq!((&created["rounds"], &created["ends_at"]), (&Value::Null, &Value::Null));
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        let started = act(&app, id, "start", &players[0]).await;
        assert_eq!(started.status(), StatusCode::OK);
        let started: Value = started.json().await.unwrap();
        assert_eq!(started["status"], "running");
        assert_eq!(started["round"], 1);
        assert_eq!(time(&started["ends_at"]) - time(&started["started_at"]), TimeDelta::minutes(10));
        let first = games_of(&app, id).await;
        let pairs: Vec<(String, String)> = first.iter().map(seats).collect();
        assert_eq!(pairs, [(ids[0].clone(), ids[1].clone()), (ids[2].clone(), ids[3].clone())]);
        assert!(first.iter().all(|g| g["rated"] == true && g["status"] == "active"));

        for wave in 1..=3usize {
            let under_way = active(&games_of(&app, id).await);
            assert_eq!(under_way.len(), 2, "wave {wave}");
            let ended = play(&app, under_way[0]["id"].as_str().unwrap(), &tokens, None).await;
            assert_ne!(ended["status"], "active");
            // Its two players wait for the other game: no rematch.
            assert_eq!(games_of(&app, id).await.len(), 2 * wave, "wave {wave}");
            play(&app, under_way[1]["id"].as_str().unwrap(), &tokens, None).await;
            let games = games_of(&app, id).await;
            assert_eq!(games.len(), 2 * wave + 2, "wave {wave}: all four paired anew");
            let next = active(&games);
            assert_eq!(next.len(), 2);
            let mut paired: Vec<String> = next.iter().flat_map(|g| { let (s, n) = seats(g); [s, n] }).collect();
            paired.sort();
            let mut everyone = ids.clone();
            everyone.sort();
            assert_eq!(paired, everyone, "wave {wave}: each player once");
        }
        let met = opponents(&games_of(&app, id).await);
        for (player, opponents) in &met {
            assert!(opponents.windows(2).all(|w| w[0] != w[1]), "{player} met {opponents:?}: a rematch");
        }

        // Each side moves twice (past the first-move window, and long
        // enough to be rated), then the time is up.
        let last_wave = active(&games_of(&app, id).await);
        for game in &last_wave {
            let state = play(&app, game["id"].as_str().unwrap(), &tokens, Some(4)).await;
            assert_eq!(state["status"], "active");
        }
        clock.advance(TimeDelta::minutes(11));
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert_eq!(tournament(&app, id).await["status"], "running", "games under way");
        play(&app, last_wave[0]["id"].as_str().unwrap(), &tokens, None).await;
        assert_eq!(games_of(&app, id).await.len(), 8, "no pairing after ends_at");
        assert_eq!(tournament(&app, id).await["status"], "running");
        play(&app, last_wave[1]["id"].as_str().unwrap(), &tokens, None).await;
        let over = tournament(&app, id).await;
        assert_eq!(over["status"], "finished");
        assert!(over["finished_at"].is_string());
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 8);
        assert!(games.iter().all(|g| g["status"] == "finished"), "every game counted");
        let recounted = recount(&games, &ids);
        assert!(recounted.values().all(|r| r.sheet.len() == 4));
        check_standings(&over["standings"], &recounted);
        let total: f64 = over["standings"].as_array().unwrap().iter().map(|s| s["points"].as_f64().unwrap()).sum();
        assert!(total >= 16.0, "at least 2 points a game: {total}");
    }

    /// Two players alone meet again, the seats swapped. One withdraws
    /// during the second game (forfeited): the other waits alone, no game
    /// under way, and the background task finishes the arena at `ends_at`.
    async fn a_lone_player_s_arena_finishes_at_its_end(backend) {
        let Some((app, clock)) = spawn_timed(backend).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let (players, tokens) = entrants(&app, 2).await;
        let created = create(&app, &players[0], json!({"format": "arena", "duration_min": 1, "clock": {"initial_s": 3600, "increment_s": 0}})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        let first = games_of(&app, id).await;
        play(&app, first[0]["id"].as_str().unwrap(), &tokens, None).await;
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 2);
        let (south, north) = seats(&games[0]);
        assert_eq!(seats(&games[1]), (north, south));
        play(&app, games[1]["id"].as_str().unwrap(), &tokens, Some(4)).await;
        assert_eq!(act(&app, id, "withdraw", &players[1]).await.status(), StatusCode::OK);
        assert_eq!(app.game(games[1]["id"].as_str().unwrap()).await["status"], "finished");
        assert_eq!(games_of(&app, id).await.len(), 2, "no one to pair");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert_eq!(tournament(&app, id).await["status"], "running");
        clock.advance(TimeDelta::seconds(61));
        let over = crate::tournaments_run::status_becomes(&app, id, "finished").await;
        assert_eq!(games_of(&app, id).await.len(), 2);
        let played: Vec<u64> = over["standings"].as_array().unwrap().iter().map(|s| s["games"].as_u64().unwrap()).collect();
        assert_eq!(played, [2, 2]);
    }
}

backend_tests! {
    /// Three players: seeds 1-2 paired, 3 waits. Seed 1 withdraws: their
    /// game is forfeited (seed 2 wins, 2 points) and seeds 2 and 3, the
    /// only two left, are paired, and paired again when that game ends;
    /// seed 1 never is.
    async fn a_withdrawal_forfeits_the_arena_game_under_way(app) {
        let (players, tokens) = entrants(&app, 3).await;
        let created = create(&app, &players[0], json!({"format": "arena", "duration_min": 60})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        let first = games_of(&app, id).await;
        assert_eq!(first.len(), 1);
        assert_eq!(seats(&first[0]), (players[0].id.clone(), players[1].id.clone()));
        assert_eq!(act(&app, id, "withdraw", &players[0]).await.status(), StatusCode::OK);
        let forfeited = app.game(first[0]["id"].as_str().unwrap()).await;
        assert_eq!(forfeited["status"], "finished");
        assert_eq!(forfeited["result"]["winner"], "north");
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 2);
        let second = seats(&games[1]);
        assert!(second == (players[1].id.clone(), players[2].id.clone()) || second == (players[2].id.clone(), players[1].id.clone()), "{second:?}");
        play(&app, games[1]["id"].as_str().unwrap(), &tokens, None).await;
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 3);
        let third = seats(&games[2]);
        assert_eq!(third, (second.1.clone(), second.0.clone()));
        let now = tournament(&app, id).await;
        let line = now["standings"].as_array().unwrap().iter().find(|s| s["player"]["id"] == players[0].id.as_str()).unwrap().clone();
        assert_eq!((line["points"].as_f64(), line["games"].as_u64()), (Some(0.0), Some(1)));
        assert_eq!(now["players"][0]["withdrawn"], true);
        assert_problem(act(&app, id, "withdraw", &players[0]).await, 409, "not_entered").await;
    }

    /// Four players, two nodes: the two games of the start end at once,
    /// one through each node. Exactly one of the two transactions pairs
    /// the four waiting players: two games more, each player in one.
    async fn racing_ends_pair_each_waiting_player_once(app) {
        let other = app.sibling().await;
        let (players, tokens) = entrants(&app, 4).await;
        let created = create(&app, &players[0], json!({"format": "arena", "duration_min": 60})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        for wave in 1..=3usize {
            let current = active(&games_of(&app, id).await);
            assert_eq!(current.len(), 2, "wave {wave}");
            let resign = |node: &TestApp, game: &Value| {
                let game_id = game["id"].as_str().unwrap().to_owned();
                let (south, _) = seats(game);
                let request = node
                    .request(reqwest::Method::POST, &format!("/v1/games/{game_id}/resign"))
                    .bearer_auth(tokens[&south].clone())
                    .json(&json!({}));
                async move { request.send().await.unwrap().status() }
            };
            let (a, b) = tokio::join!(resign(&app, &current[0]), resign(&other, &current[1]));
            assert_eq!((a, b), (StatusCode::OK, StatusCode::OK));
            let games = games_of(&app, id).await;
            assert_eq!(games.len(), 2 + 2 * wave, "wave {wave}: paired once");
            let mut paired: Vec<String> = active(&games).iter().flat_map(|g| { let (s, n) = seats(g); [s, n] }).collect();
            paired.sort();
            paired.dedup();
            assert_eq!(paired.len(), 4, "wave {wave}: each player in one game");
        }
        assert_eq!(tournament(&app, id).await["round"], 4);
    }

    /// What an arena refuses: no duration, a duration out of 1 to 720,
    /// rounds, a double arena, and a duration given to another format.
    async fn arena_refusals(app) {
        let (players, _) = entrants(&app, 1).await;
        let clock = json!({"initial_s": 60, "increment_s": 0});
        for body in [
            json!({"format": "arena"}),
            json!({"format": "arena", "duration_min": 0}),
            json!({"format": "arena", "duration_min": 721}),
            json!({"format": "arena", "duration_min": 30, "rounds": 3}),
            json!({"format": "arena", "duration_min": 30, "double": true}),
            json!({"format": "swiss", "rounds": 3, "duration_min": 30}),
            json!({"format": "round_robin", "duration_min": 30}),
            json!({"format": "blitz", "duration_min": 30}),
        ] {
            let mut full = body.clone();
            full["name"] = json!("x");
            full["clock"] = clock.clone();
            let response = app.post_json("/v1/tournaments", &full, Some(&players[0].token)).await;
            assert_problem(response, 422, "invalid_tournament").await;
        }
        let listed: Value = app.get("/v1/tournaments").await.json().await.unwrap();
        assert_eq!(listed["tournaments"], json!([]), "nothing stored");
    }
}
