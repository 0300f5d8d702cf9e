//! The Games layer's configuration: clocks, the sweeper, what counts for
//! ratings, and how long saved answers are kept.

use clap::Args;

use super::Policy;

/// The life of games: clocks, the sweeper, what counts for ratings.
#[derive(Clone, Debug, Args)]
pub struct GamesSettings {
    /// How often this process looks for games whose deadline passed, in milliseconds.
    #[arg(long = "sweep-every-ms", env = "OANQUAN_SWEEP_EVERY_MS", default_value_t = GamesSettings::default().sweep_every_ms)]
    pub sweep_every_ms: u64,

    /// Seconds each side of a real-time game has for its first move before the game is aborted.
    #[arg(long = "first-move-window-s", env = "OANQUAN_FIRST_MOVE_WINDOW_S", default_value_t = GamesSettings::default().first_move_window_s)]
    pub first_move_window_s: u32,

    /// Seconds a game waits for its second player before it expires.
    #[arg(long = "waiting-expiry-s", env = "OANQUAN_WAITING_EXPIRY_S", default_value_t = GamesSettings::default().waiting_expiry_s)]
    pub waiting_expiry_s: u32,

    /// Rated games between the same two players that count toward ratings per 24 hours.
    #[arg(long = "pair-rated-limit", env = "OANQUAN_PAIR_RATED_LIMIT", default_value_t = GamesSettings::default().pair_rated_limit)]
    pub pair_rated_limit: u32,

    /// Games against the built-in bots, waiting or active, one player may have at once.
    #[arg(long = "max-bot-games-per-player", env = "OANQUAN_MAX_BOT_GAMES_PER_PLAYER", default_value_t = GamesSettings::default().max_bot_games_per_player)]
    pub max_bot_games_per_player: u32,
    /// Games one player may keep waiting for an opponent at once; one more is 409 `too_many_waiting_games`. 0 lifts the cap.
    #[arg(long = "max-waiting-games", env = "OANQUAN_MAX_WAITING_GAMES", default_value_t = GamesSettings::default().max_waiting_games)]
    pub max_waiting_games: u32,

    /// Games this process keeps as it last committed them, so that a move in one of them reads only the game's version, not its row, and on PostgreSQL a move (unkeyed, not ending the game) is played in one statement instead of a transaction of four. 0 turns it off.
    #[arg(long = "recent-games", env = "OANQUAN_RECENT_GAMES", default_value_t = GamesSettings::default().recent_games)]
    pub recent_games: usize,
}

impl GamesSettings {
    pub fn policy(&self) -> Policy {
        Policy {
            first_move_window: chrono::TimeDelta::seconds(i64::from(self.first_move_window_s)),
            waiting_expiry: chrono::TimeDelta::seconds(i64::from(self.waiting_expiry_s)),
            pair_rated_limit: self.pair_rated_limit,
            max_bot_games: self.max_bot_games_per_player,
            max_waiting_games: self.max_waiting_games,
        }
    }
}

impl Default for GamesSettings {
    fn default() -> Self {
        Self {
            sweep_every_ms: 250,
            first_move_window_s: 60,
            waiting_expiry_s: 24 * 3600,
            pair_rated_limit: 10,
            max_bot_games_per_player: 3,
            max_waiting_games: 10,
            recent_games: 4_096,
        }
    }
}

/// The answers saved for `Idempotency-Key` retries.
#[derive(Clone, Debug, Args)]
pub struct IdempotencySettings {
    /// How often this process deletes saved answers older than their lifetime (24 hours), in milliseconds.
    #[arg(
        id = "idempotency_sweep_every_ms",
        long = "idempotency-sweep-every-ms",
        env = "OANQUAN_IDEMPOTENCY_SWEEP_EVERY_MS",
        default_value_t = IdempotencySettings::default().sweep_every_ms
    )]
    pub sweep_every_ms: u64,
}

impl Default for IdempotencySettings {
    fn default() -> Self {
        Self {
            sweep_every_ms: 3_600_000,
        }
    }
}
