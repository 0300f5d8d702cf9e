//! Reading history: games newest first by keyset, moves by ply range, and
//! writing the moves of an imported record in bulk.

use chrono::{DateTime, Utc};

use super::games::{GameRow, SELECT_GAME};
use super::moves_write::MoveRow;
use super::sqlite::direct::SqlBuilder;
use super::{MoveRecord, Store, StoreError, WriteTx};
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{EndReason, Preset, Seat};

/// A game's place in the history order: newest first by `created_at`, ties
/// broken by id. Both are fixed at creation, so the order never changes
/// and a page boundary stays where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryKey {
    pub created_at: DateTime<Utc>,
    pub id: GameId,
}

/// A game row as `oanquan verify` walks them.
#[derive(Debug)]
pub struct StoredGame {
    pub id: String,
    /// The `preset` column, which the `rules` filter reads: it must name
    /// the preset the rule columns equal.
    pub preset: Option<String>,
    pub row: GameRow,
}

/// Which ruleset a listed game was played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesFilter {
    Preset(Preset),
    /// A mix of parameters that is no preset.
    Custom,
}

/// What to list; `None` lets everything through.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFilter {
    pub status: Option<GameStatus>,
    /// Games in which this player sits, in either seat.
    pub player: Option<PlayerId>,
    pub rated: Option<bool>,
    pub rules: Option<RulesFilter>,
    /// Games created at or after this instant.
    pub since: Option<DateTime<Utc>>,
    /// Games created before this instant.
    pub until: Option<DateTime<Utc>>,
    /// With `player`: the games against this player.
    pub opponent: Option<PlayerId>,
    /// The games won by this seat (`Some(None)`: drawn).
    pub winner: Option<Option<Seat>>,
    pub reason: Option<EndReason>,
    /// Rated games with a rating change, every one of which started at
    /// this rating or above (a side whose rating did not move has none).
    pub min_rating: Option<f64>,
}

/// A value bound to a placeholder of a query built at run time.
enum Bind {
    Text(String),
    Bool(bool),
    Time(DateTime<Utc>),
    Int(i64),
    Real(f64),
}

/// The WHERE conditions of a history page and their values, numbered from 1.
#[derive(Default)]
struct Conditions {
    sql: Vec<String>,
    binds: Vec<Bind>,
}

impl Conditions {
    fn placeholder(&mut self, value: Bind) -> String {
        self.binds.push(value);
        format!("${}", self.binds.len())
    }

    /// Conditions on the games table under the alias `table` (`g.` or ``).
    fn for_filter(&mut self, filter: &GameFilter, after: Option<&HistoryKey>, table: &str) {
        if let Some(status) = filter.status {
            let p = self.placeholder(Bind::Text(status.as_str().to_owned()));
            self.sql.push(format!("{table}status = {p}"));
        }
        // A player's games are read from the seats' indexes: `rated` and
        // `preset` are then written so that no index of theirs can be
        // chosen instead (SQLite, without statistics, would take one).
        let (open, close) = if filter.player.is_some() {
            ("(", ") IS TRUE")
        } else {
            ("", "")
        };
        if let Some(rated) = filter.rated {
            let p = self.placeholder(Bind::Bool(rated));
            self.sql.push(format!("{open}{table}rated = {p}{close}"));
        }
        match filter.rules {
            Some(RulesFilter::Preset(preset)) => {
                let p = self.placeholder(Bind::Text(preset.name().to_owned()));
                self.sql.push(format!("{open}{table}preset = {p}{close}"));
            }
            Some(RulesFilter::Custom) => self.sql.push(format!("{table}preset IS NULL")),
            None => {}
        }
        if let Some(since) = filter.since {
            let p = self.placeholder(Bind::Time(since));
            self.sql.push(format!("{table}created_at >= {p}"));
        }
        if let Some(until) = filter.until {
            let p = self.placeholder(Bind::Time(until));
            self.sql.push(format!("{table}created_at < {p}"));
        }
        if let Some(winner) = filter.winner {
            let name = winner.map_or("draw", Seat::name);
            let p = self.placeholder(Bind::Text(name.to_owned()));
            self.sql.push(format!("{table}winner = {p}"));
        }
        if let Some(reason) = filter.reason {
            let p = self.placeholder(Bind::Text(reason.name().to_owned()));
            self.sql.push(format!("{table}end_reason = {p}"));
        }
        if let Some(rating) = filter.min_rating {
            let p = self.placeholder(Bind::Real(rating));
            let id = if table.is_empty() { "games.id" } else { "g.id" };
            self.sql.push(format!(
                "EXISTS (SELECT 1 FROM rating_changes rc WHERE rc.game_id = {id}) \
                 AND NOT EXISTS (SELECT 1 FROM rating_changes rc \
                 WHERE rc.game_id = {id} AND rc.rating_before < {p})"
            ));
        }
        if let Some(key) = after {
            // The row-value form `(created_at, id) < (…)` is not used: SQLite
            // does not turn it into an index range. The first conjunct is
            // the range; the second drops the cursor's own timestamp ties.
            let at = self.placeholder(Bind::Time(key.created_at));
            let id = self.placeholder(Bind::Text(key.id.to_string()));
            self.sql.push(format!(
                "{table}created_at <= {at} AND ({table}created_at < {at} OR {table}id < {id})"
            ));
        }
    }

    fn where_clause(&self) -> String {
        if self.sql.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.sql.join(" AND "))
        }
    }
}

const NEWEST_FIRST: &str = "ORDER BY created_at DESC, id DESC";

/// The SQL and binds of one page. With a player, each seat is read from its
/// own index (`games_by_south`, `games_by_north`) and the two short lists
/// are merged: a player never sits in both seats of one game.
fn page_query(filter: &GameFilter, after: Option<&HistoryKey>, limit: u32) -> (String, Vec<Bind>) {
    let mut conditions = Conditions::default();
    let Some(player) = &filter.player else {
        conditions.for_filter(filter, after, "g.");
        let limit = conditions.placeholder(Bind::Int(limit.into()));
        let sql = format!(
            "{SELECT_GAME} {} ORDER BY g.created_at DESC, g.id DESC LIMIT {limit}",
            conditions.where_clause()
        );
        return (sql, conditions.binds);
    };
    let player = conditions.placeholder(Bind::Text(player.to_string()));
    let opponent = filter
        .opponent
        .as_ref()
        .map(|opponent| conditions.placeholder(Bind::Text(opponent.to_string())));
    conditions.for_filter(filter, after, "");
    let limit = conditions.placeholder(Bind::Int(limit.into()));
    let rest: String = conditions.sql.iter().map(|c| format!(" AND {c}")).collect();
    let arm = |seat: &str| {
        let against = match (&opponent, seat) {
            (Some(o), "south") => format!(" AND north_id = {o}"),
            (Some(o), _) => format!(" AND south_id = {o}"),
            (None, _) => String::new(),
        };
        format!(
            "SELECT id FROM (SELECT id FROM games WHERE {seat}_id = {player}{against}{rest} \
             {NEWEST_FIRST} LIMIT {limit}) AS by_{seat}"
        )
    };
    let sql = format!(
        "{SELECT_GAME} WHERE g.id IN ({} UNION ALL {}) \
         ORDER BY g.created_at DESC, g.id DESC LIMIT {limit}",
        arm("south"),
        arm("north")
    );
    (sql, conditions.binds)
}

macro_rules! bind_all {
    ($query:expr, $binds:expr) => {{
        let mut query = $query;
        for value in $binds {
            query = match value {
                Bind::Text(text) => query.bind(text),
                Bind::Bool(flag) => query.bind(flag),
                Bind::Time(at) => query.bind(at),
                Bind::Int(n) => query.bind(n),
                Bind::Real(x) => query.bind(x),
            };
        }
        query
    }};
}

const SELECT_MOVES: &str = "\
    SELECT game_id, ply, seat, notation, player_id, position_after, played_at, think_ms, \
        clock_ms FROM moves \
    WHERE game_id = $1 AND ply >= $2 AND ply <= $3 ORDER BY ply";

const INSERT_MOVES: &str =
    "INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at, \
     think_ms, clock_ms) ";

/// Moves per INSERT statement: 9 values each, far below either backend's
/// limit on placeholders.
const MOVES_PER_INSERT: usize = 250;

impl Store {
    /// Up to `limit` games passing `filter`, newest first, strictly after
    /// `after` in that order.
    pub async fn list_games(
        &self,
        filter: &GameFilter,
        after: Option<&HistoryKey>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let (sql, binds) = page_query(filter, after, limit);
        Ok(with_pool!(self, |pool| {
            bind_all!(sqlx::query_as::<_, GameRow>(&sql), binds)
                .fetch_all(pool)
                .await
        })?)
    }

    /// Every move of each of `games`, by game then ply.
    pub async fn moves_of_games(&self, games: &[GameId]) -> Result<Vec<MoveRecord>, StoreError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=games.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT game_id, ply, seat, notation, player_id, position_after, played_at, \
             think_ms, clock_ms FROM moves WHERE game_id IN ({}) ORDER BY game_id, ply",
            placeholders.join(", ")
        );
        let rows = with_pool!(self, |pool| {
            let mut query = sqlx::query_as::<_, MoveRow>(&sql);
            for game in games {
                query = query.bind(game.as_str());
            }
            query.fetch_all(pool).await
        })?;
        rows.into_iter().map(MoveRecord::try_from).collect()
    }

    /// The query plan of a history page, one line per step, for tests that
    /// pin index use. PostgreSQL plans with sequential scans disabled: on a
    /// test's few rows it would rightly prefer them, and the question is
    /// whether an index can serve the query, not whether it pays yet.
    pub async fn explain_list_games(
        &self,
        filter: &GameFilter,
        after: Option<&HistoryKey>,
    ) -> Result<String, StoreError> {
        let (sql, binds) = page_query(filter, after, 20);
        let lines: Vec<String> = match self {
            Store::Sqlite(pool) => {
                let explain = format!("EXPLAIN QUERY PLAN {sql}");
                let rows: Vec<(i64, i64, i64, String)> = bind_all!(sqlx::query_as(&explain), binds)
                    .fetch_all(pool)
                    .await?;
                rows.into_iter().map(|row| row.3).collect()
            }
            Store::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                sqlx::query("SET LOCAL enable_seqscan = off")
                    .execute(&mut *tx)
                    .await?;
                let explain = format!("EXPLAIN {sql}");
                let rows: Vec<(String,)> = bind_all!(sqlx::query_as(&explain), binds)
                    .fetch_all(&mut *tx)
                    .await?;
                rows.into_iter().map(|row| row.0).collect()
            }
        };
        Ok(lines.join("\n"))
    }

    /// The moves of `game` with `from <= ply <= to`, in order.
    pub async fn moves_between(
        &self,
        game: &GameId,
        from: u32,
        to: u32,
    ) -> Result<Vec<MoveRecord>, StoreError> {
        let (from, to) = (clamp(from), clamp(to));
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, MoveRow>(SELECT_MOVES)
                .bind(game.as_str())
                .bind(from)
                .bind(to)
                .fetch_all(pool)
                .await
        })?;
        rows.into_iter().map(MoveRecord::try_from).collect()
    }

    /// Up to `limit` games with an id greater than `after`, by id, each
    /// decoded or with the reason it cannot be: a walk over every game
    /// that a corrupt row does not stop.
    pub async fn games_by_id_after(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let sql = format!("{SELECT_GAME} WHERE g.id > $1 ORDER BY g.id LIMIT $2");
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(&sql)
                .bind(after.unwrap_or(""))
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?;
        Ok(rows
            .into_iter()
            .map(|row| StoredGame {
                id: row.id.clone(),
                preset: row.preset.clone(),
                row,
            })
            .collect())
    }
}

/// Plies are stored as INTEGER (i32); larger asks match nothing beyond it.
fn clamp(ply: u32) -> i32 {
    i32::try_from(ply).unwrap_or(i32::MAX)
}

impl WriteTx {
    /// Inserts the moves of an imported record, several per statement.
    pub async fn insert_moves(&mut self, records: &[MoveRecord]) -> Result<(), StoreError> {
        for chunk in records.chunks(MOVES_PER_INSERT) {
            let mut insert = SqlBuilder::new(INSERT_MOVES);
            insert.push_values(chunk, |mut row, record| {
                row.push_bind(record.game_id.as_str())
                    .push_bind(record.ply as i32)
                    .push_bind(record.seat.name())
                    .push_bind(record.notation.as_str())
                    .push_bind(record.player_id.as_ref().map(PlayerId::as_str))
                    .push_bind(record.position_after.as_str())
                    .push_bind(record.played_at)
                    .push_bind(record.think_ms)
                    .push_bind(record.clock_ms);
            });
            self.execute(&insert.sql, &insert.params).await?;
        }
        Ok(())
    }
}
