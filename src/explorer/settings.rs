//! The explorer's indexer and its reads: how soon the queued games are
//! counted, and how many a read counts itself.

use clap::Args;

/// When the [`Indexer`](super::Indexer) counts the finished games queued,
/// and how many of them a read of the explorer counts first.
#[derive(Clone, Debug, Args)]
pub struct ExplorerSettings {
    /// Milliseconds the explorer's indexer waits after a game ends before it counts the games ended meanwhile, in one transaction.
    #[arg(long = "explorer-index-delay-ms", env = "OANQUAN_EXPLORER_INDEX_DELAY_MS", default_value_t = ExplorerSettings::default().index_delay_ms)]
    pub index_delay_ms: u64,

    /// Finished games not yet counted that a read of the explorer counts before it answers; past them it answers from the index as it is, saying how many games it left out (`pending_games`).
    #[arg(long = "explorer-read-max-pending", env = "OANQUAN_EXPLORER_READ_MAX_PENDING", default_value_t = ExplorerSettings::default().read_max_pending)]
    pub read_max_pending: u32,
}

impl ExplorerSettings {
    pub fn index_delay(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.index_delay_ms)
    }
}

impl Default for ExplorerSettings {
    fn default() -> Self {
        Self {
            index_delay_ms: 5,
            read_max_pending: 1_000,
        }
    }
}
