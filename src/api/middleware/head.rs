//! `HEAD` for every `GET` route: the routes are declared for `GET` only, so
//! a `HEAD` request is routed as a `GET` and answered with that response's
//! status and headers (`ETag`, `Content-Length`, …). A sized body is left to
//! the HTTP/1 encoder, which writes its length but not its bytes for a
//! `HEAD`; a streamed body (an event stream, a compressed answer) is dropped
//! so that the answer ends after its headers instead of following the
//! stream. A handler that must not act on a `HEAD` (a stream ticket is
//! spent by its `GET` only) asks [`is_head`].

use actix_web::body::{BodySize, EitherBody, MessageBody, None as NoBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpRequest};

/// Marks a request that came as `HEAD` and is routed as a `GET`.
#[derive(Clone, Copy, Debug)]
struct CameAsHead;

/// Whether `request` came as a `HEAD` (it is routed as a `GET`).
pub fn is_head(request: &HttpRequest) -> bool {
    request.extensions().get::<CameAsHead>().is_some()
}

pub async fn as_get(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody, NoBody>>, Error> {
    let head = request.method() == Method::HEAD;
    if head {
        request.head_mut().method = Method::GET;
        request.extensions_mut().insert(CameAsHead);
    }
    let response = next.call(request).await?;
    if head && response.response().body().size() == BodySize::Stream {
        return Ok(response.map_body(|_, _| EitherBody::right(NoBody::new())));
    }
    Ok(response.map_into_left_body())
}
