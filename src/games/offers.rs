//! What the players of a game offer each other: a takeback (casual games,
//! while active) and a rematch (once the game is over). An offer is made
//! by one seat and accepted by the other making the same request; either
//! side may end it (the offerer withdraws, the other declines).

use super::clock::{self, charge_running, restart_turn};
use super::{lock, save, Game, GameEvent, GameSpec, Games, GamesError, Offer, Transition};
use crate::domain::{GameId, PlayerId, PlayerRef};
use crate::engine::{Position, Seat};
use crate::store::WriteTx;

const TAKEBACK: &str = "takeback";
const REMATCH: &str = "rematch";

/// What a rematch request did: the game it was asked of after it, with
/// its events, and the rematch game once the offer was accepted.
#[derive(Debug)]
pub struct Rematched {
    pub old: Transition,
    pub new: Option<Transition>,
}

fn offer_event(game: &Game, offer: &'static str, by: Seat, action: &'static str) -> GameEvent {
    GameEvent::Offer {
        version: game.version,
        offer,
        by,
        action,
        game_id: None,
    }
}

/// The game, locked, and the seat `player` holds in it.
async fn lock_player_seat(
    tx: &mut WriteTx,
    id: &GameId,
    player: &PlayerId,
) -> Result<(Game, Seat), GamesError> {
    let game = lock(tx, id).await?;
    let seat = game
        .seat_of(player)
        .ok_or_else(|| GamesError::NotAPlayer(game.id.clone()))?;
    Ok((game, seat))
}

impl Games {
    /// Offers to take back `player`'s last move, or accepts the other
    /// side's offer: their last move (and the reply to it) is undone.
    pub async fn takeback(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = super::lock_seated(tx, id, player).await?;
        if game.rated {
            return Err(GamesError::TakebackNotAllowed(
                "moves of a rated game cannot be taken back".to_owned(),
            ));
        }
        if game.player(seat.other()).is_some_and(PlayerRef::is_bot) {
            return Err(GamesError::TakebackNotAllowed(
                "the built-in bots take no move back".to_owned(),
            ));
        }
        let now = self.time.now();
        match game.takeback_offer() {
            Some(by) if by == seat => Err(GamesError::OfferPending(TAKEBACK)),
            Some(by) => self.take_back(tx, game, by, now).await,
            None => {
                if clock::moves_by(&game, seat) == 0 {
                    return Err(GamesError::NothingToTakeBack);
                }
                game.offers.takeback = Some(Offer {
                    by: seat,
                    ply: game.ply,
                });
                game.updated_at = now;
                save(tx, &mut game).await?;
                tracing::info!(game_id = %game.id, %seat, "takeback offered");
                let events = vec![offer_event(&game, TAKEBACK, seat, "offered")];
                Ok(Transition { game, events })
            }
        }
    }

    /// Undoes the last move of `by` and any reply to it.
    async fn take_back(
        &self,
        tx: &mut WriteTx,
        mut game: Game,
        by: Seat,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Transition, GamesError> {
        // `by`'s last move: the last one if the other side is to move, else
        // the one before it.
        let plies = if game.to_move == by { 2 } else { 1 };
        let back_to = game.ply - plies;
        if back_to < game.start_ply() {
            return Err(GamesError::NothingToTakeBack);
        }
        let position = if back_to == game.start_ply() {
            game.start_position.clone()
        } else {
            tx.position_after_ply(&game.id, back_to - 1)
                .await?
                .ok_or_else(|| {
                    GamesError::internal(format!(
                        "game {}: move {} is not stored",
                        game.id,
                        back_to - 1
                    ))
                })?
        };
        let before = Position::from_notation(&position, game.rules)
            .map_err(|e| GamesError::internal(format!("game {}: stored position: {e}", game.id)))?;
        tx.delete_moves_from(&game.id, back_to).await?;
        charge_running(&mut game, now);
        game.position = position;
        game.ply = before.ply();
        game.to_move = before.turn();
        game.offers.takeback = None;
        game.updated_at = now;
        restart_turn(&mut game, now, &self.policy);
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, plies, "moves taken back");
        let events = vec![
            offer_event(&game, TAKEBACK, by, "accepted"),
            GameEvent::TakenBack {
                version: game.version,
                plies,
                ply: game.ply,
                to_move: game.to_move,
                position: game.position.clone(),
                scores: before.scores(),
                clock: clock::state(&game),
                legal_moves: before.legal_moves().iter().copied().collect(),
            },
        ];
        Ok(Transition { game, events })
    }

    /// Ends the standing takeback offer: the offerer withdraws it, the
    /// other side declines it.
    pub async fn end_takeback_offer(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = super::lock_seated(tx, id, player).await?;
        let by = game.takeback_offer().ok_or(GamesError::NoOffer(TAKEBACK))?;
        game.offers.takeback = None;
        game.updated_at = self.time.now();
        save(tx, &mut game).await?;
        let action = if by == seat { "withdrawn" } else { "declined" };
        let events = vec![offer_event(&game, TAKEBACK, by, action)];
        Ok(Transition { game, events })
    }

    /// Offers a rematch of a game that is over, or accepts the other
    /// side's offer: a new game, each player in the other's seat, the
    /// same rules, start, time control and ask for a rating. Against a
    /// built-in bot it begins at once.
    pub async fn rematch(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerRef,
    ) -> Result<Rematched, GamesError> {
        let (mut game, seat) = lock_player_seat(tx, id, &player.id).await?;
        if !game.status.is_final() || game.started_at.is_none() {
            return Err(GamesError::GameNotOver(game.status));
        }
        if let Some(made) = &game.offers.rematch_id {
            return Err(GamesError::RematchMade(made.clone()));
        }
        let other = game
            .player(seat.other())
            .cloned()
            .ok_or_else(|| GamesError::internal(format!("game {}: an empty seat", game.id)))?;
        let now = self.time.now();
        let accepted = match game.offers.rematch {
            Some(by) if by == seat => return Err(GamesError::OfferPending(REMATCH)),
            Some(by) => Some(by),
            None if other.is_bot() => Some(seat),
            None => None,
        };
        let Some(by) = accepted else {
            game.offers.rematch = Some(seat);
            game.updated_at = now;
            save(tx, &mut game).await?;
            tracing::info!(game_id = %game.id, %seat, "rematch offered");
            let events = vec![offer_event(&game, REMATCH, seat, "offered")];
            return Ok(Rematched {
                old: Transition { game, events },
                new: None,
            });
        };
        let spec = GameSpec {
            rules: game.rules,
            seat: Some(seat.other()),
            first: Some(game.first),
            position: game.custom_start.then(|| game.start_position.clone()),
            opponent: other.is_bot().then(|| other.id.clone()),
            rated: game.rated || game.unrated_reason.is_some(),
            clock: game.timing.control,
        };
        let mut new = self.create(tx, &spec, player).await?;
        if !other.is_bot() {
            let joined = self.join(tx, &new.game.id, &other).await?;
            let created = new.events.remove(0);
            new = joined;
            new.events.insert(0, created);
        }
        game.offers.rematch = None;
        game.offers.rematch_id = Some(new.game.id.clone());
        game.updated_at = now;
        save(tx, &mut game).await?;
        tracing::info!(game_id = %game.id, rematch = %new.game.id, "rematch accepted");
        let events = vec![GameEvent::Offer {
            version: game.version,
            offer: REMATCH,
            by,
            action: "accepted",
            game_id: Some(new.game.id.to_string()),
        }];
        Ok(Rematched {
            old: Transition { game, events },
            new: Some(new),
        })
    }

    /// Ends the standing rematch offer: withdrawn or declined.
    pub async fn end_rematch_offer(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let (mut game, seat) = lock_player_seat(tx, id, player).await?;
        let by = game.offers.rematch.ok_or(GamesError::NoOffer(REMATCH))?;
        game.offers.rematch = None;
        game.updated_at = self.time.now();
        save(tx, &mut game).await?;
        let action = if by == seat { "withdrawn" } else { "declined" };
        let events = vec![offer_event(&game, REMATCH, by, action)];
        Ok(Transition { game, events })
    }

    /// A draw by agreement: RULES.md decides every game by the board
    /// (mandarins captured, the ply limit, a forfeit) or by a resignation
    /// or the clock, and has no draw by agreement, so none is offered.
    pub async fn offer_draw(
        &self,
        tx: &mut WriteTx,
        id: &GameId,
        player: &PlayerId,
    ) -> Result<Transition, GamesError> {
        let _ = super::lock_seated(tx, id, player).await?;
        Err(GamesError::DrawNotAllowed)
    }
}
