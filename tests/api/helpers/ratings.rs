//! Helpers for ratings: rated games between given players, the stored
//! ratings read back exactly, and standings seeded for leaderboards.

use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::games::{Match, Player};
use super::TestApp;
use oanquan::store::Store;

/// A `player_ratings` row, every column, floats as bits.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct StoredStanding {
    pub player_id: String,
    pub preset: String,
    pub rating: u64,
    pub rd: u64,
    pub volatility: u64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub streak_kind: Option<String>,
    pub streak_length: i64,
    pub last_played_at: Option<DateTime<Utc>>,
    pub opponents: i64,
    pub anchor: i64,
    pub established: i64,
}

/// A `rating_changes` row without its id, floats as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChange {
    pub game_id: String,
    pub player_id: String,
    pub opponent_id: String,
    pub preset: String,
    pub result: String,
    pub rated_at: DateTime<Utc>,
    pub values: [u64; 6],
}

oanquan::row_struct! {
    struct StandingRow {
        player_id: String,
        preset: String,
        rating: f64,
        rd: f64,
        volatility: f64,
        games: i64,
        wins: i64,
        draws: i64,
        losses: i64,
        streak_kind: Option<String>,
        streak_length: i64,
        last_played_at: Option<DateTime<Utc>>,
        opponents: i64,
        anchor: i64,
        established: i64,
    }
}

oanquan::row_struct! {
    struct ChangeRow {
        game_id: String,
        player_id: String,
        opponent_id: String,
        preset: String,
        result: String,
        rated_at: DateTime<Utc>,
        rating_before: f64,
        rd_before: f64,
        volatility_before: f64,
        rating_after: f64,
        rd_after: f64,
        volatility_after: f64,
    }
}

const STANDINGS: &str = "SELECT player_id, preset, rating, rd, volatility, games, wins, draws, \
    losses, streak_kind, streak_length, last_played_at, opponents, anchor, established \
    FROM player_ratings ORDER BY player_id, preset";

const CHANGES: &str = "SELECT game_id, player_id, opponent_id, preset, result, rated_at, \
    rating_before, rd_before, volatility_before, rating_after, rd_after, volatility_after \
    FROM rating_changes ORDER BY id";

impl TestApp {
    /// A new player made an anchor of every preset's rating pool (as
    /// `oanquan ratings anchor` does), so that games against them count.
    pub async fn anchored_player(&self, name: &str) -> Player {
        let player = self.player(name).await;
        self.anchor(&player.id, &oanquan::engine::Preset::ALL).await;
        player
    }

    /// Makes `player` an anchor of each of `presets`.
    pub async fn anchor(&self, player: &str, presets: &[oanquan::engine::Preset]) {
        let id = oanquan::domain::PlayerId::parse(player).unwrap();
        for preset in presets {
            assert!(self
                .store
                .set_rating_anchor(&id, *preset, true)
                .await
                .unwrap());
        }
    }

    /// A rated game under `preset`: `south` creates it, `north` joins.
    pub async fn rated_game(&self, preset: &str, south: &Player, north: &Player) -> Match {
        let game = self
            .create_game(
                &south.token,
                json!({"rules": {"preset": preset}, "seat": "south", "first": "south", "rated": true}),
            )
            .await;
        assert_eq!(game["rated"], true, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        assert_eq!(self.join(&id, &north.token).await.status(), StatusCode::OK);
        Match {
            id,
            south: south.clone(),
            north: north.clone(),
        }
    }

    /// `loser` resigns once the game counts ([`TestApp::open`]); returns
    /// the finished game.
    pub async fn resign(&self, game: &str, loser: &Player) -> Value {
        self.open(game).await;
        let response = self.act(game, "resign", &loser.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// Every stored standing, exactly.
    pub async fn stored_standings(&self) -> Vec<StoredStanding> {
        let rows: Vec<StandingRow> = match &self.store {
            Store::Sqlite(pool) => sqlx::query_as(STANDINGS).fetch_all(pool).await,
            Store::Postgres(pool) => sqlx::query_as(STANDINGS).fetch_all(pool).await,
        }
        .expect("standings");
        rows.into_iter()
            .map(|r| StoredStanding {
                player_id: r.player_id,
                preset: r.preset,
                rating: r.rating.to_bits(),
                rd: r.rd.to_bits(),
                volatility: r.volatility.to_bits(),
                games: r.games,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                streak_kind: r.streak_kind,
                streak_length: r.streak_length,
                last_played_at: r.last_played_at,
                opponents: r.opponents,
                anchor: r.anchor,
                established: r.established,
            })
            .collect()
    }

    /// Every stored rating change in the order made, exactly.
    pub async fn stored_changes(&self) -> Vec<StoredChange> {
        let rows: Vec<ChangeRow> = match &self.store {
            Store::Sqlite(pool) => sqlx::query_as(CHANGES).fetch_all(pool).await,
            Store::Postgres(pool) => sqlx::query_as(CHANGES).fetch_all(pool).await,
        }
        .expect("changes");
        rows.into_iter()
            .map(|r| StoredChange {
                game_id: r.game_id,
                player_id: r.player_id,
                opponent_id: r.opponent_id,
                preset: r.preset,
                result: r.result,
                rated_at: r.rated_at,
                values: [
                    r.rating_before,
                    r.rd_before,
                    r.volatility_before,
                    r.rating_after,
                    r.rd_after,
                    r.volatility_after,
                ]
                .map(f64::to_bits),
            })
            .collect()
    }

    /// Moves a game's finishing time.
    pub async fn set_finished_at(&self, game: &str, at: DateTime<Utc>) {
        let sql = "UPDATE games SET finished_at = $2 WHERE id = $1";
        match &self.store {
            Store::Sqlite(pool) => sqlx::query(sql)
                .bind(game)
                .bind(at)
                .execute(pool)
                .await
                .map(drop),
            Store::Postgres(pool) => sqlx::query(sql)
                .bind(game)
                .bind(at)
                .execute(pool)
                .await
                .map(drop),
        }
        .expect("finished_at updated");
    }

    /// Stores a standing directly (for leaderboards that need many
    /// players): `games` rated games, all won, against as many opponents;
    /// marked established when `rd` is below 110, as if they had earned it.
    pub async fn seed_standing(
        &self,
        player: &str,
        preset: &str,
        rating: f64,
        rd: f64,
        games: i64,
    ) {
        let sql = format!(
            "INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, games, wins, \
             draws, losses, streak_kind, streak_length, last_played_at, opponents, anchor, \
             established) \
             VALUES ($1, $2, $3, $4, 0.06, {games}, {games}, 0, 0, 'win', {games}, NULL, {games}, \
             0, {established})",
            established = i32::from(rd < 110.0)
        );
        self.execute(&sql, &[player, preset], &[rating, rd]).await;
    }

    /// The SQLite database file's URL (SQLite apps only).
    pub async fn sqlite_url(&self) -> String {
        let Store::Sqlite(pool) = &self.store else {
            panic!("not a SQLite app");
        };
        let (_, _, file): (i64, String, String) = sqlx::query_as("PRAGMA database_list")
            .fetch_one(pool)
            .await
            .unwrap();
        format!("sqlite://{file}")
    }
}
