//! The per-subscriber logic of the live streams: a game's ([`game`]), the
//! lobby's ([`lobby`]), a player's own ([`me`]) and a tournament's
//! ([`tournament`]). A feed decides what a
//! subscriber is told and when — from the hub's signals, or from the
//! database when it catches up or resynchronises — and keeps what it must
//! remember to tell each thing once; [`Driver`] runs one. A feed writes
//! domain items to its stream's output ([`Out`] and the feed's own trait),
//! which renders and frames them: HTTP does that, and only that.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use bytes::Bytes;

use crate::games::Games;
use crate::live::Signal;
use crate::store::Store;

mod driver;
pub mod game;
pub mod lobby;
pub mod me;
pub mod tournament;

pub use driver::{Driver, Ends};

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

/// The stream ends (the client need not be told more).
#[derive(Debug)]
pub struct Gone;

/// The per-stream logic of a game's, the lobby's, a player's or a
/// tournament's stream.
pub trait Feed: Sized + Unpin + 'static {
    type Out: Out;

    fn out(&self) -> &Self::Out;

    /// Handles one signal (a lag arrives as [`Signal::Resync`]): at once,
    /// writing to the output, or by handing back the work that reads the
    /// database.
    fn hear(self, signal: Signal) -> Step<Self>;
}

/// Where a feed writes: what it is given is rendered and framed there, and
/// held until [`Driver`] takes it as one chunk (so a change's events, e.g.
/// a game-ending move and its `ended`, go out together). Each feed adds
/// the items it writes.
pub trait Out: Unpin + 'static {
    /// Everything written since the last call, as one chunk.
    fn take(&self) -> Option<Bytes>;

    /// The last words of a stream the server closes while the client is
    /// still there (shutdown, a failed read): how to come back.
    fn farewell(&self, why: &str);

    /// The last words of a stream whose token was revoked: not to come
    /// back with it.
    fn revoked(&self);
}

/// Where the feeds read the database when they must: the games layer over
/// the store.
pub trait Source: 'static {
    fn games(&self) -> &Games;
    fn store(&self) -> &Store;
}

/// A feed's handle on its [`Source`] (shared by every stream).
pub type Reader = Arc<dyn Source>;
