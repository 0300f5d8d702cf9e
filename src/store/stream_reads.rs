//! What the streams need of the database beyond the games' own reads:
//! PostgreSQL's announcements of committed changes (migration 0008).

use sqlx::postgres::PgListener;

use super::{Store, StoreError};
use crate::domain::GameId;

const CHANNEL: &str = "game_changed";

/// One listening connection of this process.
pub struct ChangeListener(PgListener);

/// What the listener heard.
pub enum Heard {
    Changed {
        game: GameId,
        version: i64,
    },
    /// The connection dropped (and will be reopened): announcements may
    /// have been missed.
    Lost,
}

impl Store {
    /// A listener of committed changes, on PostgreSQL; `None` on SQLite.
    pub async fn change_listener(&self) -> Result<Option<ChangeListener>, StoreError> {
        let Store::Postgres(pool) = self else {
            return Ok(None);
        };
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(ChangeListener(listener)))
    }
}

impl ChangeListener {
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        let Some(notification) = self.0.try_recv().await? else {
            return Ok(Heard::Lost);
        };
        let payload = notification.payload();
        let parsed = payload.split_once(' ').and_then(|(id, version)| {
            Some((GameId::parse(id).ok()?, version.parse::<i64>().ok()?))
        });
        Ok(match parsed {
            Some((game, version)) => Heard::Changed { game, version },
            None => {
                tracing::warn!(payload, "unreadable game_changed announcement");
                Heard::Lost
            }
        })
    }
}
