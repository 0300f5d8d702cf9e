//! What bounds one client or account: recent registrations per address
//! and the games an account keeps waiting.

use chrono::{DateTime, Utc};

use super::{StoreError, WriteTx};
use crate::domain::PlayerId;

/// The registrations from one address since a time: how many, and when
/// the oldest of them was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecentRegistrations {
    pub count: i64,
    pub oldest: Option<DateTime<Utc>>,
}

const RECENT: &str = "\
    SELECT COUNT(*), MIN(registered_at) FROM recent_registrations \
    WHERE address_key = $1 AND registered_at > $2";

const PRUNE: &str = "DELETE FROM recent_registrations WHERE registered_at <= $1";

const RECORD: &str =
    "INSERT INTO recent_registrations (address_key, registered_at) VALUES ($1, $2)";

const WAITING: &str = "\
    SELECT COUNT(*) FROM games WHERE created_by = $1 AND status = 'waiting'";

impl WriteTx {
    /// The registrations from `address_key` after `since`, once older rows
    /// are pruned. Registrations from one address queue up here (on
    /// PostgreSQL on a transaction lock of the address; on SQLite the write
    /// lock is held already), so that racing ones cannot both see room.
    pub async fn recent_registrations(
        &mut self,
        address_key: &str,
        since: DateTime<Utc>,
    ) -> Result<RecentRegistrations, StoreError> {
        if matches!(self, WriteTx::Postgres(_)) {
            self.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 7))",
                &params![address_key],
            )
            .await?;
        }
        self.execute(PRUNE, &params![since]).await?;
        let (count, oldest) = self
            .fetch_one::<(i64, Option<DateTime<Utc>>)>(RECENT, &params![address_key, since])
            .await?;
        Ok(RecentRegistrations { count, oldest })
    }

    /// Notes a registration from `address_key`.
    pub async fn record_registration(
        &mut self,
        address_key: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.execute(RECORD, &params![address_key, at]).await?;
        Ok(())
    }

    /// The games `player` created that wait for an opponent. Call it with
    /// the player's row locked ([`WriteTx::lock_player`]), so that racing
    /// creations count each other.
    pub async fn waiting_games_of(&mut self, player: &PlayerId) -> Result<i64, StoreError> {
        let (count,) = self
            .fetch_one::<(i64,)>(WAITING, &params![player.as_str()])
            .await?;
        Ok(count)
    }
}
