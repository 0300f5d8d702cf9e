//! What one client may hold of the server: a cap on the connections one
//! client address keeps open at once, and a deadline for a request body to
//! arrive in full (`--max-connections-per-ip`, `--body-read-timeout-secs`).
//! A client is an IPv4 address or an IPv6 /56 ([`ClientAddress::key`]).

use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Extensions, Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{HeaderValue, RETRY_AFTER};
use actix_web::http::{ConnectionType, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, Data};
use actix_web::{Error, HttpMessage};
use futures_util::Stream;
use tokio::time::Sleep;

use crate::api::problems::{Problem, ProblemCode};
use crate::api::settings::NetworkSettings;
use crate::telemetry::ClientAddress;

/// Open connections per client ([`ClientAddress::key`]), shared by every worker.
#[derive(Clone, Debug)]
pub struct ConnectionCap {
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
    max: u32,
    trusted_proxies: Arc<Vec<IpAddr>>,
}

/// Kept in a connection's data for as long as it is open.
struct OpenConnection {
    ip: IpAddr,
    over_cap: bool,
    cap: ConnectionCap,
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        let mut open = self.cap.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

impl ConnectionCap {
    pub fn new(settings: &NetworkSettings) -> Self {
        Self {
            open: Arc::default(),
            max: settings.max_connections_per_ip,
            trusted_proxies: Arc::new(settings.trusted_proxies.clone()),
        }
    }

    /// For `HttpServer::on_connect`: counts the connection against its
    /// peer's [`ClientAddress::key`] (a trusted proxy's are not capped: it speaks
    /// for many).
    pub fn on_connect(&self, connection: &dyn Any, data: &mut Extensions) {
        if self.max == 0 {
            return;
        }
        let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() else {
            return;
        };
        let Ok(peer) = stream.peer_addr() else {
            return;
        };
        if self.trusted_proxies.contains(&peer.ip()) {
            return;
        }
        let ip = ClientAddress::key(peer.ip());
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(ip).or_insert(0);
        *count += 1;
        data.insert(OpenConnection {
            ip,
            over_cap: *count > self.max,
            cap: self.clone(),
        });
    }
}

/// The body deadline, as app data.
#[derive(Clone, Copy, Debug)]
pub struct BodyDeadline(pub Duration);

/// Refuses requests on a connection over its IP's cap (429, closed), and
/// gives every request body [`BodyDeadline`] to arrive.
pub async fn guard(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let over = request
        .conn_data::<OpenConnection>()
        .filter(|c| c.over_cap)
        .map(|c| c.cap.max);
    if let Some(max) = over {
        let detail = format!(
            "this client address holds more than {max} connections open at once; close some and retry"
        );
        let mut response = Problem::new(
            ProblemCode::RateLimited,
            StatusCode::TOO_MANY_REQUESTS,
            detail,
        )
        .to_response();
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from_static("1"));
        response
            .head_mut()
            .set_connection_type(ConnectionType::Close);
        return Ok(request.into_response(response).map_into_right_body());
    }
    if let Some(deadline) = request.app_data::<Data<BodyDeadline>>().map(|d| d.0) {
        let payload = request.take_payload();
        let timed = Deadline {
            inner: payload,
            sleep: Box::pin(tokio::time::sleep(deadline)),
            limit: deadline,
            expired: false,
        };
        request.set_payload(Payload::Stream {
            payload: Box::pin(timed),
        });
    }
    next.call(request).await.map(|r| r.map_into_left_body())
}

/// A body stream that fails once its deadline passes.
struct Deadline {
    inner: Payload,
    sleep: Pin<Box<Sleep>>,
    limit: Duration,
    expired: bool,
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.expired {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            return Poll::Ready(item);
        }
        if self.sleep.as_mut().poll(cx).is_ready() {
            self.expired = true;
            let message = format!(
                "the request body did not arrive within {} s",
                self.limit.as_secs()
            );
            return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                message,
            )))));
        }
        Poll::Pending
    }
}
