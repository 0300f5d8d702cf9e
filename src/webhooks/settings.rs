//! The webhooks' settings: how deliveries are retried, how many run at
//! once, which targets are refused, how long the log is kept.

use std::path::PathBuf;

use clap::Args;

#[derive(Clone, Debug, Args)]
pub struct WebhookSettings {
    /// Milliseconds before a failed webhook delivery's first retry; each further retry waits twice as long (with jitter), up to an hour apart, for 24 hours.
    #[arg(long = "webhook-retry-base-ms", env = "OANQUAN_WEBHOOK_RETRY_BASE_MS", default_value_t = WebhookSettings::default().retry_base_ms)]
    pub retry_base_ms: u64,

    /// Lets webhooks target loopback, private, link-local and other non-public addresses (local setups and tests). Off by default: such targets are refused when an endpoint is saved and when a delivery's DNS answer names one.
    #[arg(long = "webhook-allow-private-targets", env = "OANQUAN_WEBHOOK_ALLOW_PRIVATE_TARGETS", default_value_t = false, action = clap::ArgAction::Set)]
    pub allow_private_targets: bool,

    /// Whether this process delivers webhooks (the outbox is written either way; another node may deliver).
    #[arg(long = "webhook-deliver", env = "OANQUAN_WEBHOOK_DELIVER", default_value_t = true, action = clap::ArgAction::Set)]
    pub deliver: bool,

    /// Milliseconds between two looks for due webhook deliveries (a committed event wakes the workers at once).
    #[arg(long = "webhook-poll-ms", env = "OANQUAN_WEBHOOK_POLL_MS", default_value_t = WebhookSettings::default().poll_ms)]
    pub poll_ms: u64,

    /// Milliseconds a webhook receiver has to answer a delivery (connect, send and status line) before the attempt counts as failed.
    #[arg(long = "webhook-timeout-ms", env = "OANQUAN_WEBHOOK_TIMEOUT_MS", default_value_t = WebhookSettings::default().timeout_ms)]
    pub timeout_ms: u64,

    /// Webhook endpoints this process delivers to at once (one delivery at a time per endpoint).
    #[arg(long = "webhook-max-in-flight", env = "OANQUAN_WEBHOOK_MAX_IN_FLIGHT", default_value_t = WebhookSettings::default().max_in_flight)]
    pub max_in_flight: usize,

    /// Hours after which a webhook endpoint whose deliveries all failed is disabled (its `disabled_reason` says why).
    #[arg(long = "webhook-disable-after-hours", env = "OANQUAN_WEBHOOK_DISABLE_AFTER_HOURS", default_value_t = WebhookSettings::default().disable_after_hours)]
    pub disable_after_hours: u32,

    /// Hours a delivered or failed webhook delivery stays in the delivery log.
    #[arg(long = "webhook-retention-hours", env = "OANQUAN_WEBHOOK_RETENTION_HOURS", default_value_t = WebhookSettings::default().retention_hours)]
    pub retention_hours: u32,

    /// A PEM file of root certificates that `https` webhook targets may also chain to, besides the Mozilla roots built in (a private CA). Read at start-up.
    #[arg(long = "webhook-extra-root-ca", env = "OANQUAN_WEBHOOK_EXTRA_ROOT_CA")]
    pub extra_root_ca: Option<PathBuf>,

    /// Webhook endpoints one player may have.
    #[arg(long = "max-webhooks-per-player", env = "OANQUAN_MAX_WEBHOOKS_PER_PLAYER", default_value_t = WebhookSettings::default().max_per_player)]
    pub max_per_player: usize,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        Self {
            retry_base_ms: 5_000,
            allow_private_targets: false,
            deliver: true,
            poll_ms: 1_000,
            timeout_ms: 10_000,
            max_in_flight: 16,
            disable_after_hours: 120,
            retention_hours: 168,
            extra_root_ca: None,
            max_per_player: 10,
        }
    }
}
