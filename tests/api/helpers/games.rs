//! Helpers for games: players, a game both seats have joined, moves.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use super::TestApp;

#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub token: String,
}

/// An active game: `south` created it in the south seat, `north` joined.
#[derive(Clone, Debug)]
pub struct Match {
    pub id: String,
    pub south: Player,
    pub north: Player,
}

impl Match {
    pub fn token_of(&self, seat: &str) -> &str {
        match seat {
            "south" => &self.south.token,
            "north" => &self.north.token,
            other => panic!("no seat {other}"),
        }
    }
}

/// Every test player's token by id, so that a helper can move for them.
fn tokens() -> &'static Mutex<HashMap<String, String>> {
    static TOKENS: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    TOKENS.get_or_init(Default::default)
}

impl TestApp {
    pub async fn player(&self, name: &str) -> Player {
        let (id, token) = self.register(name).await;
        tokens().lock().unwrap().insert(id.clone(), token.clone());
        Player { id, token }
    }

    /// Registers `name` as if from `client`, through a trusted proxy that
    /// names it in `X-Forwarded-For` (the app must trust 127.0.0.1).
    pub async fn register_from(&self, name: &str, client: &str) -> reqwest::Response {
        self.request(reqwest::Method::POST, "/v1/players")
            .header("x-forwarded-for", client)
            .json(&json!({ "name": name }))
            .send()
            .await
            .unwrap()
    }

    /// [`TestApp::register_from`], which must succeed, as a [`Player`].
    pub async fn player_from(&self, name: &str, client: &str) -> Player {
        let response = self.register_from(name, client).await;
        assert_eq!(
            response.status(),
            StatusCode::CREATED,
            "{name} from {client}"
        );
        let body: Value = response.json().await.unwrap();
        let (id, token) = (
            body["id"].as_str().unwrap(),
            body["token"].as_str().unwrap(),
        );
        tokens()
            .lock()
            .unwrap()
            .insert(id.to_owned(), token.to_owned());
        Player {
            id: id.to_owned(),
            token: token.to_owned(),
        }
    }

    /// Plays the first legal move for the side to move until each side has
    /// made two moves: enough for the game to count (a game ended sooner is
    /// aborted). Returns the game.
    pub async fn open(&self, game: &str) -> Value {
        let mut state = self.game(game).await;
        while state["status"] == "active" && state["moves_played"].as_u64().unwrap() < 4 {
            let seat = state["to_move"].as_str().unwrap();
            let player = state["players"][seat]["id"].as_str().unwrap();
            let token = tokens().lock().unwrap()[player].clone();
            let m = state["legal_moves"][0].clone();
            let response = self.play(game, &token, json!({ "move": m })).await;
            assert_eq!(response.status(), StatusCode::CREATED, "opening {game}");
            state = response.json::<Value>().await.unwrap()["game"].clone();
        }
        state
    }

    /// POST /v1/games, asserting 201; returns the game.
    pub async fn create_game(&self, token: &str, body: Value) -> Value {
        let response = self.post_json("/v1/games", &body, Some(token)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
        response.json().await.expect("game JSON")
    }

    pub async fn join(&self, game: &str, token: &str) -> Response {
        self.act(game, "join", token).await
    }

    /// POST /v1/games/{game}/{action} (join, resign, cancel) with no body.
    pub async fn act(&self, game: &str, action: &str, token: &str) -> Response {
        self.post_json(
            &format!("/v1/games/{game}/{action}"),
            &json!({}),
            Some(token),
        )
        .await
    }

    /// A game under `rules`, South to move first, both seats taken.
    pub async fn active_game(&self, rules: Value) -> Match {
        let south = self.player("south").await;
        let north = self.player("north").await;
        let game = self
            .create_game(
                &south.token,
                json!({"rules": rules, "seat": "south", "first": "south"}),
            )
            .await;
        let id = game["id"].as_str().expect("id").to_owned();
        let joined = self.join(&id, &north.token).await;
        assert_eq!(joined.status(), StatusCode::OK);
        Match { id, south, north }
    }

    pub async fn play(&self, game: &str, token: &str, body: Value) -> Response {
        self.post_json(&format!("/v1/games/{game}/moves"), &body, Some(token))
            .await
    }

    /// POST with extra headers.
    pub async fn post_with_headers(
        &self,
        path: &str,
        token: &str,
        body: &Value,
        headers: &[(&str, &str)],
    ) -> Response {
        let mut request = self
            .request(Method::POST, path)
            .bearer_auth(token)
            .json(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("POST request")
    }

    /// GET /v1/games/{id}, asserting 200.
    pub async fn game(&self, id: &str) -> Value {
        let response = self.get(&format!("/v1/games/{id}")).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("game JSON")
    }

    pub async fn count_games(&self) -> i64 {
        self.scalar_i64("SELECT COUNT(*) FROM games").await
    }

    pub async fn count_moves(&self) -> i64 {
        self.scalar_i64("SELECT COUNT(*) FROM moves").await
    }

    /// Plays `line` in `game`, each move by the seat to move; returns the
    /// game after the last one.
    pub async fn play_line(&self, game: &Match, line: &[String]) -> Value {
        let mut state = self.game(&game.id).await;
        for notation in line {
            let seat = state["to_move"].as_str().expect("to_move").to_owned();
            let response = self
                .play(&game.id, game.token_of(&seat), json!({ "move": notation }))
                .await;
            assert_eq!(
                response.status(),
                StatusCode::CREATED,
                "{notation} by {seat}"
            );
            let body: Value = response.json().await.expect("move JSON");
            state = body["game"].clone();
        }
        state
    }
}
