//! The driver: one task per process that hears of games with a bot to
//! move, queues them fairly ([`FairQueue`]) and plays at most
//! [`Drive::max_searches`] turns at once, each a task of its own.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{broadcast, Semaphore};
use tokio::task::JoinSet;

use super::queue::{Bots, FairQueue};
use super::{bot_to_move, take_turn, Drive};
use crate::domain::{GameId, PlayerId};
use crate::games::{Games, Published};
use crate::store::Store;

/// How many games with a bot to move the driver may hear of before it
/// reads them from the database instead.
const BACKLOG: usize = 1024;
/// Games read per look at the database.
const POLL_BATCH: i64 = 100;
/// The most games the queue holds; the others wait in the database for
/// a later look.
const QUEUE_CAPACITY: usize = 1024;

/// Drives every bot until the process ends (see the module's doc);
/// `bots` is told how many moves wait.
pub async fn drive(games: Games, store: Store, drive: Drive, bots: Bots) {
    BotDriver::new(games, store, drive, &bots).run().await
}

pub(super) struct BotDriver {
    games: Games,
    store: Store,
    drive: Drive,
    searches: Arc<Semaphore>,
    queue: FairQueue,
    /// The games a turn is being played in, with the bot's opponent, and
    /// whether the game was heard of again meanwhile (then it is queued
    /// once more after).
    busy: HashMap<GameId, (PlayerId, bool)>,
    /// The turns being played; dropped with the driver, which aborts them.
    turns: JoinSet<()>,
    /// The game of each turn being played.
    playing: HashMap<tokio::task::Id, GameId>,
}

impl BotDriver {
    pub(super) fn new(games: Games, store: Store, drive: Drive, bots: &Bots) -> BotDriver {
        BotDriver {
            games,
            store,
            drive,
            searches: Arc::new(Semaphore::new(drive.max_searches)),
            queue: FairQueue::new(QUEUE_CAPACITY.max(drive.max_queued), bots.counter()),
            busy: HashMap::new(),
            turns: JoinSet::new(),
            playing: HashMap::new(),
        }
    }

    async fn run(mut self) {
        let mut published = self.bots_to_move();
        let mut poll = tokio::time::interval(self.drive.poll_every);
        poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = poll.tick() => self.poll().await,
                heard = published.recv() => match heard {
                    Ok((id, opponent)) => self.heard(id, opponent),
                    Err(broadcast::error::RecvError::Lagged(_)) => self.poll().await,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                Some(done) = self.turns.join_next_with_id(), if !self.turns.is_empty() => {
                    let task = match done {
                        Ok((task, ())) => task,
                        Err(error) => {
                            tracing::error!(%error, "a bot's turn failed");
                            error.id()
                        }
                    };
                    if let Some(id) = self.playing.remove(&task) {
                        self.turn_done(id);
                    }
                }
            }
        }
    }

    /// The games published with a bot to move, with the bot's opponent.
    /// Only those wake the driver: it is not woken, on another thread, for
    /// every move of players.
    fn bots_to_move(&self) -> broadcast::Receiver<(GameId, PlayerId)> {
        let (sender, receiver) = broadcast::channel(BACKLOG);
        self.games.listen(Box::new(move |published| {
            if let Published::Committed(transition) = published {
                let game = &transition.game;
                if bot_to_move(game).is_some() {
                    if let Some(opponent) = game.player(game.to_move.other()) {
                        let _ = sender.send((game.id.clone(), opponent.id.clone()));
                    }
                }
            }
            sender.receiver_count() > 0
        }));
        receiver
    }

    async fn poll(&mut self) {
        match self.store.games_bots_to_move(POLL_BATCH).await {
            Ok(games) => {
                for (id, opponent) in games {
                    // What the database said of a game whose turn is
                    // under way is older than that turn: not news.
                    if !self.busy.contains_key(&id) {
                        self.heard(id, opponent);
                    }
                }
            }
            Err(error) => tracing::warn!(%error, "cannot read the games bots are to move in"),
        }
    }

    /// Queues game `id`, whose bot plays `opponent`, unless a turn is
    /// being played in it (then it is queued again once that ends), and
    /// starts what turns the slots allow.
    pub(super) fn heard(&mut self, id: GameId, opponent: PlayerId) {
        if let Some((_, again)) = self.busy.get_mut(&id) {
            *again = true;
            return;
        }
        self.queue.push(opponent, id);
        self.start_turns();
    }

    fn start_turns(&mut self) {
        while self.busy.len() < self.drive.max_searches {
            let Some((opponent, id)) = self.queue.pop() else {
                return;
            };
            self.busy.insert(id.clone(), (opponent, false));
            let (games, store) = (self.games.clone(), self.store.clone());
            let (searches, most) = (self.searches.clone(), self.drive.move_time);
            let game = id.clone();
            let task = self.turns.spawn(async move {
                if let Err(error) = take_turn(&games, &store, &game, &searches, most).await {
                    tracing::warn!(game_id = %game, %error, "a bot could not move");
                }
            });
            self.playing.insert(task.id(), id);
        }
    }

    pub(super) fn turn_done(&mut self, id: GameId) {
        match self.busy.remove(&id) {
            Some((opponent, true)) => self.heard(id, opponent),
            _ => self.start_turns(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn game(n: u8) -> GameId {
        GameId::parse(&format!("Gm4x9QzLp{n}")).unwrap()
    }

    fn player(n: u8) -> PlayerId {
        PlayerId::parse(&format!("player{n:04}")).unwrap()
    }

    #[tokio::test]
    async fn turns_start_as_slots_free_and_a_game_heard_during_its_turn_comes_again() {
        let fx = crate::games::tests::Fixture::new().await;
        let drive = Drive {
            poll_every: Duration::from_secs(3600),
            max_searches: 1,
            move_time: Duration::from_millis(5),
            max_queued: 64,
        };
        let bots = Bots::new(&drive);
        let mut driver = BotDriver::new(fx.games.clone(), fx.store.clone(), drive, &bots);
        driver.heard(game(1), player(1));
        driver.heard(game(2), player(1));
        driver.heard(game(3), player(2));
        driver.heard(game(1), player(1));
        assert_eq!((driver.busy.len(), driver.turns.len()), (1, 1), "one slot");
        assert_eq!(driver.busy.get(&game(1)), Some(&(player(1), true)));
        assert_eq!(bots.waiting(), 2);

        // Player 1 was in line (game 2) before player 2 came (game 3); game
        // 1, heard again, goes behind game 2.
        driver.turn_done(game(1));
        assert_eq!(driver.busy.get(&game(2)), Some(&(player(1), false)));
        assert_eq!(driver.busy.get(&game(1)), None);
        assert_eq!((driver.busy.len(), bots.waiting()), (1, 2));
        driver.turn_done(game(2));
        assert_eq!(driver.busy.get(&game(3)), Some(&(player(2), false)));
        assert_eq!(bots.waiting(), 1);
        driver.turn_done(game(3));
        assert_eq!(driver.busy.get(&game(1)), Some(&(player(1), false)));
        assert_eq!(bots.waiting(), 0);
        driver.turn_done(game(1));
        assert!(driver.busy.is_empty());
        assert_eq!(bots.waiting(), 0);
    }
}
