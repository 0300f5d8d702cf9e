//! A game's stream under races ("never miss one, in order,
//! exactly once"): many games played as fast as two players can post,
//! each followed by subscribers that open at random moments (right before
//! or after a move, with a snapshot or resuming from a version) and some
//! that drop and come back with `Last-Event-ID` mid-game. Every subscriber
//! must see every change after its starting point exactly once, in
//! version order, each within [`ON_TIME`] of the later of the POST's
//! answer and its own connection, and the game's final `ended`.
//!
//! `STREAM_RACE_SEED=n` replays one run; `STREAM_RACE_ROUNDS=n` plays more
//! rounds (the committed default stays well under 20 s).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::helpers::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::watch;
use tokio::time::Instant;

const GAMES: usize = 10;
const SUBSCRIBERS_PER_GAME: usize = 4;
/// Plies after which a game still going is resigned.
const MAX_PLIES: i64 = 24;
/// How late a change may reach a subscriber.
const ON_TIME: Duration = Duration::from_secs(2);
/// How long one round may take in all.
const ROUND_LIMIT: Duration = Duration::from_secs(30);

/// A small deterministic generator (SplitMix64).
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What the players did to one game: when each version's POST answered,
/// and the version reached so far (final once `done`).
#[derive(Default)]
struct Timeline {
    answered: Mutex<HashMap<i64, Instant>>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Progress {
    version: i64,
    done: bool,
}

/// One message as a subscriber got it.
#[derive(Debug)]
struct Received {
    version: i64,
    kind: String,
    move_ply: Option<i64>,
    at: Instant,
    /// When the connection that carried it was asked for.
    opened: Instant,
}

/// How a subscriber starts, and when it drops its connection.
#[derive(Debug)]
struct Plan {
    /// Opens once the game reached this version.
    open_at: i64,
    /// Then waits this long (0: right after the POST answered).
    jitter: Duration,
    /// Resumes from this many versions back (`?since=`) instead of a snapshot.
    back: Option<i64>,
    /// Asks for compressed answers, as a browser does (the stream must
    /// still come event by event).
    compressed: bool,
    /// Reconnects with `Last-Event-ID` after every this many messages.
    reconnect_every: Option<usize>,
}

impl Plan {
    fn random(rng: &mut Rng) -> Plan {
        Plan {
            open_at: 1 + rng.below(MAX_PLIES as u64 + 2) as i64,
            jitter: Duration::from_micros(rng.below(3) * rng.below(2_000)),
            back: (rng.below(3) == 0).then(|| rng.below(3) as i64),
            compressed: rng.below(2) == 0,
            reconnect_every: (rng.below(2) == 0).then(|| 1 + rng.below(5) as usize),
        }
    }
}

struct Subscriber {
    plan: Plan,
    /// The version it started from: its snapshot's or its `since`.
    start: i64,
    snapshot_final: bool,
    received: Vec<Received>,
}

async fn subscribe(
    app: Arc<TestApp>,
    game: String,
    plan: Plan,
    mut progress: watch::Receiver<Progress>,
) -> Subscriber {
    let reached = *progress
        .wait_for(|p| p.version >= plan.open_at || p.done)
        .await
        .expect("the players are there");
    tokio::time::sleep(plan.jitter).await;
    let path = format!("/v1/games/{game}/stream");
    let mut subscriber = Subscriber {
        start: 0,
        snapshot_final: false,
        received: Vec::new(),
        plan,
    };
    let mut resume = subscriber
        .plan
        .back
        .map(|back| (reached.version - back).max(1));
    if let Some(since) = resume {
        subscriber.start = since;
    }
    loop {
        let opened = Instant::now();
        let header = resume.map(|v| v.to_string());
        let mut headers: Vec<(&str, &str)> = header
            .iter()
            .map(|v| ("Last-Event-ID", v.as_str()))
            .collect();
        if subscriber.plan.compressed {
            headers.push(("Accept-Encoding", "gzip, deflate, br, zstd"));
        }
        let response = app.get_stream_response(&path, &headers).await;
        if response.status() == StatusCode::NO_CONTENT {
            // A resumption of a game over with nothing left to replay.
            return subscriber;
        }
        let mut stream = crate::helpers::streams::EventStream::new(response);
        let mut on_this_connection = 0;
        loop {
            let Some(message) = stream.next().await else {
                return subscriber;
            };
            let version = message.id.expect("every game event has an id");
            if message.kind() == "snapshot" {
                subscriber.start = version;
                subscriber.snapshot_final = message.data["game"]["status"] != "active"
                    && message.data["game"]["status"] != "waiting";
            } else {
                subscriber.received.push(Received {
                    version,
                    kind: message.kind().to_owned(),
                    move_ply: message.data["move"]["ply"].as_i64(),
                    at: Instant::now(),
                    opened,
                });
            }
            resume = Some(version);
            on_this_connection += 1;
            // A connection is lost between two reads, not inside one: the
            // move that ends a game and its `ended` share their id, and
            // must come in one write for a resumption from it to be whole.
            if subscriber
                .plan
                .reconnect_every
                .is_some_and(|every| on_this_connection >= every)
                && !stream.has_buffered()
            {
                break;
            }
        }
    }
}

/// Plays one game as fast as its two players can post, alternately.
async fn play(
    app: &TestApp,
    rng: &mut Rng,
    game: &crate::helpers::games::Match,
    timeline: &Timeline,
    progress: &watch::Sender<Progress>,
) {
    let mark = |version: i64| {
        timeline
            .answered
            .lock()
            .unwrap()
            .insert(version, Instant::now());
        progress.send_replace(Progress {
            version,
            done: false,
        });
    };
    let joined = app.join(&game.id, &game.north.token).await;
    assert_eq!(joined.status(), StatusCode::OK);
    mark(2);
    let mut state = app.game(&game.id).await;
    while state["status"] == "active" {
        let seat = state["to_move"].as_str().unwrap().to_owned();
        let response = if state["ply"].as_i64().unwrap() >= MAX_PLIES {
            app.act(&game.id, "resign", game.token_of(&seat)).await
        } else {
            let legal = state["legal_moves"].as_array().unwrap();
            let notation = legal[rng.below(legal.len() as u64) as usize].clone();
            app.play(&game.id, game.token_of(&seat), json!({ "move": notation }))
                .await
        };
        assert!(response.status().is_success(), "{}", response.status());
        let body: Value = response.json().await.unwrap();
        state = if body["game"].is_object() {
            body["game"].clone()
        } else {
            body
        };
        mark(state["version"].as_i64().unwrap());
    }
    progress.send_modify(|p| p.done = true);
}

/// What each subscriber of a game must have seen, checked; the problems found.
fn check(
    game: &str,
    timeline: &Timeline,
    last: i64,
    subscriber: &Subscriber,
    slowest: &mut Duration,
) -> Vec<String> {
    let answered = timeline.answered.lock().unwrap();
    let mut problems = Vec::new();
    let mut seen = subscriber.start;
    let mut previous_kind = String::new();
    for got in &subscriber.received {
        let pair = got.kind == "ended" && previous_kind == "move" && got.version == seen;
        if got.version != seen + 1 && !pair {
            problems.push(format!(
                "{game} {:?}: after version {seen} came {} ({}), from {:?}",
                subscriber.plan,
                got.version,
                got.kind,
                subscriber
                    .received
                    .iter()
                    .map(|r| (r.version, r.kind.as_str()))
                    .collect::<Vec<_>>()
            ));
        }
        if got.kind == "move" && got.move_ply != Some(got.version - 2) {
            problems.push(format!(
                "{game}: move {:?} at version {}",
                got.move_ply, got.version
            ));
        }
        let due = answered.get(&got.version).copied().unwrap_or(got.opened);
        let late = got.at.saturating_duration_since(due.max(got.opened));
        *slowest = late.max(*slowest);
        if late > ON_TIME {
            problems.push(format!(
                "{game} {:?}: version {} ({}) arrived {late:?} after its POST answered",
                subscriber.plan, got.version, got.kind
            ));
        }
        seen = got.version;
        previous_kind = got.kind.clone();
    }
    let finished = subscriber.snapshot_final && subscriber.received.is_empty();
    if seen != last || !(finished || previous_kind == "ended" || subscriber.start == last) {
        problems.push(format!(
            "{game} {:?}: ended at version {seen} ({previous_kind}) of {last}, started at {}",
            subscriber.plan, subscriber.start
        ));
    }
    problems
}

async fn round(app: Arc<TestApp>, seed: u64, slowest: &mut Duration) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut games = Vec::new();
    for n in 0..GAMES {
        let south = app.player(&format!("s{:x}g{n}", seed & 0xff_ffff)).await;
        let north = app.player(&format!("n{:x}g{n}", seed & 0xff_ffff)).await;
        let created = app
            .create_game(&south.token, json!({"seat": "south", "first": "south"}))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let game = crate::helpers::games::Match { id, south, north };
        let (progress, _) = watch::channel(Progress {
            version: 1,
            done: false,
        });
        let subscribers: Vec<_> = (0..SUBSCRIBERS_PER_GAME)
            .map(|_| {
                tokio::spawn(subscribe(
                    app.clone(),
                    game.id.clone(),
                    Plan::random(&mut rng),
                    progress.subscribe(),
                ))
            })
            .collect();
        let player = {
            let app = app.clone();
            let mut rng = Rng(rng.next());
            let game = game.clone();
            let progress = progress.clone();
            tokio::spawn(async move {
                let timeline = Timeline::default();
                play(&app, &mut rng, &game, &timeline, &progress).await;
                timeline
            })
        };
        games.push((game.id, player, subscribers, progress));
    }
    let mut problems = Vec::new();
    for (id, player, subscribers, progress) in games {
        let timeline = player.await.expect("the players finished");
        let last = progress.borrow().version;
        for subscriber in subscribers {
            let subscriber = subscriber.await.expect("a subscriber finished");
            problems.extend(check(&id, &timeline, last, &subscriber, slowest));
        }
    }
    problems
}

async fn race(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |settings| {
        settings.rate_limit.per_second = 0;
        settings.network.max_connections_per_ip = 0;
        settings.streams.max_per_ip = 10_000;
    })
    .await
    else {
        crate::helpers::report_skip("stream_race");
        return;
    };
    let app = Arc::new(app);
    let seed = std::env::var("STREAM_RACE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    let rounds: u64 = std::env::var("STREAM_RACE_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut slowest = Duration::ZERO;
    for n in 0..rounds {
        let seed = seed.wrapping_add(n);
        let problems = tokio::time::timeout(ROUND_LIMIT, round(app.clone(), seed, &mut slowest))
            .await
            .unwrap_or_else(|_| panic!("round with seed {seed} did not finish in time"));
        assert!(
            problems.is_empty(),
            "seed {seed} ({backend:?}): {} problems:\n{}",
            problems.len(),
            problems.join("\n")
        );
    }
    println!("{backend:?}: {rounds} rounds from seed {seed}, slowest delivery {slowest:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_subscriber_sees_every_change_once_in_order_sqlite() {
    race(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_subscriber_sees_every_change_once_in_order_postgres() {
    race(Backend::Postgres).await;
}
