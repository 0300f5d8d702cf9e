//! A tournament's stream: a round-robin of four played out (South resigns
//! every game, one at a time) while clients follow it in SSE and NDJSON,
//! on the node that plays it and, on PostgreSQL, on another node. The
//! messages expected are worked out here from the games the tournament
//! lists and the order they are resigned in.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::streams::{EventStream, Message};
use crate::helpers::{assert_problem, Backend, TestApp};
use crate::tournaments::{act, create, entrants, games_of, tournament};

const WAIT: Duration = Duration::from_secs(10);

/// The next message that is not a heartbeat.
async fn next(stream: &mut EventStream) -> Message {
    stream.next_within(WAIT).await.expect("the stream is open")
}

/// Reads `n` messages and checks their types are `kinds`.
async fn expect(stream: &mut EventStream, kinds: &[&str]) -> Vec<Message> {
    let mut seen = Vec::new();
    for _ in kinds {
        seen.push(next(stream).await);
    }
    let got: Vec<&str> = seen.iter().map(Message::kind).collect();
    assert_eq!(got, kinds, "messages {seen:?}");
    seen
}

/// Resigns `game` as its South.
async fn resign_south(app: &TestApp, game: &Value, tokens: &HashMap<String, String>) {
    let game_id = game["id"].as_str().unwrap();
    let south = game["players"]["south"]["id"].as_str().unwrap();
    let response = app
        .request(
            reqwest::Method::POST,
            &format!("/v1/games/{game_id}/resign"),
        )
        .bearer_auth(&tokens[south])
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

/// Plays a round-robin of four through `actor` while `watcher` streams
/// it (in SSE, and `ndjson` too); checks every message; answers the
/// tournament's id and the final version.
async fn play_and_watch(actor: &TestApp, watcher: &TestApp) -> (String, i64) {
    let (players, tokens) = entrants(actor, 4).await;
    let created = create(actor, &players[0], json!({"format": "round_robin"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    for player in &players {
        assert_eq!(
            act(actor, &id, "join", player).await.status(),
            StatusCode::OK
        );
    }
    let path = format!("/v1/tournaments/{id}/stream");
    let mut sse = watcher.stream(&path, &[]).await;
    let mut ndjson = watcher
        .stream(&path, &[("Accept", "application/x-ndjson")])
        .await;
    let mut all = Vec::new();

    let snapshot = expect(&mut sse, &["snapshot"]).await.remove(0);
    assert_eq!(snapshot.event.as_deref(), Some("snapshot"));
    assert_eq!(snapshot.id, Some(0));
    assert_eq!(snapshot.data["version"], 0);
    assert_eq!(snapshot.data["tournament"], tournament(actor, &id).await);
    assert_eq!(snapshot.data["tournament"]["status"], "registering");
    assert_eq!(
        snapshot.data["tournament"]["players"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    all.push(snapshot);

    assert_eq!(
        act(actor, &id, "start", &players[0]).await.status(),
        StatusCode::OK
    );
    let mut version = 0;
    // Each round: its two boards paired, then each game resigned by South
    // in board order, its result told before the next is resigned.
    for round in 1..=3u32 {
        let games = games_of(actor, &id).await;
        let current = &games[2 * (round as usize - 1)..];
        assert_eq!(current.len(), 2, "round {round} has two games");
        if round == 1 {
            let start = expect(&mut sse, &["pairing", "pairing", "standings"]).await;
            check_pairings(&start[..2], current, round, &mut version);
            check_standings(&start[2], version, round);
            all.extend(start);
        } else {
            // Paired by the end of the round before: already read.
        }
        for (board, game) in current.iter().enumerate() {
            resign_south(actor, game, &tokens).await;
            let ended = next(&mut sse).await;
            version += 1;
            assert_eq!(ended.kind(), "game_ended", "{ended:?}");
            assert_eq!(ended.id, Some(version));
            assert_eq!(ended.data["version"], version);
            assert_eq!(ended.data["round"], round);
            assert_eq!(ended.data["board"], board as u64 + 1);
            assert_eq!(ended.data["game_id"], game["id"]);
            assert_eq!(ended.data["result"], "north_won");
            assert_eq!(ended.data["south_points"], 0.0);
            assert_eq!(ended.data["north_points"], 1.0);
            assert_eq!(ended.data["south"]["id"], game["players"]["south"]["id"]);
            assert_eq!(ended.data["north"]["id"], game["players"]["north"]["id"]);
            all.push(ended);
            let last_of_round = board == 1;
            if last_of_round && round < 3 {
                let paired = expect(&mut sse, &["pairing", "pairing", "standings"]).await;
                let next_games = games_of(actor, &id).await;
                let next_round = &next_games[2 * round as usize..];
                check_pairings(&paired[..2], next_round, round + 1, &mut version);
                check_standings(&paired[2], version, round + 1);
                all.extend(paired);
            } else if last_of_round {
                let finished = next(&mut sse).await;
                version += 1;
                assert_eq!(finished.kind(), "finished", "{finished:?}");
                assert_eq!(finished.id, Some(version));
                assert_eq!(finished.data["status"], "finished");
                all.push(finished);
            } else {
                let standings = next(&mut sse).await;
                check_standings(&standings, version, round);
                all.push(standings);
            }
        }
    }
    assert_eq!(version, 13, "6 boards paired, 6 results, the end");
    assert!(
        sse.ends_within(WAIT).await,
        "the stream ends after finished"
    );

    // The final standings: South resigned every game, so each player has
    // as many points as games played as North.
    let mut points: HashMap<String, f64> = HashMap::new();
    for game in games_of(actor, &id).await {
        *points
            .entry(game["players"]["north"]["id"].as_str().unwrap().to_owned())
            .or_default() += 1.0;
    }
    let finished = &all.last().unwrap().data;
    let standings = finished["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    for line in standings {
        let player = line["player"]["id"].as_str().unwrap();
        assert_eq!(
            line["points"],
            points.get(player).copied().unwrap_or(0.0),
            "{line}"
        );
        assert_eq!(line["games"], 3);
    }
    let over = tournament(actor, &id).await;
    assert_eq!(finished["standings"], over["standings"]);
    assert_eq!(finished["finished_at"], over["finished_at"]);

    // NDJSON: the same payloads but `standings`, in the same order, then
    // the end. A stream may read two changes at once (here, when it read
    // the first after the second committed): then it says the standings
    // once, after both.
    let counted = |m: &&Message| m.kind() != "standings";
    let mut lines = Vec::new();
    while let Some(line) = ndjson.next_within(WAIT).await {
        lines.push(line);
    }
    assert!(ndjson.ended, "the NDJSON stream ends too");
    let sse_data: Vec<&Value> = all.iter().filter(counted).map(|m| &m.data).collect();
    let ndjson_data: Vec<&Value> = lines.iter().filter(counted).map(|m| &m.data).collect();
    assert_eq!(ndjson_data, sse_data);
    let mut before = 0;
    for line in &lines {
        let version = line.data["version"].as_i64().unwrap();
        if line.kind() == "standings" {
            assert_eq!(version, before, "standings repeat the version before");
        }
        before = version;
    }
    assert_typed(watcher, &all).await;
    (id, version)
}

/// Each message has exactly the fields of the schema its `type` names in
/// the spec's `TournamentStreamEvent`.
async fn assert_typed(app: &TestApp, messages: &[Message]) {
    let spec: Value = app.get("/openapi.json").await.json().await.unwrap();
    let schemas = &spec["components"]["schemas"];
    let mapping = &schemas["TournamentStreamEvent"]["discriminator"]["mapping"];
    for message in messages {
        let target = mapping[message.kind()].as_str().expect("a mapped type");
        let name = target.trim_start_matches("#/components/schemas/");
        let mut fields: Vec<&String> = schemas[name]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        let mut sent: Vec<&String> = message.data.as_object().unwrap().keys().collect();
        fields.sort();
        sent.sort();
        assert_eq!(sent, fields, "{}", message.kind());
    }
}

fn check_pairings(messages: &[Message], games: &[Value], round: u32, version: &mut i64) {
    for (board, (message, game)) in messages.iter().zip(games).enumerate() {
        *version += 1;
        assert_eq!(message.id, Some(*version));
        assert_eq!(message.event.as_deref(), Some("pairing"));
        let data = &message.data;
        assert_eq!(data["version"], *version);
        assert_eq!(data["round"], round);
        assert_eq!(data["board"], board as u64 + 1);
        assert_eq!(data["game_id"], game["id"]);
        assert_eq!(data["south"]["id"], game["players"]["south"]["id"]);
        assert_eq!(data["north"]["id"], game["players"]["north"]["id"]);
        assert_eq!(data["south_points"], Value::Null);
        assert_eq!(game["status"], "active");
    }
}

fn check_standings(message: &Message, version: i64, round: u32) {
    assert_eq!(message.kind(), "standings", "{message:?}");
    assert_eq!(
        message.id,
        Some(version),
        "standings repeat the version before"
    );
    assert_eq!(message.data["version"], version);
    assert_eq!(message.data["status"], "running");
    assert_eq!(message.data["round"], round);
    assert_eq!(message.data["standings"].as_array().unwrap().len(), 4);
}

backend_tests! {
    /// A client streaming a round-robin of four sees its snapshot, every
    /// pairing, every result, the standings after each, and its end; a
    /// reconnection after the end is told to stop; a new stream of a
    /// tournament over is its snapshot, and ends.
    async fn a_round_robin_of_four_is_followed_live(app) {
        let (id, version) = play_and_watch(&app, &app).await;
        let path = format!("/v1/tournaments/{id}/stream");
        let last = version.to_string();
        let resumed = app.get_stream_response(&path, &[("Last-Event-ID", last.as_str())]).await;
        assert_eq!(resumed.status(), StatusCode::NO_CONTENT);
        let earlier = (version - 3).to_string();
        let mut again = app.stream(&path, &[("Last-Event-ID", earlier.as_str())]).await;
        let snapshot = next(&mut again).await;
        assert_eq!(snapshot.kind(), "snapshot");
        assert_eq!(snapshot.id, Some(version));
        assert_eq!(snapshot.data["tournament"]["status"], "finished");
        assert!(again.ends_within(WAIT).await);
    }
}

backend_tests! {
    /// Players entering a registering tournament come as new snapshots;
    /// a cancellation ends the stream with `finished`.
    async fn entries_are_snapshots_and_a_cancellation_ends_the_stream(app) {
        let (players, _) = entrants(&app, 2).await;
        let created = create(&app, &players[0], json!({"format": "round_robin"})).await;
        let id = created["id"].as_str().unwrap();
        let mut stream = app.stream(&format!("/v1/tournaments/{id}/stream"), &[]).await;
        let first = expect(&mut stream, &["snapshot"]).await;
        assert_eq!(first[0].data["tournament"]["players"], json!([]));
        assert_eq!(act(&app, id, "join", &players[1]).await.status(), StatusCode::OK);
        let entered = expect(&mut stream, &["snapshot"]).await;
        let listed = &entered[0].data["tournament"]["players"];
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert_eq!(listed[0]["id"], players[1].id.as_str());
        assert_eq!(entered[0].data["version"], 0);
        assert_eq!(act(&app, id, "cancel", &players[0]).await.status(), StatusCode::OK);
        let over = expect(&mut stream, &["finished"]).await;
        assert_eq!(over[0].data["status"], "cancelled");
        assert_eq!(over[0].data["version"], 1);
        assert!(stream.ends_within(WAIT).await);
    }
}

backend_tests! {
    /// An unknown tournament is 404, a bad id 400, a bad `Last-Event-ID` 400.
    async fn a_stream_of_no_tournament_is_refused(app) {
        assert_problem(app.get_stream_response("/v1/tournaments/AAAAAAAAAA/stream", &[]).await, 404, "tournament_not_found").await;
        assert_problem(app.get_stream_response("/v1/tournaments/nope/stream", &[]).await, 400, "invalid_path_parameter").await;
        let (players, _) = entrants(&app, 1).await;
        let created = create(&app, &players[0], json!({"format": "round_robin"})).await;
        let path = format!("/v1/tournaments/{}/stream", created["id"].as_str().unwrap());
        assert_problem(app.get_stream_response(&path, &[("Last-Event-ID", "x")]).await, 400, "invalid_header").await;
    }
}

/// Two nodes on one PostgreSQL: the tournament is joined, started and
/// played through node A; a client of node B sees every message.
#[tokio::test]
async fn a_tournament_played_on_node_a_is_followed_on_node_b() {
    let Some(a) = TestApp::spawn(Backend::Postgres).await else {
        crate::helpers::report_skip("tournaments_stream");
        return;
    };
    let b = a.sibling().await;
    let (_, version) = play_and_watch(&a, &b).await;
    assert_eq!(version, 13);
}
