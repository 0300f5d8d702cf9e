//! `oanquan ratings rebuild`: recompute every rating from the stored games.
//!
//! The games are replayed in the order they were rated live (the order of
//! their `rating_changes` ids, which is commit order), through the same
//! [`RatedGame::rate`] as the live path, so the result is bit-identical.
//! Games that have no changes yet (finished before ratings existed) come
//! first, by `(finished_at, id)`. Ordering everything by `finished_at`
//! alone could disagree with what happened live: two games sharing a
//! player may take their finishing times in one order and reach the
//! player's rating row in the other.

use std::collections::{HashMap, HashSet};

use super::games::GameRow;
use super::ratings::{
    push_changes, push_standings, ChangeToStore, PresetStanding, RatedGame, StandingRow,
    INSERT_CHANGES_PREFIX, STANDING_COLUMNS, UPSERT_STANDING_PREFIX,
};
use super::sqlite::direct::SqlBuilder;
use super::{Store, StoreError, WriteTx};
use crate::domain::PlayerId;
use crate::engine::Preset;
use crate::ratings::{Side, Standing};

/// What a rebuild did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RebuildSummary {
    /// Rated games replayed.
    pub games: usize,
    /// (player, preset) standings written.
    pub standings: usize,
    /// Standings that differ in any value from those stored before.
    pub changed: usize,
    /// Standings stored before that no game supports any more.
    pub removed: usize,
}

/// The finished games, in the order they were rated live; which of them
/// count is the Games layer's rule, which the rebuild is handed.
const FINISHED_GAMES: &str = concat!(
    select_game!(),
    " LEFT JOIN (SELECT game_id, MIN(id) AS seq FROM rating_changes GROUP BY game_id) c \
        ON c.game_id = g.id \
     WHERE g.status = 'finished' \
     ORDER BY (c.seq IS NOT NULL), c.seq, g.finished_at, g.id"
);

/// Rows per multi-row INSERT: 12 binds each, well under both backends'
/// limits on bound parameters.
const BATCH: usize = 1000;

type Standings = HashMap<(PlayerId, Preset), Standing>;

impl Store {
    /// Recomputes every standing and rating change from the finished games
    /// that `rated` says count, replacing what is stored, in one transaction.
    pub async fn rebuild_ratings(
        &self,
        rated: impl Fn(GameRow) -> Result<Option<RatedGame>, StoreError>,
    ) -> Result<RebuildSummary, StoreError> {
        let mut tx = self.begin_write().await?;
        if let WriteTx::Postgres(tx) = &mut tx {
            // Games finishing meanwhile wait, and are rated after the
            // rebuild commits, on top of its result.
            sqlx::query("LOCK TABLE player_ratings, rating_changes IN EXCLUSIVE MODE")
                .execute(&mut **tx)
                .await?;
        }
        let before = tx.all_standings().await?;
        let games = tx.rated_games(rated).await?;

        // Anchors are the operator's, not history's: they stay, from the
        // default standing.
        let mut standings: Standings = before
            .iter()
            .filter(|(_, s)| s.anchor)
            .map(|(key, _)| {
                let anchor = Standing {
                    anchor: true,
                    ..Standing::NEW
                };
                (key.clone(), anchor)
            })
            .collect();
        let mut met = HashSet::new();
        let mut changes = Vec::with_capacity(games.len() * 2);
        for game in &games {
            let side = |player: &PlayerId, opponent: &PlayerId| Side {
                standing: standings
                    .get(&(player.clone(), game.preset))
                    .copied()
                    .unwrap_or(Standing::NEW),
                first_meeting: !met.contains(&(player.clone(), game.preset, opponent.clone())),
            };
            let (south, north) = (
                side(&game.south, &game.north),
                side(&game.north, &game.south),
            );
            for change in game.rate(south, north) {
                standings.insert((change.player_id.clone(), change.preset), change.after);
                met.insert((
                    change.player_id.clone(),
                    change.preset,
                    change.opponent_id.clone(),
                ));
                changes.push(change);
            }
        }

        tx.replace_ratings(&standings, &changes).await?;
        tx.commit().await?;
        Ok(RebuildSummary {
            games: games.len(),
            standings: standings.len(),
            changed: standings
                .iter()
                .filter(|(key, now)| before.get(key) != Some(now))
                .count(),
            removed: before
                .keys()
                .filter(|key| !standings.contains_key(key))
                .count(),
        })
    }
}

impl WriteTx {
    async fn all_standings(&mut self) -> Result<Standings, StoreError> {
        let sql = format!("SELECT player_id, preset, {STANDING_COLUMNS} FROM player_ratings");
        let rows = self.fetch_all::<StandingRow>(&sql, &[]).await?;
        rows.into_iter()
            .map(|row| {
                let row = PresetStanding::try_from(row)?;
                Ok(((row.player_id, row.preset), row.standing))
            })
            .collect()
    }

    async fn rated_games(
        &mut self,
        rated: impl Fn(GameRow) -> Result<Option<RatedGame>, StoreError>,
    ) -> Result<Vec<RatedGame>, StoreError> {
        let rows = self.fetch_all::<GameRow>(FINISHED_GAMES, &[]).await?;
        let mut games = Vec::new();
        for row in rows {
            games.extend(rated(row)?);
        }
        Ok(games)
    }

    async fn replace_ratings(
        &mut self,
        standings: &Standings,
        changes: &[ChangeToStore],
    ) -> Result<(), StoreError> {
        let standings: Vec<_> = standings
            .iter()
            .map(|((player, preset), standing)| (player, *preset, standing))
            .collect();
        self.execute("DELETE FROM rating_changes", &[]).await?;
        self.execute("DELETE FROM player_ratings", &[]).await?;
        for batch in standings.chunks(BATCH) {
            let mut insert = SqlBuilder::new(UPSERT_STANDING_PREFIX);
            push_standings!(insert, batch.iter().copied());
            self.execute(&insert.sql, &insert.params).await?;
        }
        // In replay order: the new ids keep the order of the old ones.
        for batch in changes.chunks(BATCH) {
            let mut insert = SqlBuilder::new(INSERT_CHANGES_PREFIX);
            push_changes!(insert, batch);
            self.execute(&insert.sql, &insert.params).await?;
        }
        // The triggers kept the leaderboards' counts through the rewrite;
        // counting them afresh from the rows restores them whatever they
        // held before.
        self.refill_leaderboard_buckets().await
    }
}

impl Store {
    /// Makes `player` an anchor of `preset` (or no longer one): an
    /// established player by the operator's word, against whom others'
    /// ratings move from the first game. Returns whether anything changed.
    pub async fn set_rating_anchor(
        &self,
        player: &PlayerId,
        preset: Preset,
        anchor: bool,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let lock = if matches!(tx, WriteTx::Postgres(_)) {
            " FOR UPDATE"
        } else {
            ""
        };
        let select = format!(
            "SELECT player_id, preset, {STANDING_COLUMNS} FROM player_ratings \
             WHERE player_id = $1 AND preset = $2{lock}"
        );
        let row = tx
            .fetch_optional::<StandingRow>(&select, &params![player.as_str(), preset.name()])
            .await?;
        let standing = match row {
            Some(row) => PresetStanding::try_from(row)?.standing,
            None => Standing::NEW,
        };
        if standing.anchor == anchor {
            tx.rollback().await?;
            return Ok(false);
        }
        let standing = Standing { anchor, ..standing };
        if standing.games == 0 && !anchor {
            tx.execute(
                "DELETE FROM player_ratings WHERE player_id = $1 AND preset = $2",
                &params![player.as_str(), preset.name()],
            )
            .await?;
        } else {
            let mut upsert = SqlBuilder::new(UPSERT_STANDING_PREFIX);
            push_standings!(upsert, [(player, preset, &standing)]);
            upsert.push(
                " ON CONFLICT (player_id, preset) DO UPDATE SET anchor = excluded.anchor, \
                 established = excluded.established",
            );
            tx.execute(&upsert.sql, &upsert.params).await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
