//! `GET /v1/me/stream`: a player's snapshot, then
//! `challenge`, `game_started`, `your_turn`, `game_ended`, each once and in
//! order; NDJSON; the tickets that open it without `Authorization`.

use std::sync::Arc;
use std::time::Duration;

use crate::helpers::streams::{EventStream, Message};
use crate::helpers::{assert_problem, Backend, TestApp};
use chrono::TimeDelta;
use oanquan::games::{ManualTime, SharedTime, TimeSource};
use reqwest::StatusCode;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);
/// How long a stream is watched for a message that must not come.
const QUIET: Duration = Duration::from_millis(300);

async fn next(stream: &mut EventStream) -> Message {
    stream.next_within(WAIT).await.expect("a message")
}

async fn play_first_legal(app: &TestApp, id: &str, token: &str) -> Value {
    let state = app.game(id).await;
    let notation = state["legal_moves"][0].as_str().unwrap().to_owned();
    let response = app.play(id, token, json!({ "move": notation })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["game"].clone()
}

/// The ids of a snapshot's games and challenges, in its order.
fn listed(snapshot: &Message) -> (Vec<String>, Vec<String>) {
    let ids = |list: &Value, path: &[&str]| -> Vec<String> {
        let each = list.as_array().unwrap().iter();
        each.map(|entry| {
            path.iter()
                .fold(entry, |v, key| &v[*key])
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
    };
    (
        ids(&snapshot.data["games"], &["game", "id"]),
        ids(&snapshot.data["challenges"], &["id"]),
    )
}

backend_tests! {

    async fn every_kind_of_event_comes_once_and_in_order(app) {
        let alice = app.player("alice").await;
        let bob = app.player("bob").await;
        let mut mine = app.me_stream(&alice.token, &[]).await;
        let snapshot = next(&mut mine).await;
        assert_eq!(snapshot.kind(), "snapshot");
        assert_eq!(snapshot.event.as_deref(), Some("snapshot"));
        let cursor = snapshot.raw_id.clone().expect("a me event has an id");
        assert_eq!(snapshot.data["cursor"], cursor, "its cursor is its id");
        assert_eq!(snapshot.data["games"], json!([]));
        assert_eq!(snapshot.data["challenges"], json!([]));
        assert!(mine.retry.is_some(), "SSE advises a retry delay");

        // Bob challenges Alice, and moves first.
        let created = app
            .create_game(&bob.token, json!({"seat": "south", "first": "south", "opponent": alice.id}))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let challenge = next(&mut mine).await;
        assert_eq!(challenge.kind(), "challenge");
        assert_eq!(challenge.data["game_id"], id.as_str());
        assert_eq!(challenge.data["from"]["id"], bob.id.as_str());
        assert_eq!(challenge.data["game"]["status"], "waiting");
        let update = next(&mut mine).await;
        assert_eq!(update.kind(), "challenge_update");
        assert_eq!(update.data["change"], "created");

        assert_eq!(app.join(&id, &alice.token).await.status(), StatusCode::OK);
        let started = next(&mut mine).await;
        assert_eq!(started.kind(), "game_started");
        let update = next(&mut mine).await;
        assert_eq!((update.kind(), &update.data["change"]), ("challenge_update", &json!("accepted")));
        assert_eq!(started.data["game_id"], id.as_str());
        assert_eq!(started.data["seat"], "north");
        assert_eq!(started.data["opponent"]["id"], bob.id.as_str());
        assert_eq!(started.data["version"], 2);
        assert!(!mine.ends_within(QUIET).await, "no your_turn: Bob moves first");

        let after = play_first_legal(&app, &id, &bob.token).await;
        let turn = next(&mut mine).await;
        assert_eq!(turn.kind(), "your_turn");
        assert_eq!(turn.data["game_id"], id.as_str());
        assert_eq!(turn.data["ply"], after["ply"]);
        assert_eq!(turn.data["seat"], "north");
        assert_eq!(turn.data["version"], 3);
        assert_eq!(turn.data["deadline"], Value::Null, "an unlimited game has none");

        play_first_legal(&app, &id, &alice.token).await;
        assert!(!mine.ends_within(QUIET).await, "Alice's own move is no news to her");
        let after = play_first_legal(&app, &id, &bob.token).await;
        let turn = next(&mut mine).await;
        assert_eq!(turn.kind(), "your_turn");
        assert_eq!(turn.data["ply"], after["ply"]);

        assert_eq!(app.act(&id, "resign", &bob.token).await.status(), StatusCode::OK);
        let ended = next(&mut mine).await;
        assert_eq!(ended.kind(), "game_ended");
        assert_eq!(ended.event.as_deref(), Some("game_ended"));
        assert_eq!(ended.data["game_id"], id.as_str());
        assert_eq!(ended.data["status"], "finished");
        assert_eq!(ended.data["result"]["winner"], "north");
        assert!(!mine.ends_within(QUIET).await, "nothing twice");
    }

    async fn the_snapshot_says_where_you_stand_and_ndjson_carries_the_same(app) {
        let alice = app.player("alice").await;
        let bob = app.player("bob").await;
        let carol = app.player("carol").await;
        // Alice to move in one game, waiting in another, challenged by Carol.
        let playing = app
            .create_game(&alice.token, json!({"seat": "south", "first": "south"}))
            .await;
        let playing = playing["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&playing, &bob.token).await.status(), StatusCode::OK);
        let waiting = app
            .create_game(&alice.token, json!({"seat": "north", "first": "south"}))
            .await;
        let challenge = app
            .create_game(&carol.token, json!({"seat": "south", "opponent": alice.id}))
            .await;

        let mut mine = app.me_stream(&alice.token, &[("Accept", "application/x-ndjson")]).await;
        let snapshot = next(&mut mine).await;
        assert_eq!((snapshot.id, snapshot.event.as_deref()), (None, None), "NDJSON: bare JSON lines");
        assert!(snapshot.data["cursor"].as_str().unwrap().parse::<i64>().is_ok(), "NDJSON carries the cursor");
        assert_eq!(snapshot.kind(), "snapshot");
        let games = snapshot.data["games"].as_array().unwrap();
        assert_eq!(games.len(), 2, "{snapshot:?}");
        let entry = |id: &str| games.iter().find(|g| g["game"]["id"] == id).unwrap().clone();
        assert_eq!(entry(&playing)["seat"], "south");
        assert_eq!(entry(&playing)["your_turn"], true);
        assert_eq!(entry(&playing)["game"]["status"], "active");
        let waiting_id = waiting["id"].as_str().unwrap();
        assert_eq!(entry(waiting_id)["your_turn"], false);
        assert_eq!(entry(waiting_id)["seat"], "north");
        let challenges = snapshot.data["challenges"].as_array().unwrap();
        assert_eq!(challenges.len(), 1);
        assert_eq!(challenges[0]["id"], challenge["id"]);

        // Bob's stream, in NDJSON too: his turn comes after Alice's move.
        let mut his = app.me_stream(&bob.token, &[("Accept", "application/x-ndjson")]).await;
        assert_eq!(next(&mut his).await.kind(), "snapshot");
        play_first_legal(&app, &playing, &alice.token).await;
        let turn = next(&mut his).await;
        assert_eq!(turn.kind(), "your_turn");
        assert_eq!(turn.data["seat"], "north");
        assert!(!mine.ends_within(QUIET).await, "nothing for Alice");

        // Carol withdraws her challenge; Alice's waiting game is joined by Bob.
        let cancelled = app.act(challenge["id"].as_str().unwrap(), "cancel", &carol.token).await;
        assert_eq!(cancelled.status(), StatusCode::OK);
        let ended = next(&mut mine).await;
        assert_eq!(ended.kind(), "game_ended");
        assert_eq!(ended.data["status"], "cancelled");
        assert_eq!(ended.data["result"], Value::Null);
        let update = next(&mut mine).await;
        assert_eq!((update.kind(), &update.data["change"]), ("challenge_update", &json!("cancelled")));
        assert_eq!(app.join(waiting_id, &bob.token).await.status(), StatusCode::OK);
        let started = next(&mut mine).await;
        assert_eq!(started.kind(), "game_started");
        assert_eq!(started.data["game_id"], waiting_id);
        let turn = next(&mut his).await;
        assert_eq!(turn.kind(), "game_started", "Bob, who joined, holds a seat too");
        let turn = next(&mut his).await;
        assert_eq!(turn.kind(), "your_turn", "South (Bob) moves first");
        assert_eq!(turn.data["game_id"], waiting_id);
    }

    async fn a_game_against_a_bot_starts_at_once_and_its_replies_are_your_turns(app) {
        let alice = app.player("alice").await;
        let mut mine = app.me_stream(&alice.token, &[]).await;
        assert_eq!(next(&mut mine).await.kind(), "snapshot");
        let bot = crate::helpers::bots::bot_id(&app, 1).await;
        let body = json!({"opponent": bot, "seat": "north", "first": "south"});
        let created = app.create_game(&alice.token, body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let started = next(&mut mine).await;
        assert_eq!(started.kind(), "game_started", "active at once");
        assert_eq!(started.data["opponent"]["bot"], true);
        let turn = crate::helpers::streams::wait_for(&mut mine, "your_turn", WAIT).await;
        assert_eq!(turn.data["game_id"], id.as_str());
        assert_eq!(turn.data["seat"], "north", "after the bot's first move");
        let game = crate::helpers::bots::after_bot(&app, &id).await;
        assert_eq!(turn.data["ply"], game["ply"]);
    }

    async fn the_stream_needs_a_token_or_a_ticket(app) {
        let response = app.get_stream_response("/v1/me/stream", &[]).await;
        assert_problem(response, 401, "unauthorized").await;
        let response = app
            .get_stream_response("/v1/me/stream", &[("Authorization", "Bearer oq_nonsense")])
            .await;
        assert_problem(response, 401, "unauthorized").await;
        let response = app.get_stream_response("/v1/me/stream?ticket=oq_st_nonsense", &[]).await;
        assert_problem(response, 401, "invalid_ticket").await;
        let unknown = format!("/v1/me/stream?ticket=oq_st_{}", "A".repeat(43));
        assert_problem(app.get_stream_response(&unknown, &[]).await, 401, "invalid_ticket").await;
        let response = app.post_json("/v1/me/stream-tickets", &json!({}), None).await;
        assert_problem(response, 401, "unauthorized").await;
    }
}

// Alice holds more live games than the snapshot lists: the cap on
// waiting games is lifted so that one player can.
on_both_backends! {
    async fn the_snapshot_lists_the_newest_200_live_games_and_says_when_it_leaves_some_out(backend) {
        let Some(app) = TestApp::spawn_with(backend, |s| s.games.max_waiting_games = 0).await
        else {
            return crate::helpers::report_skip(module_path!());
        };
        let alice = app.player("alice").await;
        let bob = app.player("bob").await;
        // A finished game is never listed.
        let over = app
            .create_game(&alice.token, json!({"seat": "south"}))
            .await;
        let over = over["id"].as_str().unwrap().to_owned();
        assert_eq!(
            app.act(&over, "cancel", &alice.token).await.status(),
            StatusCode::OK
        );
        // 150 waiting games of hers, then 51 challenges to her: 201, oldest first.
        let mut created = Vec::new();
        for n in 0..201 {
            let game = if n < 150 {
                app.create_game(&alice.token, json!({"seat": "south"}))
                    .await
            } else {
                app.create_game(&bob.token, json!({"seat": "south", "opponent": alice.id}))
                    .await
            };
            created.push(game["id"].as_str().unwrap().to_owned());
        }
        let snapshot = next(&mut app.me_stream(&alice.token, &[]).await).await;
        assert_eq!(snapshot.data["truncated"], true);
        let (games, challenges) = listed(&snapshot);
        let newest_first: Vec<String> = created.iter().rev().cloned().collect();
        assert_eq!(
            challenges,
            newest_first[..51],
            "the challenges, newest first"
        );
        assert_eq!(
            games,
            newest_first[51..200],
            "her games but the oldest, newest first"
        );

        // 200 exactly: all of them, nothing left out.
        assert_eq!(
            app.act(&created[0], "cancel", &alice.token).await.status(),
            StatusCode::OK
        );
        let snapshot = next(&mut app.me_stream(&alice.token, &[]).await).await;
        assert_eq!(snapshot.data["truncated"], false);
        let (games, challenges) = listed(&snapshot);
        assert_eq!(challenges, newest_first[..51]);
        assert_eq!(games, newest_first[51..200]);
    }
}

/// An app whose Games layer reads a manual clock.
async fn spawn_timed(backend: Backend) -> Option<(TestApp, Arc<ManualTime>)> {
    let time = ManualTime::starting_now();
    let shared = SharedTime::from(time.clone());
    let app = TestApp::spawn_with(backend, |settings| settings.time = shared).await?;
    Some((app, time))
}

async fn a_ticket_opens_one_stream_once_within_its_life(backend: Backend) {
    let Some((app, time)) = spawn_timed(backend).await else {
        crate::helpers::report_skip("me_stream tickets");
        return;
    };
    let alice = app.player("alice").await;
    let issued = app.stream_ticket(&alice.token).await;
    let ticket = issued["ticket"].as_str().unwrap().to_owned();
    assert!(ticket.starts_with("oq_st_"), "{issued}");
    let expires_at: chrono::DateTime<chrono::Utc> =
        issued["expires_at"].as_str().unwrap().parse().unwrap();
    let life = expires_at - time.now();
    assert!(
        life > TimeDelta::seconds(59) && life <= TimeDelta::seconds(60),
        "{life}"
    );
    assert!(
        !app.database_contains(&ticket).await,
        "only its hash is stored"
    );

    let path = format!("/v1/me/stream?ticket={ticket}");
    let mut stream = app.stream(&path, &[]).await;
    assert_eq!(next(&mut stream).await.kind(), "snapshot");
    let again = app.get_stream_response(&path, &[]).await;
    assert_problem(again, 401, "invalid_ticket").await;

    let late = app.stream_ticket(&alice.token).await;
    time.advance(TimeDelta::seconds(61));
    let path = format!("/v1/me/stream?ticket={}", late["ticket"].as_str().unwrap());
    assert_problem(
        app.get_stream_response(&path, &[]).await,
        401,
        "invalid_ticket",
    )
    .await;

    let fresh = app.stream_ticket(&alice.token).await;
    time.advance(TimeDelta::seconds(59));
    let path = format!("/v1/me/stream?ticket={}", fresh["ticket"].as_str().unwrap());
    let mut stream = app
        .stream(&path, &[("Accept", "application/x-ndjson")])
        .await;
    assert_eq!(
        next(&mut stream).await.kind(),
        "snapshot",
        "still alive at 59 s"
    );
}

async fn two_uses_at_once_open_one_stream(backend: Backend) {
    let Some((app, _time)) = spawn_timed(backend).await else {
        crate::helpers::report_skip("me_stream tickets");
        return;
    };
    let alice = app.player("alice").await;
    let ticket = app.stream_ticket(&alice.token).await;
    let path = format!(
        "/v1/me/stream?ticket={}",
        ticket["ticket"].as_str().unwrap()
    );
    let (one, two) = tokio::join!(
        app.get_stream_response(&path, &[]),
        app.get_stream_response(&path, &[])
    );
    let mut statuses = [one.status().as_u16(), two.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 401]);
}

mod tickets {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        a_ticket_opens_one_stream_once_within_its_life(Backend::Sqlite).await;
        two_uses_at_once_open_one_stream(Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn postgres() {
        a_ticket_opens_one_stream_once_within_its_life(Backend::Postgres).await;
        two_uses_at_once_open_one_stream(Backend::Postgres).await;
    }
}

/// In a timed game, `your_turn` carries the deadline the game shows.
async fn your_turn_carries_the_deadline_of_a_timed_game(backend: Backend) {
    let Some((app, time)) = spawn_timed(backend).await else {
        crate::helpers::report_skip("me_stream timed");
        return;
    };
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut mine = app.me_stream(&alice.token, &[]).await;
    assert_eq!(next(&mut mine).await.kind(), "snapshot");
    let created = app
        .create_game(
            &alice.token,
            json!({"seat": "south", "first": "south", "clock": {"initial_s": 120, "increment_s": 2}}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &bob.token).await.status(), StatusCode::OK);
    assert_eq!(next(&mut mine).await.kind(), "game_started");
    let turn = next(&mut mine).await;
    assert_eq!(turn.kind(), "your_turn", "Alice moves first");
    let game = app.game(&id).await;
    assert_eq!(turn.data["deadline"], game["clock"]["deadline"]);
    assert!(turn.data["deadline"].is_string());

    time.advance(TimeDelta::seconds(3));
    play_first_legal(&app, &id, &alice.token).await;
    time.advance(TimeDelta::seconds(4));
    play_first_legal(&app, &id, &bob.token).await;
    let turn = next(&mut mine).await;
    assert_eq!(turn.kind(), "your_turn");
    let game = app.game(&id).await;
    assert_eq!(turn.data["deadline"], game["clock"]["deadline"]);
    assert_eq!(turn.data["clock"], game["clock"]);
    assert_eq!(turn.data["ply"], game["ply"]);
}

/// The kinds and plies of a stream's messages until it is quiet.
async fn rest(stream: &mut EventStream) -> Vec<(String, Value)> {
    let mut seen = Vec::new();
    while let Ok(Some(message)) = tokio::time::timeout(QUIET, stream.next()).await {
        seen.push((message.kind().to_owned(), message.data["version"].clone()));
    }
    seen
}

/// A stream resumed with the cursor of the last event seen is told every
/// event since, from the database, and no snapshot; one resumed earlier
/// is told more. Events further apart than the margin come once.
async fn a_resumed_stream_is_told_what_it_missed(backend: Backend, ndjson: bool) {
    let Some((app, time)) = spawn_timed(backend).await else {
        crate::helpers::report_skip("me_stream resume");
        return;
    };
    let apart = || time.advance(TimeDelta::seconds(10));
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let accept: &[(&str, &str)] = if ndjson {
        &[("Accept", "application/x-ndjson")]
    } else {
        &[]
    };
    let cursor_of = |message: &Message| {
        let cursor = message.data["cursor"].as_str().unwrap().to_owned();
        if !ndjson {
            assert_eq!(
                message.raw_id.as_deref(),
                Some(cursor.as_str()),
                "the SSE id is the cursor"
            );
        }
        cursor
    };
    let mut mine = app.me_stream(&alice.token, accept).await;
    let snapshot = next(&mut mine).await;
    assert_eq!(snapshot.kind(), "snapshot");
    let at_snapshot = cursor_of(&snapshot);

    apart();
    // Bob challenges Alice and moves first; she joins.
    let created = app
        .create_game(
            &bob.token,
            json!({"seat": "south", "first": "south", "opponent": alice.id}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let challenge = next(&mut mine).await;
    assert_eq!(challenge.kind(), "challenge");
    let update = next(&mut mine).await;
    assert_eq!(
        (update.kind(), &update.data["change"]),
        ("challenge_update", &json!("created"))
    );
    apart();
    assert_eq!(app.join(&id, &alice.token).await.status(), StatusCode::OK);
    let started = next(&mut mine).await;
    assert_eq!(started.kind(), "game_started");
    let at_started = cursor_of(&started);
    let update = next(&mut mine).await;
    assert_eq!(
        (update.kind(), &update.data["change"]),
        ("challenge_update", &json!("accepted"))
    );
    let micros = |cursor: &str| cursor.split('.').next().unwrap().parse::<i64>().unwrap();
    assert!(micros(&at_started) > micros(&at_snapshot));
    assert!(
        at_started.ends_with(&format!(".{id}.2")),
        "{at_started}: of the game at version 2"
    );
    drop(mine);

    // Meanwhile: two of Bob's moves (Alice's turn each time), and his resignation.
    apart();
    play_first_legal(&app, &id, &bob.token).await;
    apart();
    play_first_legal(&app, &id, &alice.token).await;
    apart();
    play_first_legal(&app, &id, &bob.token).await;
    apart();
    assert_eq!(
        app.act(&id, "resign", &bob.token).await.status(),
        StatusCode::OK
    );
    apart();

    let missed = [
        ("your_turn".to_owned(), json!(3)),
        ("your_turn".to_owned(), json!(5)),
        ("game_ended".to_owned(), json!(6)),
    ];
    let by_header: Vec<(&str, &str)> = [("Last-Event-ID", at_started.as_str())]
        .into_iter()
        .chain(accept.iter().copied())
        .collect();
    let mut resumed = app.me_stream(&alice.token, &by_header).await;
    assert_eq!(
        rest(&mut resumed).await,
        missed,
        "what it missed, no snapshot, none twice"
    );

    let mut earlier = app.me_stream(&alice.token, &[accept, &[]].concat()).await;
    assert_eq!(
        next(&mut earlier).await.kind(),
        "snapshot",
        "without a cursor: a snapshot"
    );
    drop(earlier);
    let path = format!("/v1/me/stream?since={at_snapshot}");
    let bearer = format!("Bearer {}", alice.token);
    let mut all = vec![("Authorization", bearer.as_str())];
    all.extend_from_slice(accept);
    let mut from_snapshot = app.stream(&path, &all).await;
    // The challenge, accepted since, is told by what became of it and
    // its game_started, not as a challenge still open.
    let mut expected = vec![
        ("challenge_update".to_owned(), json!(1)),
        ("game_started".to_owned(), json!(2)),
        ("challenge_update".to_owned(), json!(2)),
    ];
    expected.extend(missed);
    assert_eq!(
        rest(&mut from_snapshot).await,
        expected,
        "?since= resumes as Last-Event-ID does"
    );

    // A resumed stream follows live changes like any other.
    let rematch = app
        .create_game(&bob.token, json!({"seat": "south", "opponent": alice.id}))
        .await;
    let live = next(&mut resumed).await;
    assert_eq!(live.kind(), "challenge");
    assert_eq!(live.data["game_id"], rematch["id"]);
}

/// Resuming tells again the events of other games stamped within the
/// margin before the last one seen (at least once, never lost), not those
/// of its own game.
async fn events_of_other_games_within_the_margin_may_come_again(backend: Backend) {
    let Some((app, _time)) = spawn_timed(backend).await else {
        crate::helpers::report_skip("me_stream margin");
        return;
    };
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut mine = app.me_stream(&alice.token, &[]).await;
    assert_eq!(next(&mut mine).await.kind(), "snapshot");
    let first = app
        .create_game(&bob.token, json!({"seat": "south", "opponent": alice.id}))
        .await;
    assert_eq!(next(&mut mine).await.data["game_id"], first["id"]);
    let update = next(&mut mine).await;
    assert_eq!(
        (update.kind(), &update.data["game_id"]),
        ("challenge_update", &first["id"])
    );
    let second = app
        .create_game(&bob.token, json!({"seat": "south", "opponent": alice.id}))
        .await;
    let challenge = next(&mut mine).await;
    assert_eq!(challenge.data["game_id"], second["id"]);
    let cursor = challenge.raw_id.clone().unwrap();
    let headers = [
        ("Accept", "application/x-ndjson"),
        ("Last-Event-ID", cursor.as_str()),
    ];
    let mut again = app.me_stream(&alice.token, &headers).await;
    let mut games = Vec::new();
    while let Ok(Some(message)) = tokio::time::timeout(QUIET, again.next()).await {
        games.push((message.kind().to_owned(), message.data["game_id"].clone()));
    }
    assert_eq!(
        games,
        [
            ("challenge".to_owned(), first["id"].clone()),
            ("challenge_update".to_owned(), first["id"].clone()),
        ],
        "the other game's challenge again, not this one's"
    );
}

async fn a_bad_cursor_is_refused_before_the_stream_opens(backend: Backend) {
    let Some((app, _time)) = spawn_timed(backend).await else {
        return;
    };
    let alice = app.player("alice").await;
    let bearer = format!("Bearer {}", alice.token);
    let response = app
        .get_stream_response(
            "/v1/me/stream",
            &[("Authorization", &bearer), ("Last-Event-ID", "yesterday")],
        )
        .await;
    assert_problem(response, 400, "invalid_header").await;
    let response = app
        .get_stream_response("/v1/me/stream?since=-3", &[("Authorization", &bearer)])
        .await;
    assert_problem(response, 400, "invalid_query").await;
}

mod resume {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        a_resumed_stream_is_told_what_it_missed(Backend::Sqlite, false).await;
        a_resumed_stream_is_told_what_it_missed(Backend::Sqlite, true).await;
        events_of_other_games_within_the_margin_may_come_again(Backend::Sqlite).await;
        a_bad_cursor_is_refused_before_the_stream_opens(Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn postgres() {
        a_resumed_stream_is_told_what_it_missed(Backend::Postgres, false).await;
        a_resumed_stream_is_told_what_it_missed(Backend::Postgres, true).await;
        events_of_other_games_within_the_margin_may_come_again(Backend::Postgres).await;
        a_bad_cursor_is_refused_before_the_stream_opens(Backend::Postgres).await;
    }
}

mod timed {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        your_turn_carries_the_deadline_of_a_timed_game(Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn postgres() {
        your_turn_carries_the_deadline_of_a_timed_game(Backend::Postgres).await;
    }
}
