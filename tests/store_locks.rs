//! Write transactions on one game queue up, and a writer that waited sees
//! the game as the writer before it left it, joined names included.

mod common;

use std::time::Duration;

use oanquan::domain::{GameId, PlayerId};
use oanquan::store::PlayerRef;
use serde_json::json;

backend_tests! {
    async fn a_writer_that_waited_for_a_join_reads_the_new_players_name(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let created = app.create_game(&lan.token, json!({"seat": "south"})).await;
        let id = GameId::parse(created["id"].as_str().unwrap()).unwrap();
        let minh_id = PlayerId::parse(&minh.id).unwrap();

        let mut first = app.store.begin_write().await.unwrap();
        let mut game = first.lock_game(&id).await.unwrap().unwrap();

        let store = app.store.clone();
        let waiting_id = id.clone();
        let second = tokio::spawn(async move {
            let mut tx = store.begin_write().await.unwrap();
            let game = tx.lock_game(&waiting_id).await.unwrap().unwrap();
            tx.commit().await.unwrap();
            game
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!second.is_finished(), "the second writer did not wait");

        game.north = Some(PlayerRef { id: minh_id.clone(), name: "Minh".to_owned(), bot_level: None });
        assert!(first.save_game(&game).await.unwrap());
        first.commit().await.unwrap();

        let seen = second.await.unwrap();
        assert_eq!(seen.north, Some(PlayerRef { id: minh_id, name: "Minh".to_owned(), bot_level: None }));
        assert_eq!(seen.version, game.version + 1);
    }
}
