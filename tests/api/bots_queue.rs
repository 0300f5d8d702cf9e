//! What keeps the bots from being queued out: a cap on one player's games
//! against bots, a bound on the moves waiting for a search, a fair order
//! of searches across players, and a bot's clock that does not run while
//! its move waits.

use crate::helpers::bots::bot_id;
use crate::helpers::games::Player;
use crate::helpers::{assert_problem, Backend, Settings, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// `POST /v1/games` against the bot of `level`, `player` in `seat`, South first.
async fn against_bot(app: &TestApp, player: &Player, level: u64, seat: &str) -> reqwest::Response {
    let body = json!({"opponent": bot_id(app, level).await, "seat": seat, "first": "south"});
    app.post_json("/v1/games", &body, Some(&player.token)).await
}

/// The games stored with `player` in a seat.
async fn games_of(app: &TestApp, player: &Player) -> i64 {
    let id = &player.id;
    app.scalar_i64(&format!(
        "SELECT COUNT(*) FROM games WHERE south_id = '{id}' OR north_id = '{id}'"
    ))
    .await
}

backend_tests! {
    async fn the_fourth_live_game_against_bots_is_refused_until_one_ends(app) {
        let lan = app.player("Lan").await;
        let mut ids = Vec::new();
        // The person opens each game: no bot has to think.
        for level in [1, 2, 3] {
            let created = against_bot(&app, &lan, level, "south").await;
            assert_eq!(created.status(), StatusCode::CREATED);
            let game: Value = created.json().await.unwrap();
            assert_eq!(game["status"], "active");
            ids.push(game["id"].as_str().unwrap().to_owned());
        }
        let refused = assert_problem(against_bot(&app, &lan, 4, "south").await, 409, "too_many_bot_games").await;
        let detail = refused["detail"].as_str().unwrap();
        assert!(detail.contains("at most 3 games against bots"), "{detail}");
        assert!(detail.contains("finish or resign"), "{detail}");
        assert_eq!(games_of(&app, &lan).await, 3, "nothing stored");
        // A game against a person is no game against a bot.
        app.create_game(&lan.token, json!({})).await;
        // Someone else is not capped by Lan's games.
        let minh = app.player("Minh").await;
        assert_eq!(against_bot(&app, &minh, 4, "south").await.status(), StatusCode::CREATED);

        // A game that ended frees its place.
        assert_eq!(app.act(&ids[1], "resign", &lan.token).await.status(), StatusCode::OK);
        let fourth = against_bot(&app, &lan, 4, "south").await;
        assert_eq!(fourth.status(), StatusCode::CREATED);
        assert_problem(against_bot(&app, &lan, 5, "south").await, 409, "too_many_bot_games").await;
        assert_eq!(games_of(&app, &lan).await, 5, "3 live against bots, 1 resigned, 1 waiting");
    }
}

/// Two creations racing for the last place: the one answered 201 is the
/// one stored, the other is refused, on both backends.
async fn racing_creations_for_the_last_place_seat_one_game(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |s: &mut Settings| {
        s.games.max_bot_games_per_player = 1
    })
    .await
    else {
        crate::helpers::report_skip("bots_queue::race");
        return;
    };
    let lan = app.player("Lan").await;
    let (a, b) = tokio::join!(
        against_bot(&app, &lan, 1, "south"),
        against_bot(&app, &lan, 2, "south")
    );
    let (created, refused) = match (a.status().as_u16(), b.status().as_u16()) {
        (201, 409) => (a, b),
        (409, 201) => (b, a),
        other => panic!("one 201 and one 409 expected, got {other:?}"),
    };
    let game: Value = created.json().await.unwrap();
    let problem = assert_problem(refused, 409, "too_many_bot_games").await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("at most 1 games against bots"),
        "{problem}"
    );
    let id = &lan.id;
    let stored = app
        .scalar_i64(&format!(
            "SELECT COUNT(*) FROM games WHERE south_id = '{id}' AND id = '{}'",
            game["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!((stored, games_of(&app, &lan).await), (1, 1));
}

/// `name::sqlite` and `name::postgres`, each running `test` on its backend.
macro_rules! on_both_backends {
    ($($name:ident => $test:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    super::$test(super::Backend::Sqlite).await;
                }

                #[tokio::test]
                async fn postgres() {
                    super::$test(super::Backend::Postgres).await;
                }
            }
        )*
    };
}

on_both_backends! {
    race => racing_creations_for_the_last_place_seat_one_game,
}
