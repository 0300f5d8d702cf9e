use chrono::TimeDelta;

use super::Fixture;
use crate::domain::GameStatus;
use crate::games::GameEvent;

#[tokio::test]
async fn the_sweeper_settles_every_due_game_batch_after_batch_and_counts_them() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let mut ids = Vec::new();
    // One more than a batch (100) of waiting games, a second apart.
    for _ in 0..101 {
        ids.push(fx.create(&Fixture::classic(), &lan).await.game.id);
        fx.time.advance(TimeDelta::seconds(1));
    }
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 0, "none due yet");

    // The first game waited 24 hours exactly: due; the last one 100 s less.
    fx.time
        .advance(TimeDelta::hours(24) - TimeDelta::seconds(101));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 1);
    let first = fx.store.game_by_id(&ids[0]).await.unwrap().unwrap();
    assert_eq!(first.status, GameStatus::Expired);
    let second = fx.store.game_by_id(&ids[1]).await.unwrap().unwrap();
    assert_eq!(second.status, GameStatus::Waiting);

    fx.time.advance(TimeDelta::seconds(100));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 100);
    for id in &ids {
        let game = fx.store.game_by_id(id).await.unwrap().unwrap();
        assert_eq!(game.status, GameStatus::Expired, "{id}");
        assert_eq!(
            (game.timing.deadline_at, game.timing.expires_at),
            (None, None)
        );
    }
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 0, "all settled");
}

#[tokio::test]
async fn more_than_a_batch_of_due_games_is_settled_in_one_sweep() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    for _ in 0..150 {
        fx.create(&Fixture::classic(), &lan).await;
    }
    fx.time.advance(TimeDelta::hours(25));
    let mut heard = fx.games.subscribe();
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 150);
    assert!(fx
        .store
        .due_games(fx.games.time().now(), 1000)
        .await
        .unwrap()
        .is_empty());
    for _ in 0..150 {
        let transition = heard.try_recv().expect("each settled game is published");
        assert_eq!(transition.game.status, GameStatus::Expired);
        assert_eq!(transition.events, vec![GameEvent::Expired { version: 2 }]);
    }
    assert!(heard.try_recv().is_err());
}
