//! How a stream is written: server-sent events (the default) or NDJSON
//! (`Accept: application/x-ndjson`), both carrying the same JSON payloads;
//! and the response whose body a task feeds through a bounded channel.

use std::convert::Infallible;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;
use tokio::sync::mpsc;

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

    pub async fn heartbeat(&self) -> Result<(), Gone> {
        self.send(self.framing.heartbeat()).await
    }
}

/// A streaming response and the sink that feeds it. The response is never
/// compressed (a compressor would hold events back) nor cached.
pub fn open(framing: Framing, retry: Duration) -> (HttpResponse, Sink) {
    let (chunks, mut receiver) = mpsc::channel::<Bytes>(BODY_BUFFER);
    if let Some(retry) = framing.retry(retry) {
        let _ = chunks.try_send(retry);
    }
    let body = futures_util::stream::poll_fn(move |cx| {
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
    (response, Sink { framing, chunks })
}
