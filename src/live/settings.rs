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

    /// Streams one client IP may hold open at once; more are answered 429 `too_many_streams`. 0 lifts the cap.
    #[arg(long = "max-streams-per-ip", env = "OANQUAN_MAX_STREAMS_PER_IP", default_value_t = StreamSettings::default().max_per_ip)]
    pub max_per_ip: usize,

    /// Streams this process holds open at once; more are answered 503 `too_many_streams`. 0 lifts the cap.
    #[arg(long = "max-streams", env = "OANQUAN_MAX_STREAMS", default_value_t = StreamSettings::default().max_total)]
    pub max_total: usize,

    /// Seconds a stream ticket (`POST /v1/me/stream-tickets`) stays usable.
    #[arg(long = "stream-ticket-ttl-s", env = "OANQUAN_STREAM_TICKET_TTL_S", default_value_t = StreamSettings::default().ticket_ttl_s)]
    pub ticket_ttl_s: u32,

    /// PostgreSQL: milliseconds between two comparisons of the versions this node's game streams know with the stored ones (a change whose announcement was lost, its node killed after the commit, reaches them then). 0 turns it off.
    #[arg(long = "stream-reconcile-ms", env = "OANQUAN_STREAM_RECONCILE_MS", default_value_t = StreamSettings::default().reconcile_ms)]
    pub reconcile_ms: u64,
}

impl Default for StreamSettings {
    fn default() -> Self {
        Self {
            heartbeat_ms: 15_000,
            retry_ms: 2_000,
            max_per_ip: 32,
            max_total: 10_000,
            ticket_ttl_s: 60,
            reconcile_ms: 1_000,
        }
    }
}
