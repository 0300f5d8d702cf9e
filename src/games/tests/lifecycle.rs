//! Creating, joining, cancelling and ending games: the refusals with their
//! reasons, the default clock of a rated game, and the per-pair cap.

use chrono::TimeDelta;

use super::Fixture;
use crate::domain::PlayerRef;
use crate::domain::{GameStatus, TimeControl};
use crate::engine::{Position, Preset, Seat};
use crate::games::{GameSpec, Games, GamesError, Policy, SharedTime, Transition};

impl Fixture {
    async fn try_create(
        &self,
        spec: &GameSpec,
        creator: &PlayerRef,
    ) -> Result<Transition, GamesError> {
        let mut tx = self.store.begin_write().await.unwrap();
        let created = self.games.create(&mut tx, spec, creator).await;
        tx.rollback().await.unwrap();
        created
    }
}

fn rated() -> GameSpec {
    GameSpec {
        rated: true,
        ..Fixture::classic()
    }
}

#[tokio::test]
async fn a_rated_game_without_a_clock_gets_ten_minutes_and_five_seconds_an_unrated_one_none() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let game = fx.create(&rated(), &lan).await.game;
    assert!(game.rated);
    assert_eq!(
        game.timing.control,
        Some(TimeControl::RealTime {
            initial_s: 600,
            increment_s: 5
        })
    );
    let game = fx.create(&Fixture::classic(), &lan).await.game;
    assert!(!game.rated);
    assert_eq!(game.timing.control, None);
    let chosen = TimeControl::Correspondence { days_per_move: 3 };
    let spec = GameSpec {
        clock: Some(chosen),
        ..rated()
    };
    assert_eq!(
        fx.create(&spec, &lan).await.game.timing.control,
        Some(chosen)
    );
}

#[tokio::test]
async fn creations_that_cannot_be_are_refused_with_the_reason() {
    let fx = Fixture::new().await;
    let lan = fx.player("Lan").await;
    let own = GameSpec {
        opponent: Some(lan.id.clone()),
        ..Fixture::classic()
    };
    let refused = fx.try_create(&own, &lan).await.unwrap_err();
    assert!(matches!(refused, GamesError::InvalidGame(_)), "{refused:?}");
    assert_eq!(
        refused.to_string(),
        "opponent: you cannot reserve the other seat for yourself"
    );
    let start = Position::start(Preset::Classic.rules(), Seat::South).to_string();
    let mismatched = GameSpec {
        position: Some(start.clone()),
        first: Some(Seat::North),
        ..Fixture::classic()
    };
    let refused = fx.try_create(&mismatched, &lan).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "first is north but the position has south to move"
    );
    let agreed = GameSpec {
        position: Some(start),
        first: Some(Seat::South),
        ..rated()
    };
    let custom = fx.try_create(&agreed, &lan).await.unwrap().game;
    assert_eq!(
        (custom.rated, custom.unrated_reason.as_deref()),
        (false, Some("custom_position"))
    );
}

#[tokio::test]
async fn a_seat_is_taken_once_by_someone_else_and_only_while_the_game_waits() {
    let fx = Fixture::new().await;
    let (lan, minh, tuan) = (
        fx.player("Lan").await,
        fx.player("Minh").await,
        fx.player("Tuan").await,
    );
    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    assert!(matches!(fx.join(&id, &lan).await, Err(GamesError::OwnGame)));
    let joined = fx.join(&id, &minh).await.unwrap();
    assert_eq!(joined.game.status, GameStatus::Active);
    assert_eq!(joined.game.north.as_ref().map(|p| &p.id), Some(&minh.id));
    assert!(matches!(
        fx.join(&id, &tuan).await,
        Err(GamesError::GameFull)
    ));

    let kept = GameSpec {
        opponent: Some(minh.id.clone()),
        seat: Some(Seat::North),
        ..Fixture::classic()
    };
    let id = fx.create(&kept, &lan).await.game.id;
    assert!(matches!(
        fx.join(&id, &tuan).await,
        Err(GamesError::SeatReserved)
    ));
    let joined = fx.join(&id, &minh).await.unwrap();
    assert_eq!(joined.game.south.as_ref().map(|p| &p.id), Some(&minh.id));
    assert_eq!(joined.game.reserved_for, None);

    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    let mut tx = fx.store.begin_write().await.unwrap();
    let refused = fx.games.cancel(&mut tx, &id, &minh.id).await.unwrap_err();
    assert!(matches!(refused, GamesError::NotGameCreator), "{refused:?}");
    let cancelled = fx.games.cancel(&mut tx, &id, &lan.id).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(cancelled.game.status, GameStatus::Cancelled);
    assert!(matches!(
        fx.join(&id, &minh).await,
        Err(GamesError::GameNotWaiting(GameStatus::Cancelled))
    ));
    let mut tx = fx.store.begin_write().await.unwrap();
    let refused = fx.games.cancel(&mut tx, &id, &lan.id).await.unwrap_err();
    assert!(
        matches!(refused, GamesError::GameNotWaiting(GameStatus::Cancelled)),
        "{refused:?}"
    );
}

#[tokio::test]
async fn a_rated_game_resigned_too_early_is_aborted_an_unrated_one_finishes() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    for (spec, status, reason) in [
        (rated(), GameStatus::Aborted, Some("aborted")),
        (Fixture::classic(), GameStatus::Finished, None),
    ] {
        let id = fx.create(&spec, &lan).await.game.id;
        fx.join(&id, &minh).await.unwrap();
        let mut tx = fx.store.begin_write().await.unwrap();
        let resigned = fx.games.resign(&mut tx, &id, &minh.id).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(resigned.game.status, status);
        assert!(!resigned.game.rated);
        assert_eq!(resigned.game.unrated_reason.as_deref(), reason);
    }
}

#[tokio::test]
async fn a_pair_s_rated_games_beyond_the_limit_in_24_hours_are_unrated() {
    let mut fx = Fixture::new().await;
    fx.games = Games::with_policy(
        SharedTime::from(fx.time.clone()),
        Policy {
            pair_rated_limit: 1,
            ..Policy::default()
        },
    );
    let (lan, minh, tuan) = (
        fx.player("Lan").await,
        fx.player("Minh").await,
        fx.player("Tuan").await,
    );
    let rated_game = |creator: PlayerRef, joiner: PlayerRef| {
        let fx = &fx;
        async move {
            let id = fx.create(&rated(), &creator).await.game.id;
            fx.join(&id, &joiner).await.unwrap().game
        }
    };
    let first = rated_game(lan.clone(), minh.clone()).await;
    assert_eq!((first.rated, first.unrated_reason), (true, None));
    let second = rated_game(minh.clone(), lan.clone()).await;
    assert_eq!(
        (second.rated, second.unrated_reason.as_deref()),
        (false, Some("pair_limit"))
    );
    let other_pair = rated_game(lan.clone(), tuan.clone()).await;
    assert!(other_pair.rated);
    // 24 hours after the first began, it still counts; a second later not.
    fx.time.advance(TimeDelta::hours(24));
    assert!(!rated_game(lan.clone(), minh.clone()).await.rated);
    fx.time.advance(TimeDelta::seconds(1));
    assert!(rated_game(lan.clone(), minh.clone()).await.rated);
}

#[tokio::test]
async fn a_game_is_aborted_on_request_only_while_too_short() {
    let fx = Fixture::new().await;
    let (lan, minh) = (fx.player("Lan").await, fx.player("Minh").await);
    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    fx.join(&id, &minh).await.unwrap();
    // Two moves each, the first legal one each time.
    for _ in 0..4 {
        fx.play_first_legal(&id).await;
    }
    let mut tx = fx.store.begin_write().await.unwrap();
    let refused = fx.games.abort(&mut tx, &id, &lan.id).await.unwrap_err();
    assert!(matches!(refused, GamesError::NotAbortable), "{refused:?}");
    tx.rollback().await.unwrap();

    let id = fx.create(&Fixture::classic(), &lan).await.game.id;
    fx.join(&id, &minh).await.unwrap();
    let mut tx = fx.store.begin_write().await.unwrap();
    let aborted = fx.games.abort(&mut tx, &id, &lan.id).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(aborted.game.status, GameStatus::Aborted);
    assert_eq!(aborted.game.abort_reason.as_deref(), Some("requested"));
}

#[tokio::test]
async fn the_layer_answers_with_the_policy_and_the_clock_it_was_given() {
    let fx = Fixture::new().await;
    let games = Games::with_policy(
        SharedTime::from(fx.time.clone()),
        Policy {
            first_move_window: TimeDelta::seconds(45),
            waiting_expiry: TimeDelta::hours(2),
            pair_rated_limit: 3,
            max_bot_games: 2,
            max_waiting_games: 4,
        },
    );
    let policy = games.policy();
    assert_eq!(policy.first_move_window, TimeDelta::seconds(45));
    assert_eq!(policy.waiting_expiry, TimeDelta::hours(2));
    assert_eq!(policy.pair_rated_limit, 3);
    assert_eq!(policy.max_bot_games, 2);
    assert_eq!(policy.max_waiting_games, 4);
    assert_eq!(games.time().now(), super::at("2026-12-02T10:00:00Z"));
    fx.time.advance(TimeDelta::days(400));
    assert_eq!(games.time().now(), super::at("2028-01-06T10:00:00Z"));
}
