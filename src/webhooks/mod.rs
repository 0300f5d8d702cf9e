//! Webhooks: a player's endpoints, told of their games' events with
//! signed, at-least-once deliveries (the Standard Webhooks format). The
//! outbox row of an event is written in the transition's own transaction
//! by a hook of the Games layer's unit of work ([`outbox`]); delivery
//! workers ([`worker`]) send what is due, retry with backoff, and disable
//! an endpoint that keeps failing. This module uses `games`; `games`
//! never uses it.

mod endpoints;
pub mod events;
pub mod outbox;
pub mod send;
pub mod settings;
pub mod signing;
pub mod targets;
pub mod tls;
mod worker;

use std::sync::Arc;

use tokio::sync::Notify;

pub use endpoints::{
    events_of as endpoints_events, EndpointChange, NewEndpoint, Rotated, MAX_DESCRIPTION_CHARS,
};
pub use events::EventType;
pub use settings::WebhookSettings;
pub use worker::{backoff, MAX_BACKOFF};

use crate::domain::PlayerId;
use crate::games::{Games, HookFailed, Published};
use crate::store::{Store, StoreError};

/// Why a webhook request was refused.
#[derive(Debug, thiserror::Error)]
pub enum WebhooksError {
    #[error("you have no webhook endpoint with the id {0:?}")]
    NotFound(String),
    #[error("the endpoint has no delivery with the id {0:?}")]
    DeliveryNotFound(String),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    TargetRefused(#[from] targets::Refusal),
    #[error("you have {max} webhook endpoints, the most a player may; delete one first")]
    TooMany { max: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Hook(#[from] HookFailed),
}

/// A player told that one of their endpoints was disabled.
#[derive(Clone, Debug)]
pub struct Disabled {
    pub player: PlayerId,
    pub endpoint: String,
    pub url: String,
    pub reason: String,
    /// When the workers disabled it (the Games layer's time).
    pub at: chrono::DateTime<chrono::Utc>,
}

/// Hears of endpoints disabled by this process's workers (the player's
/// stream tells them).
pub type DisabledListener = Box<dyn Fn(&Disabled) + Send + Sync>;

/// The webhooks of one process. Cheap to clone.
#[derive(Clone)]
pub struct Webhooks {
    store: Store,
    games: Games,
    settings: Arc<WebhookSettings>,
    wake: Arc<Notify>,
    disabled: Arc<std::sync::RwLock<Vec<DisabledListener>>>,
    tls: Arc<tokio_rustls::rustls::ClientConfig>,
}

impl std::fmt::Debug for Webhooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webhooks")
            .field("settings", &self.settings)
            .finish()
    }
}

/// A new delivery's id, its `webhook-id`: `msg_` and a UUIDv7 (time
/// ordered).
pub(crate) fn delivery_id() -> String {
    format!("msg_{}", uuid::Uuid::now_v7().simple())
}

impl Webhooks {
    /// The webhooks over `store`, with their hook registered with `games`
    /// (from now on every event is written to the outbox) and a listener
    /// that wakes the workers when a transition commits. Refused when the
    /// extra root certificates the settings name cannot be read.
    pub fn new(
        store: Store,
        games: Games,
        settings: WebhookSettings,
    ) -> Result<Webhooks, tls::RootsUnusable> {
        let tls = tls::client_config(settings.extra_root_ca.as_deref())?;
        let webhooks = Webhooks {
            store,
            games: games.clone(),
            settings: Arc::new(settings),
            wake: Arc::new(Notify::new()),
            disabled: Arc::default(),
            tls,
        };
        let outbox = Arc::new(outbox::Outbox {
            time: games.time().clone(),
            queued: outbox::Queued::default(),
        });
        games.hook(outbox.clone());
        let wake = webhooks.wake.clone();
        games.listen(Box::new(move |published| {
            if let Published::Committed(transition) = published {
                if outbox.queued.take(transition) {
                    wake.notify_one();
                }
            }
            true
        }));
        Ok(webhooks)
    }

    pub fn settings(&self) -> &WebhookSettings {
        &self.settings
    }

    /// Has `listener` hear of every endpoint this process disables.
    pub fn on_disabled(&self, listener: DisabledListener) {
        self.disabled
            .write()
            .expect("listeners lock")
            .push(listener);
    }

    fn tell_disabled(&self, disabled: &Disabled) {
        for listener in self.disabled.read().expect("listeners lock").iter() {
            listener(disabled);
        }
    }

    /// Starts this process's delivery workers and the sweep of old
    /// deliveries, unless the settings say this process does not deliver.
    pub fn start(&self) -> Option<tokio::task::JoinHandle<()>> {
        self.settings
            .deliver
            .then(|| tokio::spawn(worker::run(self.clone())))
    }
}
