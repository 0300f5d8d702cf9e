//! Tournaments as the server runs them: round games told on both players'
//! streams (the first round's and those a game's end paired), a withdrawal
//! that forfeits the remaining round-robin games, and the start at
//! `starts_at` by the background task on a manual clock.

use std::sync::Arc;
use std::time::Duration;

use oanquan::games::{ManualTime, SharedTime, TimeSource};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::streams::EventStream;
use crate::helpers::{assert_problem, Backend, TestApp};
use crate::tournaments::{act, create, entrants, games_of, tournament};

/// The next `game_started` of `game` on a player's stream, skipping the
/// other items.
async fn started(stream: &mut EventStream, game: &str) -> Value {
    loop {
        let message = stream
            .next_within(Duration::from_secs(10))
            .await
            .expect("the stream goes on");
        if message.kind() == "game_started" && message.data["game_id"] == game {
            return message.data;
        }
    }
}

async fn resign(app: &TestApp, game: &str, token: &str) {
    let response = app
        .post_json(&format!("/v1/games/{game}/resign"), &json!({}), Some(token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

async fn on_behalf(
    app: &TestApp,
    id: &str,
    who: &crate::helpers::games::Player,
    bot: &str,
) -> reqwest::Response {
    let path = format!("/v1/tournaments/{id}/join?bot={bot}");
    app.post_json(&path, &json!({}), Some(&who.token)).await
}

fn game_ids(games: &[Value]) -> Vec<String> {
    games
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

backend_tests! {
    /// A double round-robin of two: the first round's game is told to
    /// both players when the creator starts it, and the second's, which
    /// the end of the first creates, when that game ends.
    async fn round_games_are_told_on_both_players_streams(app) {
        let (players, _) = entrants(&app, 2).await;
        let created = create(&app, &players[0], json!({"format": "round_robin", "double": true})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        let mut streams = Vec::new();
        for player in &players {
            let mut stream = app.me_stream(&player.token, &[]).await;
            let snapshot = stream.next_within(Duration::from_secs(10)).await.unwrap();
            assert_eq!(snapshot.kind(), "snapshot");
            streams.push(stream);
        }
        assert_eq!(act(&app, id, "start", &players[0]).await.status(), StatusCode::OK);
        let first = game_ids(&games_of(&app, id).await);
        assert_eq!(first.len(), 1);
        for stream in &mut streams {
            started(stream, &first[0]).await;
        }
        // Seed 0 sits South in round 1 (Berger: 1-2), North in round 2.
        let game = app.game(&first[0]).await;
        assert_eq!(game["players"]["south"]["id"], players[0].id.as_str());
        resign(&app, &first[0], &players[1].token).await;
        let both = game_ids(&games_of(&app, id).await);
        assert_eq!(both.len(), 2);
        assert_eq!(both[0], first[0]);
        for stream in &mut streams {
            let told = started(stream, &both[1]).await;
            assert_eq!(told["game"]["status"], "active");
        }
        let second = app.game(&both[1]).await;
        assert_eq!(second["players"]["south"]["id"], players[1].id.as_str());
        assert_eq!(second["time_control"], json!({"initial_s": 600, "increment_s": 5}));
        assert_eq!(tournament(&app, id).await["round"], 2);
    }

    /// A round-robin of three, seeds A, B, C. Round 1 is B-C (A's bye); C
    /// withdraws during it and B then resigns: C wins. Round 2 is A-B; A
    /// resigns. Round 3, C-A, is forfeited to A without a game, and the
    /// tournament finishes.
    /// Points: A 1 (the forfeit), B 1, C 1. Direct encounter among the
    /// three (all on 1): A 0, B 1 (beat A), C 1 (beat B).
    /// Sonneborn–Berger: B 1 (A's point), C 1 (B's), A 0. Buchholz (games
    /// played): B = C + A = 2, C = B = 1, A = B = 1. Round-robin order
    /// (points, direct, SB, Buchholz): B, C, A.
    async fn withdrawal_forfeits_the_remaining_round_robin_games(app) {
        let (players, _) = entrants(&app, 3).await;
        let (a, b, c) = (&players[0], &players[1], &players[2]);
        let created = create(&app, a, json!({"format": "round_robin"})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", a).await.status(), StatusCode::OK);
        let round1 = game_ids(&games_of(&app, id).await);
        assert_eq!(act(&app, id, "withdraw", c).await.status(), StatusCode::OK);
        resign(&app, &round1[0], &b.token).await;
        let round2 = game_ids(&games_of(&app, id).await);
        assert_eq!(round2.len(), 2);
        let game = app.game(&round2[1]).await;
        assert_eq!(game["players"]["south"]["id"], a.id.as_str());
        assert_eq!(game["players"]["north"]["id"], b.id.as_str());
        resign(&app, &round2[1], &a.token).await;
        let over = tournament(&app, id).await;
        assert_eq!(over["status"], "finished");
        assert_eq!(over["round"], 3);
        assert_eq!(games_of(&app, id).await.len(), 2);
        // Round 1: B-C and A's bye; round 2: A-B and C's bye; round 3: C-A.
        let last = &over["pairings"][4];
        assert_eq!(last["round"], 3);
        assert_eq!(last["south"]["id"], c.id.as_str());
        assert_eq!(last["north"]["id"], a.id.as_str());
        assert_eq!(last["game_id"], Value::Null);
        assert_eq!((last["south_points"].as_f64(), last["north_points"].as_f64()), (Some(0.0), Some(1.0)));
        let standings: Vec<(String, u64, f64, u64, f64, f64, f64)> = over["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["player"]["id"].as_str().unwrap().to_owned(),
                    s["rank"].as_u64().unwrap(),
                    s["points"].as_f64().unwrap(),
                    s["games"].as_u64().unwrap(),
                    s["tiebreaks"]["direct_encounter"].as_f64().unwrap(),
                    s["tiebreaks"]["sonneborn_berger"].as_f64().unwrap(),
                    s["tiebreaks"]["buchholz"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            standings,
            vec![
                (b.id.clone(), 1, 1.0, 2, 1.0, 1.0, 2.0),
                (c.id.clone(), 2, 1.0, 1, 1.0, 1.0, 1.0),
                (a.id.clone(), 3, 1.0, 1, 0.0, 0.0, 1.0),
            ]
        );
        let withdrawn: Vec<bool> = over["players"].as_array().unwrap().iter().map(|p| p["withdrawn"].as_bool().unwrap()).collect();
        assert_eq!(withdrawn, [false, false, true]);
    }
}

backend_tests! {
    /// Bots entered by the creator (in the body, and by a join on their
    /// behalf) play their games by themselves: seeds bot 1, the creator,
    /// bot 2. The creator resigns rounds 1 (against bot 2) and 2 (against
    /// bot 1); round 3, bot 2 against bot 1, the bots play out, and the
    /// tournament finishes.
    async fn bots_entered_by_the_creator_play_their_games(app) {
        let (players, _) = entrants(&app, 2).await;
        let creator = &players[0];
        let created = create(&app, creator, json!({"format": "round_robin", "rated": true, "bots": ["botLevel01"]})).await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(act(&app, id, "join", creator).await.status(), StatusCode::OK);
        assert_problem(on_behalf(&app, id, &players[1], "botLevel02").await, 403, "not_tournament_creator").await;
        assert_problem(on_behalf(&app, id, creator, &players[1].id).await, 422, "invalid_tournament").await;
        assert_eq!(on_behalf(&app, id, creator, "botLevel02").await.status(), StatusCode::OK);
        let entered: Vec<String> = tournament(&app, id).await["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(entered, ["botLevel01", creator.id.as_str(), "botLevel02"]);
        assert_eq!(act(&app, id, "start", creator).await.status(), StatusCode::OK);
        for round in 1..=2 {
            let games = games_of(&app, id).await;
            assert_eq!(games.len(), round);
            let game = &games[round - 1];
            assert_eq!(game["rated"], false, "a game against a bot is never rated");
            resign(&app, game["id"].as_str().unwrap(), &creator.token).await;
        }
        let over = status_becomes(&app, id, "finished").await;
        let games = games_of(&app, id).await;
        assert_eq!(games.len(), 3);
        assert_eq!(games[2]["players"]["south"]["id"], "botLevel02");
        assert_eq!(games[2]["players"]["north"]["id"], "botLevel01");
        assert_eq!(games[2]["status"], "finished");
        let creator_line = over["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"]["id"] == creator.id.as_str())
            .unwrap()
            .clone();
        assert_eq!(creator_line["points"], 0.0);
        assert_eq!(creator_line["rank"], 3);
    }
}

/// An app whose Games layer reads a manual clock, the background tasks
/// looking every 20 ms.
pub async fn spawn_timed(backend: Backend) -> Option<(TestApp, Arc<ManualTime>)> {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let app = TestApp::spawn_with(backend, move |settings| {
        settings.time = shared;
        settings.games.sweep_every_ms = 20;
    })
    .await?;
    Some((app, time))
}

pub async fn status_becomes(app: &TestApp, id: &str, status: &str) -> Value {
    for _ in 0..6000 {
        let now = tournament(app, id).await;
        if now["status"] == status {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("tournament {id} never became {status}");
}

on_both_backends! {
    /// At `starts_at` a tournament of two players starts by itself, and
    /// one of a single player is cancelled; before it, neither moves.
    async fn starts_at_starts_it_by_itself(backend) {
        let Some((app, time)) = spawn_timed(backend).await else {
            crate::helpers::report_skip(module_path!());
            return;
        };
        let (players, _) = entrants(&app, 2).await;
        let at = (time.now() + chrono::TimeDelta::hours(1)).to_rfc3339();
        let full = create(&app, &players[0], json!({"format": "round_robin", "starts_at": at})).await;
        let lone = create(&app, &players[0], json!({"format": "round_robin", "starts_at": at})).await;
        let (full, lone) = (full["id"].as_str().unwrap(), lone["id"].as_str().unwrap());
        for player in &players {
            assert_eq!(act(&app, full, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, lone, "join", &players[1]).await.status(), StatusCode::OK);
        time.advance(chrono::TimeDelta::minutes(59));
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(tournament(&app, full).await["status"], "registering");
        time.advance(chrono::TimeDelta::minutes(2));
        let running = status_becomes(&app, full, "running").await;
        assert_eq!(running["round"], 1);
        assert_eq!(games_of(&app, full).await.len(), 1);
        status_becomes(&app, lone, "cancelled").await;
    }
}

backend_tests! {
    /// A rated round-robin of three: E, whose classic rating is
    /// established (1500, RD 60, 20 games), and two new players N1 and N2.
    /// N1 beats N2, N1 beats E, E beats N2 (each loser resigns after two
    /// moves by each side: long enough to be rated). The games are rated,
    /// and count by the leaderboard's rules: a player's standing moves
    /// only against an established opponent, so N1 (beat E) is above 1500
    /// with one game, N2 (lost to E) below with one, the game between the
    /// two new players moves neither, and E's own standing stays as it
    /// was. The new players' ratings are provisional: on the board only
    /// with `include_provisional=true`, and `min_games=2` leaves them off.
    async fn rated_tournament_games_count_on_the_leaderboards(app) {
        let (players, tokens) = entrants(&app, 3).await;
        let (e, n1, n2) = (&players[0], &players[1], &players[2]);
        app.seed_standing(&e.id, "classic", 1500.0, 60.0, 20).await;
        let created = create(&app, e, json!({"format": "round_robin", "rated": true})).await;
        let id = created["id"].as_str().unwrap();
        for player in &players {
            assert_eq!(act(&app, id, "join", player).await.status(), StatusCode::OK);
        }
        assert_eq!(act(&app, id, "start", e).await.status(), StatusCode::OK);
        for round in 1..=3 {
            let games = games_of(&app, id).await;
            assert_eq!(games.len(), round);
            let game = games[round - 1].clone();
            assert_eq!(game["rated"], true);
            let game_id = game["id"].as_str().unwrap();
            let seated = [&game["players"]["south"]["id"], &game["players"]["north"]["id"]];
            let loser = if seated.contains(&&json!(e.id)) && seated.contains(&&json!(n1.id)) { e } else { n2 };
            let mut state = game.clone();
            for _ in 0..4 {
                let seat = state["to_move"].as_str().unwrap();
                let mover = state["players"][seat]["id"].as_str().unwrap();
                let chosen = state["legal_moves"][0].clone();
                let response = app.play(game_id, &tokens[mover], json!({"move": chosen})).await;
                assert_eq!(response.status(), StatusCode::CREATED);
                state = response.json::<Value>().await.unwrap()["game"].clone();
            }
            assert_eq!(state["status"], "active");
            resign(&app, game_id, &loser.token).await;
            let ended = app.game(game_id).await;
            assert_eq!((&ended["status"], &ended["rated"]), (&json!("finished"), &json!(true)));
        }
        assert_eq!(tournament(&app, id).await["status"], "finished");
        let board = |query: &'static str| {
            let app = &app;
            async move {
                let response = app.get(&format!("/v1/leaderboards/classic{query}")).await;
                assert_eq!(response.status(), StatusCode::OK);
                response.json::<Value>().await.unwrap()["entries"].as_array().unwrap().clone()
            }
        };
        let rows = |entries: &[Value]| -> Vec<(String, i64, i64, i64, i64, bool)> {
            entries
                .iter()
                .map(|e| {
                    (
                        e["player"]["id"].as_str().unwrap().to_owned(),
                        e["rank"].as_i64().unwrap(),
                        e["games"].as_i64().unwrap(),
                        e["wins"].as_i64().unwrap(),
                        e["losses"].as_i64().unwrap(),
                        e["provisional"].as_bool().unwrap(),
                    )
                })
                .collect()
        };
        let established = board("").await;
        assert_eq!(rows(&established), vec![(e.id.clone(), 1, 20, 20, 0, false)]);
        assert_eq!(established[0]["rating"], 1500.0, "E's standing did not move");
        let all = board("?include_provisional=true").await;
        assert_eq!(
            rows(&all),
            vec![
                (n1.id.clone(), 1, 1, 1, 0, true),
                (e.id.clone(), 2, 20, 20, 0, false),
                (n2.id.clone(), 3, 1, 0, 1, true),
            ]
        );
        assert!(all[0]["rating"].as_f64().unwrap() > 1500.0, "{}", all[0]);
        assert!(all[2]["rating"].as_f64().unwrap() < 1500.0, "{}", all[2]);
        let two_games = board("?include_provisional=true&min_games=2").await;
        assert_eq!(rows(&two_games), vec![(e.id.clone(), 1, 20, 20, 0, false)]);
    }
}
