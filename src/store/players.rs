use std::collections::HashSet;

use chrono::{DateTime, SubsecRound, Utc};

use super::sqlite::direct::SqlBuilder;
use super::{Store, StoreError, WriteTx};
use crate::domain::{NameKeys, PlayerId, PlayerName, Scopes, TokenHash, TokenId, TokenLabel};

row_struct! {
    /// A player's public record. Token hashes never leave the store.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Player {
        pub id: PlayerId = parsed,
        pub name: String,
        pub created_at: DateTime<Utc>,
        /// The search level of a built-in bot ([`super::bots`]); `None` for a person.
        pub stored_bot_level: Option<i32> = column("bot_level"),
        /// An account upgraded to play as an outside engine (migration 0018).
        pub bot_account: bool,
    }
}

/// A stored bot level as the store hands it out (`None` for a person, or
/// for a level out of range, which the migration's check forbids).
pub(super) fn bot_level(stored: Option<i32>) -> Option<u8> {
    stored.and_then(|level| u8::try_from(level).ok())
}

impl Player {
    /// The search level of a built-in bot; `None` for a person.
    pub fn bot_level(&self) -> Option<u8> {
        bot_level(self.stored_bot_level)
    }

    pub fn is_bot(&self) -> bool {
        self.bot_level().is_some()
    }

    /// A built-in bot or a bot account.
    pub fn plays_as_bot(&self) -> bool {
        self.is_bot() || self.bot_account
    }
}

/// A new player and the id of the token issued with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registered {
    pub player: Player,
    pub token_id: TokenId,
}

const INSERT_PLAYER: &str = "\
    INSERT INTO players (id, name, skeleton_key, cased_skeleton_key, created_at) \
    VALUES ($1, $2, $3, $4, $5) \
    ON CONFLICT DO NOTHING \
    RETURNING id, name, created_at, bot_level, bot_account";

const PLAYER_BY_ID: &str =
    "SELECT id, name, created_at, bot_level, bot_account FROM players WHERE id = $1";

const NAME_RESEMBLING: &str = "\
    SELECT name FROM players WHERE skeleton_key = $1 OR cased_skeleton_key = $2 \
    ORDER BY created_at LIMIT 1";

/// [`NAME_RESEMBLING`]'s player: the one registration would say has the name.
const PLAYER_NAMED: &str = "\
    SELECT id, name, created_at, bot_level, bot_account FROM players \
    WHERE skeleton_key = $1 OR cased_skeleton_key = $2 \
    ORDER BY created_at LIMIT 1";

const PLAYERS_WITHOUT_KEYS: &str = "\
    SELECT id, name FROM players \
    WHERE skeleton_key IS NULL OR cased_skeleton_key IS NULL \
    ORDER BY created_at, id";

const KEYS_IN_USE: &str = "\
    SELECT skeleton_key, cased_skeleton_key FROM players \
    WHERE skeleton_key IS NOT NULL AND cased_skeleton_key IS NOT NULL";

/// Players updated by one statement: a round trip for 500, and 1,500
/// parameters, within both backends' limits.
const SET_KEYS_BATCH: usize = 500;

/// Any number, the same on every node: the backfill's advisory lock.
const BACKFILL_LOCK: i64 = 0x6f61_6e71_0005;

/// What [`Store::fill_name_keys`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameKeysFilled {
    pub players: usize,
    /// Players whose name looks like an older player's: they keep it, with
    /// a key no name can have (so neither blocks the other).
    pub disambiguated: usize,
}

impl Store {
    /// Registers a player with their first token, labelled `registration`,
    /// in one transaction; `None` when the name looks like a taken one.
    pub async fn insert_player(
        &self,
        name: &PlayerName,
        token_hash: &TokenHash,
    ) -> Result<Option<Player>, StoreError> {
        let mut tx = self.begin_write().await?;
        let registered = tx.insert_player(name, token_hash, Utc::now()).await?;
        tx.commit().await?;
        Ok(registered.map(|registered| registered.player))
    }

    pub async fn player_by_id(&self, id: &PlayerId) -> Result<Option<Player>, StoreError> {
        with_pool!(self, |pool| {
            sqlx::query_as::<_, Player>(PLAYER_BY_ID)
                .bind(id.as_str())
                .fetch_optional(pool)
                .await
        })
        .map_err(StoreError::from)
    }

    /// The player whose name `name` is, up to the look-alikes registration
    /// refuses (either [`NameKeys`] equal): `ALICE`, or `Alice` in Cyrillic,
    /// finds `Alice`. The oldest, should two players' keys each match one.
    pub async fn player_named(&self, name: &PlayerName) -> Result<Option<Player>, StoreError> {
        let keys = name.keys();
        with_pool!(self, |pool| {
            sqlx::query_as::<_, Player>(PLAYER_NAMED)
                .bind(&keys.folded)
                .bind(&keys.cased)
                .fetch_optional(pool)
                .await
        })
        .map_err(StoreError::from)
    }

    /// Gives every player without name keys (those registered before
    /// migration 0005) their [`NameKeys`], oldest first; a name that clashes
    /// with an older one's gets [`NameKeys::disambiguated`] keys. Run at
    /// every start-up: idempotent, and one node at a time (an advisory lock
    /// on PostgreSQL, the write lock on SQLite); while there are keys to
    /// fill, registrations wait (a table lock on PostgreSQL).
    pub async fn fill_name_keys(&self) -> Result<NameKeysFilled, StoreError> {
        let mut tx = self.begin_write().await?;
        if let WriteTx::Postgres(conn) = &mut tx {
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(BACKFILL_LOCK)
                .execute(&mut **conn)
                .await?;
        }
        let pending: Vec<(String, String)> = tx.fetch_all(PLAYERS_WITHOUT_KEYS, &[]).await?;
        if pending.is_empty() {
            return Ok(NameKeysFilled::default());
        }
        // No registration may take a key between reading the keys in use
        // and writing the new ones (SQLite's write lock does it already).
        if let WriteTx::Postgres(conn) = &mut tx {
            sqlx::query("LOCK TABLE players IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut **conn)
                .await?;
        }
        let in_use: Vec<(String, String)> = tx.fetch_all(KEYS_IN_USE, &[]).await?;
        let (mut folded_taken, mut cased_taken): (HashSet<String>, HashSet<String>) =
            in_use.into_iter().unzip();
        let mut filled = NameKeysFilled::default();
        let mut keyed = Vec::with_capacity(pending.len());
        for (id, name) in pending {
            let id = PlayerId::parse(&id).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let keys = NameKeys::of(&name);
            let mut clashed = false;
            let mut claim = |taken: &mut HashSet<String>, key: String| {
                if taken.insert(key.clone()) {
                    key
                } else {
                    clashed = true;
                    NameKeys::disambiguated(&key, &id)
                }
            };
            let folded = claim(&mut folded_taken, keys.folded);
            let cased = claim(&mut cased_taken, keys.cased);
            filled.players += 1;
            filled.disambiguated += usize::from(clashed);
            keyed.push((id, folded, cased));
        }
        for batch in keyed.chunks(SET_KEYS_BATCH) {
            let mut update = SqlBuilder::new(
                "UPDATE players SET skeleton_key = v.column2, cased_skeleton_key = v.column3 \
                 FROM (",
            );
            update.push_values(batch, |mut row, (id, folded, cased)| {
                row.push_bind(id.as_str())
                    .push_bind(folded)
                    .push_bind(cased);
            });
            update.push(") AS v WHERE players.id = v.column1");
            tx.execute(&update.sql, &update.params).await?;
        }
        tx.commit().await?;
        Ok(filled)
    }
}

impl WriteTx {
    /// [`Store::insert_player`] inside a transaction: the player and their
    /// registration token. Two concurrent inserts of look-alike names give
    /// one row and one `None`, never an error.
    pub async fn insert_player(
        &mut self,
        name: &PlayerName,
        token_hash: &TokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<Registered>, StoreError> {
        let id = PlayerId::generate();
        let keys = name.keys();
        // Microseconds: what PostgreSQL keeps, so both backends answer alike.
        let created_at = now.trunc_subsecs(6);
        let player = self
            .fetch_optional::<Player>(
                INSERT_PLAYER,
                &params![
                    id.as_str(),
                    name.as_str(),
                    &keys.folded,
                    &keys.cased,
                    created_at,
                ],
            )
            .await?;
        let Some(player) = player else {
            return Ok(None);
        };
        let token = self
            .insert_token(
                &player.id,
                &TokenLabel::registration(),
                token_hash,
                Scopes::all(),
                created_at,
            )
            .await?;
        Ok(Some(Registered {
            player,
            token_id: token.id,
        }))
    }

    /// The oldest name that `keys` clash with, if any.
    pub async fn name_resembling(&mut self, keys: &NameKeys) -> Result<Option<String>, StoreError> {
        let oldest: Option<(String,)> = self
            .fetch_optional(NAME_RESEMBLING, &params![&keys.folded, &keys.cased])
            .await?;
        Ok(oldest.map(|(name,)| name))
    }

    /// [`Store::player_by_id`] inside a transaction.
    pub async fn player_by_id(&mut self, id: &PlayerId) -> Result<Option<Player>, StoreError> {
        self.fetch_optional(PLAYER_BY_ID, &params![id.as_str()])
            .await
    }
}
