//! The built-in bots' side of the board. One driver per process plays the
//! move of every bot to move, through [`Games::play`] like any player, in
//! the Games layer's unit of work, on the version of the game it searched: of several
//! nodes driving the same bot, one move lands and the others find the game
//! moved on and drop theirs.
//!
//! It wakes on every transition this process publishes with a bot to move
//! (its opponent moved, or the game began with the bot to move) and
//! reads the database every [`Drive::poll_every`] for what it cannot hear:
//! moves made on another node, games left when a server stopped.
//!
//! Searches run on blocking threads, never on the async runtime, at most
//! [`Drive::max_searches`] at once, each within the bot's level and a time
//! budget that leaves the bot's clock its due ([`budget`]). The games
//! waiting for a search slot are served round-robin by the bot's opponent,
//! then by game (`queue`); each node queues what it hears and what it
//! reads, and of nodes racing for one move one lands.
//!
//! A bot's clock runs only while it searches: the wait for a slot is not
//! charged ([`Games::play_as_bot`], from [`BotMove::searching_since`]), and
//! the sweeper leaves a bot's flag alone, so a bot never loses on time
//! because other games kept its search waiting.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::Semaphore;

use crate::domain::PlayerRef;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::Move;
use crate::games::{position_of, Done, Expected, Game, Games, GamesError, Transition, Versions};
use crate::search::{Level, Limits, SearchResult};
use crate::store::Store;

mod driver;
mod queue;
mod settings;
pub use driver::drive;
pub use queue::Bots;
pub use settings::BotSettings;
/// A timed bot spends at most this fraction of its time left on a move.
const CLOCK_SHARE: i64 = 20;
/// The least a bot is given to think, whatever its clock says.
const MIN_MOVE_TIME: Duration = Duration::from_millis(5);

/// How the bots are driven.
#[derive(Clone, Copy, Debug)]
pub struct Drive {
    pub poll_every: Duration,
    pub max_searches: usize,
    /// The most a bot thinks about one move.
    pub move_time: Duration,
    /// Bot moves waiting for a search slot at which new games against
    /// bots are refused ([`Bots::busy`]).
    pub max_queued: usize,
}

/// Whether `id` is a built-in bot's (they follow from the levels alone).
pub fn is_bot(id: &PlayerId) -> bool {
    Level::all().any(|level| crate::store::bot_id(level.number()) == *id)
}

/// The bot to move in `game` and its level, if a bot is to move.
pub fn bot_to_move(game: &Game) -> Option<(&PlayerRef, Level)> {
    if game.status != GameStatus::Active {
        return None;
    }
    let player = game.player(game.to_move)?;
    Some((player, Level::new(player.bot_level?)?))
}

/// The seed of the bot's search at `ply` of game `id`: the same on every
/// node, so that two nodes racing for one move choose the same one.
pub fn seed_of(id: &GameId, ply: u32) -> u64 {
    // FNV-1a: fixed across builds and processes, unlike std's hasher.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.as_str().bytes().chain(ply.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// What the bot to move may think about its move: at most `most`, and
/// in a timed game at most a twentieth of the time this turn gives it (its
/// time left, or a first move's window), counted from when it may think:
/// the wait for a search slot is not charged.
pub fn budget(game: &Game, most: Duration) -> Duration {
    let (Some(deadline), Some(started)) = (game.timing.deadline_at, game.timing.turn_started_at)
    else {
        return most;
    };
    let left_ms = (deadline - started).num_milliseconds();
    let share = Duration::from_millis((left_ms / CLOCK_SHARE).max(0) as u64);
    share.clamp(MIN_MOVE_TIME, most.max(MIN_MOVE_TIME))
}

/// The move a bot chose in a game, on the version of the game it searched.
#[derive(Clone, Debug)]
pub struct BotMove {
    pub game: GameId,
    pub bot: PlayerId,
    pub level: Level,
    pub m: Move,
    /// The ply and version the move was chosen for.
    pub ply: u32,
    pub version: i64,
    pub search: SearchResult,
    /// When its search began, on the Games layer's time: the bot's time
    /// for the move counts from then.
    pub searching_since: DateTime<Utc>,
}

/// Plays the move of the bot to move in game `id`, if a bot is to move
/// ([`think`], then [`play`]).
pub async fn take_turn(
    games: &Games,
    store: &Store,
    id: &GameId,
    searches: &Arc<Semaphore>,
    most: Duration,
) -> Result<Option<Arc<Transition>>, GamesError> {
    match think(games, store, id, searches, most).await? {
        Some(chosen) => play(games, store, &chosen).await,
        None => Ok(None),
    }
}

/// Reads game `id` and, if a bot is to move, chooses its move: off the
/// runtime, once one of `searches`' permits is free, within the bot's
/// level and [`budget`]. `None` when no bot is to move.
pub async fn think(
    games: &Games,
    store: &Store,
    id: &GameId,
    searches: &Arc<Semaphore>,
    most: Duration,
) -> Result<Option<BotMove>, GamesError> {
    let Some(game) = games.game(store, id).await? else {
        return Ok(None);
    };
    let Some((bot, level)) = bot_to_move(&game) else {
        return Ok(None);
    };
    let bot = bot.id.clone();
    let position = position_of(&game)?;
    let seed = seed_of(&game.id, game.ply);
    let permit = searches
        .clone()
        .acquire_owned()
        .await
        .map_err(GamesError::internal)?;
    let searching_since = games.time().now();
    let limits = Limits::time(budget(&game, most));
    let search = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        level.choose(&position, limits, seed)
    })
    .await
    .map_err(GamesError::internal)?;
    let level_label = level.number().to_string();
    metrics::counter!("oanquan_bot_searches_total", "level" => level_label.clone()).increment(1);
    metrics::histogram!("oanquan_bot_think_seconds", "level" => level_label)
        .record(search.elapsed.as_secs_f64());
    Ok(search.best_move.map(|m| BotMove {
        game: game.id,
        bot,
        level,
        m,
        ply: game.ply,
        version: game.version,
        search,
        searching_since,
    }))
}

/// Plays a bot's chosen move on the version it was chosen for, and
/// publishes it. `None` when the game moved on meanwhile (another node
/// played the move, the game ended, the flag fell): the move is dropped.
pub async fn play(
    games: &Games,
    store: &Store,
    chosen: &BotMove,
) -> Result<Option<Arc<Transition>>, GamesError> {
    let expected = Expected {
        ply: Some(chosen.ply),
        version: Some(Versions::exactly(chosen.version)),
    };
    let played = games
        .run_unkeyed(store, async |games, tx| {
            match games
                .play_as_bot(
                    tx,
                    &chosen.game,
                    &chosen.bot,
                    chosen.m,
                    &expected,
                    chosen.searching_since,
                )
                .await
            {
                Ok(transition) => Ok(Done::with(true, transition)),
                Err(
                    refused @ (GamesError::PreconditionFailed { .. }
                    | GamesError::StalePly { .. }
                    | GamesError::NotYourTurn { .. }
                    | GamesError::GameNotActive(_)
                    | GamesError::TimeOut { .. }),
                ) => {
                    tracing::debug!(game_id = %chosen.game, %refused, "bot move dropped: the game moved on");
                    Ok(Done::value(false))
                }
                Err(error) => Err(error),
            }
        })
        .await?;
    if !played.value {
        return Ok(None);
    }
    let search = &chosen.search;
    if played
        .transition
        .as_ref()
        .is_some_and(|t| t.played().is_none())
    {
        tracing::info!(game_id = %chosen.game, ply = chosen.ply, "the bot ran out of time searching");
        return Ok(played.transition);
    }
    tracing::info!(
        game_id = %chosen.game, level = chosen.level.number(), ply = chosen.ply,
        m = %chosen.m, depth = search.depth, nodes = search.nodes,
        think_ms = search.elapsed.as_millis() as u64,
        "bot moved"
    );
    Ok(played.transition)
}

#[cfg(test)]
mod tests {
    use chrono::{TimeDelta, Utc};

    use super::*;
    use crate::domain::PlayerId;
    use crate::engine::Preset;
    use crate::games::{new_game, GameSpec};

    /// A game whose side to move got its turn an hour ago with `left` for
    /// it, if timed.
    fn game(left: Option<TimeDelta>) -> Game {
        let creator = PlayerRef {
            id: PlayerId::generate(),
            name: "Lan".to_owned(),
            bot_level: None,
            bot_account: false,
        };
        let started = Utc::now() - TimeDelta::hours(1);
        let mut game = new_game(
            &GameSpec::standard(Preset::Classic.rules()),
            &creator,
            None,
            started,
        )
        .unwrap();
        game.timing.turn_started_at = left.map(|_| started);
        game.timing.deadline_at = left.map(|left| started + left);
        game
    }

    #[test]
    fn a_bot_spends_at_most_a_twentieth_of_its_turn_s_time_and_never_more_than_its_cap() {
        let budget_of =
            |game: &Game, most_ms: u64| budget(game, Duration::from_millis(most_ms)).as_millis();
        assert_eq!(budget_of(&game(None), 700), 700, "untimed");
        let correspondence = game(Some(TimeDelta::days(1)));
        assert_eq!(budget_of(&correspondence, 700), 700);
        // 90 s for the turn, whenever the search begins (an hour after the
        // turn did here): a twentieth is 4.5 s.
        let blitz = game(Some(TimeDelta::seconds(90)));
        assert_eq!(budget_of(&blitz, 10_000), 4_500);
        assert_eq!(budget_of(&blitz, 1_000), 1_000);
        let flagging = game(Some(TimeDelta::milliseconds(50)));
        assert_eq!(budget_of(&flagging, 1_000), MIN_MOVE_TIME.as_millis());
        let overspent = game(Some(TimeDelta::seconds(-5)));
        assert_eq!(budget_of(&overspent, 1_000), MIN_MOVE_TIME.as_millis());
    }

    #[test]
    fn a_seed_depends_on_the_game_and_the_ply_alone() {
        let a = GameId::parse("Gm4x9QzLp2").unwrap();
        let b = GameId::parse("Gm4x9QzLp3").unwrap();
        assert_eq!(seed_of(&a, 7), seed_of(&a.clone(), 7));
        assert_ne!(seed_of(&a, 7), seed_of(&a, 8));
        assert_ne!(seed_of(&a, 7), seed_of(&b, 7));
        // Fixed across builds: nodes of different versions agree.
        assert_eq!(
            seed_of(&a, 1),
            0x0a2d_04cb_67b6_278a,
            "FNV-1a of the id and the ply"
        );
    }

    #[test]
    fn only_an_active_game_with_a_bot_to_move_is_a_bot_s_turn() {
        let mut game = game(None);
        let bot = PlayerRef {
            id: crate::store::bot_id(3),
            name: crate::store::bot_name(3),
            bot_level: Some(3),
            bot_account: false,
        };
        game.north = Some(bot.clone());
        assert!(bot_to_move(&game).is_none(), "waiting");
        game.status = GameStatus::Active;
        assert!(bot_to_move(&game).is_none(), "South, a person, to move");
        game.to_move = crate::engine::Seat::North;
        let (player, level) = bot_to_move(&game).expect("the bot's turn");
        assert_eq!((player, level.number()), (&bot, 3));
        game.status = GameStatus::Finished;
        assert!(bot_to_move(&game).is_none(), "finished");
    }
}
