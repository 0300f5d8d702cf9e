use super::Fixture;
use crate::engine::{Move, Seat};
use crate::games::{Expected, GamesError};
use crate::store::MoveRecord;

#[tokio::test]
async fn a_move_whose_ply_is_stored_already_is_refused_as_stale_at_the_next_ply() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    let mut tx = fx.store.begin_write().await.unwrap();
    let joined = fx.games.join(&mut tx, &id, &minh).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(joined.game.ply, 1);

    // A row for ply 1 that the game's own row does not account for.
    let mut tx = fx.store.begin_write().await.unwrap();
    let stored = MoveRecord {
        game_id: id.clone(),
        ply: 1,
        seat: Seat::South,
        notation: "1R".to_owned(),
        player_id: Some(lan.id.clone()),
        position_after: joined.game.position.clone(),
        played_at: Some(fx.games.time().now()),
        think_ms: None,
        clock_ms: None,
    };
    assert!(tx.insert_move(&stored).await.unwrap());
    tx.commit().await.unwrap();

    let mut tx = fx.store.begin_write().await.unwrap();
    let m: Move = "3R".parse().unwrap();
    let refused = fx
        .games
        .play(&mut tx, &id, &lan.id, m, &Expected::default())
        .await
        .unwrap_err();
    tx.rollback().await.unwrap();
    assert!(
        matches!(
            refused,
            GamesError::StalePly {
                expected: 1,
                current: 2
            }
        ),
        "{refused:?}"
    );
    assert_eq!(
        refused.to_string(),
        "the request expected ply 1 but the game is at ply 2"
    );
    let game = fx.games.game(&fx.store, &id).await.unwrap().unwrap();
    assert_eq!((game.ply, game.version), (1, 2), "nothing else was written");
}
