//! Logging: a tracing subscriber (text or JSON, filtered by `RUST_LOG`) and
//! the per-request span with its request id and latency.

use std::io::IsTerminal;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{root_span, RequestId, RootSpanBuilder};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

use crate::settings::LogFormat;

pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Installs the global subscriber, writing to stdout. A second call (tests
/// starting several apps in one process) is a no-op.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _already_set = match format {
        LogFormat::Text => registry
            .with(tracing_subscriber::fmt::layer().with_ansi(std::io::stdout().is_terminal()))
            .try_init(),
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .flatten_event(true)
                    .with_current_span(true)
                    .with_span_list(false),
            )
            .try_init(),
    };
}

/// The root span of every request: tracing-actix-web's fields (method,
/// route, status, `request_id`, …) plus the latency, logged once per request.
pub struct RequestSpan;

#[derive(Clone, Copy)]
struct RequestStart(Instant);

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        request
            .extensions_mut()
            .insert(RequestStart(Instant::now()));
        root_span!(request)
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        tracing_actix_web::DefaultRootSpanBuilder::on_request_end(span.clone(), outcome);
        match outcome {
            Ok(response) => {
                let started = response
                    .request()
                    .extensions()
                    .get::<RequestStart>()
                    .copied();
                let latency_ms =
                    started.map(|RequestStart(at)| at.elapsed().as_micros() as f64 / 1e3);
                tracing::info!(
                    parent: &span,
                    status = response.status().as_u16(),
                    latency_ms,
                    "request finished"
                );
            }
            Err(error) => {
                tracing::warn!(parent: &span, %error, "request failed");
            }
        }
    }
}

/// Returns the request id that tracing-actix-web generated as `X-Request-Id`,
/// so a client can quote it and an operator can find the request's log lines.
pub async fn expose_request_id(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(request).await?;
    let request_id = response.request().extensions().get::<RequestId>().copied();
    if let Some(request_id) = request_id {
        if let Ok(value) = HeaderValue::from_str(&request_id.to_string()) {
            response.headers_mut().insert(REQUEST_ID_HEADER, value);
        }
    }
    Ok(response)
}
