use chrono::TimeDelta;

use super::{at, Fixture};
use crate::domain::PlayerRef;
use crate::domain::{GameStatus, TimeControl};
use crate::games::{GameEvent, GameSpec, Published};

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
    let first = fx.games.game(&fx.store, &ids[0]).await.unwrap().unwrap();
    assert_eq!(first.status, GameStatus::Expired);
    let second = fx.games.game(&fx.store, &ids[1]).await.unwrap().unwrap();
    assert_eq!(second.status, GameStatus::Waiting);

    fx.time.advance(TimeDelta::seconds(100));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 100);
    for id in &ids {
        let game = fx.games.game(&fx.store, id).await.unwrap().unwrap();
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
    waiting_games_now_due(&fx, 150).await;
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

/// `count` games waiting for an opponent, created by Lan, then a day
/// and an hour later: every one past its 24 hours' wait.
async fn waiting_games_now_due(fx: &Fixture, count: usize) {
    let lan = fx.player("Lan").await;
    for _ in 0..count {
        fx.create(&Fixture::classic(), &lan).await;
    }
    fx.time.advance(TimeDelta::hours(25));
}

/// A real-time game of 30 s a side, no increment, Lan (South) to move
/// first, joined at 10:00:00.
async fn timed(fx: &Fixture) -> (crate::domain::GameId, PlayerRef, PlayerRef) {
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    let spec = GameSpec {
        clock: Some(TimeControl::RealTime {
            initial_s: 30,
            increment_s: 0,
        }),
        ..Fixture::classic()
    };
    let id = fx.create(&spec, &lan).await.game.id;
    fx.join(&id, &minh).await.unwrap();
    (id, lan, minh)
}

#[tokio::test]
async fn a_first_move_that_never_comes_aborts_the_game_at_the_end_of_its_window() {
    let fx = Fixture::new().await;
    let (id, _, _) = timed(&fx).await;
    fx.time.advance(TimeDelta::seconds(20));
    fx.play_first_legal(&id).await;
    // North's first move was due a minute after South's, at 10:01:20.
    fx.time.advance(TimeDelta::seconds(59));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 0);
    fx.time.advance(TimeDelta::seconds(1));
    let settled = fx.games.settle_due(&fx.store, &id).await.unwrap().unwrap();
    assert_eq!(
        settled.events,
        vec![GameEvent::Aborted {
            version: 4,
            reason: "no_first_move".to_owned()
        }]
    );
    let game = fx.games.game(&fx.store, &id).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Aborted);
    assert_eq!(game.finished_at, Some(at("2026-12-02T10:01:20Z")));
    assert_eq!(
        fx.games
            .settle_due(&fx.store, &id)
            .await
            .unwrap()
            .map(|t| t.events.clone()),
        None
    );
}

#[tokio::test]
async fn a_flag_falls_when_the_side_to_move_has_no_time_left_and_the_other_side_wins() {
    let fx = Fixture::new().await;
    let (id, _, _) = timed(&fx).await;
    fx.play_first_legal(&id).await;
    fx.time.advance(TimeDelta::seconds(5));
    fx.play_first_legal(&id).await;
    // South's second move: its 30 s run from 10:00:05.
    fx.time.advance(TimeDelta::seconds(29));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 0);
    fx.time.advance(TimeDelta::seconds(1));
    let mut heard = fx.games.subscribe();
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 1);
    let transition = heard.try_recv().unwrap();
    let ended = serde_json::to_value(&transition.events[0]).unwrap();
    assert_eq!(ended["type"], "ended");
    assert_eq!(ended["result"]["winner"], "north");
    assert_eq!(ended["result"]["reason"], "timeout");
    assert_eq!(ended["clock"]["south_ms"], 0);
    // North's first move, 5 s, was not charged.
    assert_eq!(ended["clock"]["north_ms"], 30_000);
    let game = fx.games.game(&fx.store, &id).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.timing.clock_ms, Some([0, 30_000]));
    assert_eq!(game.finished_at, Some(at("2026-12-02T10:00:35Z")));
}

#[tokio::test]
async fn listeners_hear_each_published_transition_until_they_decline_the_next() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    let fx = Fixture::new().await;
    waiting_games_now_due(&fx, 3).await;
    let heard = Arc::new(Mutex::new(Vec::new()));
    let calls = Arc::new(AtomicUsize::new(0));
    fx.games.listen(Box::new({
        let heard = heard.clone();
        move |published| {
            if let Published::Committed(transition) = published {
                heard.lock().unwrap().push(transition.game.id.clone());
            }
            true
        }
    }));
    // Wants the first transition only: declines on being called the second time.
    fx.games.listen(Box::new({
        let calls = calls.clone();
        move |_| calls.fetch_add(1, Ordering::SeqCst) == 0
    }));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 3);

    let heard = heard.lock().unwrap().clone();
    assert_eq!(heard.len(), 3, "each settled game, on the publisher's task");
    assert_eq!(
        heard.iter().collect::<std::collections::HashSet<_>>().len(),
        3
    );
    assert_eq!(
        calls.load(Ordering::SeqCst),
        2,
        "a listener that declined is not called again"
    );
}
