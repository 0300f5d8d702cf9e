//! Deleting a token ends every stream it opened — as the bearer, or
//! through a ticket it issued — and spoils its unused tickets, on every
//! node; the streams of the player's other tokens run on.

use std::time::Duration;

use crate::helpers::games::Player;
use crate::helpers::streams::{wait_for, EventStream};
use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Generous: the end is asserted, not how soon it comes.
const WAIT: Duration = Duration::from_secs(10);

/// A second token of `player`'s: `(id, token)`.
async fn second_token(app: &TestApp, player: &Player) -> (String, String) {
    let response = app
        .post_json(
            "/v1/me/tokens",
            &json!({"label": "laptop"}),
            Some(&player.token),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    (
        body["id"].as_str().unwrap().to_owned(),
        body["token"].as_str().unwrap().to_owned(),
    )
}

/// The id of `token` (the one its own list marks `current`).
async fn id_of(app: &TestApp, token: &str) -> String {
    let list: Value = app
        .get_with_token("/v1/me/tokens", token)
        .await
        .json()
        .await
        .unwrap();
    let current = list["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["current"] == true);
    current.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn delete_token(app: &TestApp, with: &str, id: &str) {
    let response = app
        .request(Method::DELETE, &format!("/v1/me/tokens/{id}"))
        .bearer_auth(with)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
}

async fn opened(app: &TestApp, path: &str, token: Option<&str>) -> EventStream {
    let bearer = token.map(|token| format!("Bearer {token}"));
    let headers: Vec<(&str, &str)> = bearer
        .iter()
        .map(|bearer| ("Authorization", bearer.as_str()))
        .collect();
    let mut stream = app.stream(path, &headers).await;
    assert_eq!(stream.next_within(WAIT).await.unwrap().kind(), "snapshot");
    stream
}

fn ticket_path(ticket: &Value) -> String {
    format!(
        "/v1/me/stream?ticket={}",
        ticket["ticket"].as_str().unwrap()
    )
}

/// The streams of `alice`'s first token on `on` (a game's, the lobby's,
/// hers by bearer and by ticket), and one ticket of it left unused.
struct OfTheToken {
    streams: Vec<EventStream>,
    unused_ticket: String,
}

async fn open_with(on: &TestApp, alice: &Player, game_path: &str) -> OfTheToken {
    let token = Some(alice.token.as_str());
    let ticket = on.stream_ticket(&alice.token).await;
    let streams = vec![
        opened(on, game_path, token).await,
        opened(on, "/v1/lobby/stream", token).await,
        opened(on, "/v1/me/stream", token).await,
        opened(on, &ticket_path(&ticket), None).await,
    ];
    OfTheToken {
        streams,
        unused_ticket: ticket_path(&on.stream_ticket(&alice.token).await),
    }
}

/// Each stream ended, the unused ticket and the token open nothing, and
/// the stream of the other token still hears what concerns alice.
async fn assert_revoked(
    on: &TestApp,
    mut of: OfTheToken,
    alice: &Player,
    other: &mut EventStream,
    game_path: &str,
) {
    for (n, stream) in of.streams.iter_mut().enumerate() {
        assert!(stream.ends_within(WAIT).await, "stream {n} ended");
    }
    let refused = on.get_stream_response(&of.unused_ticket, &[]).await;
    assert_problem(refused, 401, "invalid_ticket").await;
    let bearer = format!("Bearer {}", alice.token);
    let refused = on
        .get_stream_response(game_path, &[("Authorization", bearer.as_str())])
        .await;
    assert_problem(refused, 401, "unauthorized").await;

    let bob = on.player("bob").await;
    let challenge = on
        .create_game(&bob.token, json!({"seat": "south", "opponent": alice.id}))
        .await;
    let told = wait_for(other, "challenge", WAIT).await;
    assert_eq!(told.data["game_id"], challenge["id"]);
}

backend_tests! {
    async fn deleting_a_token_ends_its_streams_and_spoils_its_tickets(app) {
        let alice = app.player("alice").await;
        let (_, laptop) = second_token(&app, &alice).await;
        let game = app.create_game(&alice.token, json!({"seat": "south"})).await;
        let game_path = format!("/v1/games/{}/stream", game["id"].as_str().unwrap());
        let of_the_token = open_with(&app, &alice, &game_path).await;
        let mut other = opened(&app, "/v1/me/stream", Some(&laptop)).await;
        let mut anonymous = opened(&app, &game_path, None).await;

        let id = id_of(&app, &alice.token).await;
        delete_token(&app, &laptop, &id).await;
        assert_revoked(&app, of_the_token, &alice, &mut other, &game_path).await;
        // A stream opened without a token runs on too.
        let response = app
            .post_json(&format!("/v1/games/{}/cancel", game["id"].as_str().unwrap()), &json!({}), Some(&laptop))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(wait_for(&mut anonymous, "cancelled", WAIT).await.id, Some(2));
    }

    async fn a_token_that_names_nobody_opens_no_public_stream(app) {
        let alice = app.player("alice").await;
        let game = app.create_game(&alice.token, json!({"seat": "south"})).await;
        let game_path = format!("/v1/games/{}/stream", game["id"].as_str().unwrap());
        let nobody = format!("Bearer oq_{}", "A".repeat(43));
        for path in ["/v1/lobby/stream", game_path.as_str()] {
            for bearer in [nobody.as_str(), "Basic YWxpY2U6c2VjcmV0"] {
                let refused = app.get_stream_response(path, &[("Authorization", bearer)]).await;
                assert_problem(refused, 401, "unauthorized").await;
            }
            opened(&app, path, Some(&alice.token)).await;
        }
    }
}

#[tokio::test]
async fn a_token_deleted_through_node_a_ends_its_streams_on_node_b() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("revocation");
        return;
    };
    let b = a.sibling().await;
    let alice = a.player("alice").await;
    let (_, laptop) = second_token(&a, &alice).await;
    let game = a.create_game(&alice.token, json!({"seat": "south"})).await;
    let game_path = format!("/v1/games/{}/stream", game["id"].as_str().unwrap());
    let of_the_token = open_with(&b, &alice, &game_path).await;
    let mut other = opened(&b, "/v1/me/stream", Some(&laptop)).await;

    let id = id_of(&a, &alice.token).await;
    delete_token(&a, &laptop, &id).await;
    assert_revoked(&b, of_the_token, &alice, &mut other, &game_path).await;
}
