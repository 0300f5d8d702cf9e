//! Runs one feed: polled by what carries its stream (HTTP's response
//! body, which actix's dispatcher polls), it polls the hub's receiver and
//! the shutdown flag itself — no task, no channel between them. An idle
//! subscriber holds only its feed's state and the receiver (and what
//! carries it); the paths that read the database are boxed futures, alive
//! only while one runs.
//!
//! Buffering per subscriber is bounded without a channel: the driver is
//! asked for its next chunk only when the connection's write buffer has
//! room (a slow reader fills it and then the driver is not polled), so at
//! most one pending chunk waits in the feed's output, and the hub's
//! broadcast channel keeps at most [`crate::live::SUBSCRIBER_BUFFER`]
//! signals for it; past that the subscriber lags and is resynchronised
//! from the database, never skipped. The move path only ever appends to
//! the broadcast channel: a slow subscriber never slows it.

use std::task::{Context, Poll};

use bytes::Bytes;
use tokio::sync::broadcast::{error::RecvError, Receiver};
use tokio::sync::watch;
use tokio_util::sync::{CancellationToken, ReusableBoxFuture};

use super::{Feed, Out, Step, Work};
use crate::live::Signal;

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

/// What woke an idle feed.
enum Woken {
    Heard(Result<Signal, RecvError>),
    Stop,
    Revoked,
}

/// What ends a stream besides its feed: the server stopping, and the
/// revocation of the token that opened it.
pub struct Ends {
    pub stopping: watch::Receiver<bool>,
    /// Cancelled when the stream's token is revoked (never, for a stream
    /// opened without one).
    pub revoked: CancellationToken,
}

type Listening = (Woken, Receiver<Signal>, Ends);

/// Waits for the next signal, for the server to stop or for the token to
/// be revoked.
async fn listen(mut signals: Receiver<Signal>, mut ends: Ends) -> Listening {
    let stop = async {
        if ends.stopping.wait_for(|stopping| *stopping).await.is_err() {
            // Nobody can stop the streams any more: signals only.
            std::future::pending::<()>().await;
        }
    };
    let woken = tokio::select! {
        biased;
        () = stop => Woken::Stop,
        () = ends.revoked.cancelled() => Woken::Revoked,
        heard = signals.recv() => Woken::Heard(heard),
    };
    (woken, signals, ends)
}

/// One feed, following the hub's signals until it ends, the hub closes,
/// the server stops or the stream's token is revoked. Asked for a chunk only when the connection has
/// room, it holds at most one unsent chunk (in the feed's output); the
/// hub's channel holds at most [`crate::live::SUBSCRIBER_BUFFER`] signals
/// for it, past which it is resynchronised from the database.
pub struct Driver<F> {
    state: State<F>,
    /// The receiver and the shutdown flag, inside the (one, reused)
    /// allocation of the future that waits on them.
    listening: ReusableBoxFuture<'static, Listening>,
}

impl<F: Feed> Driver<F> {
    /// Runs `first` (the feed's start), then follows `signals` until `ends`.
    pub fn new(first: Step<F>, signals: Receiver<Signal>, ends: Ends) -> Self {
        Driver {
            state: first.into(),
            listening: ReusableBoxFuture::new(listen(signals, ends)),
        }
    }

    /// The feed, when it waits for a signal with nothing left to send
    /// (after [`Driver::poll_next`] is pending): what carries the stream
    /// may then write to its output, e.g. a heartbeat.
    pub fn idle(&self) -> Option<&F> {
        match &self.state {
            State::Idle(feed) => Some(feed),
            _ => None,
        }
    }

    /// The next chunk of the stream, or `None` when it ended; pending while
    /// the feed's work runs or nothing woke it.
    pub fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<Bytes>> {
        loop {
            match std::mem::replace(&mut self.state, State::Done) {
                State::Done => return Poll::Ready(None),
                State::Busy(mut work) => match work.as_mut().poll(cx) {
                    Poll::Ready(step) => self.state = step.into(),
                    Poll::Pending => {
                        self.state = State::Busy(work);
                        return Poll::Pending;
                    }
                },
                State::Ending(feed) => {
                    let chunk = feed.out().take();
                    self.state = State::Ending(feed);
                    return Poll::Ready(chunk);
                }
                State::Idle(feed) => {
                    if let Some(chunk) = feed.out().take() {
                        self.state = State::Idle(feed);
                        return Poll::Ready(Some(chunk));
                    }
                    match self.woken(feed, cx) {
                        Ok(state) => self.state = state,
                        Err(feed) => {
                            self.state = State::Idle(feed);
                            return Poll::Pending;
                        }
                    }
                }
            }
        }
    }

    /// What an idle feed does next, or `Err` with the feed when nothing woke it.
    fn woken(&mut self, feed: F, cx: &mut Context<'_>) -> Result<State<F>, F> {
        let Poll::Ready((woken, signals, ends)) = self.listening.poll(cx) else {
            return Err(feed);
        };
        self.listening.set(listen(signals, ends));
        Ok(match woken {
            Woken::Heard(Ok(signal)) => feed.hear(signal).into(),
            Woken::Heard(Err(RecvError::Lagged(_))) => feed.hear(Signal::Resync).into(),
            Woken::Heard(Err(RecvError::Closed)) => State::Ending(feed),
            Woken::Stop => {
                feed.out().farewell("the server is stopping; reconnect");
                State::Ending(feed)
            }
            Woken::Revoked => {
                feed.out().revoked();
                State::Ending(feed)
            }
        })
    }
}
