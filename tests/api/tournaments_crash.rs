//! A tournament under way survives its server killed with SIGKILL and
//! started again on the same database (an SQLite file, or PostgreSQL):
//! each round is paired once, in the transaction of the game's end that
//! completed the round before it, so a kill right after that answer loses
//! nothing and repeats nothing, and the tournament finishes with the
//! standings its games give.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Child;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::process::serve_binary;
use crate::helpers::TestApp;

/// The server binary on `database`; its base URL once it listens.
fn serve(database: &str) -> (Child, String) {
    let unlimited = [
        "--max-registrations-per-hour",
        "0",
        "--rate-limit-per-second",
        "0",
    ];
    serve_binary(database, &unlimited, &[])
}

fn kill_9(server: &mut Child) {
    server.kill().expect("SIGKILL");
    server.wait().expect("killed");
}

async fn post(base: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut request = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    assert!(status.is_success(), "{path}: {status}");
    response.json().await.unwrap_or(Value::Null)
}

async fn get(base: &str, path: &str) -> Value {
    let response = reqwest::get(format!("{base}{path}"))
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

on_both_backends! {
    /// A round-robin of four. In each round, South resigns the first game;
    /// the server is killed and started again; South resigns the second
    /// game, whose end pairs the next round; the server is killed right
    /// after that answer and started again. Each round is there once (two
    /// games more each time), and after the third the tournament is
    /// finished: six games, every pair met once, and each player's points
    /// the games they had as North (each won by North).
    async fn a_tournament_survives_kill_9_between_rounds(backend) {
        // The test's app only holds the database.
        let Some(holder) = TestApp::spawn(backend).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let database = holder.database_url();
        let (mut server, mut base) = serve(&database);
        let mut tokens = BTreeMap::new();
        let mut ids = Vec::new();
        for i in 0..4 {
            let player = post(&base, "/v1/players", None, json!({"name": format!("survivor-{i}")})).await;
            let id = player["id"].as_str().unwrap().to_owned();
            tokens.insert(id.clone(), player["token"].as_str().unwrap().to_owned());
            ids.push(id);
        }
        let body = json!({"name": "Night", "format": "round_robin", "clock": {"initial_s": 600, "increment_s": 5}});
        let created = post(&base, "/v1/tournaments", Some(&tokens[&ids[0]]), body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        for player in &ids {
            post(&base, &format!("/v1/tournaments/{id}/join"), Some(&tokens[player]), json!({})).await;
        }
        post(&base, &format!("/v1/tournaments/{id}/start"), Some(&tokens[&ids[0]]), json!({})).await;
        for round in 1..=3usize {
            let games = get(&base, &format!("/v1/tournaments/{id}/games")).await["games"].as_array().unwrap().clone();
            assert_eq!(games.len(), 2 * round, "round {round} paired once");
            let current = &games[2 * round - 2..];
            for (at, game) in current.iter().enumerate() {
                assert_eq!(game["tournament"]["round"], round as u64);
                let south = game["players"]["south"]["id"].as_str().unwrap();
                let game_id = game["id"].as_str().unwrap();
                post(&base, &format!("/v1/games/{game_id}/resign"), Some(&tokens[south]), json!({})).await;
                kill_9(&mut server);
                (server, base) = serve(&database);
                let now = get(&base, &format!("/v1/tournaments/{id}")).await;
                let expected_round = if at == 1 && round < 3 { round + 1 } else { round };
                assert_eq!(now["round"], expected_round as u64, "after the kill in round {round}");
            }
        }
        let over = get(&base, &format!("/v1/tournaments/{id}")).await;
        kill_9(&mut server);
        assert_eq!(over["status"], "finished");
        assert_eq!(over["pairings"].as_array().unwrap().len(), 6);
        let games = holder.scalar_i64("SELECT COUNT(*) FROM games").await;
        assert_eq!(games, 6, "no game created twice");
        let mut pairs = BTreeSet::new();
        let mut as_north: BTreeMap<String, f64> = ids.iter().map(|p| (p.clone(), 0.0)).collect();
        for pairing in over["pairings"].as_array().unwrap() {
            let (south, north) = (pairing["south"]["id"].as_str().unwrap(), pairing["north"]["id"].as_str().unwrap());
            assert!(pairs.insert(if south < north { (south, north) } else { (north, south) }), "{south} and {north} met twice");
            *as_north.get_mut(north).unwrap() += 1.0;
            assert_eq!((pairing["south_points"].as_f64(), pairing["north_points"].as_f64()), (Some(0.0), Some(1.0)));
        }
        assert_eq!(pairs.len(), 6);
        for line in over["standings"].as_array().unwrap() {
            let player = line["player"]["id"].as_str().unwrap();
            assert_eq!(line["points"].as_f64().unwrap(), as_north[player], "{line}");
            assert_eq!(line["games"], 3);
        }
    }
}
