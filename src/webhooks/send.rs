//! One delivery attempt over HTTP/1.1: connect to an address checked by
//! [`super::targets::resolve`] (never to a name resolved again), for an
//! `https` target shake hands over TLS ([`super::tls`]) verifying the
//! certificate for the URL's host, send the signed POST, read the status
//! line and a short excerpt of the answer, and close. No redirect is
//! followed: a 3xx is a failed attempt like any other non-2xx answer.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use rustls_pki_types::ServerName;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::rustls::ClientConfig;
use tokio_rustls::TlsConnector;
use url::Position;

use super::targets::Target;

/// The most bytes of an answer read: its head and the start of its body.
const MAX_READ: usize = 8 * 1024;
/// The most characters of an answer's body kept in the delivery log.
pub const EXCERPT_CHARS: usize = 200;

/// What an attempt got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The receiver answered with this status; the start of its body.
    Status { code: u16, excerpt: String },
    /// No answer: why not.
    Failed(String),
}

/// The request's headers besides those of HTTP itself.
#[derive(Clone, Debug)]
pub struct Signed<'a> {
    pub id: &'a str,
    pub timestamp: i64,
    pub signature: &'a str,
    pub body: &'a [u8],
}

/// POSTs `signed` to `target` at the first of `addresses` that accepts a
/// connection, within `timeout` in all; over TLS with `tls` for an
/// `https` target.
pub async fn post(
    target: &Target,
    addresses: &[SocketAddr],
    signed: &Signed<'_>,
    timeout: Duration,
    tls: &Arc<ClientConfig>,
) -> Answer {
    match tokio::time::timeout(timeout, attempt(target, addresses, signed, tls)).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(error)) => Answer::Failed(error),
        Err(_) => Answer::Failed(format!("no answer within {} ms", timeout.as_millis())),
    }
}

async fn attempt(
    target: &Target,
    addresses: &[SocketAddr],
    signed: &Signed<'_>,
    tls: &Arc<ClientConfig>,
) -> Result<Answer, String> {
    let mut last_error = String::from("no address to connect to");
    let mut stream = None;
    for address in addresses {
        match TcpStream::connect(address).await {
            Ok(connected) => {
                stream = Some(connected);
                break;
            }
            Err(e) => last_error = format!("cannot connect to {address}: {e}"),
        }
    }
    let stream = stream.ok_or(last_error)?;
    let _ = stream.set_nodelay(true);
    if !target.https {
        return exchange(stream, target, signed).await;
    }
    let name = ServerName::try_from(target.host.clone())
        .map_err(|e| format!("{} is not a name TLS can verify: {e}", target.host))?;
    let stream = TlsConnector::from(tls.clone())
        .connect(name, stream)
        .await
        .map_err(|e| format!("TLS handshake with {} failed: {e}", target.host))?;
    exchange(stream, target, signed).await
}

/// Sends the request over a connected `stream` and reads the answer.
async fn exchange<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    target: &Target,
    signed: &Signed<'_>,
) -> Result<Answer, String> {
    stream
        .write_all(&request(target, signed))
        .await
        .map_err(|e| format!("cannot send the request: {e}"))?;
    let mut answer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    while answer.len() < MAX_READ {
        let read = match stream.read(&mut chunk).await {
            Ok(read) => read,
            // A TLS receiver that closed without `close_notify` after
            // its answer: what came is the answer.
            Err(e) if e.kind() == ErrorKind::UnexpectedEof && !answer.is_empty() => 0,
            Err(e) => return Err(format!("cannot read the answer: {e}")),
        };
        if read == 0 {
            break;
        }
        answer.extend_from_slice(&chunk[..read]);
        if let Some(end) = head_end(&answer) {
            // The head and what came with it: enough for an excerpt.
            if answer.len() > end + EXCERPT_CHARS || has_no_body(&answer[..end]) {
                break;
            }
        }
    }
    parse(&answer)
}

/// The request's bytes.
fn request(target: &Target, signed: &Signed<'_>) -> Vec<u8> {
    let url = &target.url;
    let path = &url[Position::BeforePath..Position::AfterQuery];
    let host = &url[Position::BeforeHost..Position::AfterPort];
    let head = format!(
        "POST {path} HTTP/1.1\r\n\
         Host: {host}\r\n\
         User-Agent: oanquan-webhooks\r\n\
         Content-Type: application/json\r\n\
         Content-Length: {}\r\n\
         webhook-id: {}\r\n\
         webhook-timestamp: {}\r\n\
         webhook-signature: {}\r\n\
         Connection: close\r\n\r\n",
        signed.body.len(),
        signed.id,
        signed.timestamp,
        signed.signature,
    );
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(signed.body);
    bytes
}

/// Where an answer's head ends (after its blank line).
fn head_end(answer: &[u8]) -> Option<usize> {
    answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|at| at + 4)
}

/// Whether a head says its body is empty.
fn has_no_body(head: &[u8]) -> bool {
    String::from_utf8_lossy(head)
        .lines()
        .any(|line| line.eq_ignore_ascii_case("content-length: 0"))
}

/// The status and an excerpt of an answer.
fn parse(answer: &[u8]) -> Result<Answer, String> {
    let line_end = answer
        .windows(2)
        .position(|w| w == b"\r\n")
        .ok_or_else(|| "the receiver closed without an HTTP answer".to_owned())?;
    let line = String::from_utf8_lossy(&answer[..line_end]);
    let mut parts = line.split(' ');
    let version = parts.next().unwrap_or_default();
    let code = parts
        .next()
        .and_then(|code| code.parse::<u16>().ok())
        .filter(|code| (100..600).contains(code) && version.starts_with("HTTP/1."))
        .ok_or_else(|| "the receiver's answer is not HTTP/1.x".to_owned())?;
    let body = head_end(answer).map_or(&[][..], |end| &answer[end..]);
    let excerpt: String = String::from_utf8_lossy(body)
        .chars()
        .filter(|c| !c.is_control() || *c == ' ')
        .take(EXCERPT_CHARS)
        .collect();
    Ok(Answer::Status { code, excerpt })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_as_status_and_excerpt() {
        assert_eq!(
            parse(b"HTTP/1.1 204 No Content\r\n\r\n"),
            Ok(Answer::Status {
                code: 204,
                excerpt: String::new()
            })
        );
        let long = format!("HTTP/1.0 500 Oops\r\nX: y\r\n\r\nbad\n{}", "x".repeat(500));
        let Ok(Answer::Status { code, excerpt }) = parse(long.as_bytes()) else {
            panic!("an answer");
        };
        assert_eq!(code, 500);
        assert_eq!(excerpt.chars().count(), EXCERPT_CHARS);
        assert!(excerpt.starts_with("badxxx"));
        assert!(parse(b"SSH-2.0-OpenSSH\r\n").is_err());
        assert!(parse(b"").is_err());
    }

    #[test]
    fn the_request_names_the_host_and_path_as_given() {
        let target = super::super::targets::check_url("http://example.com:8080/a/b?c=1", false)
            .expect("a target");
        let signed = Signed {
            id: "msg_1",
            timestamp: 1,
            signature: "v1,x",
            body: b"{}",
        };
        let text = String::from_utf8(request(&target, &signed)).expect("text");
        assert!(text.starts_with("POST /a/b?c=1 HTTP/1.1\r\nHost: example.com:8080\r\n"));
        assert!(text.contains("\r\nwebhook-id: msg_1\r\nwebhook-timestamp: 1\r\n"));
        assert!(text.ends_with("\r\n\r\n{}"));
    }
}
