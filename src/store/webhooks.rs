//! Webhooks: a player's endpoints, and the outbox of their deliveries.
//! A delivery row is written in the transaction of the transition it tells
//! of; what the delivery workers do with it is in `webhook_deliveries.rs`.

use chrono::{DateTime, SubsecRound, Utc};

use super::{Store, StoreError, WriteTx};
use crate::domain::PlayerId;

row_struct! {
    /// An endpoint as stored; `events` is the list between commas
    /// (`,game.move,game.ended,`).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct EndpointRow {
        pub id: String,
        pub player_id: String,
        pub url: String,
        pub events: String,
        pub description: String,
        pub secret: String,
        pub enabled: bool,
        pub disabled_reason: Option<String>,
        pub failing_since: Option<DateTime<Utc>>,
        pub created_at: DateTime<Utc>,
        pub updated_at: DateTime<Utc>,
    }
}

row_struct! {
    /// A delivery as stored.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct DeliveryRow {
        pub id: String,
        pub endpoint_id: String,
        pub event: String,
        pub payload: String,
        pub status: String,
        pub attempts: i32,
        pub next_attempt_at: Option<DateTime<Utc>>,
        pub retry_until: DateTime<Utc>,
        pub last_status_code: Option<i32>,
        pub last_error: Option<String>,
        pub last_attempt_at: Option<DateTime<Utc>>,
        pub created_at: DateTime<Utc>,
    }
}

const ENDPOINT_COLUMNS: &str = "id, player_id, url, events, description, secret, enabled, \
    disabled_reason, failing_since, created_at, updated_at";

pub(super) const DELIVERY_COLUMNS: &str = "id, endpoint_id, event, payload, status, attempts, \
    next_attempt_at, retry_until, last_status_code, last_error, last_attempt_at, created_at";

const INSERT_ENDPOINT: &str = "\
    INSERT INTO webhook_endpoints (id, player_id, url, events, description, secret, enabled, \
        disabled_reason, failing_since, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, NULL, $8, $8)";

const UPDATE_ENDPOINT: &str = "\
    UPDATE webhook_endpoints SET url = $3, events = $4, description = $5, enabled = $6, \
        disabled_reason = $7, failing_since = $8, updated_at = $9 \
    WHERE id = $1 AND player_id = $2";

const SET_SECRET: &str = "\
    UPDATE webhook_endpoints SET secret = $3, updated_at = $4 WHERE id = $1 AND player_id = $2";

const DELETE_DELIVERIES_OF: &str = "DELETE FROM webhook_deliveries WHERE endpoint_id = $1";

const DELETE_ENDPOINT: &str = "DELETE FROM webhook_endpoints WHERE id = $1 AND player_id = $2";

const COUNT_ENDPOINTS: &str = "SELECT COUNT(*) FROM webhook_endpoints WHERE player_id = $1";

/// The pattern is built in the statement, not bound whole: SQLite
/// re-prepares a statement at every run when a parameter is the whole
/// right side of a `LIKE` (its plan may depend on the value).
/// Three lookups of one player each rather than `IN ($1, $2, $3)`, for
/// which SQLite builds a temporary b-tree on every move; sorted and
/// deduplicated by the caller.
const SUBSCRIPTIONS: &str = "\
    SELECT id, events FROM webhook_endpoints WHERE player_id = $1 AND enabled \
    UNION ALL SELECT id, events FROM webhook_endpoints WHERE player_id = $2 AND enabled \
    UNION ALL SELECT id, events FROM webhook_endpoints WHERE player_id = $3 AND enabled";

/// An enabled endpoint and the events it is subscribed to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    /// As stored: the event types between commas, `,game.move,game.ended,`.
    events: String,
}

impl Subscription {
    /// Whether the endpoint is subscribed to events of type `event`.
    pub fn wants(&self, event: &str) -> bool {
        self.events.split(',').any(|subscribed| subscribed == event)
    }
}

const INSERT_DELIVERY: &str = "\
    INSERT INTO webhook_deliveries (id, endpoint_id, event, payload, status, attempts, \
        next_attempt_at, retry_until, created_at) \
    VALUES ($1, $2, $3, $4, 'pending', 0, $5, $6, $5)";

const SWEEP_DELIVERIES: &str = "\
    DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'pending'";

/// `time` at the microsecond both backends keep.
pub(super) fn stored(time: DateTime<Utc>) -> DateTime<Utc> {
    time.trunc_subsecs(6)
}

impl Store {
    /// A player's endpoints, oldest first.
    pub async fn webhooks_of(&self, player: &PlayerId) -> Result<Vec<EndpointRow>, StoreError> {
        let sql = format!(
            "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE player_id = $1 \
             ORDER BY created_at, id"
        );
        with_pool!(self, |pool| {
            sqlx::query_as::<_, EndpointRow>(&sql)
                .bind(player.as_str())
                .fetch_all(pool)
                .await
        })
        .map_err(StoreError::from)
    }

    /// One of a player's endpoints.
    pub async fn webhook(
        &self,
        player: &PlayerId,
        id: &str,
    ) -> Result<Option<EndpointRow>, StoreError> {
        let sql = format!(
            "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND player_id = $2"
        );
        self.read_optional(&sql, &params![id, player.as_str()])
            .await
    }

    /// An endpoint, whoever's it is (the delivery workers').
    pub async fn webhook_by_id(&self, id: &str) -> Result<Option<EndpointRow>, StoreError> {
        let sql = format!("SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1");
        self.read_optional(&sql, &params![id]).await
    }

    /// Up to `limit` deliveries of an endpoint, newest first, after the
    /// delivery `after` in that order.
    pub async fn deliveries_of(
        &self,
        endpoint: &str,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Vec<DeliveryRow>, StoreError> {
        let sql = match after {
            None => format!(
                "SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 \
                 ORDER BY created_at DESC, id DESC LIMIT $2"
            ),
            Some(_) => format!(
                "SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 \
                 AND (created_at, id) < (SELECT created_at, id FROM webhook_deliveries \
                     WHERE id = $3 AND endpoint_id = $1) \
                 ORDER BY created_at DESC, id DESC LIMIT $2"
            ),
        };
        with_pool!(self, |pool| {
            let mut query = sqlx::query_as::<_, DeliveryRow>(&sql)
                .bind(endpoint)
                .bind(i64::from(limit));
            if let Some(after) = after {
                query = query.bind(after);
            }
            query.fetch_all(pool).await
        })
        .map_err(StoreError::from)
    }

    /// One delivery of an endpoint.
    pub async fn delivery(
        &self,
        endpoint: &str,
        id: &str,
    ) -> Result<Option<DeliveryRow>, StoreError> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2"
        );
        self.read_optional(&sql, &params![id, endpoint]).await
    }

    /// Deletes the deliveries made before `cutoff` that are settled
    /// (delivered or failed); how many.
    pub async fn sweep_webhook_deliveries(&self, cutoff: DateTime<Utc>) -> Result<u64, StoreError> {
        with_pool!(self, |pool| {
            sqlx::query(SWEEP_DELIVERIES)
                .bind(stored(cutoff))
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })
        .map_err(StoreError::from)
    }
}

impl WriteTx {
    pub async fn count_webhooks(&mut self, player: &PlayerId) -> Result<i64, StoreError> {
        let (count,) = self
            .fetch_one(COUNT_ENDPOINTS, &params![player.as_str()])
            .await?;
        Ok(count)
    }

    /// Stores a new endpoint (its times truncated to the microsecond);
    /// the row as stored.
    pub async fn insert_webhook(&mut self, row: &EndpointRow) -> Result<EndpointRow, StoreError> {
        let now = stored(row.created_at);
        self.execute(
            INSERT_ENDPOINT,
            &params![
                row.id.as_str(),
                row.player_id.as_str(),
                row.url.as_str(),
                row.events.as_str(),
                row.description.as_str(),
                row.secret.as_str(),
                row.enabled,
                now,
            ],
        )
        .await?;
        Ok(EndpointRow {
            created_at: now,
            updated_at: now,
            ..row.clone()
        })
    }

    /// One of a player's endpoints, read in the transaction.
    pub async fn webhook(
        &mut self,
        player: &PlayerId,
        id: &str,
    ) -> Result<Option<EndpointRow>, StoreError> {
        let sql = format!(
            "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND player_id = $2"
        );
        self.fetch_optional(&sql, &params![id, player.as_str()])
            .await
    }

    /// Writes an endpoint's changeable fields; `false` when the player has
    /// no such endpoint.
    pub async fn update_webhook(&mut self, row: &EndpointRow) -> Result<bool, StoreError> {
        let done = self
            .execute(
                UPDATE_ENDPOINT,
                &params![
                    row.id.as_str(),
                    row.player_id.as_str(),
                    row.url.as_str(),
                    row.events.as_str(),
                    row.description.as_str(),
                    row.enabled,
                    &row.disabled_reason,
                    row.failing_since.map(stored),
                    stored(row.updated_at),
                ],
            )
            .await?;
        Ok(done == 1)
    }

    /// Replaces an endpoint's signing secret; `false` when the player has
    /// no such endpoint.
    pub async fn set_webhook_secret(
        &mut self,
        player: &PlayerId,
        id: &str,
        secret: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = self
            .execute(
                SET_SECRET,
                &params![id, player.as_str(), secret, stored(now)],
            )
            .await?;
        Ok(done == 1)
    }

    /// Deletes an endpoint and its deliveries; `false` when the player has
    /// no such endpoint.
    pub async fn delete_webhook(
        &mut self,
        player: &PlayerId,
        id: &str,
    ) -> Result<bool, StoreError> {
        if self.webhook(player, id).await?.is_none() {
            return Ok(false);
        }
        self.execute(DELETE_DELIVERIES_OF, &params![id]).await?;
        let done = self
            .execute(DELETE_ENDPOINT, &params![id, player.as_str()])
            .await?;
        Ok(done == 1)
    }

    /// The enabled endpoints of any of `players` (at most three: the seats
    /// and the player challenged), in id order, each with what it is
    /// subscribed to: one read for all of a transition's events, and none
    /// of them rendered when nobody listens.
    pub async fn webhook_subscriptions(
        &mut self,
        players: &[&str],
    ) -> Result<Vec<Subscription>, StoreError> {
        let mut ids = [""; 3];
        for (slot, player) in ids.iter_mut().zip(players) {
            *slot = player;
        }
        let mut rows: Vec<(String, String)> = self
            .fetch_all(SUBSCRIPTIONS, &params![ids[0], ids[1], ids[2]])
            .await?;
        rows.sort_unstable();
        rows.dedup_by(|a, b| a.0 == b.0);
        Ok(rows
            .into_iter()
            .map(|(endpoint, events)| Subscription { endpoint, events })
            .collect())
    }

    /// Queues a delivery, due at once; it is retried until `retry_until`.
    pub async fn insert_delivery(
        &mut self,
        id: &str,
        endpoint: &str,
        event: &str,
        payload: &str,
        now: DateTime<Utc>,
        retry_until: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.execute(
            INSERT_DELIVERY,
            &params![
                id,
                endpoint,
                event,
                payload,
                stored(now),
                stored(retry_until)
            ],
        )
        .await?;
        Ok(())
    }
}
