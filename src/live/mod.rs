//! The push side's fan-out: the hub hears every committed transition of
//! this process ([`Games::listen`]) and hands each to the
//! subscribers of its game, of the lobby, and of its players (those seated
//! and the one it is reserved for), and tells the subscribers of a
//! tournament when it changed. Each subscriber has a bounded
//! buffer; one that falls behind is told to resynchronise from the
//! database, never silently skipped. What each subscriber is told, and
//! when, is its feed's ([`feeds`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use bytes::Bytes;
use tokio::sync::{broadcast, watch};

use crate::domain::{GameId, PlayerId};
use crate::games::Game;
use crate::games::{GameEvent, Games, Published, Transition};

pub mod feeds;
pub mod limits;
mod nodes;
mod revocation;
pub mod settings;

pub use limits::{Refused, StreamSlot, StreamSlots};
pub use revocation::Authorised;
pub use settings::StreamSettings;

/// How many transitions one subscriber may have waiting before it is
/// resynchronised from the database.
pub const SUBSCRIBER_BUFFER: usize = 64;

/// What a subscriber hears.
#[derive(Clone, Debug)]
pub enum Signal {
    Changed(Arc<Change>),
    /// A change some node committed (announced by PostgreSQL), as this
    /// node read it once for all its subscribers.
    Committed(Arc<Announced>),
    /// Something may have been missed: read the database again.
    Resync,
    /// News for one player that is no game's change (their streams only).
    Notice(Arc<Notice>),
}

/// News for one player's streams that is no game's change.
#[derive(Clone, Debug)]
pub enum Notice {
    /// The delivery workers of this process disabled one of the player's
    /// webhook endpoints: every delivery to it failed for too long.
    WebhookDisabled {
        endpoint: String,
        url: String,
        reason: String,
        at: chrono::DateTime<chrono::Utc>,
    },
}

/// How many encodings of one change the streams may keep (one per framing).
pub const ENCODINGS: usize = 2;

/// A transition this process committed, as its subscribers hear it, with
/// room for what the streams make of it once for all their subscribers
/// here (the framed events of a game's stream: encoded by the first
/// subscriber that needs them, shared by the others).
#[derive(Debug)]
pub struct Change {
    pub transition: Arc<Transition>,
    encoded: [OnceLock<Bytes>; ENCODINGS],
}

impl Change {
    pub fn new(transition: Arc<Transition>) -> Change {
        Change {
            transition,
            encoded: Default::default(),
        }
    }

    /// Encoding `which` (< [`ENCODINGS`]) of this change, made by `encode`
    /// the first time it is asked for.
    pub fn encoded(&self, which: usize, encode: impl FnOnce(&Transition) -> Bytes) -> Bytes {
        self.encoded[which]
            .get_or_init(|| encode(&self.transition))
            .clone()
    }
}

impl std::ops::Deref for Change {
    type Target = Transition;

    fn deref(&self) -> &Transition {
        &self.transition
    }
}

/// A change another node committed, read once by this node.
#[derive(Debug)]
pub struct Announced {
    /// The game as stored after the change.
    pub game: Game,
    /// Every event of the game up to `game.version`, rebuilt once when
    /// this node follows the game's own stream; `None` otherwise, or when
    /// the stored game could not be rebuilt (its followers then read the
    /// database themselves).
    pub events: Option<Vec<GameEvent>>,
}

/// The per-game and lobby channels of this process. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Hub {
    games: Arc<Mutex<HashMap<GameId, GameChannel>>>,
    lobby: Arc<Mutex<Option<broadcast::Sender<Signal>>>>,
    players: Arc<Mutex<HashMap<PlayerId, broadcast::Sender<Signal>>>>,
    /// The subscribers of each tournament's stream, told
    /// [`Signal::Resync`] when it changed.
    tournaments: Arc<Mutex<HashMap<String, broadcast::Sender<Signal>>>>,
    dispatched: Arc<AtomicUsize>,
    stopping: Stopping,
    tokens: Arc<Mutex<revocation::Tokens>>,
    node: NodeId,
}

/// This process's hub among the nodes of one PostgreSQL, a random id: what
/// it announces itself it has already told its own streams.
#[derive(Clone, Debug)]
struct NodeId(Arc<str>);

impl Default for NodeId {
    fn default() -> Self {
        NodeId(uuid::Uuid::new_v4().simple().to_string().into())
    }
}

/// The subscribers of one game's stream, the last version this process
/// committed and dispatched to them itself (its own changes come back
/// announced by PostgreSQL too; they need no second read), and the
/// newest version they were handed, committed here or announced (0 until
/// one was: what the other nodes' reconciliation compares with).
#[derive(Debug)]
struct GameChannel {
    sender: broadcast::Sender<Signal>,
    dispatched: i64,
    known: i64,
}

/// Whether the server is stopping: every stream then ends with a retry hint.
#[derive(Clone, Debug)]
struct Stopping(Arc<watch::Sender<bool>>);

impl Default for Stopping {
    fn default() -> Self {
        Stopping(Arc::new(watch::channel(false).0))
    }
}

/// Every this many transitions the channels of games nobody follows any
/// more are dropped.
const PRUNE_EVERY: usize = 256;

impl Hub {
    /// A hub that hears every transition `games` publishes, on the
    /// publisher's task: handing it on is a few locks and channel sends,
    /// and hearing it through a channel of its own would wake a task on
    /// another thread for every move.
    pub fn start(games: &Games) -> Hub {
        let hub = Hub::default();
        let feeder = hub.clone();
        games.listen(Box::new(move |published| {
            match published {
                Published::Committed(transition) => feeder.dispatch(transition.clone()),
                Published::Unsure(game) => feeder.resync_of(game),
            }
            true
        }));
        hub
    }

    /// Follows one game from now on.
    pub fn watch_game(&self, id: &GameId) -> broadcast::Receiver<Signal> {
        let mut games = self.games.lock().expect("hub lock");
        games
            .entry(id.clone())
            .or_insert_with(|| GameChannel {
                sender: broadcast::channel(SUBSCRIBER_BUFFER).0,
                dispatched: 0,
                known: 0,
            })
            .sender
            .subscribe()
    }

    /// Follows the games of one player: those they sit in or are
    /// challenged to.
    pub fn watch_player(&self, id: &PlayerId) -> broadcast::Receiver<Signal> {
        let mut players = self.players.lock().expect("hub lock");
        players
            .entry(id.clone())
            .or_insert_with(|| broadcast::channel(SUBSCRIBER_BUFFER).0)
            .subscribe()
    }

    /// Follows every game (the lobby filters).
    pub fn watch_all(&self) -> broadcast::Receiver<Signal> {
        let mut lobby = self.lobby.lock().expect("hub lock");
        lobby
            .get_or_insert_with(|| broadcast::channel(SUBSCRIBER_BUFFER).0)
            .subscribe()
    }

    /// Follows one tournament from now on: each of its changes arrives as
    /// [`Signal::Resync`] (read it again).
    pub fn watch_tournament(&self, id: &str) -> broadcast::Receiver<Signal> {
        let mut tournaments = self.tournaments.lock().expect("hub lock");
        tournaments
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(SUBSCRIBER_BUFFER).0)
            .subscribe()
    }

    /// Tells the subscribers of tournament `id` in this process that it
    /// changed (committed here, or announced by another node).
    pub fn tournament_changed(&self, id: &str) {
        let mut tournaments = self.tournaments.lock().expect("hub lock");
        if let Some(sender) = tournaments.get(id) {
            if sender.send(Signal::Resync).is_err() {
                tournaments.remove(id);
            }
        }
    }

    /// Tells every stream of this process to end (the server is stopping).
    pub fn stop_streams(&self) {
        self.stopping.0.send_replace(true);
    }

    /// Turns true when the streams must end.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.0.subscribe()
    }

    /// How many game channels this process holds (for tests and metrics).
    pub fn watched_games(&self) -> usize {
        self.games.lock().expect("hub lock").len()
    }

    fn dispatch(&self, transition: Arc<Transition>) {
        let signal = Signal::Changed(Arc::new(Change::new(transition.clone())));
        {
            let mut games = self.games.lock().expect("hub lock");
            if let Some(channel) = games.get_mut(&transition.game.id) {
                channel.dispatched = channel.dispatched.max(transition.game.version);
                channel.known = channel.known.max(transition.game.version);
                if channel.sender.send(signal.clone()).is_err() {
                    games.remove(&transition.game.id);
                }
            }
            if self.dispatched.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == 0 {
                games.retain(|_, channel| channel.sender.receiver_count() > 0);
                let mut players = self.players.lock().expect("hub lock");
                players.retain(|_, sender| sender.receiver_count() > 0);
                let mut tournaments = self.tournaments.lock().expect("hub lock");
                tournaments.retain(|_, sender| sender.receiver_count() > 0);
            }
        }
        self.tell_players(&transition.game, &signal);
        if let Some(lobby) = self.lobby.lock().expect("hub lock").as_ref() {
            let _ = lobby.send(signal);
        }
    }

    /// Hands `signal` to the subscribers of each player concerned by `game`.
    fn tell_players(&self, game: &Game, signal: &Signal) {
        let players = self.players.lock().expect("hub lock");
        if players.is_empty() {
            return;
        }
        let mut told: Vec<&PlayerId> = Vec::with_capacity(3);
        for player in [&game.south, &game.north, &game.reserved_for]
            .into_iter()
            .flatten()
        {
            if told.contains(&&player.id) {
                continue;
            }
            told.push(&player.id);
            if let Some(sender) = players.get(&player.id) {
                let _ = sender.send(signal.clone());
            }
        }
    }

    /// Hands `notice` to the streams of `player` open in this process.
    /// This hub's id in what it announces to the other nodes.
    pub fn node(&self) -> &str {
        &self.node.0
    }

    pub fn tell_player(&self, player: &PlayerId, notice: Notice) {
        let players = self.players.lock().expect("hub lock");
        if let Some(sender) = players.get(player) {
            let _ = sender.send(Signal::Notice(Arc::new(notice)));
        }
    }

    /// Whether any player's stream is open in this process.
    fn follows_players(&self) -> bool {
        !self.players.lock().expect("hub lock").is_empty()
    }

    fn senders_of(
        &self,
        id: &GameId,
    ) -> (
        Option<broadcast::Sender<Signal>>,
        Option<broadcast::Sender<Signal>>,
    ) {
        let game = self
            .games
            .lock()
            .expect("hub lock")
            .get(id)
            .map(|channel| channel.sender.clone());
        let lobby = self.lobby.lock().expect("hub lock").clone();
        (game, lobby)
    }

    /// Whether this process already dispatched `version` of the game to
    /// its stream's subscribers (the change was committed here).
    fn dispatched_here(&self, id: &GameId, version: i64) -> bool {
        let games = self.games.lock().expect("hub lock");
        games
            .get(id)
            .is_some_and(|channel| channel.dispatched >= version)
    }

    /// Tells the subscribers of `game` (its stream, its players', the
    /// lobby) to read the database again: it may have changed unannounced.
    pub fn resync_of(&self, game: &Game) {
        let (game_sender, lobby_sender) = self.senders_of(&game.id);
        self.tell_players(game, &Signal::Resync);
        for sender in game_sender.into_iter().chain(lobby_sender) {
            let _ = sender.send(Signal::Resync);
        }
    }

    fn resync_all(&self) {
        let mut games = self.games.lock().expect("hub lock");
        games.retain(|_, channel| channel.sender.send(Signal::Resync).is_ok());
        let mut players = self.players.lock().expect("hub lock");
        players.retain(|_, sender| sender.send(Signal::Resync).is_ok());
        let mut tournaments = self.tournaments.lock().expect("hub lock");
        tournaments.retain(|_, sender| sender.send(Signal::Resync).is_ok());
        if let Some(lobby) = self.lobby.lock().expect("hub lock").as_ref() {
            let _ = lobby.send(Signal::Resync);
        }
    }
}
