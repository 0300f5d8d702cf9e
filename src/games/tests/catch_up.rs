//! The events a resumed stream gets, rebuilt from the stored game, for
//! every way a game ends: their types and versions, and what they carry.

use chrono::TimeDelta;
use serde_json::json;

use super::{at, Fixture};
use crate::domain::GameId;
use crate::domain::PlayerRef;
use crate::engine::Move;
use crate::games::{Expected, GameEvent};

impl Fixture {
    /// The events after `since` the store's copy of game `id` accounts for.
    async fn events_after(&self, id: &GameId, since: i64) -> Option<Vec<GameEvent>> {
        let game = self.games.game(&self.store, id).await.unwrap().unwrap();
        self.games
            .events_after(&self.store, &game, since)
            .await
            .unwrap()
    }

    async fn joined(&self, creator: &PlayerRef, joiner: &PlayerRef) -> GameId {
        let id = self.create(&Fixture::classic(), creator).await.game.id;
        let mut tx = self.store.begin_write().await.unwrap();
        self.games.join(&mut tx, &id, joiner).await.unwrap();
        tx.commit().await.unwrap();
        id
    }
}

/// Each event's type and version.
fn kinds(events: &[GameEvent]) -> Vec<(String, i64)> {
    events
        .iter()
        .map(|e| {
            let json = serde_json::to_value(e).unwrap();
            (json["type"].as_str().unwrap().to_owned(), e.version())
        })
        .collect()
}

fn owned(kinds: &[(&str, i64)]) -> Vec<(String, i64)> {
    kinds.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
}

#[tokio::test]
async fn a_cancelled_game_replays_its_creation_and_its_cancellation() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    assert_eq!(
        fx.events_after(&id, 0).await.map(|e| kinds(&e)),
        Some(owned(&[("created", 1)]))
    );
    let mut tx = fx.store.begin_write().await.unwrap();
    fx.games.cancel(&mut tx, &id, &lan.id).await.unwrap();
    tx.commit().await.unwrap();
    let all = fx.events_after(&id, 0).await.unwrap();
    assert_eq!(
        all,
        vec![
            GameEvent::Created { version: 1 },
            GameEvent::Cancelled { version: 2 }
        ]
    );
    assert_eq!(
        fx.events_after(&id, 1).await,
        Some(vec![GameEvent::Cancelled { version: 2 }])
    );
    assert_eq!(fx.events_after(&id, 2).await, Some(vec![]));
    assert_eq!(fx.events_after(&id, 7).await, Some(vec![]));
}

#[tokio::test]
async fn an_expired_game_replays_its_creation_and_its_expiry() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    fx.time.advance(TimeDelta::hours(24));
    assert_eq!(fx.games.sweep(&fx.store).await.unwrap(), 1);
    assert_eq!(
        fx.events_after(&id, 0).await,
        Some(vec![
            GameEvent::Created { version: 1 },
            GameEvent::Expired { version: 2 }
        ])
    );
}

#[tokio::test]
async fn an_aborted_game_replays_the_join_and_the_abort_with_its_reason() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    let id = fx.joined(&lan, &minh).await;
    let mut tx = fx.store.begin_write().await.unwrap();
    fx.games.abort(&mut tx, &id, &minh.id).await.unwrap();
    tx.commit().await.unwrap();
    let all = fx.events_after(&id, 0).await.unwrap();
    assert_eq!(
        kinds(&all),
        owned(&[("created", 1), ("joined", 2), ("aborted", 3)])
    );
    assert_eq!(
        serde_json::to_value(&all[1]).unwrap(),
        json!({
            "type": "joined", "version": 2, "seat": "north",
            "player": {"id": minh.id.as_str(), "name": "Minh", "bot": false},
            "status": "active", "started_at": "2026-12-02T10:00:00Z", "clock": null
        })
    );
    assert_eq!(
        all[2],
        GameEvent::Aborted {
            version: 3,
            reason: "requested".to_owned()
        }
    );
    assert_eq!(
        fx.events_after(&id, 2).await.map(|e| kinds(&e)),
        Some(owned(&[("aborted", 3)]))
    );
}

#[tokio::test]
async fn a_resigned_game_replays_its_moves_and_the_end_with_its_result() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    let id = fx.joined(&lan, &minh).await;
    fx.time.advance(TimeDelta::seconds(3));
    let mut tx = fx.store.begin_write().await.unwrap();
    let m: Move = "3R".parse().unwrap();
    let played = fx
        .games
        .play(
            &mut tx,
            &id,
            &lan.id,
            m,
            &Expected {
                ply: Some(1),
                version: None,
            },
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    fx.time.advance(TimeDelta::seconds(4));
    let mut tx = fx.store.begin_write().await.unwrap();
    let resigned = fx.games.resign(&mut tx, &id, &minh.id).await.unwrap();
    tx.commit().await.unwrap();

    let all = fx.events_after(&id, 0).await.unwrap();
    assert_eq!(
        kinds(&all),
        owned(&[("created", 1), ("joined", 2), ("move", 3), ("ended", 4)])
    );
    // What the live transitions carried, and that in literal terms.
    assert_eq!(all[2], played.events[0]);
    assert_eq!(all[3], resigned.events[0]);
    let mv = serde_json::to_value(&all[2]).unwrap();
    assert_eq!(
        (
            &mv["version"],
            &mv["move"]["ply"],
            &mv["move"]["seat"],
            &mv["move"]["notation"]
        ),
        (&json!(3), &json!(1), &json!("south"), &json!("3R"))
    );
    assert_eq!((&mv["ply"], &mv["to_move"]), (&json!(2), &json!("north")));
    assert_eq!(mv["move"]["played_at"], "2026-12-02T10:00:03Z");
    // tests/engine_reference.rs: the reference implementation's 3R.
    assert_eq!(
        mv["move"]["position_after"],
        "M1,6,6,0,0,6,M1,6,6,0,6,6 n 6:0 0:0 2"
    );
    assert_eq!(mv["scores"], json!({"south": 6, "north": 0}));
    assert_eq!(
        serde_json::to_value(&all[3]).unwrap(),
        json!({
            "type": "ended", "version": 4, "status": "finished",
            "result": {"winner": "south", "reason": "resignation", "scores": {"south": 6, "north": 0}},
            "clock": null
        })
    );
    let game = fx.games.game(&fx.store, &id).await.unwrap().unwrap();
    assert_eq!(game.finished_at, Some(at("2026-12-02T10:00:07Z")));
    assert_eq!(fx.events_after(&id, 3).await, Some(vec![all[3].clone()]));
    assert_eq!(
        fx.events_after(&id, 2).await.map(|e| kinds(&e)),
        Some(owned(&[("move", 3), ("ended", 4)]))
    );
}
