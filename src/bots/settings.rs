//! The bots driver's configuration.

use clap::Args;

use super::Drive;

/// The built-in bots' moves: every process drives every
/// bot to move, searching on blocking threads, at most `max_searches` at once.
#[derive(Clone, Copy, Debug, Args)]
pub struct BotSettings {
    /// Whether this process plays the bots' moves (`false`: it leaves them
    /// to other nodes).
    #[arg(
        long = "bot-driver",
        env = "OANQUAN_BOT_DRIVER",
        default_value_t = BotSettings::default().drive,
        action = clap::ArgAction::Set
    )]
    pub drive: bool,

    /// How often the database is read for games a bot is to move in
    /// (moves made on another node, games left at a restart), in milliseconds.
    #[arg(
        long = "bot-poll-every-ms",
        env = "OANQUAN_BOT_POLL_EVERY_MS",
        default_value_t = BotSettings::default().poll_every_ms
    )]
    pub poll_every_ms: u64,

    /// Bot searches running at once (each uses one core).
    #[arg(
        id = "bot_max_searches",
        long = "bot-max-searches",
        env = "OANQUAN_BOT_MAX_SEARCHES",
        default_value_t = BotSettings::default().max_searches
    )]
    pub max_searches: usize,

    /// The most a bot thinks about one move, in milliseconds; in a timed
    /// game also at most a twentieth of the time to its deadline.
    #[arg(
        long = "bot-move-ms",
        env = "OANQUAN_BOT_MOVE_MS",
        default_value_t = BotSettings::default().move_ms
    )]
    pub move_ms: u64,

    /// Bot moves waiting for a search slot on this node at which a new
    /// game against a bot is refused (503 `bots_busy`); the games under
    /// way are still served.
    #[arg(
        id = "bot_max_queued",
        long = "bot-max-queued",
        env = "OANQUAN_BOT_MAX_QUEUED",
        default_value_t = BotSettings::default().max_queued
    )]
    pub max_queued: usize,
}

impl Default for BotSettings {
    fn default() -> Self {
        Self {
            drive: true,
            poll_every_ms: 1000,
            max_searches: 1,
            move_ms: 1000,
            max_queued: 64,
        }
    }
}

impl BotSettings {
    pub fn drive(&self) -> Drive {
        Drive {
            poll_every: std::time::Duration::from_millis(self.poll_every_ms.max(10)),
            max_searches: self.max_searches.max(1),
            move_time: std::time::Duration::from_millis(self.move_ms.max(1)),
            max_queued: self.max_queued.max(1),
        }
    }
}
