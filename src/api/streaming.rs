//! How a stream is written: server-sent events (the default) or NDJSON
//! (`Accept: application/x-ndjson`), both carrying the same JSON payloads;
//! and the response whose body a task feeds through a bounded channel.

use std::convert::Infallible;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;
use tokio::sync::{mpsc, watch};
use tokio::time::Interval;

use super::problem::ApiError;
use super::AppState;
use crate::telemetry::ClientAddress;

pub const SSE: &str = "text/event-stream";
pub const NDJSON: &str = "application/x-ndjson";

/// Chunks a stream's task may have written ahead of a slow reader; past
/// that the task waits, and its subscription (not the move path) lags.
const BODY_BUFFER: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    Sse,
    Ndjson,
}

impl Framing {
    /// NDJSON when `Accept` names it before (or without) `text/event-stream`.
    pub fn of(request: &HttpRequest) -> Framing {
        let accept = request
            .headers()
            .get_all(header::ACCEPT)
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(",");
        match (accept.find(NDJSON), accept.find(SSE)) {
            (Some(n), Some(s)) if n < s => Framing::Ndjson,
            (Some(_), None) => Framing::Ndjson,
            _ => Framing::Sse,
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Framing::Sse => SSE,
            Framing::Ndjson => NDJSON,
        }
    }

    /// One event: in SSE with its `id` (if any) and its `type` as the event name.
    pub fn event(self, id: Option<i64>, payload: &Value) -> Bytes {
        let data = payload.to_string();
        match self {
            Framing::Ndjson => Bytes::from(data + "\n"),
            Framing::Sse => {
                let kind = payload["type"].as_str().unwrap_or("message");
                let id = id.map(|id| format!("id: {id}\n")).unwrap_or_default();
                Bytes::from(format!("{id}event: {kind}\ndata: {data}\n\n"))
            }
        }
    }

    /// Keeps an idle connection open through proxies: an SSE comment, an
    /// empty NDJSON line (readers skip both).
    pub fn heartbeat(self) -> Bytes {
        match self {
            Framing::Sse => Bytes::from_static(b": heartbeat\n\n"),
            Framing::Ndjson => Bytes::from_static(b"\n"),
        }
    }

    /// The reconnection delay advised to SSE clients.
    pub fn retry(self, retry: Duration) -> Option<Bytes> {
        match self {
            Framing::Sse => Some(Bytes::from(format!("retry: {}\n\n", retry.as_millis()))),
            Framing::Ndjson => None,
        }
    }
}

/// Where a stream's task writes; a failed send means the client left.
#[derive(Clone, Debug)]
pub struct Sink {
    pub framing: Framing,
    retry: Duration,
    chunks: mpsc::Sender<Bytes>,
}

#[derive(Debug)]
pub struct Gone;

impl Sink {
    pub async fn send(&self, chunk: Bytes) -> Result<(), Gone> {
        self.chunks.send(chunk).await.map_err(|_| Gone)
    }

    pub async fn event(&self, id: Option<i64>, payload: &Value) -> Result<(), Gone> {
        self.send(self.framing.event(id, payload)).await
    }

    /// Several events in one chunk, so that they reach the client together.
    pub async fn events(&self, events: &[(Option<i64>, Value)]) -> Result<(), Gone> {
        let mut chunk = Vec::new();
        for (id, payload) in events {
            chunk.extend_from_slice(&self.framing.event(*id, payload));
        }
        self.send(Bytes::from(chunk)).await
    }

    pub async fn heartbeat(&self) -> Result<(), Gone> {
        self.send(self.framing.heartbeat()).await
    }

    /// The last words of a stream the server closes while the client is
    /// still there (shutdown, a subscriber too far behind): in SSE the
    /// reconnection delay again, so `EventSource` comes back (to another
    /// node, or here) and resumes.
    pub async fn farewell(&self, why: &str) {
        if let Some(retry) = self.framing.retry(self.retry) {
            let comment = Bytes::from(format!(": {why}\n"));
            // The client may be gone already; nothing more to do then.
            if self.send(comment).await.is_ok() {
                let _ = self.send(retry).await;
            }
        }
    }

    /// Handles one tick of `pulse`: a heartbeat, or at shutdown a farewell
    /// (then `Err`: the stream ends).
    pub async fn on(&self, tick: Tick) -> Result<(), Gone> {
        match tick {
            Tick::Beat => self.heartbeat().await,
            Tick::Stop => {
                self.farewell("the server is stopping; reconnect").await;
                Err(Gone)
            }
        }
    }
}

/// What an idle stream waits for besides its events: the next heartbeat,
/// or the server stopping.
pub struct Pulse {
    beat: Interval,
    stopping: watch::Receiver<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    Beat,
    Stop,
}

impl Pulse {
    /// Heartbeats every `every`, the first one `every` from now.
    pub fn new(every: Duration, stopping: watch::Receiver<bool>) -> Pulse {
        let beat = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        Pulse { beat, stopping }
    }

    pub async fn next(&mut self) -> Tick {
        tokio::select! {
            _ = self.beat.tick() => Tick::Beat,
            stopped = self.stopping.wait_for(|stopping| *stopping) => match stopped {
                Ok(_) => Tick::Stop,
                // Nobody can stop the streams any more: heartbeats only.
                Err(_) => std::future::pending().await,
            },
        }
    }
}

/// Opens a stream for `request` if the caps allow: the response, the sink
/// that feeds it and the pulse (heartbeat, shutdown) its task waits on.
/// The stream's place under the caps is held by the response body.
pub fn start(
    state: &AppState,
    request: &HttpRequest,
) -> Result<(HttpResponse, Sink, Pulse), ApiError> {
    let client = ClientAddress::of_request(request);
    let slot = state
        .stream_slots
        .admit(client)
        .map_err(ApiError::TooManyStreams)?;
    let settings = &state.streams;
    let retry = Duration::from_millis(settings.retry_ms);
    let (response, sink) = open(Framing::of(request), retry, slot);
    let heartbeat = Duration::from_millis(settings.heartbeat_ms.max(1));
    Ok((response, sink, Pulse::new(heartbeat, state.live.stopping())))
}

/// A streaming response and the sink that feeds it. The response is never
/// compressed (a compressor would hold events back) nor cached. `held`
/// (e.g. the stream's place under the caps) lives as long as the body: it
/// goes when the stream ends or the client leaves.
pub fn open<H: 'static>(framing: Framing, retry: Duration, held: H) -> (HttpResponse, Sink) {
    let (chunks, mut receiver) = mpsc::channel::<Bytes>(BODY_BUFFER);
    if let Some(retry) = framing.retry(retry) {
        let _ = chunks.try_send(retry);
    }
    let body = futures_util::stream::poll_fn(move |cx| {
        let _held = &held;
        receiver
            .poll_recv(cx)
            .map(|chunk| chunk.map(Ok::<_, Infallible>))
    });
    let response = HttpResponse::Ok()
        .content_type(framing.content_type())
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body);
    let sink = Sink {
        framing,
        retry,
        chunks,
    };
    (response, sink)
}
