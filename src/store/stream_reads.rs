//! What the streams need of the database beyond the games' own reads:
//! PostgreSQL's announcements of committed changes (sent after their
//! commits: [`super::announcements`]) and of deleted tokens (migration
//! 0012), webhook endpoints the delivery workers disabled and
//! tournaments that changed, on one connection.

use sqlx::postgres::PgListener;

use super::{Store, StoreError};
use crate::domain::{GameId, TokenId};

use super::announcements::{self, CHANGES};
const REVOCATIONS: &str = "token_revoked";
const WEBHOOK_DISABLED: &str = "webhook_disabled";
const TOURNAMENTS: &str = "tournament_changed";

/// A webhook endpoint some node's delivery workers disabled, as announced.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct WebhookDisabled {
    pub player: String,
    pub endpoint: String,
    pub url: String,
    pub reason: String,
    pub at: chrono::DateTime<chrono::Utc>,
    /// The node that disabled it, which told its own streams itself
    /// (empty from a node that does not say).
    #[serde(default)]
    pub origin: String,
}

/// One listening connection of this process.
pub struct ChangeListener(PgListener);

/// What the listener heard.
pub enum Heard {
    /// Committed changes: each game with its version after them.
    Changed(Vec<(GameId, i64)>),
    /// A token was deleted.
    Revoked(TokenId),
    /// A webhook endpoint was disabled.
    WebhookDisabled(WebhookDisabled),
    /// A tournament changed (its id): its streams read it again.
    TournamentChanged(String),
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
        listener
            .listen_all([CHANGES, REVOCATIONS, WEBHOOK_DISABLED, TOURNAMENTS])
            .await?;
        Ok(Some(ChangeListener(listener)))
    }

    /// Tells every other node's listener that a webhook endpoint was
    /// disabled (PostgreSQL; nothing on SQLite, served by one process).
    /// After the commit: a process killed in between, or a listener whose
    /// connection dropped meanwhile, leaves those streams untold, and the
    /// endpoint reads disabled all the same.
    pub async fn announce_webhook_disabled(
        &self,
        disabled: &WebhookDisabled,
    ) -> Result<(), StoreError> {
        const NOTIFY: &str = "SELECT pg_notify($1, $2)";
        let Store::Postgres(pool) = self else {
            return Ok(());
        };
        let payload = serde_json::to_string(disabled).unwrap_or_default();
        sqlx::query(NOTIFY)
            .bind(WEBHOOK_DISABLED)
            .bind(payload)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Tells every node's listener that tournament `id` changed
    /// (PostgreSQL; nothing on SQLite, served by one process). After the
    /// commit: a process killed in between leaves the other nodes'
    /// streams of it behind until its next change.
    pub async fn announce_tournament_changed(&self, id: &str) -> Result<(), StoreError> {
        const NOTIFY: &str = "SELECT pg_notify($1, $2)";
        let Store::Postgres(pool) = self else {
            return Ok(());
        };
        sqlx::query(NOTIFY)
            .bind(TOURNAMENTS)
            .bind(id)
            .execute(pool)
            .await?;
        Ok(())
    }
}

/// How many ids one reconciliation query asks about.
const VERSIONS_PER_QUERY: usize = 1_000;

impl Store {
    /// The stored versions of those of `ids` that exist (PostgreSQL; none
    /// on SQLite), read in chunks of [`VERSIONS_PER_QUERY`].
    pub async fn game_versions(&self, ids: &[GameId]) -> Result<Vec<(GameId, i64)>, StoreError> {
        const VERSIONS: &str = "SELECT id, version FROM games WHERE id = ANY($1)";
        let Store::Postgres(pool) = self else {
            return Ok(Vec::new());
        };
        let mut versions = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(VERSIONS_PER_QUERY) {
            let chunk: Vec<&str> = chunk.iter().map(GameId::as_str).collect();
            let rows: Vec<(String, i64)> =
                sqlx::query_as(VERSIONS).bind(chunk).fetch_all(pool).await?;
            for (id, version) in rows {
                versions.push((GameId::parse(&id).map_err(super::games::corrupt)?, version));
            }
        }
        Ok(versions)
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
        if notification.channel() == WEBHOOK_DISABLED {
            return Ok(match serde_json::from_str(payload) {
                Ok(disabled) => Heard::WebhookDisabled(disabled),
                Err(_) => {
                    // Nothing to catch up on: the endpoint reads disabled.
                    tracing::warn!(payload, "unreadable webhook_disabled announcement");
                    return Box::pin(self.next()).await;
                }
            });
        }
        if notification.channel() == TOURNAMENTS {
            return Ok(Heard::TournamentChanged(payload.to_owned()));
        }
        let parsed = announcements::parse(payload).and_then(|entries| {
            entries
                .into_iter()
                .map(|(id, version)| Some((GameId::parse(&id).ok()?, version)))
                .collect::<Option<Vec<_>>>()
        });
        Ok(match parsed {
            Some(changes) => Heard::Changed(changes),
            None => {
                tracing::warn!(payload, "unreadable game_changed announcement");
                Heard::Lost
            }
        })
    }
}
