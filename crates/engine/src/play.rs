//! Playing a move (RULES.md §3): sowing, relays, captures, the turn change.

use super::events::{Event, Protection, Recorder, TurnEndReason};
use super::moves::Move;
use super::position::{EndReason, PlayError, Position};
use super::relay_guard::{first_repeat_index, CycleDetector};
use super::types::{Direction, Square};

/// What the square after the last sown stone leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// A citizen square holding stones: lift and sow on (§3.4b).
    Relay(Square),
    /// A mandarin square that is not a gap: the turn ends (§3.4a).
    Mandarin(Square),
    /// An empty square: look beyond it for a capture (§3.4c).
    Gap(Square),
    /// The relay from this square would repeat a state of this move (§3.5).
    Cycle(Square),
}

impl Position {
    /// Plays `m` and returns the new position.
    pub fn play(&self, m: Move) -> Result<Position, PlayError> {
        let mut next = *self;
        next.apply(m, &mut ())?;
        Ok(next)
    }

    /// Plays `m` and returns the new position with the move's event trace.
    pub fn play_traced(&self, m: Move) -> Result<(Position, Vec<super::Event>), PlayError> {
        let mut next = *self;
        let mut events = Vec::with_capacity(16);
        next.apply(m, &mut events)?;
        Ok((next, events))
    }

    /// Plays `m` in place, reporting each event to `rec`. On error nothing
    /// changes. With `rec = &mut ()` this allocates nothing.
    pub fn apply<R: Recorder>(&mut self, m: Move, rec: &mut R) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let origin = m.origin(self.turn);
        if self.stones[origin.index()] == 0 {
            return Err(PlayError::EmptySquare { square: m.square() });
        }
        let direction = m.direction();
        let (reason, square) = match self.sow_and_relay(origin, direction, rec) {
            Next::Mandarin(n) => (TurnEndReason::MandarinSquareAhead, n),
            Next::Cycle(n) => (TurnEndReason::RelayCycle, n),
            Next::Gap(n) => self.capture_from(n, direction, rec),
            Next::Relay(_) => unreachable!("sow_and_relay follows every relay"),
        };
        rec.record(Event::TurnEnd { reason, square });
        self.change_turn(rec);
        Ok(())
    }

    /// Sows from `origin` and follows relays until the move stops sowing.
    /// The states (board, square to lift) at each lift feed the endless-relay
    /// guard; should it ever find a cycle, the move is replayed and stopped at
    /// the first repeated state, as §3.5 asks.
    fn sow_and_relay<R: Recorder>(&mut self, origin: Square, dir: Direction, rec: &mut R) -> Next {
        let first = (self.stones, origin);
        let mark = rec.mark();
        rec.record(Event::Lift {
            square: origin,
            stones: self.stones[origin.index()],
        });
        let mut guard = CycleDetector::new(first);
        let mut lift = origin;
        loop {
            let n = match self.sow_from(lift, dir, rec) {
                Next::Relay(n) => n,
                stop => return stop,
            };
            // The lift squares first: they differ far more often than the
            // boards, so most relays skip the board comparison.
            let stones = &self.stones;
            let repeat =
                guard.observe_with(|saved| saved.1 == n && saved.0 == *stones, || (*stones, n));
            if let Some(cycle_len) = repeat {
                rec.rollback(mark);
                return self.replay_to_first_repeat(first, dir, cycle_len, rec);
            }
            rec.record(Event::Relay {
                square: n,
                stones: self.stones[n.index()],
            });
            lift = n;
        }
    }

    /// Replays a cycling move from its first state and stops it before the
    /// lift that would repeat a state.
    #[cold]
    fn replay_to_first_repeat<R: Recorder>(
        &mut self,
        first: ([u32; 12], Square),
        dir: Direction,
        cycle_len: u32,
        rec: &mut R,
    ) -> Next {
        let mut scratch = *self;
        let stop_at = first_repeat_index(&first, cycle_len, |&(stones, lift)| {
            scratch.stones = stones;
            match scratch.sow_from(lift, dir, &mut ()) {
                Next::Relay(n) => (scratch.stones, n),
                other => unreachable!("a cycling relay stopped: {other:?}"),
            }
        });
        let (stones, origin) = first;
        self.stones = stones;
        rec.record(Event::Lift {
            square: origin,
            stones: stones[origin.index()],
        });
        let mut lift = origin;
        for index in 1.. {
            let Next::Relay(n) = self.sow_from(lift, dir, rec) else {
                unreachable!("a cycling relay stopped")
            };
            if index == stop_at {
                return Next::Cycle(n);
            }
            rec.record(Event::Relay {
                square: n,
                stones: self.stones[n.index()],
            });
            lift = n;
        }
        unreachable!("the replay stops at the first repeat")
    }

    /// Lifts every stone of `lift`, sows them, and looks at the square after
    /// the last one.
    #[inline]
    fn sow_from<R: Recorder>(&mut self, lift: Square, dir: Direction, rec: &mut R) -> Next {
        let hand = std::mem::take(&mut self.stones[lift.index()]);
        let from = lift.step(dir);
        let laps = hand / 12;
        if laps > 0 {
            for s in &mut self.stones {
                *s += laps;
            }
        }
        drop_one_each(&mut self.stones, from.index(), (hand % 12) as usize, dir);
        let last = from.offset(dir, hand - 1);
        rec.record(Event::Sow {
            from,
            to: last,
            stones: hand,
        });
        let n = last.step(dir);
        if n.is_mandarin() {
            if self.counts_as_gap(n) {
                Next::Gap(n)
            } else {
                Next::Mandarin(n)
            }
        } else if self.stones[n.index()] > 0 {
            Next::Relay(n)
        } else {
            Next::Gap(n)
        }
    }

    /// An empty citizen square, or a completely empty mandarin square when
    /// `empty_mandarin_is_gap` is on.
    #[inline]
    fn counts_as_gap(&self, square: Square) -> bool {
        if square.is_mandarin() {
            self.rules.empty_mandarin_is_gap() && self.is_empty(square)
        } else {
            self.stones[square.index()] == 0
        }
    }

    /// Why `square` cannot be captured now, if it cannot.
    #[inline]
    fn protection(&self, square: Square) -> Option<Protection> {
        if !square.is_mandarin() {
            return None;
        }
        if self.ply == 1 && self.rules.first_move_mandarin_ban() {
            return Some(Protection::FirstMove);
        }
        let young = self.rules.young_mandarin_min();
        if young > 0 && self.has_mandarin(square) && self.stones[square.index()] < young {
            return Some(Protection::YoungMandarin);
        }
        None
    }

    /// Captures beyond the empty square `gap`, chaining over further gaps
    /// (§3.4c). Returns why and where the chain stopped.
    fn capture_from<R: Recorder>(
        &mut self,
        mut gap: Square,
        dir: Direction,
        rec: &mut R,
    ) -> (TurnEndReason, Square) {
        let mover = self.turn.index();
        loop {
            let target = gap.step(dir);
            if self.is_empty(target) {
                return (TurnEndReason::TwoEmptySquares, target);
            }
            if let Some(protection) = self.protection(target) {
                return (TurnEndReason::ProtectedMandarin(protection), target);
            }
            let stones = std::mem::take(&mut self.stones[target.index()]);
            let mandarin = self.has_mandarin(target);
            if mandarin {
                self.mandarin[target.index() / 6] = false;
                self.stores[mover].mandarins += 1;
            }
            self.stores[mover].small += stones as i32;
            rec.record(Event::Capture {
                square: target,
                stones,
                mandarin,
            });
            let after = target.step(dir);
            if !self.counts_as_gap(after) {
                return (TurnEndReason::ChainEnded, after);
            }
            gap = after;
        }
    }

    /// After a move (§3.6): the game ends when both mandarin squares are
    /// empty or `max_plies` moves were played; otherwise the turn passes with
    /// the refill of §3.1.
    fn change_turn<R: Recorder>(&mut self, rec: &mut R) {
        let played = self.ply;
        self.ply += 1;
        self.turn = self.turn.other();
        if self.is_empty(Square::WEST_MANDARIN) && self.is_empty(Square::EAST_MANDARIN) {
            self.sweep(EndReason::MandarinsCaptured, rec);
        } else if played >= self.rules.max_plies() {
            self.sweep(EndReason::MaxPlies, rec);
        } else {
            self.refill(rec);
        }
    }
}

/// Adds one stone to each of the `count` (< 12) squares from `from` on in
/// `dir`: at most two contiguous runs of the array, so no per-stone modulo.
#[inline]
fn drop_one_each(stones: &mut [u32; 12], from: usize, count: usize, dir: Direction) {
    let bump = |run: &mut [u32]| run.iter_mut().for_each(|s| *s += 1);
    match dir {
        Direction::Right if from + count <= 12 => bump(&mut stones[from..from + count]),
        Direction::Right => {
            bump(&mut stones[from..]);
            bump(&mut stones[..from + count - 12]);
        }
        Direction::Left if count <= from + 1 => bump(&mut stones[from + 1 - count..=from]),
        Direction::Left => {
            bump(&mut stones[..=from]);
            bump(&mut stones[12 + from + 1 - count..]);
        }
    }
}
