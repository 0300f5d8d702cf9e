//! Bot accounts (migration 0018): the upgrade of a player's account, and
//! what it is refused for.

use super::{StoreError, WriteTx};
use crate::domain::PlayerId;

row_struct! {
    struct Count {
        count: i64,
    }
}

/// The rated games a player sits in, over or not.
const RATED_GAMES_OF: &str = "\
    SELECT COUNT(*) AS count FROM games WHERE rated AND (south_id = $1 OR north_id = $1)";

/// The waiting or active games a player sits in.
const LIVE_GAMES_OF: &str = "\
    SELECT COUNT(*) AS count FROM games \
    WHERE status IN ('waiting', 'active') AND (south_id = $1 OR north_id = $1)";

const UPGRADE: &str = "UPDATE players SET bot_account = TRUE WHERE id = $1 AND bot_level IS NULL";

impl WriteTx {
    /// How many rated games `player` sits in, and how many waiting or active.
    pub async fn rated_and_live_games_of(
        &mut self,
        player: &PlayerId,
    ) -> Result<(i64, i64), StoreError> {
        let rated: Count = self
            .fetch_one(RATED_GAMES_OF, &params![player.as_str()])
            .await?;
        let live: Count = self
            .fetch_one(LIVE_GAMES_OF, &params![player.as_str()])
            .await?;
        Ok((rated.count, live.count))
    }

    /// Marks `player` (a person) a bot account; whether a row changed.
    pub async fn upgrade_to_bot(&mut self, player: &PlayerId) -> Result<bool, StoreError> {
        Ok(self.execute(UPGRADE, &params![player.as_str()]).await? == 1)
    }
}
