//! The opening explorer's rows: one per move of every finished game (and
//! one for the position it ended in), written by the explorer's indexer,
//! and the per-move counts of one position read back.

use chrono::{DateTime, Utc};

use super::explorer_counts::bounds;
use super::games::{GameRow, SELECT_GAME};
use super::moves_write::MoveRow;
use super::sqlite::direct::{fixed_chunks, Param, SqlBuilder};
use super::{MoveRecord, Store, StoreError, WriteTx};
use crate::domain::GameId;

/// One row of `explorer_moves`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplorerRow {
    pub game_id: GameId,
    pub ply: u32,
    pub rules: String,
    /// Position notation without its ply.
    pub position: String,
    /// The move played in `position`; empty where the game ended in it.
    pub played: String,
    /// `south`, `north` or `draw`.
    pub winner: &'static str,
    /// The final score of the side to move in `position` minus the other's.
    pub score_difference: i32,
    pub rated: bool,
    pub rating: Option<f64>,
    pub speed: &'static str,
    pub finished_at: DateTime<Utc>,
}

/// Which games of a position to count; `None` lets everything through.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExplorerFilter {
    pub rules: String,
    pub position: String,
    pub rated: Option<bool>,
    pub min_rating: Option<f64>,
    /// Games finished at or after this instant.
    pub since: Option<DateTime<Utc>>,
    /// Games finished before this instant.
    pub until: Option<DateTime<Utc>>,
    pub speed: Option<String>,
}

row_struct! {
    /// The counts of the games that played one move in a position (or,
    /// with an empty `played`, of every game that reached it).
    pub struct ExplorerCounts {
        pub played: String,
        pub games: i64,
        pub south_wins: i64,
        pub north_wins: i64,
        pub draws: i64,
        pub average_score_difference: Option<f64>,
        pub average_rating: Option<f64>,
    }
}

row_struct! {
    struct RecentRow {
        game_id: String,
    }
}

row_struct! {
    struct MeanRating {
        rating: Option<f64>,
    }
}

/// The counts' columns over the rows of one group.
const COUNTS: &str = "\
    COUNT(DISTINCT game_id) AS games, \
    COUNT(DISTINCT CASE WHEN winner = 'south' THEN game_id END) AS south_wins, \
    COUNT(DISTINCT CASE WHEN winner = 'north' THEN game_id END) AS north_wins, \
    COUNT(DISTINCT CASE WHEN winner = 'draw' THEN game_id END) AS draws, \
    AVG(CAST(score_difference AS DOUBLE PRECISION)) AS average_score_difference, \
    AVG(rating) AS average_rating";

/// The rows of one position passing the filter: `$1` to `$8`.
const OF_POSITION: &str = "\
    FROM explorer_moves WHERE rules = $1 AND position = $2 \
    AND ($3 IS NULL OR rated = $3) AND ($4 IS NULL OR rating >= $4) \
    AND ($5 IS NULL OR finished_at >= $5) AND ($6 IS NULL OR finished_at < $6) \
    AND ($7 IS NULL OR speed = $7)";

/// The most games of a position counted from their rows, under a filter
/// that cuts inside a bucket (a time within a month, a rating not a
/// multiple of 100); past it such a filter is refused, so that no query
/// reads more than this many rows.
pub const MAX_ROWS_COUNTED: i64 = 5_000;

/// Rows per INSERT (11 values each): see [`fixed_chunks`].
const ROWS_PER_INSERT: &[usize] = &[16, 4, 1];

const INSERT_ROWS: &str = "INSERT INTO explorer_moves (game_id, ply, rules, position, move, \
    winner, score_difference, rated, rating, speed, finished_at) ";

/// [`INSERT_ROWS`] for PostgreSQL: a transaction's rows in one statement, one
/// array a column, rather than 11 parameters a row (sqlx encodes each
/// parameter on its own, and each statement is a round trip).
const INSERT_ROWS_UNNEST: &str = "INSERT INTO explorer_moves (game_id, ply, rules, position, \
    move, winner, score_difference, rated, rating, speed, finished_at) \
    SELECT * FROM UNNEST($1::text[], $2::int4[], $3::text[], $4::text[], $5::text[], \
        $6::text[], $7::int4[], $8::bool[], $9::float8[], $10::text[], $11::timestamptz[]) \
    ON CONFLICT (game_id, ply) DO NOTHING";

/// Binds `$1` to `$7` of [`OF_POSITION`] to a sqlx query.
macro_rules! bind_filter {
    ($query:expr, $filter:expr) => {
        $query
            .bind(&$filter.rules)
            .bind(&$filter.position)
            .bind($filter.rated)
            .bind($filter.min_rating)
            .bind($filter.since)
            .bind($filter.until)
            .bind($filter.speed.as_deref())
    };
}

impl Store {
    /// The counts of each move played in the filter's position, by move,
    /// and (under the empty move) of all the games that reached it: from
    /// the buckets when the filter falls on their bounds, else from the
    /// rows.
    ///
    /// `None` when the filter cuts inside a bucket and more than
    /// [`MAX_ROWS_COUNTED`] games reached the position (whatever their
    /// rating and time): those rows are not counted at query time.
    pub async fn explorer_counts(
        &self,
        filter: &ExplorerFilter,
    ) -> Result<Option<(ExplorerCounts, Vec<ExplorerCounts>)>, StoreError> {
        if let Some(bounds) = bounds(filter) {
            return self.explorer_bucket_counts(filter, bounds).await.map(Some);
        }
        let (reached, _) = self
            .explorer_bucket_counts(filter, (None, None, None))
            .await?;
        if reached.games > MAX_ROWS_COUNTED {
            return Ok(None);
        }
        self.explorer_counts_from_rows(filter).await.map(Some)
    }

    /// [`Store::explorer_counts`] counted from the rows.
    async fn explorer_counts_from_rows(
        &self,
        filter: &ExplorerFilter,
    ) -> Result<(ExplorerCounts, Vec<ExplorerCounts>), StoreError> {
        let by_move = format!("SELECT move AS played, {COUNTS} {OF_POSITION} GROUP BY move");
        let total = format!("SELECT '' AS played, {COUNTS} {OF_POSITION}");
        let (total, moves) = with_pool!(self, |pool| {
            let total = bind_filter!(sqlx::query_as::<_, ExplorerCounts>(&total), filter)
                .fetch_one(pool)
                .await?;
            let moves = bind_filter!(sqlx::query_as::<_, ExplorerCounts>(&by_move), filter)
                .fetch_all(pool)
                .await?;
            Ok::<_, sqlx::Error>((total, moves))
        })?;
        let moves = moves.into_iter().filter(|m| !m.played.is_empty()).collect();
        Ok((total, moves))
    }

    /// The ids of the `limit` games of the filter's position that finished
    /// last, newest first: read backwards along the position's index.
    pub async fn explorer_recent(
        &self,
        filter: &ExplorerFilter,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        // A game may pass through the position more than once.
        let sql = format!("SELECT game_id {OF_POSITION} ORDER BY finished_at DESC LIMIT $8");
        let rows = with_pool!(self, |pool| {
            bind_filter!(sqlx::query_as::<_, RecentRow>(&sql), filter)
                .bind(i64::from(limit) * 4)
                .fetch_all(pool)
                .await
        })?;
        let mut ids: Vec<String> = Vec::new();
        for row in rows {
            if !ids.contains(&row.game_id) && ids.len() < limit as usize {
                ids.push(row.game_id);
            }
        }
        Ok(ids)
    }
}

impl WriteTx {
    /// Every move of `game`, in order.
    pub async fn moves_of_game(&mut self, game: &GameId) -> Result<Vec<MoveRecord>, StoreError> {
        let rows: Vec<MoveRow> = self
            .fetch_all(
                "SELECT game_id, ply, seat, notation, player_id, position_after, played_at, \
                 think_ms, clock_ms FROM moves WHERE game_id = $1 ORDER BY ply",
                &[game.as_str().into()],
            )
            .await?;
        rows.into_iter().map(MoveRecord::try_from).collect()
    }

    /// The mean of both players' ratings before `game`, if it was rated.
    pub async fn mean_rating_before(&mut self, game: &GameId) -> Result<Option<f64>, StoreError> {
        let row: MeanRating = self
            .fetch_one(
                "SELECT AVG(rating_before) AS rating FROM rating_changes WHERE game_id = $1",
                &[game.as_str().into()],
            )
            .await?;
        Ok(row.rating)
    }

    /// Writes games' explorer rows; rows already stored are kept.
    pub async fn insert_explorer_rows(&mut self, rows: &[ExplorerRow]) -> Result<(), StoreError> {
        if let WriteTx::Postgres(tx) = self {
            let column = |f: fn(&ExplorerRow) -> &str| rows.iter().map(f).collect::<Vec<_>>();
            sqlx::query(INSERT_ROWS_UNNEST)
                .bind(column(|row| row.game_id.as_str()))
                .bind(rows.iter().map(|row| row.ply as i32).collect::<Vec<_>>())
                .bind(column(|row| &row.rules))
                .bind(column(|row| &row.position))
                .bind(column(|row| &row.played))
                .bind(column(|row| row.winner))
                .bind(
                    rows.iter()
                        .map(|row| row.score_difference)
                        .collect::<Vec<_>>(),
                )
                .bind(rows.iter().map(|row| row.rated).collect::<Vec<_>>())
                .bind(rows.iter().map(|row| row.rating).collect::<Vec<_>>())
                .bind(column(|row| row.speed))
                .bind(rows.iter().map(|row| row.finished_at).collect::<Vec<_>>())
                .execute(&mut **tx)
                .await?;
            return Ok(());
        }
        for chunk in fixed_chunks(rows, ROWS_PER_INSERT) {
            let mut insert = SqlBuilder::new(INSERT_ROWS);
            insert.push_values(chunk, |mut values, row| {
                values
                    .push_bind(row.game_id.as_str())
                    .push_bind(row.ply as i32)
                    .push_bind(row.rules.as_str())
                    .push_bind(row.position.as_str())
                    .push_bind(row.played.as_str())
                    .push_bind(row.winner)
                    .push_bind(row.score_difference)
                    .push_bind(row.rated)
                    .push_bind(Param::Real(row.rating))
                    .push_bind(row.speed)
                    .push_bind(row.finished_at);
            });
            insert.push(" ON CONFLICT (game_id, ply) DO NOTHING");
            self.execute(&insert.sql, &insert.params).await?;
        }
        Ok(())
    }

    /// Deletes every explorer row and count and empties the indexer's
    /// queue (before a rebuild, which counts every finished game); how
    /// many rows there were. On PostgreSQL it first locks the three tables
    /// until the commit, so that a game finishing meanwhile (whose
    /// transaction queues it) is either seen finished by the rebuild or
    /// queued after it, never both, and no indexer writes meanwhile
    /// (SQLite's write lock does that already).
    pub async fn clear_explorer(&mut self) -> Result<u64, StoreError> {
        if let WriteTx::Postgres(_) = self {
            self.execute(
                "LOCK TABLE explorer_pending, explorer_moves, explorer_counts IN EXCLUSIVE MODE",
                &[],
            )
            .await?;
        }
        self.clear_explorer_queue().await?;
        self.execute("DELETE FROM explorer_counts", &[]).await?;
        self.execute("DELETE FROM explorer_moves", &[]).await
    }

    /// Up to `limit` finished games with an id greater than `after`, by id.
    pub async fn finished_games_after(
        &mut self,
        after: &str,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "{SELECT_GAME} WHERE g.status = 'finished' AND g.id > $1 ORDER BY g.id LIMIT $2"
        );
        self.fetch_all(&sql, &[after.into(), i64::from(limit).into()])
            .await
    }
}
