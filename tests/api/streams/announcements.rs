//! PostgreSQL: changes are announced by the node that committed them,
//! after the commit, coalesced, from a connection of its own; the other
//! nodes also reconcile the versions their game streams know with the
//! stored ones, which catches a change left unannounced.

use std::collections::HashMap;
use std::time::Duration;

use crate::helpers::games::Match;
use crate::helpers::{Backend, TestApp};
use oanquan::store::Store;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::postgres::{PgListener, PgPool};

const WAIT: Duration = Duration::from_secs(10);

fn pool(app: &TestApp) -> &PgPool {
    match &app.store {
        Store::Postgres(pool) => pool,
        Store::Sqlite(_) => panic!("a PostgreSQL app"),
    }
}

/// A game between two new players, South to move: created and joined
/// through `app` (its version is then 2).
async fn new_match(app: &TestApp, n: usize) -> Match {
    let south = app.player(&format!("south{n}")).await;
    let north = app.player(&format!("north{n}")).await;
    let created = app
        .create_game(&south.token, json!({"seat": "south", "first": "south"}))
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    Match { id, south, north }
}

/// Plays South's first legal move through `app`; the game it answers.
async fn south_moves(app: &TestApp, game: &Match) -> Value {
    let state = app.game(&game.id).await;
    let notation = state["legal_moves"][0].as_str().unwrap().to_owned();
    let played = app
        .play(&game.id, &game.south.token, json!({ "move": notation }))
        .await;
    assert_eq!(played.status(), StatusCode::CREATED);
    played.json().await.unwrap()
}

#[tokio::test]
async fn without_the_trigger_a_move_on_node_a_is_heard_on_node_b() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("announcements");
        return;
    };
    let triggers = |name: &str| {
        format!("SELECT COUNT(*) FROM pg_trigger WHERE tgname = '{name}' AND NOT tgisinternal")
    };
    assert_eq!(a.scalar_i64(&triggers("game_changed")).await, 0);
    assert_eq!(a.scalar_i64(&triggers("token_revoked")).await, 1);
    let b = a.sibling_with(|s| s.streams.reconcile_ms = 0).await;
    let game = new_match(&a, 0).await;
    let mut stream_b = b
        .stream(&format!("/v1/games/{}/stream", game.id), &[])
        .await;
    assert_eq!(stream_b.next_within(WAIT).await.unwrap().kind(), "snapshot");

    let played = south_moves(&a, &game).await;
    let heard = stream_b.next_within(WAIT).await.unwrap();
    assert_eq!(heard.kind(), "move");
    assert_eq!(heard.id, Some(3));
    assert_eq!(heard.data["move"]["notation"], played["move"]["notation"]);
}

#[tokio::test]
async fn a_burst_of_changes_is_announced_coalesced_and_none_is_lost() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("announcements");
        return;
    };
    // Without reconciliation: what node B hears, it hears announced.
    let b = a.sibling_with(|s| s.streams.reconcile_ms = 0).await;
    const GAMES: usize = 8;
    let mut games = Vec::new();
    let mut streams = Vec::new();
    for n in 0..GAMES {
        let game = new_match(&a, n).await;
        let mut stream = b
            .stream(&format!("/v1/games/{}/stream", game.id), &[])
            .await;
        assert_eq!(stream.next_within(WAIT).await.unwrap().kind(), "snapshot");
        games.push(game);
        streams.push(stream);
    }
    let mut listener = PgListener::connect_with(pool(&a)).await.unwrap();
    listener.listen("game_changed").await.unwrap();
    // Node A's announcing connection is cut: its next send fails, and
    // what is queued meanwhile goes out on a new connection, together.
    let cut = a
        .scalar_i64(
            "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = 'oanquan announcer' AND datname = current_database()) t",
        )
        .await;
    assert_eq!(cut, 1, "one announcing connection per node");
    let played =
        futures_util::future::join_all(games.iter().map(|game| south_moves(&a, game))).await;

    // Every game's move reaches node B's stream, once.
    for ((stream, game), played) in streams.iter_mut().zip(&games).zip(&played) {
        let heard = stream.next_within(WAIT).await.unwrap();
        assert_eq!((heard.kind(), heard.id), ("move", Some(3)), "{}", game.id);
        assert_eq!(heard.data["move"]["notation"], played["move"]["notation"]);
    }
    // What the listener heard: each game at version 3, in fewer
    // payloads than changes.
    let mut latest: HashMap<String, i64> = HashMap::new();
    let mut payloads = 0;
    while latest.len() < GAMES || latest.values().any(|&v| v < 3) {
        let heard = tokio::time::timeout(WAIT, listener.recv())
            .await
            .unwrap()
            .unwrap();
        payloads += 1;
        for entry in heard.payload().split(',') {
            let (id, version) = entry.split_once(' ').unwrap();
            let version: i64 = version.parse().unwrap();
            let seen = latest.entry(id.to_owned()).or_insert(version);
            *seen = (*seen).max(version);
        }
    }
    let expected: HashMap<String, i64> = games.iter().map(|g| (g.id.clone(), 3)).collect();
    assert_eq!(latest, expected);
    assert!(payloads < GAMES, "{payloads} payloads for {GAMES} changes");
}

#[tokio::test]
async fn a_change_left_unannounced_reaches_node_b_by_reconciliation() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("announcements");
        return;
    };
    let b = a.sibling_with(|s| s.streams.reconcile_ms = 200).await;
    let c = a.sibling_with(|s| s.streams.reconcile_ms = 0).await;
    // Two games in the same state; the first one's move is played, the
    // second's is written as a node killed after its commit leaves it:
    // stored, never announced.
    let played = new_match(&a, 0).await;
    let left = new_match(&a, 1).await;
    let mut on_b = b
        .stream(&format!("/v1/games/{}/stream", left.id), &[])
        .await;
    let mut on_c = c
        .stream(&format!("/v1/games/{}/stream", left.id), &[])
        .await;
    assert_eq!(on_b.next_within(WAIT).await.unwrap().kind(), "snapshot");
    assert_eq!(on_c.next_within(WAIT).await.unwrap().kind(), "snapshot");
    let answer = south_moves(&a, &played).await;
    let copied = a
        .execute(
            "INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, \
                 played_at, think_ms, clock_ms) \
             SELECT $2, m.ply, m.seat, m.notation, $3, m.position_after, m.played_at, \
                 m.think_ms, m.clock_ms \
             FROM moves m WHERE m.game_id = $1",
            &[&played.id, &left.id, &left.south.id],
            &[],
        )
        .await;
    assert_eq!(copied, 1);
    let saved = a
        .execute(
            "UPDATE games g SET position = p.position, ply = p.ply, to_move = p.to_move, \
                 updated_at = p.updated_at, version = g.version + 1 \
             FROM games p WHERE p.id = $1 AND g.id = $2",
            &[&played.id, &left.id],
            &[],
        )
        .await;
    assert_eq!(saved, 1);

    let heard = on_b.next_within(WAIT).await.unwrap();
    assert_eq!((heard.kind(), heard.id), ("move", Some(3)));
    assert_eq!(heard.data["move"]["notation"], answer["move"]["notation"]);
    assert!(
        !on_c.ends_within(Duration::from_millis(1_000)).await && !on_c.has_buffered(),
        "a node that does not reconcile never hears it: nothing announced it"
    );
}
