//! A stream's response body is its follower: actix's dispatcher polls it,
//! and it polls the hub's receiver, the shutdown flag and the heartbeat
//! timer itself — no task, no channel between them. An idle subscriber
//! holds only this body (its feed's state, the receiver and the timer);
//! the paths that read the database are boxed futures, alive only while
//! one runs.
//!
//! Buffering per subscriber is bounded without a channel: the body is
//! asked for its next chunk only when actix's write buffer for the
//! connection has room (a slow reader fills it and then the body is not
//! polled), so at most one pending chunk waits here, and the hub's
//! broadcast channel keeps at most [`crate::live::SUBSCRIBER_BUFFER`]
//! signals for it; past that the subscriber lags and is resynchronised
//! from the database, never skipped. The move path only ever appends to
//! the broadcast channel: a slow subscriber never slows it.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::web::Bytes;
use futures_util::Stream;
use tokio::sync::broadcast::{error::RecvError, Receiver};
use tokio::sync::watch;
use tokio::time::{interval_at, Instant, Interval};
use tokio_util::sync::ReusableBoxFuture;

use crate::api::streams::streaming::Sink;
use crate::live::Signal;

/// Work of a feed that reads the database: when done, what next.
pub type Work<F> = Pin<Box<dyn Future<Output = Step<F>>>>;

/// What a feed does after a signal.
pub enum Step<F> {
    /// Wait for the next signal.
    Idle(F),
    /// Run this first (it owns the feed meanwhile).
    Busy(Work<F>),
    /// Send what is written, then end the stream.
    End(F),
}

/// The per-stream logic of a game's, the lobby's or a player's stream.
pub trait Feed: Sized + Unpin + 'static {
    fn sink(&self) -> &Sink;

    /// Handles one signal (a lag arrives as [`Signal::Resync`]): at once,
    /// writing to the sink, or by handing back the work that reads the
    /// database.
    fn hear(self, signal: Signal) -> Step<Self>;
}

enum State<F> {
    Idle(F),
    Busy(Work<F>),
    Ending(F),
    Done,
}

impl<F> From<Step<F>> for State<F> {
    fn from(step: Step<F>) -> State<F> {
        match step {
            Step::Idle(feed) => State::Idle(feed),
            Step::Busy(work) => State::Busy(work),
            Step::End(feed) => State::Ending(feed),
        }
    }
}

/// What woke an idle stream.
enum Woken {
    Heard(Result<Signal, RecvError>),
    Stop,
}

type Listening = (Woken, Receiver<Signal>, watch::Receiver<bool>);

/// Waits for the next signal or for the server to stop.
async fn listen(mut signals: Receiver<Signal>, mut stopping: watch::Receiver<bool>) -> Listening {
    let stop = async {
        if stopping.wait_for(|stopping| *stopping).await.is_err() {
            // Nobody can stop the streams any more: signals only.
            std::future::pending::<()>().await;
        }
    };
    let woken = tokio::select! {
        biased;
        () = stop => Woken::Stop,
        heard = signals.recv() => Woken::Heard(heard),
    };
    (woken, signals, stopping)
}

/// The body of one stream; holds `H` (its place under the caps) as long as
/// it lives.
pub struct FeedBody<F, H> {
    state: State<F>,
    /// The receiver and the shutdown flag, inside the (one, reused)
    /// allocation of the future that waits on them.
    listening: ReusableBoxFuture<'static, Listening>,
    beat: Interval,
    _held: H,
}

impl<F: Feed, H: Unpin + 'static> FeedBody<F, H> {
    pub fn new(
        first: Step<F>,
        signals: Receiver<Signal>,
        stopping: watch::Receiver<bool>,
        heartbeat: Duration,
        held: H,
    ) -> Self {
        FeedBody {
            state: first.into(),
            listening: ReusableBoxFuture::new(listen(signals, stopping)),
            beat: interval_at(Instant::now() + heartbeat, heartbeat),
            _held: held,
        }
    }

    /// What an idle feed does next, or `Err` with the feed when nothing woke it.
    fn idle(&mut self, feed: F, cx: &mut Context<'_>) -> Result<State<F>, F> {
        if let Poll::Ready((woken, signals, stopping)) = self.listening.poll(cx) {
            self.listening.set(listen(signals, stopping));
            return Ok(match woken {
                Woken::Heard(Ok(signal)) => feed.hear(signal).into(),
                Woken::Heard(Err(RecvError::Lagged(_))) => feed.hear(Signal::Resync).into(),
                Woken::Heard(Err(RecvError::Closed)) => State::Ending(feed),
                Woken::Stop => {
                    feed.sink().farewell("the server is stopping; reconnect");
                    State::Ending(feed)
                }
            });
        }
        if self.beat.poll_tick(cx).is_ready() {
            feed.sink().heartbeat();
            return Ok(State::Idle(feed));
        }
        Err(feed)
    }
}

impl<F: Feed, H: Unpin + 'static> Stream for FeedBody<F, H> {
    type Item = Result<Bytes, Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            match std::mem::replace(&mut this.state, State::Done) {
                State::Done => return Poll::Ready(None),
                State::Busy(mut work) => match work.as_mut().poll(cx) {
                    Poll::Ready(step) => this.state = step.into(),
                    Poll::Pending => {
                        this.state = State::Busy(work);
                        return Poll::Pending;
                    }
                },
                State::Ending(feed) => {
                    let chunk = feed.sink().take();
                    this.state = State::Ending(feed);
                    return Poll::Ready(chunk.map(Ok));
                }
                State::Idle(feed) => {
                    if let Some(chunk) = feed.sink().take() {
                        this.state = State::Idle(feed);
                        return Poll::Ready(Some(Ok(chunk)));
                    }
                    match this.idle(feed, cx) {
                        Ok(state) => this.state = state,
                        Err(feed) => {
                            this.state = State::Idle(feed);
                            return Poll::Pending;
                        }
                    }
                }
            }
        }
    }
}
