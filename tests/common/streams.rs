//! A reader of the server's streams (SSE and NDJSON) for tests.

use std::time::Duration;

use reqwest::{Response, StatusCode};
use serde_json::Value;

use super::TestApp;

#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The SSE `id` (none in NDJSON).
    pub id: Option<i64>,
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
                event: None,
                data,
            }));
        }
        let end = self.buffer.find("\n\n")?;
        let block: String = self.buffer.drain(..end + 2).collect();
        let (mut id, mut event, mut data) = (None, None, None::<String>);
        for line in block.lines() {
            if line.is_empty() {
                continue;
            } else if line.starts_with(':') {
                self.heartbeats += 1;
            } else if let Some(v) = line.strip_prefix("retry: ") {
                self.retry = Some(v.parse().expect("retry is a number"));
            } else if let Some(v) = line.strip_prefix("id: ") {
                id = Some(v.parse().expect("id is a version"));
            } else if let Some(v) = line.strip_prefix("event: ") {
                event = Some(v.to_owned());
            } else if let Some(v) = line.strip_prefix("data: ") {
                data = Some(v.to_owned());
            } else {
                panic!("unexpected SSE line {line:?}");
            }
        }
        Some(data.map(|data| Message {
            id,
            event,
            data: serde_json::from_str(&data).expect("SSE data is JSON"),
        }))
    }
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
