//! Unit tests of the Games layer on a real SQLite store (a file in a
//! temporary directory, migrated as the server migrates it) with a
//! [`ManualTime`]: the layer's functions called directly, where the HTTP
//! tests cannot see what they return (the sweeper's count, say).

mod catch_up;
mod clock;
mod hooks;
mod lifecycle;
mod play;
mod sweep;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use tempfile::TempDir;

use super::{
    position_of, Expected, GameSpec, Games, GamesError, ManualTime, SharedTime, Transition,
};
use crate::domain::PlayerRef;
use crate::domain::{GameId, PlayerName, TokenHash};
use crate::engine::Preset;
use crate::store::DatabaseSettings;
use crate::store::Store;

/// A migrated SQLite store, a Games layer on a manual clock, and the
/// directory that holds the database (removed when dropped).
pub(crate) struct Fixture {
    pub store: Store,
    pub time: Arc<ManualTime>,
    pub games: Games,
    _dir: TempDir,
}

pub(super) fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .with_timezone(&Utc)
}

impl Fixture {
    /// The clock starts at 2026-12-02 10:00 UTC.
    pub async fn new() -> Fixture {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let settings = DatabaseSettings {
            url: format!("sqlite://{}", dir.path().join("games.db").display())
                .parse()
                .unwrap(),
            max_connections: 2,
        };
        let store = Store::connect(&settings).await.expect("the store opens");
        store.migrate().await.expect("the migrations run");
        let time = ManualTime::starting_at(at("2026-12-02T10:00:00Z"));
        // The sweeper's tests keep many games of one player waiting; the
        // cap on waiting games is tested through the server.
        let policy = crate::games::Policy {
            max_waiting_games: 0,
            ..Default::default()
        };
        let games = Games::with_policy(SharedTime::from(time.clone()), policy);
        Fixture {
            store,
            time,
            games,
            _dir: dir,
        }
    }

    /// Registers a person.
    pub async fn player(&self, name: &str) -> PlayerRef {
        let mut tx = self.store.begin_write().await.unwrap();
        let registered = tx
            .insert_player(
                &PlayerName::parse(name).unwrap(),
                &TokenHash::of(&format!("token of {name}")),
                self.games.time().now(),
            )
            .await
            .unwrap()
            .expect("a free name");
        tx.commit().await.unwrap();
        crate::games::player_ref(&registered.player)
    }

    /// Creates a game as `spec` asks, committed.
    pub async fn create(&self, spec: &GameSpec, creator: &PlayerRef) -> Transition {
        let mut tx = self.store.begin_write().await.unwrap();
        let created = self.games.create(&mut tx, spec, creator).await.unwrap();
        tx.commit().await.unwrap();
        created
    }

    /// `player` takes a seat: committed if it may, rolled back if not.
    pub async fn join(&self, id: &GameId, player: &PlayerRef) -> Result<Transition, GamesError> {
        let mut tx = self.store.begin_write().await.unwrap();
        let joined = self.games.join(&mut tx, id, player).await;
        if joined.is_ok() {
            tx.commit().await.unwrap();
        } else {
            tx.rollback().await.unwrap();
        }
        joined
    }

    /// The side to move plays its first legal move, committed.
    pub async fn play_first_legal(&self, id: &GameId) {
        let game = self.games.game(&self.store, id).await.unwrap().unwrap();
        let mover = game.player(game.to_move).unwrap().id.clone();
        let m = position_of(&game)
            .unwrap()
            .legal_moves()
            .iter()
            .next()
            .copied()
            .unwrap();
        let mut tx = self.store.begin_write().await.unwrap();
        self.games
            .play(&mut tx, id, &mover, m, &Expected::default())
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }

    /// The standard start under the classic rules, South (the creator) first.
    pub fn classic() -> GameSpec {
        GameSpec::standard(Preset::Classic.rules())
    }
}
