//! Write transactions on one game queue up, and a writer that waited sees
//! the game as the writer before it left it, joined names included.

use std::time::Duration;

use oanquan::domain::PlayerRef;
use oanquan::domain::{ApiToken, GameId, GameStatus, PlayerId};
use oanquan::engine::Seat;
use oanquan::games::Game;
use oanquan::store::{GameRow, MoveRecord};
use serde_json::json;

/// The game a locked or read row holds.
fn game_of(row: Option<GameRow>) -> Game {
    Game::try_from(row.expect("the game's row")).expect("a readable game")
}

backend_tests! {
    async fn a_writer_that_waited_for_a_join_reads_the_new_players_name(app) {
        let lan = app.player("Lan").await;
        let minh = app.player("Minh").await;
        let created = app.create_game(&lan.token, json!({"seat": "south"})).await;
        let id = GameId::parse(created["id"].as_str().unwrap()).unwrap();
        let minh_id = PlayerId::parse(&minh.id).unwrap();

        let mut first = app.store.begin_write().await.unwrap();
        let mut game = game_of(first.lock_game(&id).await.unwrap());

        let store = app.store.clone();
        let waiting_id = id.clone();
        let second = tokio::spawn(async move {
            let mut tx = store.begin_write().await.unwrap();
            let game = game_of(tx.lock_game(&waiting_id).await.unwrap());
            tx.commit().await.unwrap();
            game
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!second.is_finished(), "the second writer did not wait");

        game.north = Some(PlayerRef { id: minh_id.clone(), name: "Minh".to_owned(), bot_level: None, bot_account: false });
        assert!(first.save_game(&game.row()).await.unwrap());
        first.commit().await.unwrap();

        let seen = second.await.unwrap();
        assert_eq!(seen.north, Some(PlayerRef { id: minh_id, name: "Minh".to_owned(), bot_level: None, bot_account: false }));
        assert_eq!(seen.version, game.version + 1);
    }
}

backend_tests! {
    async fn the_move_write_takes_only_the_columns_a_move_changes_over_the_version_read(app) {
        let game = app.active_game(json!({})).await;
        let id = GameId::parse(&game.id).unwrap();
        let mut tx = app.store.begin_write().await.unwrap();
        let mut locked = game_of(tx.lock_game(&id).await.unwrap());
        assert_eq!(locked.version, 2);
        let record = MoveRecord {
            game_id: id.clone(),
            ply: 1,
            seat: Seat::South,
            notation: "1L".to_owned(),
            player_id: Some(PlayerId::parse(&game.south.id).unwrap()),
            position_after: "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2".to_owned(),
            played_at: Some(locked.updated_at),
            think_ms: None,
            clock_ms: None,
        };
        locked.position = record.position_after.clone();
        locked.ply = 2;
        locked.to_move = Seat::North;
        // Not a column of a move: left as stored.
        locked.status = GameStatus::Finished;
        locked.rated = !locked.rated;

        // Over a version that moved on: nothing at all is written.
        let stale = Game { version: 1, ..locked.clone() };
        assert!(!tx.play_move(&stale.after_move(), &record).await.unwrap());
        tx.rollback().await.unwrap();
        assert_eq!(app.count_moves().await, 0);
        assert_eq!(app.game(&game.id).await["version"], 2);

        let mut tx = app.store.begin_write().await.unwrap();
        let before = game_of(tx.lock_game(&id).await.unwrap());
        assert!(tx.play_move(&locked.after_move(), &record).await.unwrap());
        // The same ply again is refused by the move's key, not stored twice.
        let again = Game { version: 3, ..locked.clone() };
        assert!(!tx.play_move(&again.after_move(), &record).await.unwrap());
        tx.rollback().await.unwrap();

        let mut tx = app.store.begin_write().await.unwrap();
        assert!(tx.play_move(&locked.after_move(), &record).await.unwrap());
        tx.commit().await.unwrap();
        let stored = game_of(app.store.game_by_id(&id).await.unwrap());
        assert_eq!(stored.version, 3);
        assert_eq!(stored.ply, 2);
        assert_eq!(stored.to_move, Seat::North);
        assert_eq!(stored.position, "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2");
        assert_eq!(stored.status, GameStatus::Active);
        assert_eq!(stored.rated, before.rated);
        assert_eq!(app.store.move_at(&id, 1).await.unwrap(), Some(record));
    }

    async fn one_statement_finds_the_caller_by_token_and_locks_the_game(app) {
        let game = app.active_game(json!({})).await;
        let id = GameId::parse(&game.id).unwrap();
        let hash = ApiToken::presented(&game.south.token).unwrap().hash();
        let unknown = ApiToken::generate().hash();
        let missing = GameId::parse("aaaaaaaaaa").unwrap();

        let mut tx = app.store.begin_write().await.unwrap();
        assert_eq!(tx.lock_game_for_token(&unknown, &id).await.unwrap(), None);
        assert_eq!(tx.lock_game_for_token(&unknown, &missing).await.unwrap(), None);
        let (caller, none) = tx.lock_game_for_token(&hash, &missing).await.unwrap().unwrap();
        assert_eq!(caller.player_id.as_str(), game.south.id);
        assert_eq!(none, None);
        let (caller, found) = tx.lock_game_for_token(&hash, &id).await.unwrap().unwrap();
        assert_eq!(caller.player_id.as_str(), game.south.id);
        let found = game_of(found);
        assert_eq!((found.id.as_str(), found.version), (game.id.as_str(), 2));
        assert_eq!(found.south.as_ref().map(|p| p.name.as_str()), Some("south"));

        // The game is locked: another writer of it waits (PostgreSQL; on
        // SQLite the writer queue makes every writer wait).
        let store = app.store.clone();
        let second = tokio::spawn(async move {
            let mut tx = store.begin_write().await.unwrap();
            let game = game_of(tx.lock_game(&id).await.unwrap());
            tx.commit().await.unwrap();
            game.version
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!second.is_finished(), "the second writer did not wait");
        tx.commit().await.unwrap();
        assert_eq!(second.await.unwrap(), 2);
    }
}
