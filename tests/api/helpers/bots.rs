//! Helpers for games against the built-in bots: the list, a game against
//! one, waiting for its reply, playing a game out.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::TestApp;

/// How long a bot may take to answer on a loaded test machine.
pub const BOT_WAIT: Duration = Duration::from_secs(30);

pub async fn bots(app: &TestApp) -> Vec<Value> {
    let response = app.get("/v1/bots").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["bots"].as_array().expect("bots").clone()
}

/// The id of the bot of `level`, as `GET /v1/bots` gives it.
pub async fn bot_id(app: &TestApp, level: u64) -> String {
    let bot = bots(app)
        .await
        .into_iter()
        .find(|b| b["level"] == level)
        .unwrap_or_else(|| panic!("no bot of level {level}"));
    bot["id"].as_str().unwrap().to_owned()
}

/// The game once it is no bot's turn any more (its status is not
/// `active` or the seat to move is a person's), or a panic after `BOT_WAIT`.
pub async fn after_bot(app: &TestApp, id: &str) -> Value {
    let deadline = tokio::time::Instant::now() + BOT_WAIT;
    loop {
        let game = app.game(id).await;
        let seat = game["to_move"].as_str().unwrap();
        if game["status"] != "active" || game["players"][seat]["bot"] == false {
            return game;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not move within {BOT_WAIT:?}: {game}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays the person's first legal move each turn, waiting for the bot's
/// reply, until the game ends; `nodes` take the person's moves in turn.
/// Returns the finished game.
pub async fn play_out(nodes: &[&TestApp], id: &str, token: &str) -> Value {
    let mut turn = 0;
    loop {
        let app = nodes[turn % nodes.len()];
        let game = after_bot(app, id).await;
        if game["status"] != "active" {
            return game;
        }
        let m = game["legal_moves"][0].clone();
        let ply = game["ply"].clone();
        let played = app.play(id, token, json!({"move": m, "ply": ply})).await;
        assert_eq!(played.status(), StatusCode::CREATED, "{m} at ply {ply}");
        turn += 1;
    }
}

/// A game against the bot of `level`, the person in `seat`, South first.
pub async fn bot_game(app: &TestApp, level: u64, seat: &str, extra: Value) -> (Value, String) {
    static PEOPLE: AtomicUsize = AtomicUsize::new(0);
    let name = format!("person {}", PEOPLE.fetch_add(1, Ordering::Relaxed));
    let person = app.player(&name).await;
    let mut body = json!({"opponent": bot_id(app, level).await, "seat": seat, "first": "south"});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    (app.create_game(&person.token, body).await, person.token)
}

/// Whether every ply of the game was stored once, by the seat to move,
/// the bot's own by the bot.
pub async fn assert_one_move_per_ply(app: &TestApp, game: &Value) {
    let id = game["id"].as_str().unwrap();
    let plies = game["moves_played"].as_i64().unwrap();
    let sql = format!("SELECT COUNT(DISTINCT ply) FROM moves WHERE game_id = '{id}'");
    assert_eq!(app.scalar_i64(&sql).await, plies);
    let sql = format!("SELECT COUNT(*) FROM moves WHERE game_id = '{id}'");
    assert_eq!(app.scalar_i64(&sql).await, plies);
    let bot_seat = if game["players"]["south"]["bot"] == true {
        "south"
    } else {
        "north"
    };
    let bot = game["players"][bot_seat]["id"].as_str().unwrap();
    let sql = format!(
        "SELECT COUNT(*) FROM moves WHERE game_id = '{id}' AND seat = '{bot_seat}' \
         AND player_id <> '{bot}'"
    );
    assert_eq!(
        app.scalar_i64(&sql).await,
        0,
        "a bot's move by someone else"
    );
    // Created, joined, then one version per move.
    assert_eq!(game["version"].as_i64().unwrap(), 2 + plies, "{game}");
}
