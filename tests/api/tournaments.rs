//! Tournaments over HTTP: a round-robin of four and a Swiss of six played
//! out with random legal moves, the pairings and the standings checked
//! against what the games' results give, worked out here independently;
//! and the refusals of each endpoint.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::games::Player;
use crate::helpers::{assert_problem, TestApp};

/// Creates a tournament (`body` completed with a name, rules and a clock)
/// as `creator`, and answers it.
pub async fn create(app: &TestApp, creator: &Player, body: Value) -> Value {
    let mut full = json!({
        "name": "Club night",
        "rules": {"preset": "classic"},
        "clock": {"initial_s": 600, "increment_s": 5},
        "rated": false,
    });
    for (key, value) in body.as_object().unwrap() {
        full[key] = value.clone();
    }
    let response = app
        .post_json("/v1/tournaments", &full, Some(&creator.token))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let tournament: Value = response.json().await.unwrap();
    assert_eq!(tournament["status"], "registering");
    tournament
}

pub async fn act(app: &TestApp, id: &str, action: &str, player: &Player) -> reqwest::Response {
    app.post_json(
        &format!("/v1/tournaments/{id}/{action}"),
        &json!({}),
        Some(&player.token),
    )
    .await
}

pub async fn tournament(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/v1/tournaments/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

pub async fn games_of(app: &TestApp, id: &str) -> Vec<Value> {
    let response = app.get(&format!("/v1/tournaments/{id}/games")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["games"].as_array().unwrap().clone()
}

/// Plays every active game of the tournament to its end with random legal
/// moves, round after round, until the tournament is finished.
async fn play_out(app: &TestApp, id: &str, tokens: &HashMap<String, String>) -> Value {
    for _ in 0..50 {
        let now = tournament(app, id).await;
        if now["status"] == "finished" {
            return now;
        }
        let active: Vec<Value> = games_of(app, id)
            .await
            .into_iter()
            .filter(|g| g["status"] == "active")
            .collect();
        assert!(!active.is_empty(), "a running tournament has a game: {now}");
        for game in active {
            let game_id = game["id"].as_str().unwrap().to_owned();
            let mut state = game;
            while state["status"] == "active" {
                let seat = state["to_move"].as_str().unwrap();
                let player = state["players"][seat]["id"].as_str().unwrap();
                let moves = state["legal_moves"].as_array().unwrap().clone();
                let chosen = moves.choose(&mut rand::thread_rng()).unwrap().clone();
                let response = app
                    .play(&game_id, &tokens[player], json!({"move": chosen}))
                    .await;
                assert_eq!(response.status(), StatusCode::CREATED);
                let body: Value = response.json().await.unwrap();
                state = body["game"].clone();
            }
        }
    }
    panic!("the tournament did not finish");
}

/// What the games' results give, worked out from the games alone: each
/// player's points, games, Buchholz, Sonneborn–Berger and direct
/// encounter (in half and quarter points), and each pair's meetings.
struct Recount {
    points2: HashMap<String, u32>,
    games: HashMap<String, u32>,
    buchholz2: HashMap<String, u32>,
    sb4: HashMap<String, u32>,
    direct2: HashMap<String, u32>,
    pairs: HashMap<(String, String), u32>,
}

fn recount(games: &[Value], players: &[String], swiss_byes: &[(String, u32)]) -> Recount {
    let mut results = Vec::new();
    for game in games {
        let south = game["players"]["south"]["id"].as_str().unwrap().to_owned();
        let north = game["players"]["north"]["id"].as_str().unwrap().to_owned();
        let south2 = match game["result"]["winner"].as_str().unwrap() {
            "south" => 2,
            "north" => 0,
            "draw" => 1,
            other => panic!("winner {other}"),
        };
        results.push((south, north, south2));
    }
    let zero = || {
        players
            .iter()
            .map(|p| (p.clone(), 0u32))
            .collect::<HashMap<_, _>>()
    };
    let (mut points2, mut count) = (zero(), zero());
    let mut pairs = HashMap::new();
    for (south, north, south2) in &results {
        *points2.get_mut(south).unwrap() += south2;
        *points2.get_mut(north).unwrap() += 2 - south2;
        *count.get_mut(south).unwrap() += 1;
        *count.get_mut(north).unwrap() += 1;
        let key = if south < north {
            (south.clone(), north.clone())
        } else {
            (north.clone(), south.clone())
        };
        *pairs.entry(key).or_insert(0) += 1;
    }
    for (player, points) in swiss_byes {
        *points2.get_mut(player).unwrap() += points;
    }
    let (mut buchholz2, mut sb4, mut direct2) = (zero(), zero(), zero());
    for (south, north, south2) in &results {
        for (me, other, mine) in [(south, north, *south2), (north, south, 2 - south2)] {
            *buchholz2.get_mut(me).unwrap() += points2[other];
            *sb4.get_mut(me).unwrap() += points2[other] * mine;
            if points2[me] == points2[other] {
                *direct2.get_mut(me).unwrap() += mine;
            }
        }
    }
    Recount {
        points2,
        games: count,
        buchholz2,
        sb4,
        direct2,
        pairs,
    }
}

/// Checks the standings against the recount: points, games, tiebreaks,
/// and the rank, one more than the players strictly ahead in `order`.
fn check_standings(standings: &Value, recount: &Recount, swiss: bool) {
    let key = |p: &String| {
        let (points, b, sb, d) = (
            recount.points2[p],
            recount.buchholz2[p],
            recount.sb4[p],
            recount.direct2[p],
        );
        if swiss {
            [points, b, sb, d]
        } else {
            [points, d, sb, b]
        }
    };
    let lines = standings.as_array().unwrap();
    assert_eq!(lines.len(), recount.points2.len());
    for line in lines {
        let player = line["player"]["id"].as_str().unwrap().to_owned();
        assert_eq!(
            line["points"].as_f64().unwrap(),
            f64::from(recount.points2[&player]) / 2.0
        );
        assert_eq!(
            line["games"].as_u64().unwrap(),
            u64::from(recount.games[&player])
        );
        let tiebreaks = &line["tiebreaks"];
        assert_eq!(
            tiebreaks["buchholz"].as_f64().unwrap(),
            f64::from(recount.buchholz2[&player]) / 2.0
        );
        assert_eq!(
            tiebreaks["sonneborn_berger"].as_f64().unwrap(),
            f64::from(recount.sb4[&player]) / 4.0
        );
        let ahead = recount
            .points2
            .keys()
            .filter(|other| key(other) > key(&player))
            .count();
        assert_eq!(line["rank"].as_u64().unwrap() as usize, ahead + 1, "{line}");
    }
    // Best first.
    let ranks: Vec<u64> = lines.iter().map(|l| l["rank"].as_u64().unwrap()).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
}

pub async fn entrants(app: &TestApp, count: usize) -> (Vec<Player>, HashMap<String, String>) {
    let mut players = Vec::new();
    let mut tokens = HashMap::new();
    for i in 0..count {
        let player = app.player(&format!("entrant-{i}")).await;
        tokens.insert(player.id.clone(), player.token.clone());
        players.push(player);
    }
    (players, tokens)
}

backend_tests! {
    /// A round-robin of four: three rounds, every pair meets once, and the
    /// standings are what the games give.
    async fn round_robin_of_four_plays_out(app) {
        let (players, tokens) = entrants(&app, 4).await;
        let created = create(&app, &players[0], json!({"format": "round_robin"})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        let started = act(&app, id, "start", &players[0]).await;
        assert_eq!(started.status(), StatusCode::OK);
        let started: Value = started.json().await.unwrap();
        assert_eq!(started["status"], "running");
        assert_eq!(started["round"], 1);
        assert_eq!(started["rounds"], 3);
        let finished = play_out(&app, id, &tokens).await;
        assert_eq!(finished["round"], 3);
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 6);
        let rounds: Vec<u64> = games.iter().map(|g| g["tournament"]["round"].as_u64().unwrap()).collect();
        assert_eq!(rounds, [1, 1, 2, 2, 3, 3]);
        assert!(games.iter().all(|g| g["tournament"]["id"] == id));
        let ids: Vec<String> = players.iter().map(|p| p.id.clone()).collect();
        let recount = recount(&games, &ids, &[]);
        assert_eq!(recount.pairs.len(), 6);
        assert!(recount.pairs.values().all(|&met| met == 1));
        check_standings(&finished["standings"], &recount, false);
    }

    /// A Swiss of six over three rounds: nine games, no pair twice, and the
    /// standings are what the games give.
    async fn swiss_of_six_plays_out(app) {
        let (players, tokens) = entrants(&app, 6).await;
        let created = create(&app, &players[0], json!({"format": "swiss", "rounds": 3})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        let finished = play_out(&app, id, &tokens).await;
        assert_eq!(finished["round"], 3);
        assert_eq!(finished["rounds"], 3);
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 9);
        let ids: Vec<String> = players.iter().map(|p| p.id.clone()).collect();
        let recount = recount(&games, &ids, &[]);
        assert_eq!(recount.pairs.len(), 9);
        assert!(recount.pairs.values().all(|&met| met == 1));
        assert!(recount.games.values().all(|&n| n == 3));
        check_standings(&finished["standings"], &recount, true);
    }

    /// The refusals: an arena of no length, a Swiss without rounds, a stranger starting, a start with
    /// one player, a second join, joining a running tournament, and an id
    /// no tournament has.
    async fn tournament_refusals(app) {
        let (players, _) = entrants(&app, 3).await;
        let bad = app
            .post_json(
                "/v1/tournaments",
                &json!({"name": "x", "format": "arena", "clock": {"initial_s": 60, "increment_s": 0}, "duration_min": 0}),
                Some(&players[0].token),
            )
            .await;
        assert_problem(bad, 422, "invalid_tournament").await;
        let bad = app
            .post_json(
                "/v1/tournaments",
                &json!({"name": "x", "format": "swiss", "clock": {"initial_s": 60, "increment_s": 0}}),
                Some(&players[0].token),
            )
            .await;
        assert_problem(bad, 422, "invalid_tournament").await;
        let created = create(&app, &players[0], json!({"format": "round_robin", "max_players": 2})).await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(act(&app, id, "join", &players[1]).await.status(), StatusCode::OK);
        assert_problem(act(&app, id, "join", &players[1]).await, 409, "already_entered").await;
        assert_problem(act(&app, id, "start", &players[1]).await, 403, "not_tournament_creator").await;
        assert_problem(act(&app, id, "start", &players[0]).await, 409, "too_few_players").await;
        assert_eq!(act(&app, id, "join", &players[2]).await.status(), StatusCode::OK);
        assert_problem(act(&app, id, "join", &players[0]).await, 409, "tournament_full").await;
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        assert_problem(act(&app, id, "start", &players[0]).await, 409, "tournament_not_registering").await;
        assert_problem(act(&app, id, "withdraw", &players[0]).await, 409, "not_entered").await;
        assert_eq!(act(&app, id, "cancel", &players[0]).await.status(), StatusCode::OK);
        assert_problem(act(&app, id, "cancel", &players[0]).await, 409, "tournament_over").await;
        assert_problem(app.get("/v1/tournaments/AAAAAAAAAA").await, 404, "tournament_not_found").await;
    }
}
