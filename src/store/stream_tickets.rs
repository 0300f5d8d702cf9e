//! What a player's stream needs of the database: its tickets (migrations
//! 0010 and 0012), single-use and short-lived, each naming the token that
//! issued it, and the games it starts from.

use chrono::{DateTime, SubsecRound, Utc};

use super::games::{GameRow, SELECT_GAME};
use super::{Player, Store, StoreError};
use crate::domain::{PlayerId, TokenHash, TokenId};

const FORGET_EXPIRED: &str = "DELETE FROM stream_tickets WHERE expires_at <= $1";

const INSERT_TICKET: &str = "\
    INSERT INTO stream_tickets (ticket_hash, player_id, token_id, created_at, expires_at) \
    VALUES ($1, $2, $3, $4, $5)";

/// Deletes the ticket as it is used: of two requests with one ticket, one
/// deletes the row and the other finds none.
const USE_TICKET: &str = "\
    DELETE FROM stream_tickets WHERE ticket_hash = $1 AND expires_at > $2 \
    RETURNING player_id, token_id";

const TICKET_HOLDER: &str = "\
    SELECT player_id, token_id FROM stream_tickets WHERE ticket_hash = $1 AND expires_at > $2";

impl Store {
    /// Stores a ticket's hash for `player`, issued with their token
    /// `token`, until `expires_at`, and forgets the tickets that expired
    /// unused by `now`.
    pub async fn insert_stream_ticket(
        &self,
        player: &PlayerId,
        token: &TokenId,
        hash: &TokenHash,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        tx.execute(FORGET_EXPIRED, &params![now.trunc_subsecs(6)])
            .await?;
        tx.execute(
            INSERT_TICKET,
            &params![
                hash.as_str(),
                player.as_str(),
                token.as_str(),
                now.trunc_subsecs(6),
                expires_at.trunc_subsecs(6),
            ],
        )
        .await?;
        tx.commit().await
    }

    /// Uses up the ticket with this hash: its player and the token that
    /// issued it, if it existed, unused and unexpired at `now` (then never
    /// again), else `None`.
    pub async fn use_stream_ticket(
        &self,
        hash: &TokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<(Player, TokenId)>, StoreError> {
        let mut tx = self.begin_write().await?;
        let ids: Option<(String, String)> = tx
            .fetch_optional(USE_TICKET, &params![hash.as_str(), now.trunc_subsecs(6)])
            .await?;
        let used = match ids {
            Some((player, token)) => {
                let player = PlayerId::parse(&player).map_err(super::games::corrupt)?;
                let token = TokenId::parse(&token).map_err(super::games::corrupt)?;
                tx.player_by_id(&player)
                    .await?
                    .map(|player| (player, token))
            }
            None => None,
        };
        tx.commit().await?;
        Ok(used)
    }

    /// The player and token of the ticket with this hash if it is unused
    /// and unexpired at `now`, leaving it unused (a `HEAD` of the stream).
    pub async fn stream_ticket_holder(
        &self,
        hash: &TokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<(Player, TokenId)>, StoreError> {
        let ids = with_pool!(self, |pool| {
            sqlx::query_as::<_, (String, String)>(TICKET_HOLDER)
                .bind(hash.as_str())
                .bind(now.trunc_subsecs(6))
                .fetch_optional(pool)
                .await
        })?;
        let Some((player, token)) = ids else {
            return Ok(None);
        };
        let player = PlayerId::parse(&player).map_err(super::games::corrupt)?;
        let token = TokenId::parse(&token).map_err(super::games::corrupt)?;
        Ok(self
            .player_by_id(&player)
            .await?
            .map(|player| (player, token)))
    }

    /// The games a player's stream starts from: those waiting or active in
    /// which they sit or for which they are challenged, newest first, at
    /// most `limit`. Each of the three columns that may name the player is
    /// read through its own index of live games (migration 0013), at most
    /// `limit` rows each.
    pub async fn live_games_of(
        &self,
        player: &PlayerId,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        const LIVE: &str = "status IN ('waiting', 'active')";
        let newest = |column: &str| {
            format!(
                "SELECT id FROM (SELECT id FROM games WHERE {column} = $1 AND {LIVE} \
                 ORDER BY created_at DESC, id DESC LIMIT $2) AS by_{column}"
            )
        };
        let sql = format!(
            "{SELECT_GAME} WHERE g.id IN ({} UNION {} UNION {}) \
             ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
            newest("south_id"),
            newest("north_id"),
            newest("reserved_for"),
        );
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(&sql)
                .bind(player.as_str())
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?)
    }

    /// The games a resumed player's stream may have missed changes of:
    /// those in which they sit or for which they are challenged, in any
    /// status, changed after `after`, oldest change first, at most `limit`.
    pub async fn games_of_changed_after(
        &self,
        player: &PlayerId,
        after: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let changed =
            |column: &str| format!("SELECT id FROM games WHERE {column} = $1 AND updated_at > $2");
        let sql = format!(
            "{SELECT_GAME} WHERE g.id IN ({} UNION {} UNION {}) \
             ORDER BY g.updated_at, g.id LIMIT $3",
            changed("south_id"),
            changed("north_id"),
            changed("reserved_for"),
        );
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(&sql)
                .bind(player.as_str())
                .bind(after)
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?)
    }
}
