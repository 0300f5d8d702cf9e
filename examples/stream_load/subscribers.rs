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
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
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

/// Where the streams are read: a plain TCP connection each, one big read
/// at a time, the chunked body decoded by hand and a line parsed only when
/// it is timed (HTTP clients spent more of the two cores per delivery than
/// the server; this reader is about the least a client can do).
#[derive(Clone)]
pub struct Endpoint {
    address: String,
}

impl Endpoint {
    /// `base` as `http://host:port`.
    pub fn of(base: &str) -> anyhow::Result<Endpoint> {
        let address = base
            .strip_prefix("http://")
            .ok_or_else(|| anyhow::anyhow!("{base}: the streams are read over http:// only"))?
            .trim_end_matches('/')
            .to_owned();
        Ok(Endpoint { address })
    }
}

/// Opens `count` subscribers over the slots (subscriber `i` follows slot
/// `i % slots`), `opening` at a time, and returns once each has its
/// snapshot.
pub async fn open(
    endpoint: &Endpoint,
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
        let (endpoint, slots, tally) = (endpoint.clone(), slots.clone(), tally.clone());
        let slot = i % slots.len();
        handles.push(tokio::spawn(async move {
            follow(endpoint, slots, slot, tally, Some(permit)).await;
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
    endpoint: Endpoint,
    slots: Arc<Slots>,
    slot: usize,
    tally: Arc<Tally>,
    mut permit: Option<tokio::sync::OwnedSemaphorePermit>,
) {
    loop {
        let id = slots.id(slot);
        if let Err(error) = read_stream(&endpoint, &id, &tally, &mut permit).await {
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
    endpoint: &Endpoint,
    id: &str,
    tally: &Tally,
    permit: &mut Option<tokio::sync::OwnedSemaphorePermit>,
) -> anyhow::Result<()> {
    let mut socket = TcpStream::connect(&endpoint.address).await?;
    socket.set_nodelay(true)?;
    let request = format!(
        "GET /v1/games/{id}/stream HTTP/1.1\r\nHost: {}\r\nAccept: application/x-ndjson\r\n\r\n",
        endpoint.address
    );
    socket.write_all(request.as_bytes()).await?;
    let mut buffer = vec![0u8; 64 * 1024];
    let mut head: Vec<u8> = Vec::new();
    let body_start = loop {
        let read = socket.read(&mut buffer).await?;
        anyhow::ensure!(read > 0, "GET {id}/stream: closed before the answer");
        head.extend_from_slice(&buffer[..read]);
        if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
    };
    let status_line = head.split(|&b| b == b'\r').next().unwrap_or_default();
    anyhow::ensure!(
        status_line.windows(5).any(|w| w == b" 200 "),
        "GET {id}/stream: {}",
        String::from_utf8_lossy(status_line)
    );
    let mut body = Dechunk::default();
    let mut lines = Lines {
        pending: Vec::new(),
        first: true,
    };
    let mut data = Vec::new();
    let mut feed = |bytes: &[u8], body: &mut Dechunk| -> bool {
        data.clear();
        let more = body.feed(bytes, &mut data);
        lines.feed(&data, tally, permit);
        more
    };
    if !feed(&head[body_start..], &mut body) {
        return Ok(());
    }
    loop {
        let read = socket.read(&mut buffer).await?;
        if read == 0 || !feed(&buffer[..read], &mut body) {
            return Ok(());
        }
    }
}

/// A chunked HTTP/1.1 body, decoded as it arrives.
#[derive(Default)]
struct Dechunk {
    /// Bytes of data left in the current chunk.
    left: usize,
    /// The size line (and the CRLF after a chunk's data) being read.
    line: Vec<u8>,
    /// Whether the CRLF after a chunk's data is still to skip.
    trailer: bool,
}

impl Dechunk {
    /// Appends the data in `bytes` to `out`; false once the body ended.
    fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) -> bool {
        while !bytes.is_empty() {
            if self.left > 0 {
                let take = self.left.min(bytes.len());
                out.extend_from_slice(&bytes[..take]);
                self.left -= take;
                bytes = &bytes[take..];
                self.trailer = self.left == 0;
                continue;
            }
            let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
                self.line.extend_from_slice(bytes);
                return true;
            };
            self.line.extend_from_slice(&bytes[..end]);
            bytes = &bytes[end + 1..];
            let line = std::mem::take(&mut self.line);
            if std::mem::take(&mut self.trailer) {
                continue; // the CRLF after a chunk's data
            }
            let size = std::str::from_utf8(&line)
                .ok()
                .and_then(|l| usize::from_str_radix(l.trim().split(';').next()?, 16).ok());
            match size {
                Some(0) | None => return false,
                Some(size) => self.left = size,
            }
        }
        true
    }
}

/// The NDJSON lines of a stream's body.
struct Lines {
    pending: Vec<u8>,
    first: bool,
}

impl Lines {
    fn feed(
        &mut self,
        data: &[u8],
        tally: &Tally,
        permit: &mut Option<tokio::sync::OwnedSemaphorePermit>,
    ) {
        self.pending.extend_from_slice(data);
        let mut start = 0;
        while let Some(end) = self.pending[start..].iter().position(|&b| b == b'\n') {
            let line = &self.pending[start..start + end];
            start += end + 1;
            if line.is_empty() {
                continue; // a heartbeat
            }
            if std::mem::take(&mut self.first) {
                tally.opened.fetch_add(1, Ordering::Relaxed);
                permit.take();
            }
            tally.lines.fetch_add(1, Ordering::Relaxed);
            if tally.measuring.load(Ordering::Relaxed) {
                record(line, tally);
            }
        }
        self.pending.drain(..start);
    }
}

/// Times a `move` line: only its `played_at` is parsed.
fn record(line: &[u8], tally: &Tally) {
    const MOVE: &[u8] = br#""type":"move""#;
    const PLAYED_AT: &[u8] = br#""played_at":""#;
    let find = |needle: &[u8]| line.windows(needle.len()).position(|w| w == needle);
    if find(MOVE).is_none() {
        return;
    }
    let Some(at) = find(PLAYED_AT).map(|at| at + PLAYED_AT.len()) else {
        return;
    };
    let Some(end) = line[at..].iter().position(|&b| b == b'"') else {
        return;
    };
    let Some(played_at) = std::str::from_utf8(&line[at..at + end])
        .ok()
        .and_then(|text| text.parse::<DateTime<Utc>>().ok())
    else {
        return;
    };
    let received = Utc::now();
    let micros = (received - played_at)
        .num_microseconds()
        .unwrap_or(0)
        .max(1) as u64;
    let _ = tally.latency_us.lock().expect("tally").record(micros);
}
