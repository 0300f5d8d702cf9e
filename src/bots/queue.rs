//! The bot moves waiting for a search slot, handed out fairly: round-robin
//! by the bot's opponent, then by game, so that one player's many games
//! delay another player's bot by about one search per player, not one per
//! game. Bounded: a game that finds the queue full is left to the
//! driver's next look at the database, where it stays to move.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::domain::{GameId, PlayerId};

/// The most `Retry-After` says, however long the queue.
const MAX_RETRY_AFTER_SECS: u64 = 3600;

/// Games with a bot to move, waiting for a search slot.
#[derive(Debug)]
pub(super) struct FairQueue {
    /// The opponents with a game waiting, in the order they are served.
    players: VecDeque<PlayerId>,
    /// Each opponent's waiting games, oldest first.
    games: HashMap<PlayerId, VecDeque<GameId>>,
    queued: HashSet<GameId>,
    capacity: usize,
    /// How many are waiting, as [`Bots::waiting`] reads it.
    waiting: Arc<AtomicUsize>,
}

impl FairQueue {
    pub(super) fn new(capacity: usize, waiting: Arc<AtomicUsize>) -> FairQueue {
        FairQueue {
            players: VecDeque::new(),
            games: HashMap::new(),
            queued: HashSet::new(),
            capacity: capacity.max(1),
            waiting,
        }
    }

    /// Queues `game`, whose bot plays `opponent`, behind that opponent's
    /// other games; `false` when it is queued already or the queue is full.
    pub(super) fn push(&mut self, opponent: PlayerId, game: GameId) -> bool {
        if self.queued.len() >= self.capacity || !self.queued.insert(game.clone()) {
            return false;
        }
        let games = self.games.entry(opponent.clone()).or_default();
        if games.is_empty() {
            self.players.push_back(opponent);
        }
        games.push_back(game);
        self.count();
        true
    }

    /// The next game to search: the oldest of the opponent whose turn it
    /// is, who then goes to the back of the line.
    pub(super) fn pop(&mut self) -> Option<(PlayerId, GameId)> {
        let opponent = self.players.pop_front()?;
        let games = self.games.get_mut(&opponent)?;
        let game = games.pop_front()?;
        if games.is_empty() {
            self.games.remove(&opponent);
        } else {
            self.players.push_back(opponent.clone());
        }
        self.queued.remove(&game);
        self.count();
        Some((opponent, game))
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.queued.len()
    }

    fn count(&self) {
        let waiting = self.queued.len();
        self.waiting.store(waiting, Ordering::Relaxed);
        metrics::gauge!("oanquan_bot_moves_waiting").set(waiting as f64);
    }
}

/// This process's bots as the API sees them: how many moves wait for a
/// search slot, and whether a new game against a bot may start. Cheap to
/// clone.
#[derive(Clone, Debug)]
pub struct Bots {
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    max_searches: usize,
    move_time: Duration,
}

impl Bots {
    pub fn new(drive: &super::Drive) -> Bots {
        Bots {
            waiting: Arc::default(),
            max_waiting: drive.max_queued,
            max_searches: drive.max_searches.max(1),
            move_time: drive.move_time,
        }
    }

    /// Bot moves waiting for a search slot on this node.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    pub(super) fn counter(&self) -> Arc<AtomicUsize> {
        self.waiting.clone()
    }

    /// `Some(seconds)` to come back after when the queue is at its bound:
    /// then no new game against a bot starts. The seconds are the time the
    /// moves waiting take at most ([`Drive::move_time`](super::Drive)
    /// each, on every slot), rounded up, at least 1.
    pub fn busy(&self) -> Option<u64> {
        let waiting = self.waiting();
        if waiting < self.max_waiting {
            return None;
        }
        let total_ms = self.move_time.as_millis() as u64 * waiting as u64;
        let per_slot_ms = total_ms / self.max_searches as u64;
        Some(per_slot_ms.div_ceil(1000).clamp(1, MAX_RETRY_AFTER_SECS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Drive;

    fn player(n: u8) -> PlayerId {
        PlayerId::parse(&format!("player{n:04}")).unwrap()
    }

    fn game(n: u8) -> GameId {
        GameId::parse(&format!("game{n:06}")).unwrap()
    }

    #[test]
    fn games_are_handed_out_round_robin_by_opponent_then_by_game() {
        let waiting = Arc::new(AtomicUsize::new(0));
        let mut queue = FairQueue::new(100, waiting.clone());
        // A has four games waiting before B's one comes.
        for n in 1..=4 {
            assert!(queue.push(player(1), game(n)));
        }
        assert!(queue.push(player(2), game(5)));
        assert!(!queue.push(player(1), game(2)), "queued already");
        assert_eq!((queue.len(), waiting.load(Ordering::Relaxed)), (5, 5));
        let order: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(
            order,
            vec![
                (player(1), game(1)),
                (player(2), game(5)),
                (player(1), game(2)),
                (player(1), game(3)),
                (player(1), game(4)),
            ]
        );
        assert_eq!((queue.len(), waiting.load(Ordering::Relaxed)), (0, 0));
        // A game served may come again, behind its opponent's others.
        assert!(queue.push(player(1), game(1)));
        assert!(queue.push(player(1), game(2)));
        assert!(!queue.push(player(1), game(1)), "queued already");
        assert_eq!(queue.pop(), Some((player(1), game(1))));
    }

    #[test]
    fn a_full_queue_takes_no_more() {
        let mut queue = FairQueue::new(2, Arc::default());
        assert!(queue.push(player(1), game(1)));
        assert!(queue.push(player(2), game(2)));
        assert!(!queue.push(player(3), game(3)));
        assert_eq!(queue.len(), 2);
        queue.pop();
        assert!(queue.push(player(3), game(3)));
    }

    #[test]
    fn new_bot_games_wait_once_the_queue_is_at_its_bound() {
        let drive = Drive {
            poll_every: Duration::from_secs(1),
            max_searches: 2,
            move_time: Duration::from_millis(1_000),
            max_queued: 5,
        };
        let bots = Bots::new(&drive);
        let mut queue = FairQueue::new(100, bots.counter());
        for n in 1..=4 {
            queue.push(player(n), game(n));
        }
        assert_eq!(
            (bots.waiting(), bots.busy()),
            (4, None),
            "one below the bound"
        );
        queue.push(player(5), game(5));
        // 5 moves of at most 1 s on 2 slots: 2.5 s, said as 3.
        assert_eq!(bots.busy(), Some(3));
        for n in 6..=9 {
            queue.push(player(n), game(n));
        }
        assert_eq!(bots.busy(), Some(5), "9 moves on 2 slots: 4.5 s");
        let quick = Bots::new(&Drive {
            move_time: Duration::from_millis(10),
            max_queued: 1,
            ..drive
        });
        let mut queue = FairQueue::new(100, quick.counter());
        queue.push(player(1), game(1));
        assert_eq!(quick.busy(), Some(1), "at least a second");
    }
}
