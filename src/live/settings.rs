//! What the streams send besides events, and how many may be open.

use clap::Args;

#[derive(Clone, Debug, Args)]
pub struct StreamSettings {
    /// Milliseconds between two heartbeats (an SSE comment, an empty NDJSON line) of an idle stream.
    #[arg(long = "stream-heartbeat-ms", env = "OANQUAN_STREAM_HEARTBEAT_MS", default_value_t = StreamSettings::default().heartbeat_ms)]
    pub heartbeat_ms: u64,

    /// The reconnection delay that SSE streams advise (`retry:`), in milliseconds.
    #[arg(long = "stream-retry-ms", env = "OANQUAN_STREAM_RETRY_MS", default_value_t = StreamSettings::default().retry_ms)]
    pub retry_ms: u64,
}

impl Default for StreamSettings {
    fn default() -> Self {
        Self {
            heartbeat_ms: 15_000,
            retry_ms: 2_000,
        }
    }
}
