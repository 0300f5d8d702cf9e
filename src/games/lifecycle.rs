//! Creating, joining, resigning, cancelling, and the end of a game.

use chrono::{DateTime, TimeDelta, Utc};
use rand::Rng;

use super::clock::{self, DEFAULT_RATED};
use super::Game;
use super::{lock, lock_seated, position_of, save, GameEvent, Games, GamesError, Transition};
use crate::domain::PlayerRef;
use crate::domain::{GameId, GameStatus, PlayerId, TimeControl};
use crate::engine::{EndReason, Outcome, Position, Rules, Seat};
use crate::store::WriteTx;

/// A game to create, as asked.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub rules: Rules,
    /// The creator's seat; `None` tosses a coin.
    pub seat: Option<Seat>,
    /// Who moves first from the standard start (`None` tosses a coin);
    /// with a custom `position`, if given, it must agree with the side to move.
    pub first: Option<Seat>,
    /// A custom start in position notation; the game is then unrated.
    pub position: Option<String>,
    /// The player the other seat is kept for.
    pub opponent: Option<PlayerId>,
    pub rated: bool,
    /// `None`: unlimited, or [`DEFAULT_RATED`] for a rated game.
    pub clock: Option<TimeControl>,
}

impl GameSpec {
    /// The standard start under `rules`, South first, South's seat taken.
    pub fn standard(rules: Rules) -> GameSpec {
        GameSpec {
            rules,
            seat: Some(Seat::South),
            first: Some(Seat::South),
            position: None,
            opponent: None,
            rated: false,
            clock: None,
        }
    }
}

fn coin_toss() -> Seat {
    if rand::thread_rng().gen() {
        Seat::South
    } else {
        Seat::North
    }
}

/// The game a creation stores, built without the store (the load
/// generator builds its games with it too).
pub fn new_game(
    spec: &GameSpec,
    creator: &PlayerRef,
    opponent: Option<PlayerRef>,
    now: DateTime<Utc>,
) -> Result<Game, GamesError> {
    let rules = spec.rules;
    let start = match &spec.position {
        Some(text) => Position::from_notation(text, rules)
            .map_err(|e| GamesError::InvalidPosition(format!("position: {e}")))?,
        None => Position::start(rules, spec.first.unwrap_or_else(coin_toss)),
    };
    if let (Some(_), Some(first)) = (&spec.position, spec.first) {
        if first != start.turn() {
            return Err(GamesError::InvalidGame(format!(
                "first is {first} but the position has {} to move",
                start.turn()
            )));
        }
    }
    if start.is_over() {
        return Err(GamesError::InvalidPosition(
            "position: the side to move cannot refill its empty row and forfeits at once; \
             a game cannot start decided"
                .to_owned(),
        ));
    }
    let seat = spec.seat.unwrap_or_else(coin_toss);
    // A built-in bot's or a bot account's games are never rated.
    let against_bot =
        creator.plays_as_bot() || opponent.as_ref().is_some_and(PlayerRef::plays_as_bot);
    let unrated_reason = match (spec.rated, &spec.position, rules.preset()) {
        (false, _, _) => None,
        (true, Some(_), _) => Some(CUSTOM_POSITION),
        (true, None, None) => Some(CUSTOM_RULES),
        (true, None, Some(_)) if against_bot => Some(BOT),
        (true, None, Some(_)) => None,
    };
    let mut game = Game {
        id: GameId::generate(),
        status: GameStatus::Waiting,
        rules,
        rated: spec.rated && unrated_reason.is_none(),
        created_by: creator.id.clone(),
        south: None,
        north: None,
        reserved_for: opponent.clone(),
        first: start.turn(),
        custom_start: spec.position.is_some(),
        start_position: start.to_string(),
        position: start.to_string(),
        ply: start.ply(),
        to_move: start.turn(),
        result: None,
        version: 1,
        created_at: now,
        updated_at: now,
        started_at: None,
        finished_at: None,
        recorded_names: None,
        timing: Default::default(),
        abort_reason: None,
        unrated_reason: unrated_reason.map(str::to_owned),
        challenge_to: opponent
            .as_ref()
            .filter(|p| !p.is_bot())
            .map(|p| p.id.clone()),
        decline_reason: None,
        offers: Default::default(),
    };
    game.timing.control = match spec.clock {
        Some(control) => Some(control.check().map_err(GamesError::InvalidClock)?),
        None if game.rated => Some(DEFAULT_RATED),
        None => None,
    };
    *game.player_mut(seat) = Some(creator.clone());
    Ok(game)
}

impl Games {
    /// Creates a game; the creator takes a seat and it waits for a second
    /// player, unless the other seat is kept for a bot: the bot then takes
    /// it in the same transaction and the game is active at once (a game
    /// kept for a bot never waits, since nobody could take the seat).
    pub async fn create(
        &self,
        tx: &mut WriteTx,
        spec: &GameSpec,
        creator: &PlayerRef,
    ) -> Result<Transition, GamesError> {
        let opponent = match &spec.opponent {
            None => None,
            Some(id) if id == &creator.id => {
                return Err(GamesError::InvalidGame(
                    "opponent: you cannot reserve the other seat for yourself".to_owned(),
                ))
            }
            Some(id) => {
                let player = tx.player_by_id(id).await?.ok_or_else(|| {
                    GamesError::InvalidGame(format!(
                        "opponent: no player has the id {:?}",
                        id.as_str()
                    ))
                })?;
                Some(super::player_ref(&player))
            }
        };
        let for_bot = opponent.as_ref().is_some_and(PlayerRef::is_bot);
        let max_waiting = self.policy.max_waiting_games;
        if for_bot {
            self.cap_bot_games(tx, &creator.id).await?;
        } else if max_waiting > 0 {
            tx.lock_player(&creator.id).await?;
            if tx.waiting_games_of(&creator.id).await? >= i64::from(max_waiting) {
                return Err(GamesError::TooManyWaitingGames { max: max_waiting });
            }
        }
        let now = self.time.now();
        let mut game = new_game(spec, creator, opponent, now)?;
        game.timing.expires_at = Some(now + self.policy.waiting_expiry);
        game.timing.deadline_at = game.timing.expires_at;
        tx.insert_game(&game.row()).await?;
        tracing::info!(game_id = %game.id, rated = game.rated, "game created");
        let created = GameEvent::Created {
            version: game.version,
        };
        match game.reserved_for.clone().filter(PlayerRef::is_bot) {
            Some(bot) => {
                let mut joined = self.join(tx, &game.id, &bot).await?;
                joined.events.insert(0, created);
                Ok(joined)
            }
            None => Ok(Transition {
                game,
                events: vec![created],
            }),
        }
    }

    /// Takes the open seat (or the one reserved for `player`); the game becomes active.
    pub async fn join(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerRef,
    ) -> Result<Transition, GamesError> {
        let mut game = lock(tx, id).await?;
        if game.seat_of(&player.id).is_some() {
            return Err(GamesError::OwnGame);
        }
        if game.status != GameStatus::Waiting {
            return Err(if game.south.is_some() && game.north.is_some() {
                GamesError::GameFull
            } else {
                GamesError::GameNotWaiting(game.status)
            });
        }
        if game
            .reserved_for
            .as_ref()
            .is_some_and(|r| r.id != player.id)
        {
            return Err(GamesError::SeatReserved);
        }
        let open = if game.south.is_none() {
            Seat::South
        } else {
            Seat::North
        };
        *game.player_mut(open) = Some(player.clone());
        game.reserved_for = None;
        if game.rated && player.plays_as_bot() {
            game.rated = false;
            game.unrated_reason = Some(BOT.to_owned());
        }
        game.status = GameStatus::Active;
        let now = self.time.now();
        game.updated_at = now;
        game.started_at = Some(now);
        clock::start(&mut game, now, &self.policy);
        self.cap_pair(tx, &mut game, now).await?;
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, seat = %open, "game joined");
        let events = vec![GameEvent::Joined {
            version: game.version,
            seat: open,
            player: player.clone(),
            status: game.status,
            started_at: game.started_at,
            clock: clock::state(&game),
        }];
        Ok(Transition { game, events })
    }

    /// Resigns an active game (on the player's turn or not): the other seat wins.
    pub async fn resign(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = lock_seated(tx, id, player).await?;
        let outcome = position_of(&game)?
            .resign(seat)
            .map_err(|e| GamesError::IllegalMove(e.to_string()))?
            .outcome()
            .ok_or_else(|| GamesError::internal("a resignation has an outcome"))?;
        let ended = end(tx, &mut game, outcome, "resignation", self.time.now()).await?;
        tracing::info!(game_id = %game.id, %seat, status = %game.status, "game resigned");
        Ok(Transition {
            game,
            events: vec![ended],
        })
    }

    /// Aborts an active game that is still too short to count (either
    /// player): never rated.
    pub async fn abort(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = lock_seated(tx, id, player).await?;
        if !clock::too_short(&game) {
            return Err(GamesError::NotAbortable);
        }
        let ended = abort(tx, &mut game, "requested", self.time.now()).await?;
        tracing::info!(game_id = %game.id, %seat, "game aborted");
        Ok(Transition {
            game,
            events: vec![ended],
        })
    }

    /// Leaves a rated game unrated when its pair already played as many
    /// rated games in the last 24 hours as count.
    async fn cap_pair(
        &self,
        tx: &mut WriteTx,
        game: &mut Game,
        now: DateTime<Utc>,
    ) -> Result<(), GamesError> {
        let (Some(south), Some(north)) = (&game.south, &game.north) else {
            return Ok(());
        };
        if !game.rated {
            return Ok(());
        }
        let since = now - TimeDelta::hours(24);
        let played = tx
            .rated_games_between(&south.id, &north.id, &game.id, since)
            .await?;
        if played >= u64::from(self.policy.pair_rated_limit) {
            game.rated = false;
            game.unrated_reason = Some(PAIR_LIMIT.to_owned());
        }
        Ok(())
    }

    /// Refuses a game against a bot to a player who has as many as
    /// [`Policy::max_bot_games`](super::Policy) already. The player's row
    /// is locked first, so that of two racing creations the second counts
    /// the first.
    async fn cap_bot_games(&self, tx: &mut WriteTx, player: &PlayerId) -> Result<(), GamesError> {
        tx.lock_player(player).await?;
        let max = self.policy.max_bot_games;
        if tx.live_bot_games_of(player).await? >= u64::from(max) {
            return Err(GamesError::TooManyBotGames { max });
        }
        Ok(())
    }

    /// Cancels a game still waiting for its second player (creator only).
    pub async fn cancel(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let mut game = lock(tx, id).await?;
        if &game.created_by != player {
            return Err(GamesError::NotGameCreator);
        }
        if game.status != GameStatus::Waiting {
            return Err(GamesError::GameNotWaiting(game.status));
        }
        game.status = GameStatus::Cancelled;
        game.updated_at = self.time.now();
        clock::stop(&mut game);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, "game cancelled");
        let events = vec![GameEvent::Cancelled {
            version: game.version,
        }];
        Ok(Transition { game, events })
    }
}

/// `unrated_reason` of a game left unrated by the per-pair cap.
pub const PAIR_LIMIT: &str = "pair_limit";
/// `unrated_reason` of a game that ended over the board before each side
/// made two moves.
pub const TOO_SHORT: &str = "too_short";
/// `unrated_reason` of a game asked for as rated from a custom position.
pub const CUSTOM_POSITION: &str = "custom_position";
/// `unrated_reason` of a game asked for as rated under rules that are not
/// a preset (ratings are kept per preset).
pub const CUSTOM_RULES: &str = "custom_rules";
/// `unrated_reason` of a game asked for as rated against a built-in bot:
/// a bot's games are never rated (as Lichess never rates its AI's).
pub const BOT: &str = "bot";
/// `unrated_reason` of an aborted game.
pub const ABORTED: &str = "aborted";

/// Ends the game with `outcome`, saves it and, if it was rated, updates
/// both players' ratings: all in the caller's transaction. A rated game
/// still too short to count is aborted instead (`why` says what ended it).
pub(super) async fn end(
    tx: &mut WriteTx,
    game: &mut Game,
    outcome: Outcome,
    why: &str,
    at: DateTime<Utc>,
) -> Result<GameEvent, GamesError> {
    let by_play = !matches!(outcome.reason, EndReason::Resignation | EndReason::Timeout);
    // Only a rated game has a rating to protect: an unrated one ends as
    // it ends, however short.
    if game.rated && clock::too_short(game) {
        if !by_play {
            return abort(tx, game, why, at).await;
        }
        // An end reached over the board (from a custom start, say) stands,
        // but so short a game changes no rating either.
        if game.rated {
            game.rated = false;
            game.unrated_reason = Some(TOO_SHORT.to_owned());
        }
    }
    game.finish(outcome, at);
    clock::stop(game);
    save(tx, game).await?;
    super::rating::rate_if_rated(tx, game).await?;
    Ok(GameEvent::Ended {
        version: game.version,
        status: game.status,
        result: outcome,
        clock: clock::state(game),
    })
}

/// Ends the game as `aborted`, unrated.
pub(super) async fn abort(
    tx: &mut WriteTx,
    game: &mut Game,
    reason: &str,
    at: DateTime<Utc>,
) -> Result<GameEvent, GamesError> {
    game.status = GameStatus::Aborted;
    game.finished_at = Some(at);
    game.updated_at = at;
    game.abort_reason = Some(reason.to_owned());
    if game.rated {
        game.rated = false;
        game.unrated_reason = Some(ABORTED.to_owned());
    }
    clock::stop(game);
    save(tx, game).await?;
    Ok(GameEvent::Aborted {
        version: game.version,
        reason: reason.to_owned(),
    })
}
