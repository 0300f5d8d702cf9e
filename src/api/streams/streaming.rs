//! How a stream is written: server-sent events (the default) or NDJSON
//! (`Accept: application/x-ndjson`), both carrying the same JSON payloads;
//! the sink a feed writes to, and the admission of a stream under the caps.

use std::cell::RefCell;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use serde_json::Value;
use tokio::sync::{broadcast::Receiver, watch};

use crate::api::problems::ApiError;
use crate::api::streams::stream_body::FeedBody;
use crate::api::AppState;
use crate::domain::TokenId;
use crate::live::feeds::{Ends, Feed, Out, Step};
use crate::live::{Authorised, Signal, StreamSlot};
use crate::telemetry::ClientAddress;

pub const SSE: &str = "text/event-stream";
pub const NDJSON: &str = "application/x-ndjson";

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

    /// Which of a change's shared encodings ([`crate::live::Change`]) is this framing's.
    pub fn index(self) -> usize {
        match self {
            Framing::Sse => 0,
            Framing::Ndjson => 1,
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
        self.event_with_id(id.map(|id| id.to_string()).as_deref(), payload)
    }

    /// One event whose `id` (if any) is text.
    pub fn event_with_id(self, id: Option<&str>, payload: &Value) -> Bytes {
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

/// What a stream has to say next: its feed writes here, its body hands it
/// to the connection as one chunk the next time actix asks (so a change's
/// events, e.g. a game-ending move and its `ended`, go out together).
#[derive(Debug)]
pub struct Sink {
    pub framing: Framing,
    retry: Duration,
    out: RefCell<Vec<Bytes>>,
}

impl Sink {
    /// A sink whose first words are, in SSE, the reconnection delay.
    pub fn new(framing: Framing, retry: Duration) -> Sink {
        let out = framing.retry(retry).into_iter().collect();
        Sink {
            framing,
            retry,
            out: RefCell::new(out),
        }
    }

    pub fn send(&self, chunk: Bytes) {
        self.out.borrow_mut().push(chunk);
    }

    pub fn event(&self, id: Option<i64>, payload: &Value) {
        self.send(self.framing.event(id, payload));
    }

    pub fn event_with_id(&self, id: &str, payload: &Value) {
        self.send(self.framing.event_with_id(Some(id), payload));
    }

    pub fn heartbeat(&self) {
        self.send(self.framing.heartbeat());
    }
}

impl Out for Sink {
    /// Everything written since the last call, as one chunk.
    fn take(&self) -> Option<Bytes> {
        let mut out = self.out.borrow_mut();
        match out.len() {
            0 => None,
            1 => out.pop(),
            _ => Some(Bytes::from(out.drain(..).collect::<Vec<_>>().concat())),
        }
    }

    /// In SSE the reconnection delay again, so `EventSource` comes back
    /// (to another node, or here) and resumes.
    fn farewell(&self, why: &str) {
        if let Some(retry) = self.framing.retry(self.retry) {
            self.send(Bytes::from(format!(": {why}\n")));
            self.send(retry);
        }
    }

    /// In SSE a comment; no `retry:` (an `EventSource` that comes back
    /// anyway is refused, and stops).
    fn revoked(&self) {
        if self.framing == Framing::Sse {
            self.send(Bytes::from_static(
                b": the token that opened this stream was revoked\n\n",
            ));
        }
    }
}

/// A stream admitted under the caps, not yet answered: its place under the
/// caps and how it is written.
pub struct Opening {
    slot: StreamSlot,
    authorised: Option<Authorised>,
    framing: Framing,
    retry: Duration,
    heartbeat: Duration,
    stopping: watch::Receiver<bool>,
}

/// Admits a stream for `request` if the caps allow.
pub fn start(state: &AppState, request: &HttpRequest) -> Result<Opening, ApiError> {
    let client = ClientAddress::key_of_request(request);
    let slot = state
        .stream_slots
        .admit(client)
        .map_err(ApiError::TooManyStreams)?;
    let settings = &state.streams;
    Ok(Opening {
        slot,
        authorised: None,
        framing: Framing::of(request),
        retry: Duration::from_millis(settings.retry_ms),
        heartbeat: Duration::from_millis(settings.heartbeat_ms.max(1)),
        stopping: state.live.stopping(),
    })
}

impl Opening {
    /// Ties the stream to the token that authenticated it: it ends when
    /// the token is revoked.
    pub fn authorised_by(&mut self, state: &AppState, token: &TokenId) {
        self.authorised = Some(state.live.authorised_by(token));
    }

    /// The sink a feed of this stream writes to.
    pub fn sink(&self) -> Sink {
        Sink::new(self.framing, self.retry)
    }

    /// The streaming response whose body runs `first` (the feed's start),
    /// then follows `signals`: see [`FeedBody`]. The response is never
    /// compressed (a compressor would hold events back) nor cached. The
    /// stream's place under the caps lives as long as the body: it goes
    /// when the stream ends or the client leaves.
    pub fn respond<F: Feed<Out = Sink>>(
        self,
        signals: Receiver<Signal>,
        first: Step<F>,
    ) -> HttpResponse {
        let mut response = self.headers();
        let ends = Ends {
            stopping: self.stopping,
            revoked: self
                .authorised
                .as_ref()
                .map(Authorised::ended)
                .unwrap_or_default(),
        };
        let held = (self.slot, self.authorised);
        let body = FeedBody::new(first, signals, ends, self.heartbeat, held);
        response.streaming(body)
    }

    /// The answer to `HEAD`: the headers of the stream, no body.
    pub fn head(self) -> HttpResponse {
        self.headers().finish()
    }

    fn headers(&self) -> HttpResponseBuilder {
        let mut response = HttpResponse::Ok();
        response
            .content_type(self.framing.content_type())
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::CONTENT_ENCODING, "identity"))
            .insert_header(("X-Accel-Buffering", "no"));
        response
    }
}
