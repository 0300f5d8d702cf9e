//! Ratings over HTTP on both backends: rated games move both players by
//! Glicko-2, unrated ones move nothing, profiles, rating history,
//! head-to-head records, and `ratings rebuild` reproducing the live values
//! exactly.

mod farming;
mod glicko2;

use crate::helpers::assert_problem;
use crate::helpers::games::Player;
use crate::helpers::link_to;
use crate::helpers::TestApp;
use futures_util::future::join_all;
use oanquan::engine::{Position, Preset, Seat};
use oanquan::ratings::{rate_period, GameResult, Glicko, DEFAULT_RATING, DEFAULT_RD, TAU};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A line of random legal moves from the start of `preset` (South first)
/// that ends as `wanted` does: a draw (`None`) or a win for a seat.
fn line_ending_in(preset: Preset, wanted: Option<Seat>) -> Vec<String> {
    for seed in 0..100_000 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::start(preset.rules(), Seat::South);
        let mut line = Vec::new();
        while !position.is_over() {
            let legal: Vec<_> = position.legal_moves().iter().copied().collect();
            let m = legal[rng.gen_range(0..legal.len())];
            line.push(m.to_string());
            position = position.play(m).unwrap();
        }
        if position.outcome().unwrap().winner == wanted {
            return line;
        }
    }
    panic!("no random game of {preset} ends in {wanted:?}");
}

/// Plays `line` in `game` over HTTP; returns the last answer's game.
async fn play_line(app: &TestApp, game: &crate::helpers::games::Match, line: &[String]) -> Value {
    let mut last = Value::Null;
    let mut to_move = "south".to_owned();
    for notation in line {
        let response = app
            .play(&game.id, game.token_of(&to_move), json!({"move": notation}))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED, "{notation}");
        let body: Value = response.json().await.unwrap();
        last = body["game"].clone();
        to_move = last["to_move"].as_str().unwrap().to_owned();
    }
    assert_eq!(last["status"], "finished");
    last
}

async fn profile(app: &TestApp, player: &Player) -> Value {
    let response = app.get(&format!("/v1/players/{}", player.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn history(app: &TestApp, player: &Player, query: &str) -> Value {
    let response = app
        .get(&format!("/v1/players/{}/rating-history{query}", player.id))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// A new player's rating (Glickman's defaults, as the server states them).
const NEW: glicko2::Rating = glicko2::Rating {
    rating: 1500.0,
    rd: 350.0,
    volatility: 0.06,
};

/// A rating the tests expect, with the record beside it.
struct Expected {
    glicko: glicko2::Rating,
    /// Games, wins, draws, losses.
    record: [i64; 4],
}

/// `actual` is `expected` to within floating-point noise (the server and
/// the reference order their arithmetic differently).
fn assert_glicko(actual: [f64; 3], expected: glicko2::Rating, what: &str) {
    let expected = [expected.rating, expected.rd, expected.volatility];
    for ((a, e), tolerance) in actual.iter().zip(expected).zip([1e-6, 1e-6, 1e-9]) {
        assert!(
            (a - e).abs() <= tolerance,
            "{what}: {actual:?}, expected {expected:?}"
        );
    }
}

/// The profile's rating in `preset` is `expected`.
fn assert_rating(profile: &Value, preset: &str, expected: &Expected) {
    let rating = &profile["ratings"][preset];
    let number = |field: &str| rating[field].as_f64().unwrap_or(f64::NAN);
    assert_glicko(
        [number("rating"), number("rd"), number("volatility")],
        expected.glicko,
        &rating.to_string(),
    );
    let [games, wins, draws, losses] = expected.record;
    assert_eq!(
        [
            &rating["games"],
            &rating["wins"],
            &rating["draws"],
            &rating["losses"]
        ],
        [games, wins, draws, losses].map(Value::from).each_ref(),
        "{rating}"
    );
    // The players of these tests are anchors: established whatever their RD.
    assert_eq!(rating["provisional"], false, "{rating}");
}

/// One game of `player` against `opponent` scoring `score`, by the
/// reference (each rated game is its own rating period, τ = 0.5).
fn after_game(player: glicko2::Rating, opponent: glicko2::Rating, score: f64) -> glicko2::Rating {
    glicko2::rating_period(player, &[(opponent, score)], 0.5)
}

#[test]
fn glickmans_worked_example_through_the_server_and_the_reference() {
    let (player, games) = glicko2::glickmans_example();
    let reference = glicko2::rating_period(player, &games, 0.5);
    let glicko = |r: glicko2::Rating| Glicko {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    };
    let results = games.map(|(opponent, score)| {
        let result = [GameResult::Loss, GameResult::Win][score as usize];
        (glicko(opponent), result)
    });
    assert_eq!(TAU, 0.5, "the example's τ");
    let server = rate_period(glicko(player), &results);
    let server = [server.rating, server.rd, server.volatility];
    // glicko2.pdf: r' = 1464.06, RD' = 151.52, σ' = 0.05999 (rounded as
    // the paper goes; exactly 1464.0507, 151.5165, 0.059996).
    let reference_values = [reference.rating, reference.rd, reference.volatility];
    for (what, [rating, rd, volatility]) in [("reference", reference_values), ("server", server)] {
        assert!((rating - 1464.06).abs() < 0.01, "{what}: {rating}");
        assert!((rd - 151.52).abs() < 0.01, "{what}: {rd}");
        assert!((volatility - 0.05999).abs() < 1e-5, "{what}: {volatility}");
    }
    assert_glicko(server, reference, "server");
}

backend_tests! {
    async fn a_resignation_rates_both_players_in_the_same_transaction(app) {
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        let game = app.rated_game("classic", &lan, &minh).await;
        let finished = app.resign(&game.id, &minh).await;
        assert_eq!(finished["result"]["winner"], "south");

        // Worked by hand (Glickman's steps 2–8, two new players, E = 0.5):
        // φ = 350/173.7178 = 2.01476, g(φ) = 0.66907, v = 8.93547,
        // Δ = ±2.98923, σ' = 0.0599997, φ* = 2.01566, φ' = 1.67121,
        // μ' = ±φ'² g/2 = ±0.93434: ±162.31 points, RD 290.32.
        let hand = |rating| glicko2::Rating { rating, rd: 290.318_963_717_98, volatility: 0.059_999_675_372_34 };
        let winner = Expected { glicko: hand(1_662.310_893_906_298), record: [1, 1, 0, 0] };
        let loser = Expected { glicko: hand(1_337.689_106_093_702), record: [1, 0, 0, 1] };
        for (expected, score) in [(&winner, 1.0), (&loser, 0.0)] {
            assert_glicko(
                { let r = after_game(NEW, NEW, score); [r.rating, r.rd, r.volatility] },
                expected.glicko,
                "the reference agrees with the hand computation",
            );
        }
        let lan_profile = profile(&app, &lan).await;
        assert_rating(&lan_profile, "classic", &winner);
        assert_eq!(lan_profile["ratings"]["classic"]["streak"], json!({"kind": "win", "length": 1}));
        assert_eq!(lan_profile["ratings"]["classic"]["last_played_at"], finished["finished_at"]);
        assert_eq!(lan_profile["ratings"]["village"], Value::Null);
        assert_eq!(lan_profile["ratings"]["online"], Value::Null);
        let minh_profile = profile(&app, &minh).await;
        assert_rating(&minh_profile, "classic", &loser);
        assert_eq!(minh_profile["ratings"]["classic"]["streak"], json!({"kind": "loss", "length": 1}));

        let me: Value = app.get_with_token("/v1/me", &lan.token).await.json().await.unwrap();
        assert_eq!(me["ratings"], lan_profile["ratings"]);

        let changes = history(&app, &minh, "").await;
        assert_eq!(changes["player_id"], minh.id.as_str());
        assert_eq!(changes["preset"], Value::Null);
        assert_eq!(changes["next_cursor"], Value::Null);
        let change = &changes["changes"][0];
        assert_eq!(changes["changes"].as_array().unwrap().len(), 1);
        assert_eq!(change["game_id"], game.id.as_str());
        assert_eq!(change["preset"], "classic");
        assert_eq!(change["result"], "loss");
        assert_eq!(change["opponent"], json!({"id": lan.id, "name": "Lan", "bot": false}));
        assert_eq!(change["rated_at"], finished["finished_at"]);
        assert_eq!(change["rating_before"].as_f64(), Some(DEFAULT_RATING));
        assert_eq!(change["rd_before"].as_f64(), Some(DEFAULT_RD));
        let after = |field: &str| change[field].as_f64().unwrap_or(f64::NAN);
        assert_glicko(
            [after("rating_after"), after("rd_after"), after("volatility_after")],
            loser.glicko,
            &change.to_string(),
        );
    }

    async fn a_game_won_and_a_game_drawn_over_the_board_are_rated(app) {
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        let won = app.rated_game("village", &lan, &minh).await;
        let first = play_line(&app, &won, &line_ending_in(Preset::Village, Some(Seat::North))).await;
        assert_eq!(first["result"]["winner"], "north");
        let drawn = app.rated_game("village", &lan, &minh).await;
        let second = play_line(&app, &drawn, &line_ending_in(Preset::Village, None)).await;
        assert_eq!(second["result"]["winner"], "draw");

        // The two games finish within a day: no idle growth of RD between.
        let (lan_1, minh_1) = (after_game(NEW, NEW, 0.0), after_game(NEW, NEW, 1.0));
        let (lan_2, minh_2) = (after_game(lan_1, minh_1, 0.5), after_game(minh_1, lan_1, 0.5));
        assert!(lan_2.rating > lan_1.rating, "a draw with a stronger player gains");
        assert!(minh_2.rating < minh_1.rating);
        assert!(lan_2.rd < lan_1.rd);
        assert_rating(&profile(&app, &lan).await, "village", &Expected { glicko: lan_2, record: [2, 0, 1, 1] });
        let minh_profile = profile(&app, &minh).await;
        assert_rating(&minh_profile, "village", &Expected { glicko: minh_2, record: [2, 1, 1, 0] });
        assert_eq!(minh_profile["ratings"]["village"]["streak"], json!({"kind": "draw", "length": 1}));
        assert_eq!(minh_profile["ratings"]["classic"], Value::Null);

        let village = history(&app, &lan, "?preset=village").await;
        let results: Vec<&str> = village["changes"].as_array().unwrap().iter()
            .map(|c| c["result"].as_str().unwrap()).collect();
        assert_eq!(results, ["draw", "loss"], "newest first");
        assert_eq!(village["changes"][0]["rating_before"], village["changes"][1]["rating_after"]);
        assert_eq!(history(&app, &lan, "?preset=classic").await["changes"], json!([]));
    }

    async fn unrated_games_leave_ratings_untouched(app) {
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        let bodies = [
            json!({"rules": {"preset": "classic"}, "seat": "south"}),
            json!({"rules": {"preset": "classic", "max_plies": 300}, "seat": "south", "rated": true}),
            json!({"rules": {"preset": "classic"}, "seat": "south", "rated": true,
                   "position": "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1"}),
        ];
        for body in bodies {
            let game = app.create_game(&lan.token, body).await;
            assert_eq!(game["rated"], false);
            let id = game["id"].as_str().unwrap();
            assert_eq!(app.join(id, &minh.token).await.status(), StatusCode::OK);
            app.resign(id, &minh).await;
        }
        let to_the_end = app.active_game(json!({"preset": "online"})).await;
        play_line(&app, &to_the_end, &line_ending_in(Preset::Online, Some(Seat::South))).await;

        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM player_ratings WHERE games > 0").await, 0);
        assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM rating_changes").await, 0);
        let profile = profile(&app, &lan).await;
        assert_eq!(profile["ratings"], json!({"classic": null, "village": null, "online": null}));
        assert_eq!(history(&app, &lan, "").await["changes"], json!([]));
    }

    async fn versus_counts_every_finished_game_from_the_first_players_side(app) {
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        let hoa = app.anchored_player("Hoa").await;
        for loser in [&minh, &lan, &minh] {
            let game = app.rated_game("classic", &lan, &minh).await;
            app.resign(&game.id, loser).await;
        }
        let unrated = app.create_game(&minh.token, json!({"seat": "south"})).await;
        let id = unrated["id"].as_str().unwrap();
        app.join(id, &lan.token).await;
        let last = app.resign(id, &minh).await;
        let drawn = app.rated_game("online", &minh, &lan).await;
        play_line(&app, &drawn, &line_ending_in(Preset::Online, None)).await;
        let other = app.rated_game("classic", &lan, &hoa).await;
        app.resign(&other.id, &hoa).await;
        let waiting = app.create_game(&lan.token, json!({"opponent": minh.id})).await;
        assert_eq!(waiting["status"], "waiting");

        let response = app.get(&format!("/v1/players/{}/versus/{}", lan.id, minh.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
        let record: Value = response.json().await.unwrap();
        assert_eq!(record["player"], json!({"id": lan.id, "name": "Lan", "bot": false}));
        assert_eq!(record["opponent"], json!({"id": minh.id, "name": "Minh", "bot": false}));
        assert_eq!(record["all"], json!({"games": 5, "wins": 3, "draws": 1, "losses": 1}));
        assert_eq!(record["rated"], json!({"games": 4, "wins": 2, "draws": 1, "losses": 1}));
        assert!(record["last_played_at"].as_str().unwrap() >= last["finished_at"].as_str().unwrap());

        let back: Value = app.get(&format!("/v1/players/{}/versus/{}", minh.id, lan.id))
            .await.json().await.unwrap();
        assert_eq!(back["all"], json!({"games": 5, "wins": 1, "draws": 1, "losses": 3}));
        let never: Value = app.get(&format!("/v1/players/{}/versus/{}", minh.id, hoa.id))
            .await.json().await.unwrap();
        assert_eq!(never["all"], json!({"games": 0, "wins": 0, "draws": 0, "losses": 0}));
        assert_eq!(never["last_played_at"], Value::Null);

        let path = format!("/v1/players/{}/versus/{}", lan.id, lan.id);
        assert_problem(app.get(&path).await, 400, "invalid_path_parameter").await;
        let path = format!("/v1/players/{}/versus/aB3dE6gH9j", lan.id);
        assert_problem(app.get(&path).await, 404, "player_not_found").await;
        let path = format!("/v1/players/{}/versus/nope", lan.id);
        assert_problem(app.get(&path).await, 400, "invalid_path_parameter").await;
    }

    async fn rating_history_pages_newest_first_and_checks_its_query(app) {
        let lan = app.anchored_player("Lan").await;
        let minh = app.anchored_player("Minh").await;
        for preset in ["classic", "online", "classic", "village", "classic"] {
            let game = app.rated_game(preset, &lan, &minh).await;
            app.resign(&game.id, &minh).await;
        }
        let mut seen = Vec::new();
        let mut query = "?limit=2".to_owned();
        loop {
            let page = history(&app, &lan, &query).await;
            let changes = page["changes"].as_array().unwrap();
            assert!(changes.len() <= 2);
            seen.extend(changes.iter().map(|c| c["preset"].as_str().unwrap().to_owned()));
            match page["next_cursor"].as_str() {
                Some(cursor) => query = format!("?limit=2&cursor={cursor}"),
                None => break,
            }
        }
        assert_eq!(seen, ["classic", "village", "classic", "online", "classic"]);
        let classic = history(&app, &lan, "?preset=classic&limit=2").await;
        assert_eq!(classic["preset"], "classic");
        assert_eq!(classic["changes"].as_array().unwrap().len(), 2);
        let cursor = classic["next_cursor"].as_str().unwrap();
        let rest = history(&app, &lan, &format!("?preset=classic&cursor={cursor}")).await;
        assert_eq!(rest["changes"].as_array().unwrap().len(), 1);
        assert_eq!(rest["changes"][0]["rating_before"].as_f64(), Some(DEFAULT_RATING));

        // `Link` next leads to the pages `next_cursor` does.
        let base = format!("/v1/players/{}/rating-history", lan.id);
        let mut linked = Vec::new();
        let mut next = Some(format!("{base}?limit=2"));
        while let Some(path) = next {
            let response = app.get(&path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(link_to(&response, "prev"), None);
            next = link_to(&response, "next");
            let page: Value = response.json().await.unwrap();
            assert_eq!(next.is_some(), page["next_cursor"].is_string(), "{path}");
            if let Some(next) = &next {
                assert!(next.starts_with(&format!("{base}?limit=2&cursor=")), "{next}");
            }
            linked.extend(page["changes"].as_array().unwrap().iter()
                .map(|c| c["preset"].as_str().unwrap().to_owned()));
        }
        assert_eq!(linked, seen);
        let response = app.get(&format!("{base}?preset=classic&limit=2")).await;
        let next = link_to(&response, "next").unwrap();
        assert!(next.contains("preset=classic"), "{next}");
        let rest: Value = app.get(&next).await.json().await.unwrap();
        assert_eq!(rest["changes"].as_array().unwrap().len(), 1);

        for query in ["?preset=blitz", "?limit=0", "?limit=1001", "?limit=x", "?cursor=nope"] {
            assert_problem(app.get(&format!("{base}{query}")).await, 400, "invalid_query").await;
        }
        assert_problem(
            app.get("/v1/players/aB3dE6gH9j/rating-history").await, 404, "player_not_found",
        ).await;
    }

    async fn games_sharing_a_player_finishing_at_once_chain_their_ratings(app) {
        let hub = app.anchored_player("Hub").await;
        let mut games = Vec::new();
        for i in 0..6 {
            let other = app.anchored_player(&format!("P{i}")).await;
            games.push(app.rated_game("classic", &hub, &other).await);
        }
        let resigned = join_all(games.iter().map(|g| app.resign(&g.id, &g.north))).await;
        assert!(resigned.iter().all(|g| g["status"] == "finished"));

        let changes = app.stored_changes().await;
        let hub_changes: Vec<_> = changes.iter().filter(|c| c.player_id == hub.id).collect();
        assert_eq!(hub_changes.len(), 6);
        for pair in hub_changes.windows(2) {
            assert_eq!(pair[0].values[3..], pair[1].values[..3], "each starts where the last ended");
        }
        let rating = &profile(&app, &hub).await["ratings"]["classic"];
        assert_eq!(rating["games"], 6);
        assert_eq!(rating["streak"], json!({"kind": "win", "length": 6}));
        assert_eq!(
            rating["rating"].as_f64().unwrap().to_bits(),
            f64::from_bits(hub_changes[5].values[3]).to_bits()
        );
    }
}
