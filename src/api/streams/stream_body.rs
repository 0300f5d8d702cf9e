//! A stream's response body: actix's dispatcher polls it, and it polls
//! the feed's driver ([`Driver`]: the hub's receiver, the shutdown flag)
//! and the heartbeat timer itself — no task, no channel between them. An
//! idle subscriber holds only this body (its feed's state, the receiver
//! and the timer).
//!
//! The body is asked for its next chunk only when actix's write buffer for
//! the connection has room (a slow reader fills it and then the body is
//! not polled): that is what bounds a subscriber's buffering (see
//! [`Driver`]).

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::web::Bytes;
use futures_util::Stream;
use tokio::sync::broadcast::Receiver;
use tokio::time::{interval_at, Instant, Interval};

use crate::api::streams::streaming::Sink;
use crate::live::feeds::{Driver, Ends, Feed, Step};
use crate::live::Signal;

/// The body of one stream; holds `H` (its place under the caps, and in
/// its token's registry) as long as it lives.
pub struct FeedBody<F, H> {
    driver: Driver<F>,
    beat: Interval,
    _held: H,
}

impl<F: Feed<Out = Sink>, H: Unpin + 'static> FeedBody<F, H> {
    pub fn new(
        first: Step<F>,
        signals: Receiver<Signal>,
        ends: Ends,
        heartbeat: Duration,
        held: H,
    ) -> Self {
        FeedBody {
            driver: Driver::new(first, signals, ends),
            beat: interval_at(Instant::now() + heartbeat, heartbeat),
            _held: held,
        }
    }
}

impl<F: Feed<Out = Sink>, H: Unpin + 'static> Stream for FeedBody<F, H> {
    type Item = Result<Bytes, Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Poll::Ready(chunk) = this.driver.poll_next(cx) {
                return Poll::Ready(chunk.map(Ok));
            }
            // Nothing woke an idle feed: a heartbeat when it is time.
            match this.driver.idle() {
                Some(feed) if this.beat.poll_tick(cx).is_ready() => feed.out().heartbeat(),
                _ => return Poll::Pending,
            }
        }
    }
}
