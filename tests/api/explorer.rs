//! GET /v1/explorer: the opening explorer's counts equal an aggregation
//! made here, over the positions each finished game's exported record
//! says it went through; the rebuild gives the same counts.

use std::collections::{BTreeMap, BTreeSet};

use crate::helpers::games::{Match, Player};
use crate::helpers::lines::random_line;
use crate::helpers::records::export_json;
use crate::helpers::{assert_problem, TestApp};
use chrono::{DateTime, Utc};
use oanquan::engine::{Position, Preset, Seat};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The openings played: who moves first, and the first moves.
const OPENINGS: [(&str, &[&str]); 5] = [
    ("south", &["3R", "2L"]),
    ("south", &["3R", "4R"]),
    ("south", &["1L", "3R"]),
    ("south", &["5R"]),
    ("north", &["2L", "3R"]),
];

/// A game as played and as its record tells it.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    pub(crate) id: String,
    /// Each position reached (notation without the ply) and the move
    /// played in it; `None` in the last.
    pub(crate) visits: Vec<(String, Option<String>)>,
    winner: String,
    /// South's and North's final scores.
    scores: [i64; 2],
    rated: bool,
    /// Whether the game had a clock.
    timed: bool,
    finished_at: DateTime<Utc>,
}

/// The explorer's counts of a position or of one move from it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: i64,
    south_wins: i64,
    north_wins: i64,
    draws: i64,
    /// The sum of the mover's score minus the other's, over the games.
    difference: i64,
}

impl Tally {
    fn add(&mut self, game: &Played, mover_is_south: bool) {
        self.games += 1;
        match game.winner.as_str() {
            "south" => self.south_wins += 1,
            "north" => self.north_wins += 1,
            _ => self.draws += 1,
        }
        let (own, other) = if mover_is_south { (0, 1) } else { (1, 0) };
        self.difference += game.scores[own] - game.scores[other];
    }
}

pub(crate) fn key(notation: &str) -> String {
    notation.rsplit_once(' ').unwrap().0.to_owned()
}

/// What the explorer should answer for `position`: over `games`, the ones
/// that reached it, and per move the ones that played it there.
fn expected(games: &[&Played], position: &str) -> (Tally, BTreeMap<String, Tally>) {
    let mover_is_south = position.split(' ').nth(1) == Some("s");
    let mut total = Tally::default();
    let mut moves: BTreeMap<String, Tally> = BTreeMap::new();
    for game in games {
        let here: Vec<_> = game.visits.iter().filter(|(p, _)| p == position).collect();
        if here.is_empty() {
            continue;
        }
        total.add(game, mover_is_south);
        let played: BTreeSet<&String> = here.iter().filter_map(|(_, m)| m.as_ref()).collect();
        for m in played {
            moves
                .entry(m.clone())
                .or_default()
                .add(game, mover_is_south);
        }
    }
    (total, moves)
}

/// The explorer's answer as tallies (the mean difference times the games).
fn tallies(answer: &Value) -> (Tally, BTreeMap<String, Tally>) {
    let tally = |v: &Value, difference: i64| Tally {
        games: v["games"].as_i64().unwrap(),
        south_wins: v["south_wins"].as_i64().unwrap(),
        north_wins: v["north_wins"].as_i64().unwrap(),
        draws: v["draws"].as_i64().unwrap(),
        difference,
    };
    let mut moves = BTreeMap::new();
    for m in answer["moves"].as_array().unwrap() {
        let games = m["games"].as_f64().unwrap();
        let mean = m["average_score_difference"].as_f64().unwrap();
        let difference = (mean * games).round() as i64;
        assert!((difference as f64 - mean * games).abs() < 1e-6, "{m}");
        moves.insert(m["move"].as_str().unwrap().to_owned(), tally(m, difference));
    }
    (tally(answer, 0), moves)
}

pub(crate) async fn explore(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/v1/explorer?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    response.json().await.unwrap()
}

/// Checks the explorer at `position` against the games, through `query`.
pub(crate) async fn check(app: &TestApp, games: &[&Played], position: &str, query: &str) -> Value {
    let answer = explore(app, query).await;
    assert_eq!(
        key(answer["position"].as_str().unwrap()),
        position,
        "{query}"
    );
    let (mut total, moves) = expected(games, position);
    total.difference = 0;
    assert_eq!(tallies(&answer), (total, moves), "{query}");
    answer
}

/// Plays game `i`: its opening, then random moves; most end by a
/// resignation (before each side made two moves, an abort), every fourth
/// runs to its end. Returns the game if it finished.
pub(crate) async fn play_game(
    app: &TestApp,
    south: &Player,
    north: &Player,
    i: usize,
) -> Option<Played> {
    let (first, opening) = OPENINGS[i % OPENINGS.len()];
    let game = app
        .create_game(
            &south.token,
            json!({"rules": {"preset": "classic"}, "seat": "south", "first": first, "rated": i % 3 == 0}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(app.join(&id, &north.token).await.status(), StatusCode::OK);
    let first_seat = if first == "south" {
        Seat::South
    } else {
        Seat::North
    };
    let mut position = Position::start(Preset::Classic.rules(), first_seat);
    let mut line: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
    for m in &line {
        position = position.play(m.parse().unwrap()).expect("a legal opening");
    }
    let extra = if i % 4 == 0 { 10_000 } else { 2 + i % 3 };
    line.extend(random_line(position, i as u64, extra));
    let game = Match {
        id: id.clone(),
        south: south.clone(),
        north: north.clone(),
    };
    let mut state = app.play_line(&game, &line).await;
    if state["status"] == "active" {
        let loser = if i % 2 == 0 { south } else { north };
        let response = app.act(&id, "resign", &loser.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        state = app.game(&id).await;
    }
    if state["status"] != "finished" {
        assert_eq!(state["status"], "aborted", "{state}");
        return None;
    }
    let record = export_json(app, &id).await;
    let mut visits = Vec::new();
    let mut before = state["start_position"].as_str().unwrap().to_owned();
    for m in record["moves"].as_array().unwrap() {
        visits.push((
            key(&before),
            Some(m["notation"].as_str().unwrap().to_owned()),
        ));
        before = m["position_after"].as_str().unwrap().to_owned();
    }
    visits.push((key(&before), None));
    let result = &state["result"];
    Some(Played {
        id,
        visits,
        winner: result["winner"].as_str().unwrap().to_owned(),
        scores: [
            result["scores"]["south"].as_i64().unwrap(),
            result["scores"]["north"].as_i64().unwrap(),
        ],
        rated: state["rated"].as_bool().unwrap(),
        timed: !state["time_control"].is_null(),
        finished_at: state["finished_at"].as_str().unwrap().parse().unwrap(),
    })
}

/// The start's key and each opening's positions, as queried by `play`.
fn lines_to_check() -> Vec<(String, String)> {
    let mut checks = Vec::new();
    for (first, opening) in OPENINGS {
        let seat = if first == "south" {
            Seat::South
        } else {
            Seat::North
        };
        let mut position = Position::start(Preset::Classic.rules(), seat);
        for n in 0..=opening.len() {
            let query = format!("first={first}&play={}", opening[..n].join(","));
            checks.push((key(&position.to_string()), query));
            if let Some(m) = opening.get(n) {
                position = position.play(m.parse().unwrap()).unwrap();
            }
        }
    }
    checks
}

backend_tests! {
    async fn explorer_counts_equal_the_games_played(app) {
        let south = app.player("Lan").await;
        let north = app.player("Minh").await;
        let mut played = Vec::new();
        for i in 0..40 {
            if let Some(game) = play_game(&app, &south, &north, i).await {
                played.push(game);
            }
        }
        // A game still under way counts nowhere.
        let under_way = app.active_game(json!({"preset": "classic"})).await;
        app.play_line(&under_way, &["3R".to_owned(), "2L".to_owned()]).await;
        assert!(played.len() >= 30, "{} finished", played.len());
        let all: Vec<&Played> = played.iter().collect();

        let start = key(&Position::start(Preset::Classic.rules(), Seat::South).to_string());
        let answer = check(&app, &all, &start, "preset=classic").await;
        assert!(answer["games"].as_i64().unwrap() >= 24, "{answer}");
        let mut answers = vec![answer];
        for (position, query) in lines_to_check() {
            answers.push(check(&app, &all, &position, &query).await);
            // Counted from the rows (a time inside a month) and from the
            // buckets (whole months): the same.
            check(&app, &all, &position, &format!("{query}&since=2000-01-01T00%3A00%3A00.5Z")).await;
            check(&app, &all, &position, &format!("{query}&until=2100-01-01T00%3A00%3A00Z")).await;
            check(&app, &[], &position, &format!("{query}&since=2100-01-01T00%3A00%3A00Z")).await;
        }
        // Deeper positions, named by their notation, as the records reached them.
        for game in played.iter().step_by(5) {
            let before_end = &game.visits[..game.visits.len() - 1];
            for (position, _) in before_end.iter().skip(3).step_by(7).take(3) {
                let at = answers.len() % 9 + 1;
                let notation = format!("{position} {at}");
                let query = format!("position={}", notation.replace(' ', "%20").replace(':', "%3A"));
                answers.push(check(&app, &all, position, &query).await);
            }
        }
        // Filters: rated, speed, finished since.
        let rated: Vec<&Played> = played.iter().filter(|g| g.rated).collect();
        let unrated: Vec<&Played> = played.iter().filter(|g| !g.rated).collect();
        assert!(!rated.is_empty() && !unrated.is_empty());
        check(&app, &rated, &start, "rated=true").await;
        let answer = check(&app, &unrated, &start, "rated=false").await;
        for m in answer["moves"].as_array().unwrap() {
            assert_eq!(m["average_rating"], Value::Null, "{m}");
        }
        let untimed: Vec<&Played> = played.iter().filter(|g| !g.timed).collect();
        let timed: Vec<&Played> = played.iter().filter(|g| g.timed).collect();
        check(&app, &untimed, &start, "speed=unlimited").await;
        // A rated game's clock is 10 minutes and 5 seconds a move: 600 +
        // 40 × 5 = 800 seconds, rapid.
        assert!(!timed.is_empty());
        check(&app, &timed, &start, "speed=rapid").await;
        check(&app, &[], &start, "speed=blitz").await;
        let since = played[played.len() / 2].finished_at;
        let later: Vec<&Played> = played.iter().filter(|g| g.finished_at >= since).collect();
        let since = since.to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
        let query = format!("since={}", since.replace(':', "%3A"));
        check(&app, &later, &start, &query).await;
        check(&app, &[], &start, "preset=village").await;
        let recent = &answers[0]["recent_games"];
        assert_eq!(recent.as_array().unwrap().len(), 8, "{recent}");

        // The rebuild writes the same counts.
        let rebuilt = oanquan::explorer::rebuild_explorer(&app.store).await.unwrap();
        assert_eq!(rebuilt.games, played.len() as u64);
        let rows: usize = played.iter().map(|g| g.visits.len()).sum();
        assert_eq!(rebuilt.rows, rows as u64);
        assert_eq!(explore(&app, "preset=classic").await, answers[0]);
        for ((_, query), before) in lines_to_check().iter().zip(&answers[1..]) {
            assert_eq!(&explore(&app, query).await, before, "{query}");
        }
    }

    async fn a_filter_inside_a_bucket_is_refused_where_many_games_passed(app) {
        let south = app.player("Lan").await;
        let north = app.player("Minh").await;
        let mut i = 0;
        while play_game(&app, &south, &north, i).await.is_none() {
            i += 1;
        }
        let inside = "preset=classic&since=2000-01-01T00%3A00%3A00.5Z";
        let aligned = "preset=classic&since=2000-01-01T00%3A00%3A00Z";
        let few = explore(&app, inside).await;
        assert_eq!(few["games"], 1, "{few}");
        assert_eq!(explore(&app, aligned).await["games"], 1);
        // 5,000 more games (one bucket's count; the rows are not read) at
        // every position the game passed: one past the rows' bound.
        let bumped = app
            .execute("UPDATE explorer_counts SET games = games + 5000", &[], &[])
            .await;
        assert!(bumped > 0);
        assert_eq!(explore(&app, aligned).await["games"], 5_001);
        let response = app.get(&format!("/v1/explorer?{inside}")).await;
        let problem = assert_problem(response, 400, "invalid_query").await;
        assert!(problem["detail"].as_str().unwrap().starts_with("since:"), "{problem}");
        let rating = app
            .get("/v1/explorer?preset=classic&min_rating=1450")
            .await;
        let problem = assert_problem(rating, 400, "invalid_query").await;
        assert!(problem["detail"].as_str().unwrap().starts_with("min_rating:"), "{problem}");
    }

    async fn explorer_refuses_bad_queries(app) {
        for (query, status, code) in [
            ("speed=fast", 400, "invalid_query"),
            ("rated=yes", 400, "invalid_query"),
            ("since=yesterday", 400, "invalid_query"),
            ("preset=chess", 400, "invalid_query"),
            ("preset=classic&rules=%7B%7D", 400, "invalid_query"),
            ("rules=%7B%22max_plies%22%3A10%7D", 422, "invalid_rules"),
            ("position=M0,5,5", 422, "invalid_position"),
            ("play=3R,9L", 422, "invalid_move"),
            ("play=1L,1L,1L,1L,1L,1L,1L,1L", 422, "illegal_move"),
            ("play=3R&position=M0,5,5,5,5,5,M0,5,5,5,5,5%20s%200:0%200:0%201", 400, "invalid_query"),
        ] {
            let response = app.get(&format!("/v1/explorer?{query}")).await;
            assert_problem(response, status, code).await;
        }
    }
}
