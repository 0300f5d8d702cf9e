//! A game between two given players, created active at once: what an
//! organiser (a tournament) starts for its players, with no seat to take
//! and no cap on a player's waiting games or games against bots.

use super::{GameEvent, GameSpec, Games, GamesError, Transition};
use crate::domain::PlayerRef;
use crate::engine::Seat;
use crate::store::WriteTx;

impl Games {
    /// Creates a game with `south` and `north` seated, active from now
    /// (its clock started): one transition, its `created` and `joined`
    /// events.
    pub async fn create_paired(
        &self,
        tx: &mut WriteTx,
        spec: &GameSpec,
        south: &PlayerRef,
        north: &PlayerRef,
    ) -> Result<Transition, GamesError> {
        if south.id == north.id {
            return Err(GamesError::InvalidGame(
                "a player cannot be paired with themselves".to_owned(),
            ));
        }
        let spec = GameSpec {
            seat: Some(Seat::South),
            opponent: None,
            ..spec.clone()
        };
        let now = self.time.now();
        let mut game = super::new_game(&spec, south, None, now)?;
        game.timing.expires_at = Some(now + self.policy.waiting_expiry);
        game.timing.deadline_at = game.timing.expires_at;
        self.insert_created(tx, &game).await?;
        let created = GameEvent::Created {
            version: game.version,
        };
        let mut joined = self.join(tx, &game.id, north).await?;
        joined.events.insert(0, created);
        Ok(joined)
    }

    async fn insert_created(&self, tx: &mut WriteTx, game: &super::Game) -> Result<(), GamesError> {
        tx.insert_game(&game.row()).await?;
        tracing::info!(game_id = %game.id, rated = game.rated, "game created for a pair");
        Ok(())
    }
}
