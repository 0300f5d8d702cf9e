//! The open challenges of a player (migration 0016): the waiting games
//! made for them, and the ones they made for someone, each read from a
//! range of an index of waiting games.

use super::games::{GameRow, SELECT_GAME};
use super::{Store, StoreError};
use crate::domain::PlayerId;

impl Store {
    /// Up to `limit` waiting challenges to or from `player`, newest first.
    pub async fn pending_challenges(
        &self,
        player: &PlayerId,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "{SELECT_GAME} WHERE g.id IN (\
                SELECT id FROM (SELECT id FROM games WHERE challenge_to = $1 AND status = 'waiting' \
                    ORDER BY created_at DESC, id DESC LIMIT $2) AS challenges_to \
                UNION SELECT id FROM (SELECT id FROM games WHERE created_by = $1 \
                    AND status = 'waiting' AND challenge_to IS NOT NULL \
                    ORDER BY created_at DESC, id DESC LIMIT $2) AS challenges_from) \
             ORDER BY g.created_at DESC, g.id DESC LIMIT $2"
        );
        Ok(with_pool!(self, |pool| {
            sqlx::query_as::<_, GameRow>(&sql)
                .bind(player.as_str())
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await
        })?)
    }
}
