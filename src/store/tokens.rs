//! A player's bearer tokens, stored as their SHA-256 only. Authentication
//! reads this table on every request, so a deleted token stops working at
//! once on every node.

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};

use super::{Player, Store, StoreError, WriteTx};
use crate::domain::{PlayerId, Scopes, TokenHash, TokenId, TokenLabel};

/// `last_used_at` is written at most this often per token, so that reading
/// with a token does not turn into a write on every request.
pub const LAST_USED_PRECISION: TimeDelta = TimeDelta::minutes(1);

row_struct! {
    /// One of a player's tokens, without its secret.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct TokenRecord {
        pub id: TokenId = parsed,
        pub label: String,
        pub created_at: DateTime<Utc>,
        pub last_used_at: Option<DateTime<Utc>>,
        /// What the token may do.
        pub scopes: Scopes = parsed,
    }
}

row_struct! {
    /// The player a token belongs to, and which token it is.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct TokenHolder {
        pub player: Player = flatten,
        pub token_id: TokenId = parsed,
        pub last_used_at: Option<DateTime<Utc>>,
        /// What the token may do.
        pub scopes: Scopes = parsed,
    }
}

impl TokenHolder {
    /// Whether `last_used_at` is due to be written at `now`.
    pub fn use_is_due(&self, now: DateTime<Utc>) -> bool {
        use_is_due(self.last_used_at, now)
    }
}

/// Whether a token last used at `last_used_at` is due to have its use
/// written at `now`.
pub fn use_is_due(last_used_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    last_used_at.is_none_or(|last| now - last >= LAST_USED_PRECISION)
}

const HOLDER_OF: &str = "\
    SELECT p.id, p.name, p.created_at, p.bot_level, p.bot_account, t.id AS token_id, \
        t.last_used_at, t.scopes \
    FROM player_tokens t JOIN players p ON p.id = t.player_id \
    WHERE t.token_hash = $1";

const MARK_USED: &str = "\
    UPDATE player_tokens SET last_used_at = $2 \
    WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)";

const TOKENS_OF: &str = "\
    SELECT id, label, created_at, last_used_at, scopes FROM player_tokens \
    WHERE player_id = $1 ORDER BY created_at, id";

const COUNT_TOKENS: &str = "SELECT COUNT(*) FROM player_tokens WHERE player_id = $1";

const INSERT_TOKEN: &str = "\
    INSERT INTO player_tokens (id, player_id, label, token_hash, created_at, scopes) \
    VALUES ($1, $2, $3, $4, $5, $6) \
    RETURNING id, label, created_at, last_used_at, scopes";

const DELETE_TOKEN: &str = "DELETE FROM player_tokens WHERE id = $1 AND player_id = $2";

const DELETE_TICKETS_OF: &str = "DELETE FROM stream_tickets WHERE token_id = $1 AND player_id = $2";

/// How many ids [`Store::existing_tokens`] asks for in one statement.
const IDS_PER_STATEMENT: usize = 500;

impl Store {
    /// The holder of the token with this hash, if it exists (and so is not
    /// revoked).
    pub async fn token_holder(&self, hash: &TokenHash) -> Result<Option<TokenHolder>, StoreError> {
        self.read_optional(HOLDER_OF, &params![hash.as_str()]).await
    }

    /// Records that `token` was used at `now`, unless a use within
    /// [`LAST_USED_PRECISION`] is recorded already (by any node).
    pub async fn mark_token_used(
        &self,
        token: &TokenId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let now = now.trunc_subsecs(6);
        let mut tx = self.begin_write().await?;
        tx.execute(
            MARK_USED,
            &params![token.as_str(), now, now - LAST_USED_PRECISION],
        )
        .await?;
        tx.commit().await
    }

    /// Which of `ids` name a token that exists (is not revoked).
    pub async fn existing_tokens(&self, ids: &[TokenId]) -> Result<Vec<TokenId>, StoreError> {
        let mut existing = Vec::new();
        for chunk in ids.chunks(IDS_PER_STATEMENT) {
            let placeholders = (1..=chunk.len())
                .map(|n| format!("${n}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!("SELECT id FROM player_tokens WHERE id IN ({placeholders})");
            let found = with_pool!(self, |pool| {
                let mut query = sqlx::query_scalar::<_, String>(&sql);
                for id in chunk {
                    query = query.bind(id.as_str());
                }
                query.fetch_all(pool).await
            })?;
            for id in found {
                existing.push(TokenId::parse(&id).map_err(super::games::corrupt)?);
            }
        }
        Ok(existing)
    }

    /// A player's tokens, oldest first.
    pub async fn tokens_of(&self, player: &PlayerId) -> Result<Vec<TokenRecord>, StoreError> {
        with_pool!(self, |pool| {
            sqlx::query_as::<_, TokenRecord>(TOKENS_OF)
                .bind(player.as_str())
                .fetch_all(pool)
                .await
        })
        .map_err(StoreError::from)
    }
}

impl WriteTx {
    /// Locks the player's row until the transaction ends, so that two
    /// token creations cannot both pass the cap (on SQLite the write lock,
    /// taken at `BEGIN IMMEDIATE`, does it already).
    pub async fn lock_player(&mut self, player: &PlayerId) -> Result<(), StoreError> {
        if let WriteTx::Postgres(conn) = self {
            sqlx::query("SELECT id FROM players WHERE id = $1 FOR UPDATE")
                .bind(player.as_str())
                .execute(&mut **conn)
                .await?;
        }
        Ok(())
    }

    pub async fn count_tokens(&mut self, player: &PlayerId) -> Result<i64, StoreError> {
        let (count,) = self
            .fetch_one(COUNT_TOKENS, &params![player.as_str()])
            .await?;
        Ok(count)
    }

    pub async fn insert_token(
        &mut self,
        player: &PlayerId,
        label: &TokenLabel,
        hash: &TokenHash,
        scopes: Scopes,
        now: DateTime<Utc>,
    ) -> Result<TokenRecord, StoreError> {
        let id = TokenId::generate();
        let scopes = scopes.to_text();
        self.fetch_one(
            INSERT_TOKEN,
            &params![
                id.as_str(),
                player.as_str(),
                label.as_str(),
                hash.as_str(),
                now.trunc_subsecs(6),
                &scopes,
            ],
        )
        .await
    }

    /// Deletes the player's token `id` and the stream tickets it issued;
    /// `false` when they have none such (another player's token is none of
    /// theirs).
    pub async fn delete_token(
        &mut self,
        player: &PlayerId,
        id: &TokenId,
    ) -> Result<bool, StoreError> {
        self.execute(DELETE_TICKETS_OF, &params![id.as_str(), player.as_str()])
            .await?;
        let done = self
            .execute(DELETE_TOKEN, &params![id.as_str(), player.as_str()])
            .await?;
        Ok(done == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(last_used_at: Option<DateTime<Utc>>) -> TokenHolder {
        TokenHolder {
            player: Player {
                id: PlayerId::generate(),
                name: "Lan".to_owned(),
                created_at: Utc::now(),
                stored_bot_level: None,
                bot_account: false,
            },
            token_id: TokenId::generate(),
            last_used_at,
            scopes: Scopes::all(),
        }
    }

    #[test]
    fn a_use_is_recorded_at_most_once_a_minute() {
        let then = Utc::now();
        assert!(holder(None).use_is_due(then));
        let used = holder(Some(then));
        assert!(!used.use_is_due(then));
        assert!(!used.use_is_due(then + TimeDelta::seconds(59)));
        assert!(used.use_is_due(then + TimeDelta::seconds(60)));
        assert!(used.use_is_due(then + TimeDelta::hours(5)));
    }
}
