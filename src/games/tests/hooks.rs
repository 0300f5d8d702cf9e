//! The unit of work's hooks ([`TxHook`]): what they write commits with
//! the transition, and a hook that fails rolls the transition back.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use chrono::TimeDelta;

use super::Fixture;
use crate::domain::{GameStatus, PlayerName, TimeControl, TokenHash};
use crate::games::{GameSpec, HookFailed, HookFuture, Published, Transition, TxHook};
use crate::store::WriteTx;

/// Registers a player named `Expired<n>` for every game that expires, in
/// the expiry's own transaction; or fails, when `fail` is set.
struct NameTheExpired {
    written: AtomicUsize,
    fail: bool,
}

impl TxHook for NameTheExpired {
    fn wants(&self, transition: &Transition) -> bool {
        transition.game.status == GameStatus::Expired
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, _transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            let n = self.written.fetch_add(1, Ordering::SeqCst);
            let name = PlayerName::parse(&format!("Expired{n}")).unwrap();
            let at = chrono::DateTime::UNIX_EPOCH;
            tx.insert_player(&name, &TokenHash::of(&format!("expired {n}")), at)
                .await
                .map_err(|e| HookFailed(e.into()))?;
            if self.fail {
                return Err(HookFailed(anyhow::anyhow!("the hook refuses")));
            }
            Ok(())
        })
    }
}

async fn two_waiting_games_due(fx: &Fixture) -> Vec<crate::domain::GameId> {
    let lan = fx.player("Lan").await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        ids.push(fx.create(&Fixture::classic(), &lan).await.game.id);
    }
    fx.time.advance(TimeDelta::hours(25));
    ids
}

async fn player_exists(fx: &Fixture, name: &str) -> bool {
    let key = PlayerName::parse(name).unwrap();
    fx.store.player_named(&key).await.unwrap().is_some()
}

#[tokio::test]
async fn what_a_hook_writes_commits_with_the_transition_it_wants() {
    let fx = Fixture::new().await;
    let ids = two_waiting_games_due(&fx).await;
    let hook = Arc::new(NameTheExpired {
        written: AtomicUsize::new(0),
        fail: false,
    });
    fx.games.hook(hook.clone());

    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 2);

    assert_eq!(hook.written.load(Ordering::SeqCst), 2);
    assert!(player_exists(&fx, "Expired0").await);
    assert!(player_exists(&fx, "Expired1").await);
    for id in &ids {
        let game = fx.games.game(&fx.store, id).await.unwrap().unwrap();
        assert_eq!(game.status, GameStatus::Expired);
    }
}

#[tokio::test]
async fn a_hook_that_fails_rolls_its_transition_back_and_nothing_is_published() {
    let fx = Fixture::new().await;
    let ids = two_waiting_games_due(&fx).await;
    fx.games.hook(Arc::new(NameTheExpired {
        written: AtomicUsize::new(0),
        fail: true,
    }));
    let heard = Arc::new(AtomicUsize::new(0));
    fx.games.listen(Box::new({
        let heard = heard.clone();
        move |published| {
            if let Published::Committed(_) = published {
                heard.fetch_add(1, Ordering::SeqCst);
            }
            true
        }
    }));

    assert!(fx.games.sweep(&fx.store).await.is_err());

    assert_eq!(heard.load(Ordering::SeqCst), 0);
    assert!(
        !player_exists(&fx, "Expired0").await,
        "the hook's own write rolled back with the transition"
    );
    for id in &ids {
        let game = fx.games.game(&fx.store, id).await.unwrap().unwrap();
        assert_eq!(game.status, GameStatus::Waiting);
    }
}

#[tokio::test]
async fn a_hook_writes_only_for_the_transitions_it_wants() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    // A real-time game of 30 s a side that nobody starts: aborted, not
    // expired, when South's first move never comes.
    let spec = GameSpec {
        clock: Some(TimeControl::RealTime {
            initial_s: 30,
            increment_s: 0,
        }),
        ..Fixture::classic()
    };
    let timed = fx.create(&spec, &lan).await.game.id;
    fx.join(&timed, &minh).await.unwrap();
    let waiting = fx.create(&Fixture::classic(), &lan).await.game.id;
    fx.time.advance(TimeDelta::hours(25));
    let hook = Arc::new(NameTheExpired {
        written: AtomicUsize::new(0),
        fail: false,
    });
    fx.games.hook(hook.clone());

    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 2);

    assert_eq!(hook.written.load(Ordering::SeqCst), 1, "the expiry only");
    for (id, status) in [
        (&timed, GameStatus::Aborted),
        (&waiting, GameStatus::Expired),
    ] {
        let game = fx.games.game(&fx.store, id).await.unwrap().unwrap();
        assert_eq!(game.status, status);
    }
}
