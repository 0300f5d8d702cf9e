//! Reading ratings: a player's standings, rating history and head-to-head
//! record.

use chrono::{DateTime, Utc};

use super::ratings::{corrupt, parse_player, parse_preset, parse_result, StandingRow};
use super::{HeadToHead, PresetStanding, RatingChange, Record, Store, StoreError};
use crate::domain::PlayerRef;
use crate::domain::{GameId, PlayerId};
use crate::engine::Preset;
use crate::ratings::Glicko;

const STANDINGS_OF_PLAYER: &str = "\
    SELECT player_id, preset, rating, rd, volatility, games, wins, draws, losses, streak_kind, \
        streak_length, last_played_at, opponents, anchor \
    FROM player_ratings WHERE player_id = $1 AND games > 0 ORDER BY preset";

row_struct! {
    struct ChangeRow {
        id: i64,
        game_id: String,
        player_id: String,
        opponent_id: String,
        opponent_name: String,
        opponent_bot_level: Option<i32>,
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

impl TryFrom<ChangeRow> for RatingChange {
    type Error = StoreError;

    fn try_from(row: ChangeRow) -> Result<RatingChange, StoreError> {
        Ok(RatingChange {
            id: row.id,
            game_id: GameId::parse(&row.game_id).map_err(corrupt)?,
            player_id: parse_player(&row.player_id)?,
            opponent: PlayerRef {
                id: parse_player(&row.opponent_id)?,
                name: row.opponent_name,
                bot_level: super::players::bot_level(row.opponent_bot_level),
                bot_account: false,
            },
            preset: parse_preset(&row.preset)?,
            result: parse_result(&row.result)?,
            rated_at: row.rated_at,
            before: Glicko {
                rating: row.rating_before,
                rd: row.rd_before,
                volatility: row.volatility_before,
            },
            after: Glicko {
                rating: row.rating_after,
                rd: row.rd_after,
                volatility: row.volatility_after,
            },
        })
    }
}

/// A player's changes, newest first, below a change id; `$3` narrows to a
/// preset when given (NULL: every preset).
const CHANGES_OF_PLAYER: &str = "\
    SELECT c.id, c.game_id, c.player_id, c.opponent_id, p.name AS opponent_name, \
        p.bot_level AS opponent_bot_level, c.preset, \
        c.result, c.rated_at, c.rating_before, c.rd_before, c.volatility_before, c.rating_after, \
        c.rd_after, c.volatility_after \
    FROM rating_changes c JOIN players p ON p.id = c.opponent_id \
    WHERE c.player_id = $1 AND c.id < $2 AND (c.preset = $3 OR $3 IS NULL) \
    ORDER BY c.id DESC LIMIT $4";

row_struct! {
    struct RecordRow {
        rated: bool,
        games: i64,
        wins: i64,
        draws: i64,
        last_played_at: Option<DateTime<Utc>>,
    }
}

/// Finished games between $1 and $2, counted from $1's side, split by
/// `rated`. Each side of the OR is a range of one of the games_by_south /
/// games_by_north indexes.
const HEAD_TO_HEAD: &str = "\
    SELECT rated, COUNT(*) AS games, \
        COALESCE(SUM(CASE WHEN (winner = 'south' AND south_id = $1) \
            OR (winner = 'north' AND north_id = $1) THEN 1 ELSE 0 END), 0) AS wins, \
        COALESCE(SUM(CASE WHEN winner = 'draw' THEN 1 ELSE 0 END), 0) AS draws, \
        MAX(finished_at) AS last_played_at \
    FROM games \
    WHERE status = 'finished' AND winner IS NOT NULL \
        AND ((south_id = $1 AND north_id = $2) OR (south_id = $2 AND north_id = $1)) \
    GROUP BY rated";

row_struct! {
    struct BotRecordRow {
        bot_id: String,
        bot_name: String,
        bot_level: Option<i32>,
        games: i64,
        wins: i64,
        draws: i64,
    }
}

/// `$1`'s finished games against each bot, from `$1`'s side. Both sides of
/// the OR are ranges of `games_by_seats (south_id, north_id)`: `$1` and a
/// bot, or a bot (one seek per bot) and `$1`.
const BOT_RECORDS: &str = "\
    SELECT b.id AS bot_id, b.name AS bot_name, b.bot_level, COUNT(*) AS games, \
        COALESCE(SUM(CASE WHEN (g.winner = 'south' AND g.south_id = $1) \
            OR (g.winner = 'north' AND g.north_id = $1) THEN 1 ELSE 0 END), 0) AS wins, \
        COALESCE(SUM(CASE WHEN g.winner = 'draw' THEN 1 ELSE 0 END), 0) AS draws \
    FROM games g JOIN players b ON b.id = CASE WHEN g.south_id = $1 THEN g.north_id \
        ELSE g.south_id END \
    WHERE g.status = 'finished' AND g.winner IS NOT NULL \
        AND ((g.south_id = $1 AND g.north_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL)) \
          OR (g.north_id = $1 AND g.south_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL))) \
    GROUP BY b.id, b.name, b.bot_level \
    ORDER BY b.bot_level";

/// A player's record against one bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRecord {
    pub bot: PlayerRef,
    pub record: Record,
}

impl Store {
    /// `player`'s record against each bot they have finished a game with,
    /// weakest bot first.
    pub async fn bot_records(&self, player: &PlayerId) -> Result<Vec<BotRecord>, StoreError> {
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, BotRecordRow>(BOT_RECORDS)
                .bind(player.as_str())
                .fetch_all(pool)
                .await
        })?;
        rows.into_iter()
            .map(|row| {
                Ok(BotRecord {
                    bot: PlayerRef {
                        id: parse_player(&row.bot_id)?,
                        name: row.bot_name,
                        bot_level: super::players::bot_level(row.bot_level),
                        bot_account: false,
                    },
                    record: Record {
                        games: row.games,
                        wins: row.wins,
                        draws: row.draws,
                        losses: row.games - row.wins - row.draws,
                    },
                })
            })
            .collect()
    }

    /// The player's standings in the presets they have played rated.
    pub async fn standings_of(&self, player: &PlayerId) -> Result<Vec<PresetStanding>, StoreError> {
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, StandingRow>(STANDINGS_OF_PLAYER)
                .bind(player.as_str())
                .fetch_all(pool)
                .await
        })?;
        rows.into_iter().map(PresetStanding::try_from).collect()
    }

    /// Up to `limit` of the player's rating changes, newest first, older
    /// than the change `before` (all when `None`), in one preset or all.
    pub async fn rating_changes(
        &self,
        player: &PlayerId,
        preset: Option<Preset>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, ChangeRow>(CHANGES_OF_PLAYER)
                .bind(player.as_str())
                .bind(before.unwrap_or(i64::MAX))
                .bind(preset.map(Preset::name))
                .bind(limit)
                .fetch_all(pool)
                .await
        })?;
        rows.into_iter().map(RatingChange::try_from).collect()
    }

    /// `player`'s record against `opponent`.
    pub async fn head_to_head(
        &self,
        player: &PlayerId,
        opponent: &PlayerId,
    ) -> Result<HeadToHead, StoreError> {
        let rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, RecordRow>(HEAD_TO_HEAD)
                .bind(player.as_str())
                .bind(opponent.as_str())
                .fetch_all(pool)
                .await
        })?;
        let mut total = HeadToHead::default();
        for row in rows {
            let record = Record {
                games: row.games,
                wins: row.wins,
                draws: row.draws,
                losses: row.games - row.wins - row.draws,
            };
            total.all = total.all.plus(record);
            if row.rated {
                total.rated = record;
            }
            total.last_played_at = total.last_played_at.max(row.last_played_at);
        }
        Ok(total)
    }
}

impl Record {
    fn plus(self, other: Record) -> Record {
        Record {
            games: self.games + other.games,
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }
}
