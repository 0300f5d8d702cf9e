//! Tournaments (migration 0021): the event's row, its players and its
//! pairings. Writers lock the tournament's row first
//! ([`WriteTx::lock_tournament`]), so that one transaction at a time
//! records a result or pairs a round of it.

use chrono::{DateTime, Utc};

use super::games::{GameRow, SELECT_GAME};
use super::{Store, StoreError, WriteTx};

row_struct! {
    /// A tournament's row.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct TournamentRow {
        pub id: String,
        pub name: String,
        pub format: String,
        pub double_round: bool,
        pub status: String,
        pub preset: String,
        pub initial_s: i32,
        pub increment_s: i32,
        pub rounds: Option<i32>,
        pub round: i32,
        pub starts_at: Option<DateTime<Utc>>,
        pub max_players: i32,
        pub rated: bool,
        pub created_by: String,
        pub created_at: DateTime<Utc>,
        pub started_at: Option<DateTime<Utc>>,
        pub finished_at: Option<DateTime<Utc>>,
        /// An arena's length in minutes (migration 0023).
        pub duration_min: Option<i32>,
        /// The time a running arena ends: no pairing after it.
        pub ends_at: Option<DateTime<Utc>>,
    }
}

row_struct! {
    /// A player entered, with what a game needs of them.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct EntrantRow {
        pub player_id: String,
        pub name: String,
        pub bot_level: Option<i32>,
        pub bot_account: bool,
        pub seed: i32,
        pub withdrawn: bool,
    }
}

row_struct! {
    /// One board of a round.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct PairingRow {
        pub tournament_id: String,
        pub round: i32,
        pub board: i32,
        pub south_id: String,
        pub north_id: Option<String>,
        pub game_id: Option<String>,
        pub south_points2: Option<i32>,
        pub north_points2: Option<i32>,
    }
}

row_struct! {
    struct Count {
        count: i64,
    }
}

const COLUMNS: &str = "id, name, format, double_round, status, preset, initial_s, increment_s, \
    rounds, round, starts_at, max_players, rated, created_by, created_at, started_at, finished_at, \
    duration_min, ends_at";

const INSERT: &str = "INSERT INTO tournaments (id, name, format, double_round, status, preset, \
    initial_s, increment_s, rounds, round, starts_at, max_players, rated, created_by, created_at, \
    started_at, finished_at, duration_min, ends_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)";

const UPDATE: &str = "UPDATE tournaments SET status = $2, rounds = $3, round = $4, \
    started_at = $5, finished_at = $6, ends_at = $7 WHERE id = $1";

const ENTRANTS: &str = "SELECT e.player_id, p.name, p.bot_level, p.bot_account, e.seed, \
    e.withdrawn FROM tournament_players e JOIN players p ON p.id = e.player_id \
    WHERE e.tournament_id = $1 ORDER BY e.seed";

const ENTER: &str = "INSERT INTO tournament_players (tournament_id, player_id, seed, withdrawn) \
    VALUES ($1, $2, $3, FALSE)";

const WITHDRAW: &str =
    "UPDATE tournament_players SET withdrawn = TRUE WHERE tournament_id = $1 AND player_id = $2";

const LEAVE: &str = "DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2";

const RESEED: &str = "UPDATE tournament_players SET seed = seed - 1 \
    WHERE tournament_id = $1 AND seed > $2";

const PAIRING_COLUMNS: &str = "tournament_id, round, board, south_id, north_id, game_id, \
    south_points2, north_points2";

const INSERT_PAIRING: &str = "INSERT INTO tournament_pairings (tournament_id, round, board, \
    south_id, north_id, game_id, south_points2, north_points2) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

const SCORE: &str = "UPDATE tournament_pairings SET south_points2 = $4, north_points2 = $5 \
    WHERE tournament_id = $1 AND round = $2 AND board = $3";

const UNDECIDED: &str = "SELECT COUNT(*) AS count FROM tournament_pairings \
    WHERE tournament_id = $1 AND round = $2 AND south_points2 IS NULL";

impl WriteTx {
    pub async fn insert_tournament(&mut self, row: &TournamentRow) -> Result<(), StoreError> {
        self.execute(
            INSERT,
            &params![
                row.id.as_str(),
                row.name.as_str(),
                row.format.as_str(),
                row.double_round,
                row.status.as_str(),
                row.preset.as_str(),
                row.initial_s,
                row.increment_s,
                row.rounds,
                row.round,
                row.starts_at,
                row.max_players,
                row.rated,
                row.created_by.as_str(),
                row.created_at,
                row.started_at,
                row.finished_at,
                row.duration_min,
                row.ends_at,
            ],
        )
        .await?;
        Ok(())
    }

    /// Reads a tournament and locks it until the transaction ends.
    pub async fn lock_tournament(&mut self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let lock = match self {
            WriteTx::Postgres(_) => " FOR UPDATE",
            WriteTx::Sqlite(_) => "",
        };
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1{lock}");
        self.fetch_optional(&sql, &params![id]).await
    }

    /// Saves what changes of a tournament as it runs.
    pub async fn update_tournament(&mut self, row: &TournamentRow) -> Result<(), StoreError> {
        self.execute(
            UPDATE,
            &params![
                row.id.as_str(),
                row.status.as_str(),
                row.rounds,
                row.round,
                row.started_at,
                row.finished_at,
                row.ends_at,
            ],
        )
        .await?;
        Ok(())
    }

    /// The players of a tournament, by seed.
    pub async fn tournament_entrants(&mut self, id: &str) -> Result<Vec<EntrantRow>, StoreError> {
        self.fetch_all(ENTRANTS, &params![id]).await
    }

    /// Enters `player` with `seed`.
    pub async fn enter_tournament(
        &mut self,
        id: &str,
        player: &str,
        seed: i32,
    ) -> Result<(), StoreError> {
        self.execute(ENTER, &params![id, player, seed]).await?;
        Ok(())
    }

    /// Marks `player` withdrawn from a tournament under way.
    pub async fn withdraw_from_tournament(
        &mut self,
        id: &str,
        player: &str,
    ) -> Result<(), StoreError> {
        self.execute(WITHDRAW, &params![id, player]).await?;
        Ok(())
    }

    /// Takes `player`, of seed `seed`, off a tournament not yet started;
    /// the later seeds move up.
    pub async fn leave_tournament(
        &mut self,
        id: &str,
        player: &str,
        seed: i32,
    ) -> Result<(), StoreError> {
        self.execute(LEAVE, &params![id, player]).await?;
        self.execute(RESEED, &params![id, seed]).await?;
        Ok(())
    }

    /// The pairings of a tournament, by round and board.
    pub async fn tournament_pairings(&mut self, id: &str) -> Result<Vec<PairingRow>, StoreError> {
        let sql = format!(
            "SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE tournament_id = $1 \
             ORDER BY round, board"
        );
        self.fetch_all(&sql, &params![id]).await
    }

    /// The board a game is played on, if it is a tournament's.
    pub async fn pairing_of_game(&mut self, game: &str) -> Result<Option<PairingRow>, StoreError> {
        let sql = format!("SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE game_id = $1");
        self.fetch_optional(&sql, &params![game]).await
    }

    pub async fn insert_pairing(&mut self, row: &PairingRow) -> Result<(), StoreError> {
        self.execute(
            INSERT_PAIRING,
            &params![
                row.tournament_id.as_str(),
                row.round,
                row.board,
                row.south_id.as_str(),
                &row.north_id,
                &row.game_id,
                row.south_points2,
                row.north_points2,
            ],
        )
        .await?;
        Ok(())
    }

    /// Records a board's points.
    pub async fn score_pairing(
        &mut self,
        row: &PairingRow,
        south_points2: i32,
        north_points2: i32,
    ) -> Result<(), StoreError> {
        self.execute(
            SCORE,
            &params![
                row.tournament_id.as_str(),
                row.round,
                row.board,
                south_points2,
                north_points2,
            ],
        )
        .await?;
        Ok(())
    }

    /// How many boards of a round have no result yet.
    pub async fn undecided_boards(&mut self, id: &str, round: i32) -> Result<i64, StoreError> {
        let count: Count = self.fetch_one(UNDECIDED, &params![id, round]).await?;
        Ok(count.count)
    }
}

impl Store {
    pub async fn tournament_by_id(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, TournamentRow>(&sql)
                .bind(id)
                .fetch_optional(pool)
                .await
        })?)
    }

    /// Up to `limit` tournaments, newest first, of `status` if given,
    /// after the tournament `after` in that order.
    pub async fn list_tournaments(
        &self,
        status: Option<&str>,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments t WHERE ($1 IS NULL OR t.status = $1) \
             AND ($2 IS NULL OR (t.created_at, t.id) < \
                 (SELECT a.created_at, a.id FROM tournaments a WHERE a.id = $2)) \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $3"
        );
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, TournamentRow>(&sql)
                .bind(status)
                .bind(after)
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?)
    }

    /// The players of a tournament, by seed.
    pub async fn tournament_entrants(&self, id: &str) -> Result<Vec<EntrantRow>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, EntrantRow>(ENTRANTS)
                .bind(id)
                .fetch_all(pool)
                .await
        })?)
    }

    /// The pairings of a tournament, by round and board.
    pub async fn tournament_pairings(&self, id: &str) -> Result<Vec<PairingRow>, StoreError> {
        let sql = format!(
            "SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE tournament_id = $1 \
             ORDER BY round, board"
        );
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, PairingRow>(&sql)
                .bind(id)
                .fetch_all(pool)
                .await
        })?)
    }

    /// The registering tournaments whose `starts_at` is at or before `now`.
    pub async fn tournaments_due(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        const DUE: &str = "SELECT id FROM tournaments WHERE status = 'registering' \
            AND starts_at <= $1 ORDER BY starts_at LIMIT $2";
        let rows: Vec<(String,)> = with_pool!(self, |pool| {
            sqlx::query_as(DUE)
                .bind(now)
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The running arenas whose `ends_at` is at or before `now`.
    pub async fn tournaments_ending(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        const ENDING: &str = "SELECT id FROM tournaments WHERE status = 'running' \
            AND ends_at <= $1 ORDER BY ends_at LIMIT $2";
        let rows: Vec<(String,)> = with_pool!(self, |pool| {
            sqlx::query_as(ENDING)
                .bind(now)
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The games of a tournament, by round and board.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<(i32, GameRow)>, StoreError> {
        let sql = format!(
            "{SELECT_GAME} WHERE g.id IN (SELECT game_id FROM tournament_pairings \
             WHERE tournament_id = $1 AND game_id IS NOT NULL)"
        );
        let rows: Vec<GameRow> = with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(&sql)
                .bind(id)
                .fetch_all(pool)
                .await
        })?;
        let pairings = self.tournament_pairings(id).await?;
        let mut games: Vec<(i32, i32, GameRow)> = rows
            .into_iter()
            .filter_map(|row| {
                let board = pairings
                    .iter()
                    .find(|p| p.game_id.as_deref() == Some(row.id.as_str()))?;
                Some((board.round, board.board, row))
            })
            .collect();
        games.sort_by_key(|(round, board, _)| (*round, *board));
        Ok(games
            .into_iter()
            .map(|(round, _, row)| (round, row))
            .collect())
    }
}
