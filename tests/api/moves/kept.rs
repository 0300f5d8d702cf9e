//! A game this process committed last is played on as it kept it only
//! while the stored version is the one it kept: a game changed behind its
//! back is read again, on both backends.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::assert_problem;
use crate::helpers::games::Match;

backend_tests! {
    async fn a_kept_game_changed_behind_the_process_is_played_as_stored(app) {
        let game: Match = app.active_game(json!({"preset": "classic"})).await;
        let start = app.game(&game.id).await;
        let south_1 = start["legal_moves"][0].as_str().unwrap().to_owned();
        let played = app.play(&game.id, &game.south.token, json!({ "move": south_1 })).await;
        assert_eq!(played.status(), StatusCode::CREATED);
        let kept: Value = played.json().await.unwrap();
        assert_eq!(kept["game"]["to_move"], "north");
        let north_1 = kept["game"]["legal_moves"][0].as_str().unwrap().to_owned();

        // Another writer takes the move back: the stored game is at the
        // start again, South to move, one version on.
        let taken = app.execute("DELETE FROM moves WHERE game_id = $1", &[&game.id], &[]).await;
        assert_eq!(taken, 1);
        let changed = app
            .execute(
                "UPDATE games SET position = $1, ply = 1, to_move = 'south', version = version + 1 \
                 WHERE id = $2",
                &[start["position"].as_str().unwrap(), &game.id],
                &[],
            )
            .await;
        assert_eq!(changed, 1);

        // As kept, North would be to move; as stored, South is.
        let refused = app.play(&game.id, &game.north.token, json!({ "move": north_1 })).await;
        assert_problem(refused, 409, "not_your_turn").await;
        let played = app
            .play(&game.id, &game.south.token, json!({ "move": south_1, "ply": 1 }))
            .await;
        assert_eq!(played.status(), StatusCode::CREATED);
        let body: Value = played.json().await.unwrap();
        assert_eq!(body["move"]["ply"], 1);
        assert_eq!(body["game"]["version"], kept["game"]["version"].as_i64().unwrap() + 2);
        assert_eq!(app.count_moves().await, 1);
    }
}
