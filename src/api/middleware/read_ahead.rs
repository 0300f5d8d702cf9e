//! Reads an API request's body before the request waits for its turn at
//! the database ([`super::admission`]): a body that arrives slowly, or
//! stalls until the body deadline, then costs only its own connection,
//! never one of the few turns. The body is handed on as it was read (and
//! an error reading it as it came), so the route's extractor answers
//! exactly as if it had read the body itself.
//!
//! Up to [`MAX_JSON_BODY_BYTES`] (and one byte more, for the extractor to
//! see that it is too large) is read for any request; a larger body (a
//! game record to import) is read on to [`MAX_IMPORT_BYTES`] only by the
//! [`LARGE_BODIES`] requests that hold a large-body slot, so that what the
//! server buffers ahead stays bounded by the connections it holds times
//! 16 KiB, plus 8 MiB. A request that gets no slot within the body
//! deadline reads the rest in its handler, as it would without this.

use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::CONTENT_LENGTH;
use actix_web::middleware::Next;
use actix_web::web::{Bytes, BytesMut, Data};
use actix_web::{Error, HttpMessage};
use futures_util::{stream, StreamExt};
use tokio::sync::Semaphore;

use crate::api::middleware::admission::is_gated;
use crate::api::middleware::connections::BodyDeadline;
use crate::api::problems::MAX_JSON_BODY_BYTES;
use crate::api::routes::records::MAX_IMPORT_BYTES;

/// Requests that may read a body larger than [`MAX_JSON_BODY_BYTES`]
/// ahead at once.
pub const LARGE_BODIES: usize = 8;

/// The large-body slots, shared by every worker (app data).
#[derive(Clone, Debug)]
pub struct ReadAhead {
    large: Arc<Semaphore>,
}

impl Default for ReadAhead {
    fn default() -> Self {
        ReadAhead {
            large: Arc::new(Semaphore::new(LARGE_BODIES)),
        }
    }
}

/// How a read ahead ended.
enum Ended {
    /// The whole body was read.
    Whole,
    /// The body is longer than what was read; the rest follows unread.
    Longer,
    /// Reading failed (the deadline passed, the client went away).
    Failed(PayloadError),
}

/// The middleware: reads the body of every API request first, when the
/// app has [`ReadAhead`].
pub async fn read_ahead(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let slots = request
        .app_data::<Data<ReadAhead>>()
        .filter(|_| is_gated(request.path()))
        .cloned();
    let Some(slots) = slots else {
        return next.call(request).await;
    };
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    // A body declared too large for any route is refused by the extractor
    // from its length alone, without being read.
    if declared.is_some_and(|length| length > MAX_IMPORT_BYTES as u64) || declared == Some(0) {
        return next.call(request).await;
    }
    let deadline = request
        .app_data::<Data<BodyDeadline>>()
        .map_or(Duration::from_secs(10), |deadline| deadline.0);
    let mut payload = request.take_payload();
    let mut read = BytesMut::new();
    let mut ended = read_into(&mut payload, &mut read, MAX_JSON_BODY_BYTES + 1).await;
    if matches!(ended, Ended::Longer) {
        let slot = tokio::time::timeout(deadline, slots.large.clone().acquire_owned()).await;
        if let Ok(Ok(_slot)) = slot {
            ended = read_into(&mut payload, &mut read, MAX_IMPORT_BYTES + 1).await;
        }
    }
    let read = read.freeze();
    let replay: Payload = match ended {
        Ended::Whole if read.is_empty() => Payload::None,
        Ended::Whole => boxed(stream::iter([Ok(read)])),
        Ended::Failed(error) => boxed(stream::iter([Ok(read), Err(error)])),
        Ended::Longer => boxed(stream::iter([Ok(read)]).chain(payload)),
    };
    request.set_payload(replay);
    next.call(request).await
}

/// Reads `payload` into `read` until it ends, fails or `read` holds
/// `limit` bytes or more.
async fn read_into(payload: &mut Payload, read: &mut BytesMut, limit: usize) -> Ended {
    while read.len() < limit {
        match payload.next().await {
            None => return Ended::Whole,
            Some(Ok(chunk)) => read.extend_from_slice(&chunk),
            Some(Err(error)) => return Ended::Failed(error),
        }
    }
    Ended::Longer
}

fn boxed(body: impl futures_util::Stream<Item = Result<Bytes, PayloadError>> + 'static) -> Payload {
    Payload::Stream {
        payload: Box::pin(body),
    }
}
