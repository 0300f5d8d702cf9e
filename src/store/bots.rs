//! The built-in bot players: one player row per search
//! level, created at start-up if missing. A bot's id and name follow from
//! its level alone, so every start of every node sharing a database names
//! the same row; a bot has no token, so nobody can act as it.

use chrono::{SubsecRound, Utc};

use super::games::corrupt;
use super::{Player, Store, StoreError, WriteTx};
use crate::domain::{GameId, NameKeys, PlayerId};

/// The id of the bot of `level`: `botLevel01` … (10 letters and digits, as
/// every player id).
pub fn bot_id(level: u8) -> PlayerId {
    PlayerId::parse(&format!("botLevel{level:02}")).expect("a bot id is a well-formed player id")
}

/// The name of the bot of `level`: `bot-1` … A person cannot register it
/// (or a look-alike) once the bot exists.
pub fn bot_name(level: u8) -> String {
    format!("bot-{level}")
}

const INSERT_BOT: &str = "\
    INSERT INTO players (id, name, skeleton_key, cased_skeleton_key, created_at, bot_level) \
    VALUES ($1, $2, $3, $4, $5, $6) \
    ON CONFLICT DO NOTHING";

const BOT_EXISTS: &str = "SELECT COUNT(*) FROM players WHERE id = $1 AND bot_level = $2";

const BOTS: &str = "\
    SELECT id, name, created_at, bot_level, bot_account FROM players \
    WHERE bot_level IS NOT NULL ORDER BY bot_level";

/// Active games whose side to move is a bot, with the bot's opponent,
/// the longest waiting first.
const GAMES_BOTS_TO_MOVE: &str = "\
    SELECT g.id, CASE g.to_move WHEN 'south' THEN g.north_id ELSE g.south_id END FROM games g \
    JOIN players p ON p.id = CASE g.to_move WHEN 'south' THEN g.south_id ELSE g.north_id END \
    WHERE g.status = 'active' AND p.bot_level IS NOT NULL \
    ORDER BY g.updated_at, g.id LIMIT $1";

/// The games of `$1` against a bot, seated or kept for, that are waiting
/// or active.
const LIVE_BOT_GAMES_OF: &str = "\
    SELECT COUNT(*) FROM games g \
    JOIN players p ON p.id = CASE WHEN g.south_id = $1 \
        THEN COALESCE(g.north_id, g.reserved_for) ELSE COALESCE(g.south_id, g.reserved_for) END \
    WHERE (g.south_id = $1 OR g.north_id = $1) AND g.status IN ('waiting', 'active') \
    AND p.bot_level IS NOT NULL";

impl Store {
    /// Makes sure the bot of each of `levels` exists; returns how many it
    /// created. Idempotent, and safe on several nodes starting at once:
    /// each insert keyed by the bot's fixed id does nothing if the row is
    /// there. A person who took a bot's name before the bot existed keeps
    /// it; the bot then gets keys no name can have ([`NameKeys::disambiguated`]).
    pub async fn ensure_bots(
        &self,
        levels: impl IntoIterator<Item = u8>,
    ) -> Result<usize, StoreError> {
        let mut created = 0;
        for level in levels {
            let mut tx = self.begin_write().await?;
            let id = bot_id(level);
            let name = bot_name(level);
            let keys = NameKeys::of(&name);
            let mut inserted = tx.insert_bot(&id, &name, &keys, level).await?;
            if !inserted && !tx.bot_exists(&id, level).await? {
                let unique = NameKeys {
                    folded: NameKeys::disambiguated(&keys.folded, &id),
                    cased: NameKeys::disambiguated(&keys.cased, &id),
                };
                inserted = tx.insert_bot(&id, &name, &unique, level).await?;
                if !inserted && !tx.bot_exists(&id, level).await? {
                    return Err(corrupt(format!(
                        "the bot of level {level} cannot be created: id {id} or the level is taken"
                    )));
                }
            }
            tx.commit().await?;
            created += usize::from(inserted);
        }
        Ok(created)
    }

    /// Every bot, by level.
    pub async fn bots(&self) -> Result<Vec<Player>, StoreError> {
        with_pool!(self, |pool| {
            sqlx::query_as::<_, Player>(BOTS).fetch_all(pool).await
        })
        .map_err(StoreError::from)
    }

    /// Up to `limit` active games in which a bot is to move, each with the
    /// bot's opponent, the longest waiting first.
    pub async fn games_bots_to_move(
        &self,
        limit: i64,
    ) -> Result<Vec<(GameId, PlayerId)>, StoreError> {
        let rows: Vec<(String, String)> = with_pool!(self, |pool| {
            sqlx::query_as(GAMES_BOTS_TO_MOVE)
                .bind(limit)
                .fetch_all(pool)
                .await
        })?;
        rows.into_iter()
            .map(|(game, opponent)| {
                Ok((
                    GameId::parse(&game).map_err(corrupt)?,
                    PlayerId::parse(&opponent).map_err(corrupt)?,
                ))
            })
            .collect()
    }
}

impl WriteTx {
    /// How many games `player` plays against a bot that are waiting or
    /// active. Lock the player first ([`WriteTx::lock_player`]) for the
    /// count to hold until the transaction ends.
    pub async fn live_bot_games_of(&mut self, player: &PlayerId) -> Result<u64, StoreError> {
        let (count,): (i64,) = self
            .fetch_one(LIVE_BOT_GAMES_OF, &params![player.as_str()])
            .await?;
        Ok(count.max(0) as u64)
    }

    /// Inserts a bot's row; `false` when a unique key (id, level, name
    /// keys) is taken.
    async fn insert_bot(
        &mut self,
        id: &PlayerId,
        name: &str,
        keys: &NameKeys,
        level: u8,
    ) -> Result<bool, StoreError> {
        let created_at = Utc::now().trunc_subsecs(6);
        let inserted = self
            .execute(
                INSERT_BOT,
                &params![
                    id.as_str(),
                    name,
                    &keys.folded,
                    &keys.cased,
                    created_at,
                    i32::from(level),
                ],
            )
            .await?;
        Ok(inserted == 1)
    }

    async fn bot_exists(&mut self, id: &PlayerId, level: u8) -> Result<bool, StoreError> {
        let (count,): (i64,) = self
            .fetch_one(BOT_EXISTS, &params![id.as_str(), i32::from(level)])
            .await?;
        Ok(count == 1)
    }
}
