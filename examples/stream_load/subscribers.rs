//! Subscribers: each follows one slot's game over `GET
//! /v1/games/{id}/stream` as NDJSON and, while measuring, records how long
//! each `move` event took from the move's `played_at` (the server's clock,
//! read in the move's transaction just before its commit) to its receipt
//! here (the same machine's clock).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use hdrhistogram::Histogram;
use reqwest::Client;
use serde::Deserialize;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use crate::games::Slots;

/// What every subscriber adds to.
pub struct Tally {
    /// Whether `move` events are being timed (else lines are only counted).
    pub measuring: AtomicBool,
    /// Delivery latency of `move` events, in microseconds.
    pub latency_us: Mutex<Histogram<u64>>,
    /// Streams that sent their first line (the snapshot).
    pub opened: AtomicU64,
    /// Lines received, heartbeats aside.
    pub lines: AtomicU64,
    /// Streams that ended or failed and were opened again.
    pub reopened: AtomicU64,
    pub errors: AtomicU64,
}

impl Tally {
    pub fn new() -> Arc<Tally> {
        Arc::new(Tally {
            measuring: AtomicBool::new(false),
            latency_us: Mutex::new(Histogram::new_with_bounds(1, 120_000_000, 3).expect("bounds")),
            opened: AtomicU64::new(0),
            lines: AtomicU64::new(0),
            reopened: AtomicU64::new(0),
            errors: AtomicU64::new(0),
        })
    }

    pub fn reset_latency(&self) {
        self.latency_us.lock().expect("tally").reset();
    }
}

#[derive(Deserialize)]
struct Line {
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "move")]
    played: Option<Played>,
}

#[derive(Deserialize)]
struct Played {
    played_at: DateTime<Utc>,
}

/// A client for many long-lived streams: one connection each.
pub fn stream_client() -> anyhow::Result<Client> {
    Ok(Client::builder()
        .pool_max_idle_per_host(0)
        .tcp_nodelay(true)
        .build()?)
}

/// Opens `count` subscribers over the slots (subscriber `i` follows slot
/// `i % slots`), `opening` at a time, and returns once each has its
/// snapshot.
pub async fn open(
    client: &Client,
    base: &str,
    slots: &Arc<Slots>,
    count: usize,
    opening: usize,
    tally: &Arc<Tally>,
) -> anyhow::Result<Vec<JoinHandle<()>>> {
    let gate = Arc::new(Semaphore::new(opening.max(1)));
    let before = tally.opened.load(Ordering::Relaxed);
    let mut handles = Vec::with_capacity(count);
    for i in 0..count {
        let permit = gate.clone().acquire_owned().await?;
        let (client, base, slots, tally) = (
            client.clone(),
            base.to_owned(),
            slots.clone(),
            tally.clone(),
        );
        let slot = i % slots.len();
        handles.push(tokio::spawn(async move {
            follow(client, base, slots, slot, tally, Some(permit)).await;
        }));
    }
    let all_opened = gate.acquire_many(opening.max(1) as u32);
    let _all_opened = tokio::time::timeout(Duration::from_secs(300), all_opened)
        .await
        .map_err(|_| anyhow::anyhow!("the streams did not all open in 300 s"))??;
    let opened = tally.opened.load(Ordering::Relaxed) - before;
    anyhow::ensure!(
        opened >= count as u64,
        "only {opened} of {count} streams opened ({} errors)",
        tally.errors.load(Ordering::Relaxed)
    );
    Ok(handles)
}

/// Follows slot `slot` for ever: its game's stream, then the next game's.
async fn follow(
    client: Client,
    base: String,
    slots: Arc<Slots>,
    slot: usize,
    tally: Arc<Tally>,
    mut permit: Option<tokio::sync::OwnedSemaphorePermit>,
) {
    loop {
        let id = slots.id(slot);
        if let Err(error) = read_stream(&client, &base, &id, &tally, &mut permit).await {
            if tally.errors.fetch_add(1, Ordering::Relaxed) < 5 {
                eprintln!("stream of {id}: {error:#}");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // A stream ends with its game: wait for the slot's next one.
        while slots.id(slot) == id {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tally.reopened.fetch_add(1, Ordering::Relaxed);
    }
}

async fn read_stream(
    client: &Client,
    base: &str,
    id: &str,
    tally: &Tally,
    permit: &mut Option<tokio::sync::OwnedSemaphorePermit>,
) -> anyhow::Result<()> {
    let url = format!("{base}/v1/games/{id}/stream");
    let mut response = client
        .get(&url)
        .header("accept", "application/x-ndjson")
        .send()
        .await?;
    let status = response.status();
    if !status.is_success() {
        let text = response.text().await.unwrap_or_default();
        anyhow::bail!("GET {url}: {status}: {text}");
    }
    let mut pending: Vec<u8> = Vec::new();
    let mut first = true;
    while let Some(chunk) = response.chunk().await? {
        pending.extend_from_slice(&chunk);
        let mut start = 0;
        while let Some(end) = pending[start..].iter().position(|&b| b == b'\n') {
            let line = &pending[start..start + end];
            start += end + 1;
            if line.is_empty() {
                continue; // a heartbeat
            }
            if std::mem::take(&mut first) {
                tally.opened.fetch_add(1, Ordering::Relaxed);
                permit.take();
            }
            tally.lines.fetch_add(1, Ordering::Relaxed);
            if tally.measuring.load(Ordering::Relaxed) {
                record(line, tally);
            }
        }
        pending.drain(..start);
    }
    Ok(())
}

fn record(line: &[u8], tally: &Tally) {
    let Ok(Line {
        kind,
        played: Some(played),
    }) = serde_json::from_slice::<Line>(line)
    else {
        return;
    };
    if kind != "move" {
        return;
    }
    let received = Utc::now();
    let micros = (received - played.played_at)
        .num_microseconds()
        .unwrap_or(0)
        .max(1) as u64;
    let _ = tally.latency_us.lock().expect("tally").record(micros);
}
