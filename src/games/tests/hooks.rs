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
            Ok(Vec::new())
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

/// On every expiry, creates a new waiting game for the expired game's
/// creator, in the expiry's transaction: a transition the hook made.
struct ReopenTheExpired(crate::games::Games);

impl TxHook for ReopenTheExpired {
    fn wants(&self, transition: &Transition) -> bool {
        transition.game.status == GameStatus::Expired
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            let creator = transition.game.south.clone().expect("the creator's seat");
            let made = self
                .0
                .create(tx, &Fixture::classic(), &creator)
                .await
                .map_err(|e| HookFailed(e.into()))?;
            Ok(vec![made])
        })
    }
}

/// Counts the games created that it hears.
struct CountCreated(AtomicUsize);

impl TxHook for CountCreated {
    fn wants(&self, transition: &Transition) -> bool {
        transition
            .events
            .iter()
            .any(|event| matches!(event, crate::games::GameEvent::Created { .. }))
    }

    fn write<'a>(&'a self, _tx: &'a mut WriteTx, _transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(Vec::new())
        })
    }
}

#[tokio::test]
async fn what_a_hook_makes_the_hooks_hear_and_the_listeners_are_told_after_the_commit() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let expired = fx.create(&Fixture::classic(), &lan).await.game.id;
    fx.time.advance(TimeDelta::hours(25));
    fx.games.hook(Arc::new(ReopenTheExpired(fx.games.clone())));
    let counted = Arc::new(CountCreated(AtomicUsize::new(0)));
    fx.games.hook(counted.clone());
    let heard = Arc::new(std::sync::Mutex::new(Vec::new()));
    fx.games.listen(Box::new({
        let heard = heard.clone();
        move |published| {
            if let Published::Committed(transition) = published {
                let game = &transition.game;
                heard.lock().unwrap().push((game.id.clone(), game.status));
            }
            true
        }
    }));

    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 1);

    assert_eq!(
        counted.0.load(Ordering::SeqCst),
        1,
        "the made game was hooked"
    );
    let heard = heard.lock().unwrap().clone();
    assert_eq!(heard.len(), 2, "{heard:?}");
    assert_eq!(heard[0], (expired.clone(), GameStatus::Expired));
    assert_ne!(heard[1].0, expired);
    assert_eq!(heard[1].1, GameStatus::Waiting);
    let made = fx
        .games
        .game(&fx.store, &heard[1].0)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.status, GameStatus::Waiting, "the made game is stored");
}
