//! Leaderboards: standings of a preset in ranking order — rating
//! descending, then player id ascending, so that no two rows tie — read
//! from the `leaderboard_*` indexes by keyset, never sorted in the app.
//!
//! A page starts strictly after or before a [`RankKey`]. `rating <= $k`
//! (or `>=`) bounds the index range so the scan starts at the key rather
//! than at the top; the OR decides the ties.
//!
//! A rank is 1 + the number of rows above the key. The rows of the whole
//! rating points above the key's are summed from `leaderboard_buckets`
//! (one count per preset, board, `min_games` threshold and rating point,
//! kept by triggers in the transaction of every write to
//! `player_ratings`); the rows above the key within its own point are
//! counted in the leaderboard index. Both parts cost what a rating point
//! holds, not the depth (BENCHMARKS.md "## Leaderboards"). A `min_games`
//! that is not one of [`BUCKET_MIN_GAMES`] has no counts: its rank counts
//! every row above the key, in the index.

use sqlx::Row as _;

use super::ratings::{parse_player, StandingColumns, STANDING_COLUMNS};
use super::{Store, StoreError, WriteTx};
use crate::domain::PlayerId;
use crate::domain::PlayerRef;
use crate::engine::Preset;
use crate::ratings::Standing;

/// Which rows a leaderboard shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderboardFilter {
    /// Include players whose RD is at or above the provisional threshold.
    pub include_provisional: bool,
    /// Only players with at least this many rated games in the preset.
    pub min_games: i64,
}

/// A position in the ranking order.
#[derive(Clone, Debug, PartialEq)]
pub struct RankKey {
    pub rating: f64,
    pub player_id: PlayerId,
}

/// Where a page starts.
#[derive(Clone, Debug, PartialEq)]
pub enum PageStart {
    /// At rank 1.
    Top,
    /// With the rows ranked after (below) the key.
    After(RankKey),
    /// With the rows ranked before (above) the key, ending next to it.
    Before(RankKey),
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    pub player: PlayerRef,
    pub standing: Standing,
}

impl LeaderboardRow {
    pub fn key(&self) -> RankKey {
        RankKey {
            rating: self.standing.glicko.rating,
            player_id: self.player.id.clone(),
        }
    }
}

/// The condition that selects the partial index `leaderboard_established`.
/// SQLite uses a partial index only when the query repeats its WHERE term
/// as written in the migration. `established` is
/// `ratings::Standing::is_established` as of the row's last write.
const ESTABLISHED: &str = " AND r.established = 1";

fn filter_sql(filter: &LeaderboardFilter) -> &'static str {
    if filter.include_provisional {
        ""
    } else {
        ESTABLISHED
    }
}

/// The tie-break: the player id's bytes. SQLite compares text that way
/// (BINARY); PostgreSQL is told to, or it would use the database's
/// collation, which may order "a" before "B" and so differ from SQLite.
fn id_sql(store: &Store) -> &'static str {
    match store {
        Store::Sqlite(_) => "r.player_id",
        Store::Postgres(_) => r#"r.player_id COLLATE "C""#,
    }
}

/// `player_ratings r`, naming the index on SQLite. Without statistics
/// SQLite takes the first index that fits, often the full one, and then
/// reads every provisional row it skips from the table; naming the index
/// makes the plan fixed (and a missing index an error, not a slow scan).
/// PostgreSQL's planner picks the partial index by itself.
fn table_sql(store: &Store, filter: &LeaderboardFilter) -> &'static str {
    match (store, filter.include_provisional) {
        (Store::Sqlite(_), false) => "player_ratings r INDEXED BY leaderboard_established",
        (Store::Sqlite(_), true) => "player_ratings r INDEXED BY leaderboard_everyone",
        (Store::Postgres(_), _) => "player_ratings r",
    }
}

row_struct! {
    struct Row {
        player_id: String,
        name: String,
        bot_level: Option<i32>,
        columns: StandingColumns = flatten,
    }
}

impl TryFrom<Row> for LeaderboardRow {
    type Error = StoreError;

    fn try_from(row: Row) -> Result<LeaderboardRow, StoreError> {
        Ok(LeaderboardRow {
            player: PlayerRef {
                id: parse_player(&row.player_id)?,
                name: row.name,
                bot_level: super::players::bot_level(row.bot_level),
                bot_account: false,
            },
            standing: row.columns.standing()?,
        })
    }
}

/// The page query: `$1` preset, `$2` min games, `$3`/`$4` the key's rating
/// and player id, `$5` the limit.
fn page_sql(store: &Store, filter: &LeaderboardFilter, start: &PageStart) -> String {
    let id = id_sql(store);
    let (range, order, limit) = match start {
        PageStart::Top => (String::new(), format!("r.rating DESC, {id}"), "$3"),
        PageStart::After(_) => (
            format!(" AND r.rating <= $3 AND (r.rating < $3 OR {id} > $4)"),
            format!("r.rating DESC, {id}"),
            "$5",
        ),
        PageStart::Before(_) => (
            format!(" AND r.rating >= $3 AND (r.rating > $3 OR {id} < $4)"),
            format!("r.rating ASC, {id} DESC"),
            "$5",
        ),
    };
    let columns = STANDING_COLUMNS
        .split(", ")
        .map(|c| format!("r.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "SELECT r.player_id, p.name, p.bot_level, {columns} \
         FROM {table} JOIN players p ON p.id = r.player_id \
         WHERE r.preset = $1 AND r.games >= $2{filter}{range} \
         ORDER BY {order} LIMIT {limit}",
        table = table_sql(store, filter),
        filter = filter_sql(filter),
    )
}

/// The `min_games` values (after raising 0 to 1) that have counts in
/// `leaderboard_buckets`: the rows of `leaderboard_min_games`.
pub const BUCKET_MIN_GAMES: [i64; 9] = [1, 10, 20, 30, 50, 100, 200, 500, 1000];

/// Counts the rows ranked above `$3`/`$4`: the counts of the rating points
/// above the key's (`bucket > $5`), plus the rows of the key's own point
/// (`rating < $6`, the point's top) above it. `$7` is the board (1:
/// include_provisional).
fn rank_sql(store: &Store, filter: &LeaderboardFilter) -> String {
    format!(
        "SELECT (SELECT CAST(COALESCE(SUM(b.players), 0) AS BIGINT) FROM leaderboard_buckets b \
            WHERE b.preset = $1 AND b.include_provisional = $7 AND b.min_games = $2 \
                AND b.bucket > $5) \
         + (SELECT COUNT(*) FROM {table} \
            WHERE r.preset = $1 AND r.games >= $2{filter} \
                AND r.rating >= $3 AND r.rating < $6 AND (r.rating > $3 OR {id} < $4))",
        table = table_sql(store, filter),
        filter = filter_sql(filter),
        id = id_sql(store),
    )
}

/// Whether the rank of `key` under `filter` can be read from the counts.
fn counted(filter: &LeaderboardFilter, key: &RankKey) -> bool {
    BUCKET_MIN_GAMES.contains(&filter.min_games.max(1)) && key.rating.is_finite()
}

/// The rating point of `rating`, as the triggers compute it (floor), and
/// the point's top.
fn bucket_of(rating: f64) -> (i64, f64) {
    let floor = rating.floor();
    (floor as i64, floor + 1.0)
}

/// Counts the rows ranked above `$3`/`$4`, one by one.
fn rows_above_sql(store: &Store, filter: &LeaderboardFilter) -> String {
    format!(
        "SELECT COUNT(*) FROM {table} \
         WHERE r.preset = $1 AND r.games >= $2{filter} \
            AND r.rating >= $3 AND (r.rating > $3 OR {id} < $4)",
        table = table_sql(store, filter),
        filter = filter_sql(filter),
        id = id_sql(store),
    )
}

/// Recomputes every count of `leaderboard_buckets` from the rows, as the
/// migration that made it did; `$1`-free, the same on both backends but
/// for the floor.
fn refill_buckets_sql(tx: &WriteTx) -> String {
    let floor = match tx {
        WriteTx::Sqlite(_) => "CAST(r.rating AS INTEGER) - (r.rating < CAST(r.rating AS INTEGER))",
        WriteTx::Postgres(_) => "CAST(floor(r.rating) AS BIGINT)",
    };
    format!(
        "INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players) \
         SELECT r.preset, b.include_provisional, t.min_games, {floor}, COUNT(*) \
         FROM player_ratings r \
         JOIN leaderboard_min_games t ON r.games >= t.min_games \
         JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b \
             ON b.include_provisional = 1 OR r.established = 1 \
         GROUP BY 1, 2, 3, 4"
    )
}

impl WriteTx {
    /// Replaces the leaderboards' counts with counts of the rows as they
    /// are in this transaction.
    pub(super) async fn refill_leaderboard_buckets(&mut self) -> Result<(), StoreError> {
        self.execute("DELETE FROM leaderboard_buckets", &[]).await?;
        let sql = refill_buckets_sql(self);
        self.execute(&sql, &[]).await?;
        Ok(())
    }
}

impl Store {
    /// Up to `limit` rows from `start`, in ranking order.
    pub async fn leaderboard(
        &self,
        preset: Preset,
        filter: &LeaderboardFilter,
        start: &PageStart,
        limit: i64,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        let sql = page_sql(self, filter, start);
        let rows = with_pool!(self, |pool| {
            let query = sqlx::query_as::<_, Row>(&sql)
                .bind(preset.name())
                .bind(filter.min_games.max(1));
            let query = match start {
                PageStart::Top => query,
                PageStart::After(key) | PageStart::Before(key) => {
                    query.bind(key.rating).bind(key.player_id.as_str())
                }
            };
            query.bind(limit).fetch_all(pool).await
        })?;
        let mut rows = rows
            .into_iter()
            .map(LeaderboardRow::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        if matches!(start, PageStart::Before(_)) {
            rows.reverse();
        }
        Ok(rows)
    }

    /// The rank `key` has (or would have) on the leaderboard: 1 + the
    /// number of rows above it, read in one statement (one snapshot).
    pub async fn rank_of(
        &self,
        preset: Preset,
        filter: &LeaderboardFilter,
        key: &RankKey,
    ) -> Result<i64, StoreError> {
        let counted = counted(filter, key);
        let sql = if counted {
            rank_sql(self, filter)
        } else {
            rows_above_sql(self, filter)
        };
        let (bucket, top) = bucket_of(key.rating);
        let above: i64 = with_pool!(self, |pool| {
            let query = sqlx::query_scalar(&sql)
                .bind(preset.name())
                .bind(filter.min_games.max(1))
                .bind(key.rating)
                .bind(key.player_id.as_str());
            let query = if counted {
                query
                    .bind(bucket)
                    .bind(top)
                    .bind(i64::from(filter.include_provisional))
            } else {
                query
            };
            query.fetch_one(pool).await
        })?;
        Ok(above + 1)
    }

    /// The database's plans for the leaderboard's queries — the top page,
    /// the pages after and before `key`, and the rank of `key` — each
    /// with a label: what README "## Ratings" shows and tests check.
    pub async fn explain_leaderboard(
        &self,
        preset: Preset,
        filter: &LeaderboardFilter,
        key: &RankKey,
        limit: i64,
    ) -> Result<Vec<(&'static str, Vec<String>)>, StoreError> {
        let queries = [
            (
                "first page",
                page_sql(self, filter, &PageStart::Top),
                false,
                true,
            ),
            (
                "page after a cursor",
                page_sql(self, filter, &PageStart::After(key.clone())),
                true,
                true,
            ),
            (
                "page before a cursor",
                page_sql(self, filter, &PageStart::Before(key.clone())),
                true,
                true,
            ),
            (
                "rank (counts above a key's rating point, rows above it within the point)",
                rank_sql(self, filter),
                true,
                false,
            ),
        ];
        let (bucket, top) = bucket_of(key.rating);
        let mut plans = Vec::new();
        for (label, sql, with_key, with_limit) in queries {
            let with_bucket = sql.contains("$7");
            let plan = with_pool!(self, |pool| {
                let explain = match self {
                    Store::Sqlite(_) => format!("EXPLAIN QUERY PLAN {sql}"),
                    Store::Postgres(_) => format!("EXPLAIN {sql}"),
                };
                let mut query = sqlx::query(&explain)
                    .bind(preset.name())
                    .bind(filter.min_games.max(1));
                if with_key {
                    query = query.bind(key.rating).bind(key.player_id.as_str());
                }
                if with_bucket {
                    query = query
                        .bind(bucket)
                        .bind(top)
                        .bind(i64::from(filter.include_provisional));
                }
                if with_limit {
                    query = query.bind(limit);
                }
                let rows = query.fetch_all(pool).await?;
                rows.iter()
                    .map(|row| match self {
                        Store::Sqlite(_) => row.try_get::<String, _>("detail"),
                        Store::Postgres(_) => row.try_get::<String, _>(0),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })?;
            plans.push((label, plan));
        }
        Ok(plans)
    }

    /// One player's standing in one preset, if they have one.
    pub async fn standing(
        &self,
        player: &PlayerId,
        preset: Preset,
    ) -> Result<Option<Standing>, StoreError> {
        let sql = format!(
            "SELECT {STANDING_COLUMNS} FROM player_ratings \
             WHERE player_id = $1 AND preset = $2 AND games > 0"
        );
        let row = with_pool!(self, |pool| {
            sqlx::query_as::<_, StandingColumns>(&sql)
                .bind(player.as_str())
                .bind(preset.name())
                .fetch_optional(pool)
                .await
        })?;
        row.map(|r| r.standing()).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_partial_index_condition_is_the_established_flag() {
        assert_eq!(ESTABLISHED, " AND r.established = 1");
        for dir in ["sqlite", "postgres"] {
            let migration =
                std::fs::read_to_string(format!("migrations/{dir}/0014_fair_ratings.sql")).unwrap();
            assert!(migration.contains("WHERE established = 1;"), "{dir}");
        }
    }

    #[test]
    fn the_counted_min_games_are_those_of_the_migration() {
        let values = BUCKET_MIN_GAMES
            .iter()
            .map(|m| format!("({m})"))
            .collect::<Vec<_>>()
            .join(", ");
        let insert = format!("INSERT INTO leaderboard_min_games (min_games) VALUES {values};");
        for dir in ["sqlite", "postgres"] {
            let migration =
                std::fs::read_to_string(format!("migrations/{dir}/0024_leaderboard_buckets.sql"))
                    .unwrap();
            assert!(migration.contains(&insert), "{dir}");
        }
    }

    #[test]
    fn a_rating_point_is_the_floor_of_the_rating() {
        assert_eq!(bucket_of(1500.0), (1500, 1501.0));
        assert_eq!(bucket_of(1500.999), (1500, 1501.0));
        assert_eq!(bucket_of(0.5), (0, 1.0));
        assert_eq!(bucket_of(-0.5), (-1, 0.0));
        assert_eq!(bucket_of(-2.0), (-2, -1.0));
    }
}
