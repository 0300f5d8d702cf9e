//! A reader of the server's streams (SSE and NDJSON) for tests.

use std::time::Duration;

use reqwest::{Response, StatusCode};
use serde_json::Value;

use super::TestApp;

#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The SSE `id` (none in NDJSON), when it is a number (a game's version).
    pub id: Option<i64>,
    /// The SSE `id` as sent (a player's stream's cursor is text).
    pub raw_id: Option<String>,
    /// The SSE event name (none in NDJSON).
    pub event: Option<String>,
    pub data: Value,
}

impl Message {
    pub fn kind(&self) -> &str {
        self.data["type"].as_str().unwrap_or("")
    }
}

pub struct EventStream {
    response: Response,
    buffer: String,
    ndjson: bool,
    pub heartbeats: usize,
    pub retry: Option<u64>,
    pub ended: bool,
}

impl EventStream {
    pub fn new(response: Response) -> EventStream {
        assert_eq!(response.status(), StatusCode::OK, "stream opened");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        EventStream {
            ndjson: content_type.starts_with("application/x-ndjson"),
            response,
            buffer: String::new(),
            heartbeats: 0,
            retry: None,
            ended: false,
        }
    }

    /// The next message, or `None` when the stream ended; panics after `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<Message> {
        tokio::time::timeout(wait, self.next())
            .await
            .expect("a message in time")
    }

    pub async fn next(&mut self) -> Option<Message> {
        loop {
            if let Some(message) = self.parse_one() {
                match message {
                    Some(message) => return Some(message),
                    None => continue,
                }
            }
            match self.response.chunk().await.expect("stream chunk") {
                Some(chunk) => self.buffer.push_str(std::str::from_utf8(&chunk).unwrap()),
                None => {
                    self.ended = true;
                    return None;
                }
            }
        }
    }

    /// Whether bytes already read hold the start of another message: a
    /// connection dropped now would be dropped inside one read.
    #[allow(dead_code)] // each test crate uses its own subset
    pub fn has_buffered(&self) -> bool {
        !self.buffer.is_empty()
    }

    /// Waits until the next message (heartbeats count), at most `wait`: true if the stream ended.
    pub async fn ends_within(&mut self, wait: Duration) -> bool {
        match tokio::time::timeout(wait, self.next()).await {
            Ok(None) => true,
            Ok(Some(message)) => panic!("expected the end, got {message:?}"),
            Err(_) => false,
        }
    }

    /// Messages until `n` of them (heartbeats skipped).
    pub async fn take(&mut self, n: usize) -> Vec<Message> {
        let mut messages = Vec::new();
        while messages.len() < n {
            match self.next_within(Duration::from_secs(10)).await {
                Some(message) => messages.push(message),
                None => panic!("stream ended after {messages:?}"),
            }
        }
        messages
    }

    /// One framed unit from the buffer: `Some(Some(m))` a message,
    /// `Some(None)` a heartbeat or field-only block, `None` need more bytes.
    fn parse_one(&mut self) -> Option<Option<Message>> {
        if self.ndjson {
            let end = self.buffer.find('\n')?;
            let line: String = self.buffer.drain(..=end).collect();
            let line = line.trim();
            if line.is_empty() {
                self.heartbeats += 1;
                return Some(None);
            }
            let data = serde_json::from_str(line).expect("an NDJSON line is JSON");
            return Some(Some(Message {
                id: None,
                raw_id: None,
                event: None,
                data,
            }));
        }
        let end = self.buffer.find("\n\n")?;
        let block: String = self.buffer.drain(..end + 2).collect();
        let parsed = parse_sse_block(&block);
        self.heartbeats += parsed.heartbeats;
        self.retry = parsed.retry.or(self.retry);
        Some(parsed.message)
    }
}

/// The next message of `kind` (others skipped), or a panic after `wait`.
#[allow(dead_code)] // each test crate uses its own subset
pub async fn wait_for(stream: &mut EventStream, kind: &str, wait: Duration) -> Message {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let message = stream.next_within(left).await.expect("the stream is open");
        if message.kind() == kind {
            return message;
        }
    }
}

/// One SSE block (the text up to a blank line), read.
pub struct SseBlock {
    pub message: Option<Message>,
    pub heartbeats: usize,
    pub retry: Option<u64>,
}

pub fn parse_sse_block(block: &str) -> SseBlock {
    let (mut raw_id, mut event, mut data) = (None::<String>, None, None::<String>);
    let (mut heartbeats, mut retry) = (0, None);
    for line in block.lines() {
        if line.is_empty() {
            continue;
        } else if line.starts_with(':') {
            heartbeats += 1;
        } else if let Some(v) = line.strip_prefix("retry: ") {
            retry = Some(v.parse().expect("retry is a number"));
        } else if let Some(v) = line.strip_prefix("id: ") {
            raw_id = Some(v.to_owned());
        } else if let Some(v) = line.strip_prefix("event: ") {
            event = Some(v.to_owned());
        } else if let Some(v) = line.strip_prefix("data: ") {
            data = Some(v.to_owned());
        } else {
            panic!("unexpected SSE line {line:?}");
        }
    }
    SseBlock {
        message: data.map(|data| Message {
            id: raw_id.as_deref().and_then(|id| id.parse().ok()),
            raw_id,
            event,
            data: serde_json::from_str(&data).expect("SSE data is JSON"),
        }),
        heartbeats,
        retry,
    }
}

/// A subscriber that stops reading: a raw HTTP/1.1 connection with a
/// small receive buffer, so that the server's writes to it back up soon.
pub struct StalledStream {
    socket: tokio::net::TcpStream,
    received: Vec<u8>,
}

impl StalledStream {
    pub async fn open(app: &TestApp, path: &str) -> StalledStream {
        use tokio::io::AsyncWriteExt;
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.set_recv_buffer_size(1024).expect("a small buffer");
        // Small segments keep the server's send buffer small too (Linux
        // sizes it by the segment size; on loopback a segment is 64 KiB).
        small_segments(&socket);
        let address = format!("127.0.0.1:{}", app.port).parse().unwrap();
        let mut socket = socket.connect(address).await.expect("connected");
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
        socket
            .write_all(request.as_bytes())
            .await
            .expect("request sent");
        StalledStream {
            socket,
            received: Vec::new(),
        }
    }

    /// Reads (at last) until nothing came for `quiet`; the SSE messages of
    /// the whole body so far.
    pub async fn read_until_quiet(&mut self, quiet: Duration) -> Vec<Message> {
        use tokio::io::AsyncReadExt;
        let mut chunk = vec![0u8; 64 * 1024];
        while let Ok(Ok(n)) = tokio::time::timeout(quiet, self.socket.read(&mut chunk)).await {
            if n == 0 {
                break;
            }
            self.received.extend_from_slice(&chunk[..n]);
        }
        let head_end = find(&self.received, b"\r\n\r\n").expect("a response head");
        let head = String::from_utf8_lossy(&self.received[..head_end]);
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        let body = dechunk(&self.received[head_end + 4..]);
        let body = String::from_utf8_lossy(&body);
        let complete = &body[..body.rfind("\n\n").map_or(0, |end| end + 2)];
        complete
            .split_inclusive("\n\n")
            .filter_map(|block| parse_sse_block(block).message)
            .collect()
    }
}

#[cfg(target_os = "linux")]
fn small_segments(socket: &tokio::net::TcpSocket) {
    use std::os::fd::AsRawFd;
    let mss: libc::c_int = 536;
    // SAFETY: a valid socket descriptor and an int option of the right size.
    let done = unsafe {
        libc::setsockopt(
            socket.as_raw_fd(),
            libc::IPPROTO_TCP,
            libc::TCP_MAXSEG,
            (&mss as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    };
    assert_eq!(done, 0, "TCP_MAXSEG");
}

#[cfg(not(target_os = "linux"))]
fn small_segments(_: &tokio::net::TcpSocket) {}

fn find(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    bytes.windows(needle.len()).position(|w| w == needle)
}

/// The data of a chunked body, as far as it came.
fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut data = Vec::new();
    while let Some(line_end) = find(body, b"\r\n") {
        let size = std::str::from_utf8(&body[..line_end])
            .ok()
            .and_then(|size| usize::from_str_radix(size.trim(), 16).ok());
        let rest = &body[line_end + 2..];
        match size {
            Some(size) if size > 0 && rest.len() >= size => {
                data.extend_from_slice(&rest[..size]);
                body = rest[size..].strip_prefix(b"\r\n").unwrap_or(&[]);
            }
            Some(size) if size > 0 => {
                data.extend_from_slice(rest);
                break;
            }
            _ => break,
        }
    }
    data
}

impl TestApp {
    /// GET `path` with the given headers, unchecked.
    pub async fn get_stream_response(&self, path: &str, headers: &[(&str, &str)]) -> Response {
        let mut request = self.client.get(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("stream request")
    }

    pub async fn stream(&self, path: &str, headers: &[(&str, &str)]) -> EventStream {
        EventStream::new(self.get_stream_response(path, headers).await)
    }
}

impl TestApp {
    /// `GET /v1/me/stream` with a bearer token (and extra headers).
    pub async fn me_stream(&self, token: &str, headers: &[(&str, &str)]) -> EventStream {
        let bearer = format!("Bearer {token}");
        let mut all = vec![("Authorization", bearer.as_str())];
        all.extend_from_slice(headers);
        self.stream("/v1/me/stream", &all).await
    }

    /// `POST /v1/me/stream-tickets`, asserting 201: the ticket.
    pub async fn stream_ticket(&self, token: &str) -> Value {
        let response = self
            .post_json("/v1/me/stream-tickets", &serde_json::json!({}), Some(token))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED, "a stream ticket");
        response.json().await.expect("ticket JSON")
    }
}
