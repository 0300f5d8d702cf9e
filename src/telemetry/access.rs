//! The access log: one line per request, written by hand into a reused
//! buffer of the thread's and handed to stdout in one write. No span, no
//! field visitor: a request costs its id, the clock and this line.
//!
//! Its target is `oanquan::telemetry`, filtered by `RUST_LOG` like every
//! other line (`oanquan::telemetry=warn` silences it), in the format of
//! `--log-format`: in `json` the request's fields sit under `span`, as they
//! did when the line was a tracing span's.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write as _;
use std::net::IpAddr;
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use uuid::Uuid;

use super::{route_of, ClientAddress, LogFormat, REQUEST_ID_HEADER};
use crate::domain::{echoed, MAX_LOG_FIELD_CHARS};

/// The format the access log writes in; unset (no subscriber installed),
/// nothing is written.
static FORMAT: OnceLock<LogFormat> = OnceLock::new();

pub(super) fn set_format(format: LogFormat) {
    let _first_wins = FORMAT.set(format);
}

/// A request's id, returned as `X-Request-Id` and written in its log line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestId(pub Uuid);

impl RequestId {
    /// A random (version 4) UUID from the thread's generator: no system
    /// call per request.
    fn generate() -> RequestId {
        let bytes: [u8; 16] = rand::random();
        RequestId(uuid::Builder::from_random_bytes(bytes).into_uuid())
    }
}

impl std::fmt::Display for RequestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Middleware, outermost: gives the request its id, returns it as
/// `X-Request-Id`, and logs the request once it is answered.
pub async fn access_log(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let id = RequestId::generate();
    request.extensions_mut().insert(id);
    let format = FORMAT
        .get()
        .copied()
        .filter(|_| tracing::enabled!(target: "oanquan::telemetry", tracing::Level::INFO));
    // What the line says of the request, taken before it is handed on
    // (the rest is read from the response's request: a copy of the request
    // kept here would stop the router from writing its match into it).
    let head = format.map(|_| Head {
        method: request.method().clone(),
        route: route_of(&request),
    });
    let outcome = next.call(request).await;
    let mut id_text = Uuid::encode_buffer();
    let id_text = id.0.hyphenated().encode_lower(&mut id_text);
    let outcome = outcome.map(|mut response| {
        if let Ok(value) = HeaderValue::from_str(id_text) {
            response.headers_mut().insert(REQUEST_ID_HEADER, value);
        }
        response
    });
    if let (Some(format), Some(head)) = (format, head) {
        let (status, error, request) = match &outcome {
            Ok(response) => (
                response.status(),
                response.response().error(),
                Some(response.request()),
            ),
            Err(error) => (error.as_response_error().status_code(), Some(error), None),
        };
        let line = Line {
            id: id_text,
            head: &head,
            request,
            status,
            latency_us: started.elapsed().as_micros(),
            error: error.map(|e| e.to_string()),
        };
        line.write(format);
    }
    outcome
}

/// The request's side of its line.
struct Head {
    method: Method,
    route: Option<Rc<str>>,
}

struct Line<'a> {
    id: &'a str,
    head: &'a Head,
    /// The request as answered; `None` when a middleware failed it.
    request: Option<&'a actix_web::HttpRequest>,
    status: StatusCode,
    latency_us: u128,
    error: Option<String>,
}

thread_local! {
    /// The line being written, and the timestamp's text up to its
    /// seconds for the second it was made in.
    static BUFFER: RefCell<(Vec<u8>, u64, String)> =
        const { RefCell::new((Vec::new(), u64::MAX, String::new())) };
}

impl Line<'_> {
    fn write(&self, format: LogFormat) {
        BUFFER.with(|cell| {
            let Ok(mut cell) = cell.try_borrow_mut() else {
                return;
            };
            let (buffer, second, second_text) = &mut *cell;
            buffer.clear();
            let mut out = Out(buffer);
            timestamp(&mut out, second, second_text);
            match format {
                LogFormat::Json => self.json(&mut out),
                LogFormat::Text => self.text(&mut out),
            }
            out.0.push(b'\n');
            let _ = std::io::stdout().lock().write_all(out.0);
            // A line far longer than usual does not stay allocated.
            if buffer.capacity() > 16 * 1024 {
                *buffer = Vec::new();
            }
        });
    }

    fn fields(&self) -> Fields<'_> {
        let request = self.request;
        let target = request
            .and_then(|r| r.uri().path_and_query())
            .map(|p| echoed(p.as_str(), MAX_LOG_FIELD_CHARS));
        let user_agent = request
            .and_then(|r| r.headers().get(header::USER_AGENT))
            .map(|h| String::from_utf8_lossy(h.as_bytes()));
        let user_agent = user_agent
            .as_deref()
            .map(|text| echoed(text, MAX_LOG_FIELD_CHARS).into_owned());
        Fields {
            client_ip: request.and_then(ClientAddress::of_request),
            target,
            user_agent,
            error: self
                .error
                .as_deref()
                .map(|e| echoed(e, MAX_LOG_FIELD_CHARS)),
        }
    }

    /// `{"timestamp":…,"level":"INFO","target":…,"message":…,"status":…,
    /// "latency_ms":…,"span":{"request_id":…,"http.method":…,…}}`
    fn json(&self, out: &mut Out<'_>) {
        let fields = self.fields();
        let route = self.head.route.as_deref().unwrap_or("default");
        out.raw("\",\"level\":\"INFO\",\"target\":\"oanquan::telemetry\",\"message\":\"request finished\",\"status\":");
        out.num(self.status.as_u16().into());
        out.raw(",\"latency_ms\":");
        out.millis(self.latency_us);
        out.raw(",\"span\":{\"request_id\":\"");
        out.raw(self.id);
        out.raw("\",\"http.method\":");
        out.json_str(self.head.method.as_str());
        out.raw(",\"http.route\":");
        out.json_str(route);
        out.raw(",\"http.status_code\":");
        out.num(self.status.as_u16().into());
        if let Some(ip) = fields.client_ip {
            let _ = write!(out, ",\"http.client_ip\":\"{ip}\"");
        }
        if let Some(target) = &fields.target {
            out.raw(",\"http.target\":");
            out.json_str(target);
        }
        if let Some(agent) = &fields.user_agent {
            out.raw(",\"http.user_agent\":");
            out.json_str(agent);
        }
        if let Some(error) = &fields.error {
            out.raw(",\"exception.message\":");
            out.json_str(error);
        }
        out.raw("}}");
    }

    /// `TIME  INFO oanquan::telemetry: request finished request_id=… …`
    fn text(&self, out: &mut Out<'_>) {
        let fields = self.fields();
        let route = self.head.route.as_deref().unwrap_or("default");
        out.raw("  INFO oanquan::telemetry: request finished request_id=");
        out.raw(self.id);
        out.raw(" http.method=");
        out.text_str(self.head.method.as_str());
        out.raw(" http.route=");
        out.raw(route);
        out.raw(" http.status_code=");
        out.num(self.status.as_u16().into());
        out.raw(" latency_ms=");
        out.millis(self.latency_us);
        if let Some(ip) = fields.client_ip {
            let _ = write!(out, " http.client_ip={ip}");
        }
        if let Some(target) = &fields.target {
            out.raw(" http.target=");
            out.text_str(target);
        }
        if let Some(agent) = &fields.user_agent {
            out.raw(" http.user_agent=");
            out.text_str(agent);
        }
        if let Some(error) = &fields.error {
            out.raw(" exception.message=");
            out.text_str(error);
        }
    }
}

struct Fields<'a> {
    client_ip: Option<IpAddr>,
    target: Option<std::borrow::Cow<'a, str>>,
    user_agent: Option<String>,
    error: Option<std::borrow::Cow<'a, str>>,
}

/// `2026-12-04T20:09:09.123456Z` (JSON: with its opening quote), the
/// seconds formatted once a second per thread.
fn timestamp(out: &mut Out<'_>, second: &mut u64, second_text: &mut String) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    if now.as_secs() != *second {
        *second = now.as_secs();
        second_text.clear();
        let at = chrono::DateTime::from_timestamp(now.as_secs() as i64, 0).unwrap_or_default();
        let _ = write!(second_text, "{}", at.format("%Y-%m-%dT%H:%M:%S"));
    }
    if matches!(FORMAT.get(), Some(LogFormat::Json)) {
        out.raw("{\"timestamp\":\"");
    }
    out.raw(second_text);
    let _ = write!(out, ".{:06}Z", now.subsec_micros());
}

/// The line's bytes, with the few ways a field is written.
struct Out<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Out<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

impl Out<'_> {
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    fn num(&mut self, n: u64) {
        let _ = write!(self, "{n}");
    }

    /// Microseconds as milliseconds with three decimals.
    fn millis(&mut self, micros: u128) {
        let _ = write!(self, "{}.{:03}", micros / 1000, micros % 1000);
    }

    /// A JSON string, quoted and escaped.
    fn json_str(&mut self, text: &str) {
        self.0.push(b'"');
        self.escaped(text);
        self.0.push(b'"');
    }

    /// Bare if it needs no quoting, else quoted as a JSON string is.
    fn text_str(&mut self, text: &str) {
        let plain = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\' && b != b'=');
        if plain {
            self.raw(text);
        } else {
            self.json_str(text);
        }
    }

    fn escaped(&mut self, text: &str) {
        let mut start = 0;
        for (i, byte) in text.bytes().enumerate() {
            let escape = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f | 0x7f => "",
                _ => continue,
            };
            self.0.extend_from_slice(&text.as_bytes()[start..i]);
            if escape.is_empty() {
                let _ = write!(self, "\\u{byte:04x}");
            } else {
                self.raw(escape);
            }
            start = i + 1;
        }
        self.0.extend_from_slice(&text.as_bytes()[start..]);
    }
}

#[cfg(test)]
mod tests {
    use super::Out;

    fn escaped(text: &str) -> String {
        let mut buffer = Vec::new();
        Out(&mut buffer).json_str(text);
        String::from_utf8(buffer).unwrap()
    }

    fn text(text: &str) -> String {
        let mut buffer = Vec::new();
        Out(&mut buffer).text_str(text);
        String::from_utf8(buffer).unwrap()
    }

    #[test]
    fn json_strings_are_escaped_and_read_back() {
        for original in [
            "plain",
            "a \"quoted\" \\ path",
            "tab\tnew\nline\u{1}",
            "Ô Ăn Quan",
        ] {
            let written = escaped(original);
            let read: String = serde_json::from_str(&written).unwrap();
            assert_eq!(read, original, "{written}");
        }
        assert_eq!(escaped("a\"b"), r#""a\"b""#);
    }

    #[test]
    fn text_fields_are_bare_unless_they_need_quotes() {
        assert_eq!(text("/v1/games/abc/moves"), "/v1/games/abc/moves");
        assert_eq!(text("curl/8.5 (x)"), r#""curl/8.5 (x)""#);
        assert_eq!(text("a=b"), r#""a=b""#);
        assert_eq!(text(""), r#""""#);
    }

    #[test]
    fn milliseconds_keep_three_decimals() {
        let mut buffer = Vec::new();
        let mut out = Out(&mut buffer);
        out.millis(1_234);
        out.raw(" ");
        out.millis(5);
        out.raw(" ");
        out.millis(12_000_007);
        assert_eq!(String::from_utf8(buffer).unwrap(), "1.234 0.005 12000.007");
    }
}
