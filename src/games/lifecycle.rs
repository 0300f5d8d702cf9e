//! Creating, joining, resigning, cancelling, and the end of a game.

use chrono::{DateTime, Utc};
use rand::Rng;

use super::{lock, lock_seated, position_of, save, GameEvent, Games, GamesError, Transition};
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Outcome, Position, Rules, Seat};
use crate::store::{Game, PlayerRef, WriteTx};

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
    let mut game = Game {
        id: GameId::generate(),
        status: GameStatus::Waiting,
        rules,
        rated: spec.rated && spec.position.is_none() && rules.preset().is_some(),
        created_by: creator.id.clone(),
        south: None,
        north: None,
        reserved_for: opponent,
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
    };
    *game.player_mut(seat) = Some(creator.clone());
    Ok(game)
}

impl Games {
    /// Creates a game; the creator takes a seat and it waits for a second player.
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
                Some(PlayerRef {
                    id: player.id,
                    name: player.name,
                })
            }
        };
        let game = new_game(spec, creator, opponent, self.time.now())?;
        tx.insert_game(&game).await?;
        tracing::info!(game_id = %game.id, rated = game.rated, "game created");
        let events = vec![GameEvent::Created {
            version: game.version,
        }];
        Ok(Transition { game, events })
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
        game.status = GameStatus::Active;
        game.updated_at = self.time.now();
        game.started_at = Some(game.updated_at);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, seat = %open, "game joined");
        let events = vec![GameEvent::Joined {
            version: game.version,
            seat: open,
            player: player.clone(),
            status: game.status,
            started_at: game.started_at,
            clock: None,
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
        let ended = finish(tx, &mut game, outcome, self.time.now()).await?;
        tracing::info!(game_id = %game.id, %seat, "game resigned");
        Ok(Transition {
            game,
            events: vec![ended],
        })
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
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, "game cancelled");
        let events = vec![GameEvent::Cancelled {
            version: game.version,
        }];
        Ok(Transition { game, events })
    }
}

/// Ends the game with `outcome`, saves it and, if it was rated, updates
/// both players' ratings: all in the caller's transaction.
pub(super) async fn finish(
    tx: &mut WriteTx,
    game: &mut Game,
    outcome: Outcome,
    at: DateTime<Utc>,
) -> Result<GameEvent, GamesError> {
    game.finish(outcome, at);
    save(tx, game).await?;
    tx.rate_finished_game(game).await?;
    Ok(GameEvent::Ended {
        version: game.version,
        status: game.status,
        result: outcome,
        clock: None,
    })
}
