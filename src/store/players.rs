use chrono::{DateTime, SubsecRound, Utc};

use super::{Store, StoreError, WriteTx};
use crate::domain::{PlayerId, PlayerName, TokenHash};

/// A player's public record. The token hash never leaves the store.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Player {
    #[sqlx(try_from = "String")]
    pub id: PlayerId,
    pub name: String,
    pub created_at: DateTime<Utc>,
}

const INSERT_PLAYER: &str = "\
    INSERT INTO players (id, name, name_key, token_hash, created_at) \
    VALUES ($1, $2, $3, $4, $5) \
    ON CONFLICT (name_key) DO NOTHING \
    RETURNING id, name, created_at";

const PLAYER_BY_ID: &str = "SELECT id, name, created_at FROM players WHERE id = $1";

const PLAYER_BY_TOKEN_HASH: &str = "SELECT id, name, created_at FROM players WHERE token_hash = $1";

impl Store {
    /// Inserts a new player, or returns `None` when the name (compared
    /// case-insensitively) is taken. Two concurrent inserts of one name give
    /// one row and one `None`, never an error.
    pub async fn insert_player(
        &self,
        name: &PlayerName,
        token_hash: &TokenHash,
    ) -> Result<Option<Player>, StoreError> {
        let id = PlayerId::generate();
        // Microseconds: what PostgreSQL keeps, so both backends answer alike.
        let created_at = Utc::now().trunc_subsecs(6);
        with_pool!(self, |pool| {
            sqlx::query_as::<_, Player>(INSERT_PLAYER)
                .bind(id.as_str())
                .bind(name.as_str())
                .bind(name.key())
                .bind(token_hash.as_str())
                .bind(created_at)
                .fetch_optional(pool)
                .await
        })
        .map_err(StoreError::from)
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

    pub async fn player_by_token_hash(
        &self,
        token_hash: &TokenHash,
    ) -> Result<Option<Player>, StoreError> {
        with_pool!(self, |pool| {
            sqlx::query_as::<_, Player>(PLAYER_BY_TOKEN_HASH)
                .bind(token_hash.as_str())
                .fetch_optional(pool)
                .await
        })
        .map_err(StoreError::from)
    }
}

impl WriteTx {
    /// [`Store::player_by_id`] inside a transaction.
    pub async fn player_by_id(&mut self, id: &PlayerId) -> Result<Option<Player>, StoreError> {
        with_tx!(self, |conn| {
            sqlx::query_as::<_, Player>(PLAYER_BY_ID)
                .bind(id.as_str())
                .fetch_optional(conn)
                .await
        })
        .map_err(StoreError::from)
    }
}
