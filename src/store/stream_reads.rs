//! What the streams need of the database beyond the games' own reads:
//! PostgreSQL's announcements of committed changes (migration 0008) and
//! of deleted tokens (migration 0012), on one connection.

use sqlx::postgres::PgListener;

use super::{Store, StoreError};
use crate::domain::{GameId, TokenId};

const CHANGES: &str = "game_changed";
const REVOCATIONS: &str = "token_revoked";

/// One listening connection of this process.
pub struct ChangeListener(PgListener);

/// What the listener heard.
pub enum Heard {
    Changed {
        game: GameId,
        version: i64,
    },
    /// A token was deleted.
    Revoked(TokenId),
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
        listener.listen_all([CHANGES, REVOCATIONS]).await?;
        Ok(Some(ChangeListener(listener)))
    }
}

impl ChangeListener {
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        let Some(notification) = self.0.try_recv().await? else {
            return Ok(Heard::Lost);
        };
        let payload = notification.payload();
        if notification.channel() == REVOCATIONS {
            return Ok(match TokenId::parse(payload) {
                Ok(token) => Heard::Revoked(token),
                Err(_) => {
                    tracing::warn!(payload, "unreadable token_revoked announcement");
                    Heard::Lost
                }
            });
        }
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
