//! The life of a game: the model ([`Game`]), and every transition
//! (create, join, play, resign, cancel, import, settle …) as one function
//! run inside a store transaction, reading the time from the layer's
//! [`TimeSource`] and returning the game after it with the [`GameEvent`]s
//! it caused. Every caller — HTTP, the sweeper, the bots, imports — runs
//! its transitions through the unit of work ([`Games::run`]), which
//! commits and then hands each [`Transition`] to whoever follows the game:
//! [`Listener`]s hear it on the publisher's own task,
//! [`Games::subscribe`]rs through a channel.

mod at_once;
pub mod catch_up;
mod challenges;
pub mod clock;
pub mod error;
pub mod events;
pub mod hooks;
mod import;
mod lifecycle;
pub mod model;
mod offers;
mod paired;
mod play;
pub mod positions;
pub mod rating;
mod recent;
pub mod settings;
mod sweep;
#[cfg(test)]
pub(crate) mod tests;
pub mod time;
pub mod unit;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use chrono::{DateTime, Utc};
use tokio::sync::broadcast;

pub use crate::domain::PlayerRef;
pub use challenges::DeclineReason;
pub use clock::{ClockState, Policy, DEFAULT_RATED};
pub use error::GamesError;
pub use events::{GameEvent, PlayedMove};
pub use hooks::{HookFuture, TxHook};
pub use import::Imported;
pub use lifecycle::{new_game, GameSpec};
pub use model::{player_ref, Game, Offer, Offers, Timing};
pub use offers::Rematched;
pub use play::{Expected, Versions};
pub use rating::{rated_game, rebuild_ratings};
pub use settings::{GamesSettings, IdempotencySettings};
pub use time::{ManualTime, SharedTime, SystemTime, TimeSource};
pub use unit::{Committed, Done, HookFailed, Keyed, Ran};

use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Position, Seat};
use crate::store::{GameFilter, HistoryKey, Store, WriteTx};

/// How many published transitions a slow subscriber may lag behind.
const PUBLISHED_BACKLOG: usize = 1024;

/// A game after a transition, with what the transition did.
#[derive(Clone, Debug)]
pub struct Transition {
    pub game: Game,
    pub events: Vec<GameEvent>,
}

impl Transition {
    /// The move a play transition made.
    pub fn played(&self) -> Option<&PlayedMove> {
        self.events.iter().find_map(|event| match event {
            GameEvent::Move { played, .. } => Some(played),
            _ => None,
        })
    }
}

/// What a [`Listener`] hears.
#[derive(Clone, Copy, Debug)]
pub enum Published<'a> {
    /// A committed transition.
    Committed(&'a Arc<Transition>),
    /// A game that may have changed unannounced: a transition whose
    /// commit was under way when its unit of work was dropped.
    Unsure(&'a Game),
}

/// Hears each committed transition as [`Games::publish`] hands it on, on
/// the publisher's task: it must return at once (no I/O, no waiting).
/// Returns whether it wants the next ones. A listener costs the publisher
/// a call; a subscriber's channel wakes another task for every transition,
/// a thread switch per move when that task is parked on another thread.
pub type Listener = Box<dyn Fn(Published<'_>) -> bool + Send + Sync>;

/// The listeners of one [`Games`], each with a number of its own to drop
/// it by.
#[derive(Default)]
struct Listeners(RwLock<Vec<(u64, Listener)>>);

impl Listeners {
    fn add(&self, listener: Listener) {
        static NUMBERS: AtomicU64 = AtomicU64::new(0);
        let id = NUMBERS.fetch_add(1, Ordering::Relaxed);
        self.0.write().expect("listeners lock").push((id, listener));
    }

    /// Calls every listener with `published`, then drops those that
    /// declined the next ones.
    fn hear(&self, published: Published<'_>) {
        let mut done = Vec::new();
        for (id, listener) in self.0.read().expect("listeners lock").iter() {
            if !listener(published) {
                done.push(*id);
            }
        }
        if !done.is_empty() {
            let mut listeners = self.0.write().expect("listeners lock");
            listeners.retain(|(id, _)| !done.contains(id));
        }
    }
}

impl std::fmt::Debug for Listeners {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.0.read().map_or(0, |listeners| listeners.len());
        f.debug_struct("Listeners").field("count", &count).finish()
    }
}

/// The Games layer of one process: its time source, and what carries
/// committed transitions to those who follow them. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Games {
    time: SharedTime,
    policy: Policy,
    published: broadcast::Sender<Arc<Transition>>,
    listeners: Arc<Listeners>,
    hooks: Arc<hooks::Hooks>,
    recent: Arc<recent::RecentGames>,
}

impl Games {
    /// The layer with the default [`Policy`].
    pub fn new(time: SharedTime) -> Games {
        Games::with_policy(time, Policy::default())
    }

    pub fn with_policy(time: SharedTime, policy: Policy) -> Games {
        let (published, _) = broadcast::channel(PUBLISHED_BACKLOG);
        Games {
            time,
            policy,
            published,
            listeners: Arc::default(),
            hooks: Arc::default(),
            recent: Arc::new(recent::RecentGames::new(0)),
        }
    }

    /// Keeps the last `capacity` games this layer committed a change of,
    /// as committed, for the moves played in one statement
    /// ([`Games::play_at_once`]); none by default.
    pub fn keeping_recent_games(mut self, capacity: usize) -> Games {
        self.recent = Arc::new(recent::RecentGames::new(capacity));
        self
    }

    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    pub fn time(&self) -> &SharedTime {
        &self.time
    }

    /// The events of a stored game after version `since`, rebuilt under
    /// this layer's policy ([`catch_up::events_after`]).
    pub async fn events_after(
        &self,
        store: &Store,
        game: &Game,
        since: i64,
    ) -> Result<Option<Vec<GameEvent>>, GamesError> {
        catch_up::events_after(store, game, since, &self.policy).await
    }

    /// Committed transitions, in commit order per game, from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Transition>> {
        self.published.subscribe()
    }

    /// Has `listener` hear every transition published from now on, in
    /// commit order per game, until it returns `false`.
    pub fn listen(&self, listener: Listener) {
        self.listeners.add(listener);
    }

    /// Has `hook` write its part of every transition it wants, in the
    /// transition's own transaction, from now on ([`TxHook`]).
    pub fn hook(&self, hook: Arc<dyn TxHook>) {
        self.hooks.add(hook);
    }

    /// Hands a committed transition to the subscribers. Call it only after
    /// the transaction that made it committed.
    pub fn publish(&self, transition: Transition) {
        self.publish_shared(&Arc::new(transition));
    }

    /// [`Games::publish`] of a transition already shared.
    pub fn publish_shared(&self, transition: &Arc<Transition>) {
        if transition.events.is_empty() {
            return;
        }
        if transition.played().is_some() {
            metrics::counter!("oanquan_moves_played_total").increment(1);
        }
        self.recent.committed(&transition.game);
        self.listeners.hear(Published::Committed(transition));
        // No subscriber is not an error.
        let _ = self.published.send(transition.clone());
    }
}

impl Games {
    /// Tells the listeners that `game` may have changed unannounced.
    pub fn unsure(&self, game: &Game) {
        self.listeners.hear(Published::Unsure(game));
    }

    /// A stored game.
    pub async fn game(&self, store: &Store, id: &GameId) -> Result<Option<Game>, GamesError> {
        model::from_row(store.game_by_id(id).await?)
    }

    /// Up to `limit` stored games passing `filter`, newest first, after
    /// `after` in that order.
    pub async fn list(
        &self,
        store: &Store,
        filter: &GameFilter,
        after: Option<&HistoryKey>,
        limit: u32,
    ) -> Result<Vec<Game>, GamesError> {
        model::from_rows(store.list_games(filter, after, limit).await?)
    }

    /// The games waiting or active in which `player` sits or for which
    /// they are challenged, newest first.
    pub async fn live_games_of(
        &self,
        store: &Store,
        player: &PlayerId,
        limit: u32,
    ) -> Result<Vec<Game>, GamesError> {
        model::from_rows(store.live_games_of(player, limit).await?)
    }

    /// The games of a player (seated or challenged, any status) changed
    /// after `after`, oldest change first, at most `limit`: what a resumed
    /// stream of theirs may have missed.
    pub async fn games_of_changed_after(
        &self,
        store: &Store,
        player: &PlayerId,
        after: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Game>, GamesError> {
        model::from_rows(store.games_of_changed_after(player, after, limit).await?)
    }
}

/// The current position of a stored game (finished or not).
pub fn position_of(game: &Game) -> Result<Position, GamesError> {
    crate::games::positions::current_position(game)
        .map_err(|e| GamesError::internal(format!("game {}: stored position: {e}", game.id)))
}

/// Locks the game for a write, or says it does not exist.
pub(crate) async fn lock(tx: &mut WriteTx, id: &GameId) -> Result<Game, GamesError> {
    model::from_row(tx.lock_game(id).await?)?.ok_or_else(|| GamesError::GameNotFound(id.clone()))
}

/// Locks an active game for one of its players: the game and their seat.
pub(crate) async fn lock_seated(
    tx: &mut WriteTx,
    id: &GameId,
    player: &PlayerId,
) -> Result<(Game, Seat), GamesError> {
    seated(lock(tx, id).await?, player)
}

/// An active game and the seat of one of its players in it.
pub(crate) fn seated(game: Game, player: &PlayerId) -> Result<(Game, Seat), GamesError> {
    let seat = game
        .seat_of(player)
        .ok_or_else(|| GamesError::NotAPlayer(game.id.clone()))?;
    if game.status != GameStatus::Active {
        return Err(GamesError::GameNotActive(game.status));
    }
    Ok((game, seat))
}

/// Saves the game and bumps its version.
pub(crate) async fn save(tx: &mut WriteTx, game: &mut Game) -> Result<(), GamesError> {
    if !tx.save_game(&game.row()).await? {
        return Err(GamesError::internal(format!(
            "game {} changed under its row lock",
            game.id
        )));
    }
    game.version += 1;
    Ok(())
}
