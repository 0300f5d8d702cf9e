//! The delivery workers' side of the webhooks' outbox: claiming due
//! deliveries (on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so one node at
//! a time attempts a row), writing back what an attempt gave, disabling an
//! endpoint that keeps failing, and a retry asked for by hand.

use chrono::{DateTime, Utc};

use super::sqlite::direct::Param;
use super::webhooks::{stored, DeliveryRow, DELIVERY_COLUMNS};
use super::{StoreError, WriteTx};

/// What an attempt of a delivery left: delivered, due again at a time, or
/// failed for good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered,
    RetryAt(DateTime<Utc>),
    Failed,
}

/// One attempt's result as the delivery log keeps it.
#[derive(Clone, Debug)]
pub struct Attempted<'a> {
    pub id: &'a str,
    pub outcome: AttemptOutcome,
    pub status_code: Option<i32>,
    pub error: Option<&'a str>,
    pub at: DateTime<Utc>,
}

const RECORD_ATTEMPT: &str = "\
    UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, last_status_code = $4, \
        last_error = $5, last_attempt_at = $6 \
    WHERE id = $1 AND status = 'pending'";

const ENDPOINT_SUCCEEDED: &str = "\
    UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL";

const ENDPOINT_FAILED: &str = "\
    UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL";

const DISABLE_FAILING: &str = "\
    UPDATE webhook_endpoints SET enabled = $4, disabled_reason = $3, updated_at = $5 \
    WHERE id = $1 AND enabled AND failing_since <= $2 \
    RETURNING player_id";

const RETRY_DELIVERY: &str = "\
    UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, \
        retry_until = CASE WHEN retry_until < $3 THEN $3 ELSE retry_until END \
    WHERE id = $1 AND endpoint_id = $2";

impl WriteTx {
    /// Claims up to `limit` deliveries due at `now` of enabled endpoints
    /// — of `only` that endpoint, or of any but those in `busy` — for an
    /// attempt: each is due again at `lease_until` (should this node die
    /// mid-attempt) and counts one more attempt. On PostgreSQL rows another
    /// node is claiming are skipped (`FOR UPDATE SKIP LOCKED`).
    pub async fn claim_deliveries(
        &mut self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        only: Option<&str>,
        busy: &[&str],
        limit: u32,
    ) -> Result<Vec<DeliveryRow>, StoreError> {
        let mut filter = String::new();
        let mut params: Vec<Param<'_>> =
            params![stored(now), stored(lease_until), i64::from(limit)]
                .into_iter()
                .collect();
        if let Some(only) = only {
            filter.push_str(" AND d.endpoint_id = $4");
            params.push(only.into());
        } else if !busy.is_empty() {
            let placeholders = (0..busy.len())
                .map(|n| format!("${}", n + 4))
                .collect::<Vec<_>>()
                .join(", ");
            filter = format!(" AND d.endpoint_id NOT IN ({placeholders})");
            params.extend(busy.iter().map(|id| Param::from(*id)));
        }
        let lock = match self {
            WriteTx::Postgres(_) => " FOR UPDATE OF d SKIP LOCKED",
            WriteTx::Sqlite(_) => "",
        };
        let sql = format!(
            "UPDATE webhook_deliveries SET next_attempt_at = $2, attempts = attempts + 1 \
             WHERE id IN (SELECT d.id FROM webhook_deliveries d \
                 JOIN webhook_endpoints e ON e.id = d.endpoint_id \
                 WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND e.enabled{filter} \
                 ORDER BY d.next_attempt_at, d.id LIMIT $3{lock}) \
             RETURNING {DELIVERY_COLUMNS}"
        );
        let mut claimed: Vec<DeliveryRow> = self.fetch_all(&sql, &params).await?;
        claimed.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
        Ok(claimed)
    }

    /// Records an attempt of a pending delivery, and whether its endpoint
    /// is failing (since the first failure after a success).
    pub async fn record_attempt(
        &mut self,
        endpoint: &str,
        attempted: &Attempted<'_>,
    ) -> Result<(), StoreError> {
        let (status, next) = match attempted.outcome {
            AttemptOutcome::Delivered => ("delivered", None),
            AttemptOutcome::RetryAt(at) => ("pending", Some(stored(at))),
            AttemptOutcome::Failed => ("failed", None),
        };
        let at = stored(attempted.at);
        self.execute(
            RECORD_ATTEMPT,
            &params![
                attempted.id,
                status,
                next,
                attempted.status_code,
                attempted.error,
                at
            ],
        )
        .await?;
        if attempted.outcome == AttemptOutcome::Delivered {
            self.execute(ENDPOINT_SUCCEEDED, &params![endpoint]).await?;
        } else {
            self.execute(ENDPOINT_FAILED, &params![endpoint, at])
                .await?;
        }
        Ok(())
    }

    /// Disables the endpoint if it has been failing since `failing_before`
    /// or earlier, with `reason`; the player whose endpoint it is when it
    /// was disabled now.
    pub async fn disable_failing_webhook(
        &mut self,
        endpoint: &str,
        failing_before: DateTime<Utc>,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = self
            .fetch_optional(
                DISABLE_FAILING,
                &params![endpoint, stored(failing_before), reason, false, stored(now)],
            )
            .await?;
        Ok(row.map(|(player,)| player))
    }

    /// Makes a delivery of the endpoint pending and due at `now` (kept
    /// for at least one attempt); `false` when the endpoint has none such.
    pub async fn retry_delivery(
        &mut self,
        endpoint: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = self
            .execute(RETRY_DELIVERY, &params![id, endpoint, stored(now)])
            .await?;
        Ok(done == 1)
    }
}
