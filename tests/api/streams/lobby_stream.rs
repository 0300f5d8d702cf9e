//! `GET /v1/lobby/stream`: the open games, then each
//! appearing and leaving once.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

const WAIT: Duration = Duration::from_secs(10);

backend_tests! {
    async fn the_lobby_lists_open_games_then_follows_them(app) {
        let south = app.player("south").await;
        let north = app.player("north").await;
        let before = app.create_game(&south.token, json!({})).await;
        let before_id = before["id"].as_str().unwrap().to_owned();

        let mut lobby = app.stream("/v1/lobby/stream", &[]).await;
        let mut bot = app
            .stream("/v1/lobby/stream", &[("Accept", "application/x-ndjson")])
            .await;
        for stream in [&mut lobby, &mut bot] {
            let snapshot = stream.next_within(WAIT).await.unwrap();
            assert_eq!(snapshot.kind(), "snapshot");
            let ids: Vec<&str> = snapshot.data["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap())
                .collect();
            assert_eq!(ids, [before_id.as_str()]);
        }

        let second = app.create_game(&south.token, json!({})).await;
        let second_id = second["id"].as_str().unwrap().to_owned();
        assert_eq!(app.join(&before_id, &north.token).await.status(), StatusCode::OK);
        assert_eq!(app.act(&second_id, "cancel", &south.token).await.status(), StatusCode::OK);
        for stream in [&mut lobby, &mut bot] {
            let seen = stream.take(3).await;
            let kinds: Vec<&str> = seen.iter().map(|m| m.kind()).collect();
            assert_eq!(kinds, ["created", "joined", "cancelled"]);
            assert_eq!(seen[0].data["game"]["id"], second_id.as_str());
            assert_eq!(seen[0].data["game"]["status"], "waiting");
            assert_eq!(seen[1].data["id"], before_id.as_str());
            assert_eq!(seen[2].data["id"], second_id.as_str());
        }
        // Moves in an active game are none of the lobby's business.
        assert!(!lobby.ends_within(Duration::from_millis(200)).await);
    }
}
