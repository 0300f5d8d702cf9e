//! The delivery workers of one process. A loop, woken by a committed
//! event or every `--webhook-poll-ms`, claims due deliveries of endpoints
//! it is not already sending to (at most `--webhook-max-in-flight`
//! endpoints at once), and starts one task per endpoint, which sends its
//! deliveries one at a time, then claims that endpoint's next due ones
//! until none is left: one delivery at a time per endpoint and process,
//! a bounded number overall, and a slow receiver holds up only its own
//! endpoint. Moves never wait for any of it.
//!
//! A failed attempt is retried after `base · 2^(attempts − 1)` (at most
//! [`MAX_BACKOFF`]), times a random factor in [½, 1] (jitter), until
//! 24 hours after the event; then the delivery is failed. An endpoint
//! failing (no success since its first failure) for
//! `--webhook-disable-after-hours` is disabled.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use rand::Rng;

use super::send::{post, Answer, Signed};
use super::signing::signature;
use super::targets::{check_url, resolve};
use super::{Disabled, Webhooks, WebhooksError};
use crate::domain::PlayerId;
use crate::games::Done;
use crate::store::{AttemptOutcome, Attempted, DeliveryRow, EndpointRow};

/// The longest wait between two attempts of a delivery.
pub const MAX_BACKOFF: TimeDelta = TimeDelta::hours(1);

/// How many deliveries of one endpoint a task claims at a time.
const PER_ENDPOINT_BATCH: u32 = 10;

/// How often the delivery log is swept of settled deliveries past the
/// retention period.
const SWEEP_EVERY: Duration = Duration::from_secs(600);

/// The wait before the next attempt of a delivery attempted `attempts`
/// times, before jitter: `base · 2^(attempts − 1)`, at most
/// [`MAX_BACKOFF`].
pub fn backoff(base_ms: u64, attempts: i32) -> TimeDelta {
    let doublings = attempts.saturating_sub(1).clamp(0, 30) as u32;
    let ms = base_ms.saturating_mul(1u64 << doublings);
    TimeDelta::milliseconds(ms.min(MAX_BACKOFF.num_milliseconds() as u64) as i64)
}

/// [`backoff`] times a random factor in [½, 1].
fn jittered(base_ms: u64, attempts: i32) -> TimeDelta {
    let full = backoff(base_ms, attempts).num_milliseconds();
    let factor: f64 = rand::thread_rng().gen_range(0.5..=1.0);
    TimeDelta::milliseconds((full as f64 * factor) as i64)
}

/// The endpoints this process is sending to.
type Busy = Arc<Mutex<HashSet<String>>>;

pub(super) async fn run(webhooks: Webhooks) {
    let busy: Busy = Arc::default();
    let poll = Duration::from_millis(webhooks.settings.poll_ms.max(10));
    let mut last_sweep: Option<Instant> = None;
    loop {
        if last_sweep.is_none_or(|at| at.elapsed() >= SWEEP_EVERY) {
            last_sweep = Some(Instant::now());
            sweep(&webhooks).await;
        }
        if let Err(error) = start_due(&webhooks, &busy).await {
            tracing::warn!(%error, "webhook deliveries could not be claimed");
        }
        tokio::select! {
            () = webhooks.wake.notified() => {}
            () = tokio::time::sleep(poll) => {}
        }
    }
}

async fn sweep(webhooks: &Webhooks) {
    let retention = TimeDelta::hours(i64::from(webhooks.settings.retention_hours));
    let cutoff = webhooks.games.time().now() - retention;
    match webhooks.store.sweep_webhook_deliveries(cutoff).await {
        Ok(0) => {}
        Ok(swept) => tracing::info!(swept, "old webhook deliveries swept"),
        Err(error) => tracing::warn!(%error, "old webhook deliveries could not be swept"),
    }
}

/// Claims due deliveries of endpoints not being sent to, and starts a
/// task per endpoint.
async fn start_due(webhooks: &Webhooks, busy: &Busy) -> Result<(), WebhooksError> {
    let taken: Vec<String> = busy.lock().expect("busy lock").iter().cloned().collect();
    let free = webhooks.settings.max_in_flight.saturating_sub(taken.len());
    if free == 0 {
        return Ok(());
    }
    let taken: Vec<&str> = taken.iter().map(String::as_str).collect();
    let claimed = claim(webhooks, None, &taken, free as u32).await?;
    let mut by_endpoint: BTreeMap<String, Vec<DeliveryRow>> = BTreeMap::new();
    for row in claimed {
        by_endpoint
            .entry(row.endpoint_id.clone())
            .or_default()
            .push(row);
    }
    for (endpoint, rows) in by_endpoint {
        if !busy.lock().expect("busy lock").insert(endpoint.clone()) {
            continue;
        }
        let (webhooks, busy) = (webhooks.clone(), busy.clone());
        tokio::spawn(async move {
            if let Err(error) = drain(&webhooks, &endpoint, rows).await {
                tracing::warn!(%error, endpoint, "webhook deliveries stopped");
            }
            busy.lock().expect("busy lock").remove(&endpoint);
            webhooks.wake.notify_one();
        });
    }
    Ok(())
}

/// Claims up to `limit` due deliveries (of `only` that endpoint, or of any
/// but `taken`), leased for as long as sending them may take.
async fn claim(
    webhooks: &Webhooks,
    only: Option<&str>,
    taken: &[&str],
    limit: u32,
) -> Result<Vec<DeliveryRow>, WebhooksError> {
    let timeout = TimeDelta::milliseconds(webhooks.settings.timeout_ms as i64);
    // Long enough to send them all, each taking the whole timeout, and
    // write back; a node killed mid-attempt leaves them due again then.
    let lease = timeout * (limit.min(PER_ENDPOINT_BATCH) as i32 + 1) + TimeDelta::seconds(1);
    let committed = webhooks
        .games
        .run_unkeyed(&webhooks.store, async |games, tx| {
            let now = games.time().now();
            let rows = tx
                .claim_deliveries(now, now + lease, only, taken, limit)
                .await?;
            Ok::<_, WebhooksError>(Done::value(rows))
        })
        .await?;
    Ok(committed.value)
}

/// Sends an endpoint's claimed deliveries one at a time, then its next
/// due ones, until none is due.
async fn drain(
    webhooks: &Webhooks,
    endpoint: &str,
    mut rows: Vec<DeliveryRow>,
) -> Result<(), WebhooksError> {
    while !rows.is_empty() {
        let Some(row) = webhooks.store.webhook_by_id(endpoint).await? else {
            return Ok(());
        };
        for delivery in &rows {
            // Disabled by an attempt of this batch: the rest wait.
            if !attempt(webhooks, &row, delivery).await? {
                return Ok(());
            }
        }
        rows = claim(webhooks, Some(endpoint), &[], PER_ENDPOINT_BATCH).await?;
    }
    Ok(())
}

/// One attempt of a delivery, recorded; `false` when it disabled the
/// endpoint.
async fn attempt(
    webhooks: &Webhooks,
    endpoint: &EndpointRow,
    delivery: &DeliveryRow,
) -> Result<bool, WebhooksError> {
    let settings = &webhooks.settings;
    let now = webhooks.games.time().now();
    let started = Instant::now();
    let answer = send(webhooks, endpoint, delivery, now).await;
    let seconds = started.elapsed().as_secs_f64();
    metrics::histogram!("oanquan_webhook_delivery_seconds").record(seconds);
    let at = webhooks.games.time().now();
    let (outcome, status_code, error) = match &answer {
        Answer::Status { code, .. } if (200..300).contains(code) => {
            (AttemptOutcome::Delivered, Some(i32::from(*code)), None)
        }
        failed => {
            let (code, error) = match failed {
                Answer::Status { code, excerpt } => {
                    (Some(i32::from(*code)), format!("HTTP {code}: {excerpt}"))
                }
                Answer::Failed(error) => (None, error.clone()),
            };
            let outcome = if at >= delivery.retry_until {
                AttemptOutcome::Failed
            } else {
                AttemptOutcome::RetryAt(at + jittered(settings.retry_base_ms, delivery.attempts))
            };
            (outcome, code, Some(error))
        }
    };
    let label = match outcome {
        AttemptOutcome::Delivered => "delivered",
        AttemptOutcome::RetryAt(_) => "retried",
        AttemptOutcome::Failed => "failed",
    };
    metrics::counter!("oanquan_webhook_deliveries_total", "outcome" => label).increment(1);
    let disable_after = TimeDelta::hours(i64::from(settings.disable_after_hours));
    let reason = disabled_reason(settings.disable_after_hours, at);
    let attempted = Attempted {
        id: &delivery.id,
        outcome: outcome.clone(),
        status_code,
        error: error.as_deref(),
        at,
    };
    let committed = webhooks
        .games
        .run_unkeyed(&webhooks.store, async |_, tx| {
            tx.record_attempt(&endpoint.id, &attempted).await?;
            let disabled = if attempted.outcome == AttemptOutcome::Delivered {
                None
            } else {
                tx.disable_failing_webhook(&endpoint.id, at - disable_after, &reason, at)
                    .await?
            };
            Ok::<_, WebhooksError>(Done::value(disabled))
        })
        .await?;
    let Some(player) = committed.value else {
        return Ok(true);
    };
    tracing::warn!(endpoint = %endpoint.id, "webhook endpoint disabled: {reason}");
    if let Ok(player) = PlayerId::parse(&player) {
        webhooks.tell_disabled(&Disabled {
            player,
            endpoint: endpoint.id.clone(),
            url: endpoint.url.clone(),
            reason,
            at,
        });
    }
    Ok(false)
}

fn disabled_reason(hours: u32, at: DateTime<Utc>) -> String {
    format!(
        "every delivery failed for {hours} hours; disabled at {}",
        at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    )
}

/// Checks the target again, resolves and checks its addresses, signs and
/// sends.
async fn send(
    webhooks: &Webhooks,
    endpoint: &EndpointRow,
    delivery: &DeliveryRow,
    now: DateTime<Utc>,
) -> Answer {
    let allow = webhooks.settings.allow_private_targets;
    let target = match check_url(&endpoint.url, allow) {
        Ok(target) => target,
        Err(refused) => return Answer::Failed(refused.to_string()),
    };
    let addresses = match resolve(&target, allow).await {
        Ok(addresses) => addresses,
        Err(unusable) => return Answer::Failed(unusable.to_string()),
    };
    let timestamp = now.timestamp();
    let body = delivery.payload.as_bytes();
    let Some(signature) = signature(&endpoint.secret, &delivery.id, timestamp, body) else {
        return Answer::Failed("the endpoint's secret is not valid".to_owned());
    };
    let signed = Signed {
        id: &delivery.id,
        timestamp,
        signature: &signature,
        body,
    };
    let timeout = Duration::from_millis(webhooks.settings.timeout_ms);
    post(&target, &addresses, &signed, timeout, &webhooks.tls).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_base_up_to_an_hour() {
        assert_eq!(backoff(5_000, 1), TimeDelta::seconds(5));
        assert_eq!(backoff(5_000, 2), TimeDelta::seconds(10));
        assert_eq!(backoff(5_000, 3), TimeDelta::seconds(20));
        // 5 s · 2^9 = 2560 s; 5 s · 2^10 = 5120 s, past the hour.
        assert_eq!(backoff(5_000, 10), TimeDelta::seconds(2560));
        assert_eq!(backoff(5_000, 11), TimeDelta::hours(1));
        assert_eq!(backoff(5_000, 1000), TimeDelta::hours(1));
        assert_eq!(backoff(5_000, 0), TimeDelta::seconds(5));
    }

    #[test]
    fn jitter_stays_between_half_and_the_whole() {
        for _ in 0..200 {
            let wait = jittered(1_000, 3).num_milliseconds();
            assert!((2_000..=4_000).contains(&wait), "{wait}");
        }
    }
}
