//! Two server processes on one PostgreSQL behave as one:
//! a change committed through one node reaches the other's subscribers.

use std::time::Duration;

use crate::helpers::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);

#[tokio::test]
async fn a_move_through_node_a_reaches_a_subscriber_of_node_b() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("two_nodes");
        return;
    };
    let b = a.sibling().await;
    let mut lobby_b = b.stream("/v1/lobby/stream", &[]).await;
    assert_eq!(lobby_b.next_within(WAIT).await.unwrap().kind(), "snapshot");

    let south = a.player("south").await;
    let north = a.player("north").await;
    let created = a
        .create_game(&south.token, json!({"seat": "south", "first": "south"}))
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let seen = lobby_b.next_within(WAIT).await.unwrap();
    assert_eq!(seen.kind(), "created");
    assert_eq!(seen.data["game"]["id"], id.as_str());

    let mut game_b = b.stream(&format!("/v1/games/{id}/stream"), &[]).await;
    assert_eq!(game_b.next_within(WAIT).await.unwrap().kind(), "snapshot");
    assert_eq!(a.join(&id, &north.token).await.status(), StatusCode::OK);
    let joined = lobby_b.next_within(WAIT).await.unwrap();
    assert_eq!(joined.kind(), "joined");

    let mut versions = Vec::new();
    for _ in 0..4 {
        let state: Value = a.game(&id).await;
        let token = if state["to_move"] == "south" {
            &south.token
        } else {
            &north.token
        };
        let notation = state["legal_moves"][0].as_str().unwrap().to_owned();
        let played = a.play(&id, token, json!({ "move": notation })).await;
        assert_eq!(played.status(), StatusCode::CREATED);
    }
    let messages = game_b.take(5).await;
    for message in &messages {
        versions.push(message.id.unwrap());
    }
    assert_eq!(messages[0].kind(), "joined");
    assert!(messages[1..].iter().all(|m| m.kind() == "move"));
    assert_eq!(
        versions,
        [2, 3, 4, 5, 6],
        "each change once, in order, on node B"
    );
    assert!(
        !game_b.ends_within(Duration::from_millis(300)).await,
        "nothing twice"
    );
}

#[tokio::test]
async fn a_players_stream_on_node_b_hears_what_node_a_commits() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("two_nodes");
        return;
    };
    let b = a.sibling().await;
    let alice = a.player("alice").await;
    let bob = a.player("bob").await;
    // A ticket issued by node A opens the stream on node B: tickets live in the database.
    let ticket = a.stream_ticket(&alice.token).await;
    let path = format!(
        "/v1/me/stream?ticket={}",
        ticket["ticket"].as_str().unwrap()
    );
    let mut mine = b.stream(&path, &[]).await;
    assert_eq!(mine.next_within(WAIT).await.unwrap().kind(), "snapshot");

    let created = a
        .create_game(
            &bob.token,
            json!({"seat": "south", "first": "south", "opponent": alice.id}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let mut kinds: Vec<String> = Vec::new();
    let challenge = mine.next_within(WAIT).await.unwrap();
    assert_eq!(challenge.data["game_id"], id.as_str());
    kinds.push(challenge.kind().to_owned());
    assert_eq!(a.join(&id, &alice.token).await.status(), StatusCode::OK);
    let state: Value = a.game(&id).await;
    let notation = state["legal_moves"][0].as_str().unwrap().to_owned();
    let played = a.play(&id, &bob.token, json!({ "move": notation })).await;
    assert_eq!(played.status(), StatusCode::CREATED);
    assert_eq!(
        a.act(&id, "resign", &bob.token).await.status(),
        StatusCode::OK
    );

    kinds.extend(mine.take(5).await.iter().map(|m| m.kind().to_owned()));
    assert_eq!(
        kinds,
        [
            "challenge",
            "challenge_update",
            "game_started",
            "challenge_update",
            "your_turn",
            "game_ended"
        ],
        "each once, in order, on node B"
    );
    assert!(
        !mine.ends_within(Duration::from_millis(300)).await,
        "nothing twice"
    );
}
