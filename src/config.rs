//! The command line: every layer's own settings, flattened. Every flag has
//! an `OANQUAN_*` environment fallback. Nothing here is a run-time value:
//! the time source and the like are handed to the start-up apart.
//!
//! The database URL variable is deliberately not `DATABASE_URL`: sqlx reads
//! that name at compile time, and the two must never be confused.

use clap::Args;

use crate::api::settings::{
    AdmissionSettings, AnalysisSettings, EndgameSettings, HttpSettings, NetworkSettings,
    OperationsSettings, RateLimitSettings,
};
use crate::bots::BotSettings;
use crate::explorer::ExplorerSettings;
use crate::games::{GamesSettings, IdempotencySettings};
use crate::live::StreamSettings;
use crate::store::{DatabaseSettings, SqliteSettings};
use crate::telemetry::{LogFormat, LogSettings};
use crate::webhooks::WebhookSettings;

#[derive(Clone, Debug, Args)]
pub struct Config {
    #[command(flatten)]
    pub http: HttpSettings,

    #[command(flatten)]
    pub database: DatabaseSettings,

    #[command(flatten)]
    pub sqlite: SqliteSettings,

    #[command(flatten)]
    pub log: LogSettings,

    #[command(flatten)]
    pub rate_limit: RateLimitSettings,

    #[command(flatten)]
    pub games: GamesSettings,

    #[command(flatten)]
    pub network: NetworkSettings,

    #[command(flatten)]
    pub streams: StreamSettings,

    #[command(flatten)]
    pub analysis: AnalysisSettings,

    #[command(flatten)]
    pub endgame: EndgameSettings,

    #[command(flatten)]
    pub bots: BotSettings,

    #[command(flatten)]
    pub idempotency: IdempotencySettings,

    #[command(flatten)]
    pub operations: OperationsSettings,

    #[command(flatten)]
    pub admission: AdmissionSettings,

    #[command(flatten)]
    pub webhooks: WebhookSettings,

    #[command(flatten)]
    pub explorer: ExplorerSettings,
}

impl Config {
    /// A server on a free local port over `database`, every other group at
    /// its default: what tests and example tools start from. A new group of
    /// settings is added here once instead of in every caller.
    pub fn local(database: DatabaseSettings) -> Config {
        Config {
            http: HttpSettings {
                bind: "127.0.0.1:0".to_owned(),
                workers: Some(2),
            },
            database,
            sqlite: SqliteSettings::default(),
            log: LogSettings {
                format: LogFormat::Text,
            },
            rate_limit: RateLimitSettings::default(),
            games: GamesSettings::default(),
            network: NetworkSettings::default(),
            streams: Default::default(),
            analysis: AnalysisSettings::default(),
            endgame: EndgameSettings {
                stones: EndgameSettings::LOCAL_STONES,
                dir: None,
            },
            bots: BotSettings::default(),
            operations: OperationsSettings::default(),
            idempotency: IdempotencySettings::default(),
            // No admission gate: a debug build on a busy machine may keep a
            // test's concurrent requests waiting longer than the queue
            // timeout. Tests of the gate set it.
            admission: AdmissionSettings {
                db_max_waiting: Some(0),
                ..AdmissionSettings::default()
            },
            webhooks: WebhookSettings::default(),
            explorer: ExplorerSettings::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_named_once() {
        // clap checks its arguments only when a command is built (in
        // debug builds): two groups with a field of the same name clash.
        Config::augment_args(clap::Command::new("oanquan")).debug_assert();
    }

    #[test]
    fn bots_are_driven_unless_told_not_to() {
        let parse = |args: &[&str]| {
            let command = Config::augment_args(clap::Command::new("oanquan"));
            let matches = command.try_get_matches_from(args).expect("flags parse");
            <Config as clap::FromArgMatches>::from_arg_matches(&matches).expect("config")
        };
        assert!(parse(&["oanquan"]).bots.drive);
        assert!(!parse(&["oanquan", "--bot-driver", "false"]).bots.drive);
        assert_eq!(
            parse(&["oanquan", "--bot-max-searches", "3"])
                .bots
                .max_searches,
            3
        );
        assert_eq!(parse(&["oanquan"]).analysis.max_searches, None);
        assert_eq!(
            parse(&["oanquan", "--analysis-max-searches", "2"])
                .analysis
                .max_searches,
            Some(2)
        );
        let queued = parse(&["oanquan", "--bot-max-queued", "8"]);
        assert_eq!((queued.bots.max_queued, queued.analysis.max_queued), (8, 4));
        assert_eq!(parse(&["oanquan"]).bots.max_queued, 64);
        let capped = parse(&["oanquan", "--max-bot-games-per-player", "5"]);
        assert_eq!(capped.games.max_bot_games_per_player, 5);
        assert_eq!(parse(&["oanquan"]).games.max_bot_games_per_player, 3);
    }
}
