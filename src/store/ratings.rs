//! Ratings as stored: each player's standing per preset (`player_ratings`)
//! and every change (`rating_changes`). [`WriteTx::rate_finished_game`] is
//! the one place a live game changes them, inside the transaction that
//! finishes it; `ratings rebuild` ([`super::rebuild`]) replays the same
//! [`crate::ratings::rate_game`] over the stored games.

use chrono::{DateTime, Utc};

use super::sqlite::direct::SqlBuilder;
use super::{StoreError, WriteTx};
use crate::domain::PlayerRef;
use crate::domain::{GameId, PlayerId};
use crate::engine::{Preset, Seat};
use crate::ratings::{rate_counted, GameResult, Glicko, Side, Standing, Streak};

/// What the ratings need of a finished rated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub game_id: GameId,
    pub preset: Preset,
    pub south: PlayerId,
    pub north: PlayerId,
    /// `None` for a draw.
    pub winner: Option<Seat>,
    pub finished_at: DateTime<Utc>,
}

impl RatedGame {
    /// South's result.
    pub fn south_result(&self) -> GameResult {
        match self.winner {
            Some(Seat::South) => GameResult::Win,
            Some(Seat::North) => GameResult::Loss,
            None => GameResult::Draw,
        }
    }

    /// The changes of the sides whose standing moves (see
    /// [`crate::ratings::rate_counted`]), from both sides before the game.
    pub fn rate(&self, south: Side, north: Side) -> Vec<ChangeToStore> {
        let result = self.south_result();
        let (south_after, north_after) = rate_counted(south, north, result, self.finished_at);
        let change =
            |player: &PlayerId, opponent: &PlayerId, result, before: &Side, after| ChangeToStore {
                game_id: self.game_id.clone(),
                player_id: player.clone(),
                opponent_id: opponent.clone(),
                preset: self.preset,
                result,
                rated_at: self.finished_at,
                before: before.standing.glicko,
                after,
            };
        let mut changes = Vec::with_capacity(2);
        if let Some(after) = south_after {
            changes.push(change(&self.south, &self.north, result, &south, after));
        }
        if let Some(after) = north_after {
            changes.push(change(
                &self.north,
                &self.south,
                result.flipped(),
                &north,
                after,
            ));
        }
        changes
    }
}

/// One player's side of a rated game, ready to be written.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeToStore {
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub opponent_id: PlayerId,
    pub preset: Preset,
    pub result: GameResult,
    pub rated_at: DateTime<Utc>,
    pub before: Glicko,
    /// The player's whole standing after the game.
    pub after: Standing,
}

/// A player's standing in one preset.
#[derive(Clone, Debug, PartialEq)]
pub struct PresetStanding {
    pub player_id: PlayerId,
    pub preset: Preset,
    pub standing: Standing,
}

/// A rating change as stored, with the opponent's name.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// Changes are numbered in the order they were made.
    pub id: i64,
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub opponent: PlayerRef,
    pub preset: Preset,
    pub result: GameResult,
    pub rated_at: DateTime<Utc>,
    pub before: Glicko,
    pub after: Glicko,
}

/// Finished games between two players, from the first one's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// The record of one player against another: all finished games, and the
/// rated ones among them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    pub all: Record,
    pub rated: Record,
    pub last_played_at: Option<DateTime<Utc>>,
}

pub(super) fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

pub(super) fn parse_preset(raw: &str) -> Result<Preset, StoreError> {
    Preset::ALL
        .into_iter()
        .find(|p| p.name() == raw)
        .ok_or_else(|| corrupt(format!("preset {raw:?}")))
}

pub(super) fn parse_result(raw: &str) -> Result<GameResult, StoreError> {
    GameResult::from_name(raw).ok_or_else(|| corrupt(format!("result {raw:?}")))
}

pub(super) fn parse_player(raw: &str) -> Result<PlayerId, StoreError> {
    PlayerId::parse(raw).map_err(corrupt)
}

/// The columns of `player_ratings` after `player_id` and `preset`, in the
/// order of [`StandingColumns`].
pub(super) const STANDING_COLUMNS: &str = "rating, rd, volatility, games, wins, draws, losses, \
     streak_kind, streak_length, last_played_at, opponents, anchor";

row_struct! {
    pub(super) struct StandingColumns {
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
    }
}

impl StandingColumns {
    pub(super) fn standing(&self) -> Result<Standing, StoreError> {
        let streak = self
            .streak_kind
            .as_deref()
            .map(|kind| {
                Ok::<_, StoreError>(Streak {
                    kind: parse_result(kind)?,
                    length: self.streak_length,
                })
            })
            .transpose()?;
        Ok(Standing {
            glicko: Glicko {
                rating: self.rating,
                rd: self.rd,
                volatility: self.volatility,
            },
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            streak,
            last_played_at: self.last_played_at,
            opponents: self.opponents,
            anchor: self.anchor != 0,
        })
    }
}

row_struct! {
    pub(super) struct StandingRow {
        player_id: String,
        preset: String,
        columns: StandingColumns = flatten,
    }
}

impl TryFrom<StandingRow> for PresetStanding {
    type Error = StoreError;

    fn try_from(row: StandingRow) -> Result<PresetStanding, StoreError> {
        Ok(PresetStanding {
            player_id: parse_player(&row.player_id)?,
            preset: parse_preset(&row.preset)?,
            standing: row.columns.standing()?,
        })
    }
}

/// Creates missing rows at the default standing, so that the rows exist to
/// be locked: two first games of one player finishing at once then queue
/// up on the row instead of both starting from the default.
const INSERT_NEW_STANDINGS: &str = "\
    INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, games, wins, draws, \
        losses, streak_kind, streak_length, last_played_at, opponents, anchor, established) \
    VALUES ($1, $3, $4, $5, $6, 0, 0, 0, 0, NULL, 0, NULL, 0, 0, 0), \
           ($2, $3, $4, $5, $6, 0, 0, 0, 0, NULL, 0, NULL, 0, 0, 0) \
    ON CONFLICT (player_id, preset) DO NOTHING";

/// Drops a row [`INSERT_NEW_STANDINGS`] made for a player whose standing
/// did not move, so that only counted games (and anchors) leave rows, as a
/// rebuild leaves them.
const DELETE_UNUSED_STANDING: &str = "\
    DELETE FROM player_ratings WHERE preset = $1 AND player_id IN ($2, $3) \
        AND games = 0 AND anchor = 0";

/// Whether `$1`'s rating has already moved against `$3` in the preset.
const MET_BEFORE: &str = "\
    SELECT COUNT(*) FROM rating_changes \
    WHERE player_id = $1 AND preset = $2 AND opponent_id = $3";

pub(super) const UPSERT_STANDING_PREFIX: &str = "\
    INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, games, wins, draws, \
        losses, streak_kind, streak_length, last_played_at, opponents, anchor, established) ";

const UPSERT_STANDING_SUFFIX: &str = " \
    ON CONFLICT (player_id, preset) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, \
        volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
        draws = excluded.draws, losses = excluded.losses, streak_kind = excluded.streak_kind, \
        streak_length = excluded.streak_length, last_played_at = excluded.last_played_at, \
        opponents = excluded.opponents, anchor = excluded.anchor, \
        established = excluded.established";

pub(super) const INSERT_CHANGES_PREFIX: &str = "\
    INSERT INTO rating_changes (game_id, player_id, opponent_id, preset, result, rated_at, \
        rating_before, rd_before, volatility_before, rating_after, rd_after, volatility_after) ";

/// Adds `VALUES (…), (…)` for standings to a query builder; the same text
/// serves both backends.
macro_rules! push_standings {
    ($builder:expr, $rows:expr) => {
        $builder.push_values(
            $rows,
            |mut b, (player, preset, s): (&PlayerId, Preset, &Standing)| {
                b.push_bind(player.as_str())
                    .push_bind(preset.name())
                    .push_bind(s.glicko.rating)
                    .push_bind(s.glicko.rd)
                    .push_bind(s.glicko.volatility)
                    .push_bind(s.games)
                    .push_bind(s.wins)
                    .push_bind(s.draws)
                    .push_bind(s.losses)
                    .push_bind(s.streak.map(|k| k.kind.name()))
                    .push_bind(s.streak.map_or(0, |k| k.length))
                    .push_bind(s.last_played_at)
                    .push_bind(s.opponents)
                    .push_bind(i64::from(s.anchor))
                    .push_bind(i64::from(s.is_established()));
            },
        )
    };
}

/// Adds `VALUES (…), (…)` for changes to a query builder.
macro_rules! push_changes {
    ($builder:expr, $rows:expr) => {
        $builder.push_values($rows, |mut b, c: &ChangeToStore| {
            b.push_bind(c.game_id.as_str())
                .push_bind(c.player_id.as_str())
                .push_bind(c.opponent_id.as_str())
                .push_bind(c.preset.name())
                .push_bind(c.result.name())
                .push_bind(c.rated_at)
                .push_bind(c.before.rating)
                .push_bind(c.before.rd)
                .push_bind(c.before.volatility)
                .push_bind(c.after.glicko.rating)
                .push_bind(c.after.glicko.rd)
                .push_bind(c.after.glicko.volatility);
        })
    };
}

pub(super) use {push_changes, push_standings};

impl WriteTx {
    /// Updates both players' ratings by the result of a rated game. Call it
    /// in the transaction that finishes the game, after the game is saved.
    pub async fn rate(&mut self, game: &RatedGame) -> Result<(), StoreError> {
        // Rows are created and locked in player-id order, so that two
        // games sharing players cannot lock them in opposite orders.
        let (first, second) = if game.south < game.north {
            (&game.south, &game.north)
        } else {
            (&game.north, &game.south)
        };
        let lock = if matches!(self, WriteTx::Postgres(_)) {
            " FOR UPDATE"
        } else {
            "" // BEGIN IMMEDIATE already holds the database's write lock
        };
        let select = format!(
            "SELECT player_id, preset, {STANDING_COLUMNS} FROM player_ratings \
             WHERE preset = $1 AND player_id IN ($2, $3) ORDER BY player_id{lock}"
        );
        let new = Glicko::DEFAULT;
        self.execute(
            INSERT_NEW_STANDINGS,
            &params![
                first.as_str(),
                second.as_str(),
                game.preset.name(),
                new.rating,
                new.rd,
                new.volatility,
            ],
        )
        .await?;
        let rows = self
            .fetch_all::<StandingRow>(
                &select,
                &params![game.preset.name(), first.as_str(), second.as_str()],
            )
            .await?;
        let mut south = None;
        let mut north = None;
        for row in rows {
            let row = PresetStanding::try_from(row)?;
            if row.player_id == game.south {
                south = Some(row.standing);
            } else if row.player_id == game.north {
                north = Some(row.standing);
            }
        }
        let (Some(south), Some(north)) = (south, north) else {
            return Err(corrupt(format!("game {}: standings missing", game.game_id)));
        };
        let south = Side {
            standing: south,
            first_meeting: !self
                .met_before(&game.south, game.preset, &game.north)
                .await?,
        };
        let north = Side {
            standing: north,
            first_meeting: !self
                .met_before(&game.north, game.preset, &game.south)
                .await?,
        };
        let changes = game.rate(south, north);
        if changes.len() < 2 {
            self.execute(
                DELETE_UNUSED_STANDING,
                &params![game.preset.name(), first.as_str(), second.as_str()],
            )
            .await?;
        }
        if changes.is_empty() {
            return Ok(());
        }
        self.write_changes(&changes).await
    }

    async fn met_before(
        &mut self,
        player: &PlayerId,
        preset: Preset,
        opponent: &PlayerId,
    ) -> Result<bool, StoreError> {
        let (count,) = self
            .fetch_one::<(i64,)>(
                MET_BEFORE,
                &params![player.as_str(), preset.name(), opponent.as_str()],
            )
            .await?;
        Ok(count > 0)
    }

    /// Writes the players' new standings and the changes themselves.
    pub(super) async fn write_changes(
        &mut self,
        changes: &[ChangeToStore],
    ) -> Result<(), StoreError> {
        let mut standings = SqlBuilder::new(UPSERT_STANDING_PREFIX);
        push_standings!(
            standings,
            changes.iter().map(|c| (&c.player_id, c.preset, &c.after))
        );
        standings.push(UPSERT_STANDING_SUFFIX);
        self.execute(&standings.sql, &standings.params).await?;
        let mut inserts = SqlBuilder::new(INSERT_CHANGES_PREFIX);
        push_changes!(inserts, changes);
        self.execute(&inserts.sql, &inserts.params).await?;
        Ok(())
    }
}
