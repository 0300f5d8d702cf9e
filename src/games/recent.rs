//! The games this process changed recently, as each committed transition
//! left them: what a move played in one statement starts from
//! ([`super::at_once`]), and what a move's unit of work plays on instead of
//! reading the game when the stored version is the entry's
//! ([`Games::play_for_token`](super::Games::play_for_token)). An entry is
//! only a guess: the statement writes only over the stored version the
//! entry was taken at, so an entry that another node or process moved past
//! writes nothing, and the unit of work reads such a game whole.
//!
//! Bounded: two generations of at most half the capacity each; an entry
//! used in the older one moves to the newer, and when the newer is full
//! the older is dropped whole. So the entries kept are the ones used
//! most recently, to within half the capacity, at O(1) per use.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::Game;
use crate::domain::{GameId, GameStatus};

#[derive(Debug, Default)]
pub(super) struct RecentGames {
    half: usize,
    generations: Mutex<[HashMap<GameId, Arc<Game>>; 2]>,
}

impl RecentGames {
    /// Keeps up to `capacity` games (none when 0).
    pub(super) fn new(capacity: usize) -> RecentGames {
        RecentGames {
            half: capacity.div_ceil(2),
            generations: Mutex::default(),
        }
    }

    /// Keeps `game` as committed; a game no longer active is dropped (no
    /// move can be played on it).
    pub(super) fn committed(&self, game: &Game) {
        if self.half == 0 {
            return;
        }
        let mut generations = self.lock();
        if game.status != GameStatus::Active {
            generations[0].remove(&game.id);
            generations[1].remove(&game.id);
            return;
        }
        generations[1].remove(&game.id);
        self.insert(&mut generations, game.id.clone(), Arc::new(game.clone()));
    }

    /// The game as this process last committed it, if kept.
    pub(super) fn get(&self, id: &GameId) -> Option<Arc<Game>> {
        if self.half == 0 {
            return None;
        }
        let mut generations = self.lock();
        if let Some(game) = generations[0].get(id) {
            return Some(game.clone());
        }
        let game = generations[1].remove(id)?;
        self.insert(&mut generations, id.clone(), game.clone());
        Some(game)
    }

    fn insert(
        &self,
        generations: &mut [HashMap<GameId, Arc<Game>>; 2],
        id: GameId,
        game: Arc<Game>,
    ) {
        if generations[0].len() >= self.half && !generations[0].contains_key(&id) {
            generations[1] = std::mem::take(&mut generations[0]);
        }
        generations[0].insert(id, game);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, [HashMap<GameId, Arc<Game>>; 2]> {
        self.generations
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
