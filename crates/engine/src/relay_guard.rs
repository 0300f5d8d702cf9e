//! The endless-relay guard (RULES.md §3.5), as a cycle detector over the
//! states a move lifts from.
//!
//! Under RULES.md the guard can never fire: mandarin squares are never
//! lifted, and a relay can only come back to a lift square after sowing
//! round the whole ring, which drops a stone on both mandarin squares. Their
//! counts only grow during a move, so no state can repeat. The guard is
//! kept because the rules require it and a server must not trust a proof
//! with its liveness; it costs one comparison per relay.

/// Brent's cycle detection, fed one state at a time. It keeps one saved
/// state, so a move needs no memory that grows with its relays.
pub(super) struct CycleDetector<S> {
    saved: S,
    power: u32,
    lambda: u32,
}

impl<S: PartialEq + Clone> CycleDetector<S> {
    /// Starts at the move's first state.
    #[inline]
    pub(super) fn new(first: S) -> Self {
        CycleDetector {
            saved: first,
            power: 1,
            lambda: 0,
        }
    }

    /// Takes the next state; returns the cycle length once the sequence is
    /// known to cycle.
    #[inline]
    #[cfg(test)]
    pub(super) fn observe(&mut self, state: &S) -> Option<u32> {
        self.observe_with(|saved| state == saved, || state.clone())
    }

    /// [`CycleDetector::observe`] for a state that is costly to build:
    /// `equals_saved` compares it with the saved state, `build` makes it
    /// only when it must be saved (once per power of two).
    #[inline]
    pub(super) fn observe_with(
        &mut self,
        equals_saved: impl FnOnce(&S) -> bool,
        build: impl FnOnce() -> S,
    ) -> Option<u32> {
        self.lambda += 1;
        if equals_saved(&self.saved) {
            return Some(self.lambda);
        }
        if self.lambda == self.power {
            self.saved = build();
            self.power *= 2;
            self.lambda = 0;
        }
        None
    }
}

/// For a sequence `first, step(first), …` known to cycle with length
/// `cycle_len`, the index of the first state equal to an earlier one:
/// the tail length μ plus λ.
pub(super) fn first_repeat_index<S: PartialEq + Clone>(
    first: &S,
    cycle_len: u32,
    mut step: impl FnMut(&S) -> S,
) -> u32 {
    let mut behind = first.clone();
    let mut ahead = first.clone();
    for _ in 0..cycle_len {
        ahead = step(&ahead);
    }
    let mut index = cycle_len;
    while behind != ahead {
        behind = step(&behind);
        ahead = step(&ahead);
        index += 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The first index at which the sequence repeats, by brute force.
    fn naive_first_repeat(first: u64, step: impl Fn(u64) -> u64) -> u32 {
        let mut seen = HashMap::new();
        let mut state = first;
        for index in 0.. {
            if seen.insert(state, index).is_some() {
                return index;
            }
            state = step(state);
        }
        unreachable!()
    }

    fn detect(first: u64, step: impl Fn(u64) -> u64) -> u32 {
        let mut detector = CycleDetector::new(first);
        let mut state = first;
        // Brent's method reports within about twice the tail plus cycle
        // steps; no map here has more than 65,537 states.
        let mut steps = 0;
        let cycle_len = loop {
            state = step(state);
            steps += 1;
            assert!(steps <= 4 * 65_537, "no cycle reported in {steps} steps");
            if let Some(lambda) = detector.observe(&state) {
                break lambda;
            }
        };
        first_repeat_index(&first, cycle_len, |s| step(*s))
    }

    #[test]
    fn finds_the_first_repeat_of_every_tail_and_cycle_shape() {
        for tail in 0..20u64 {
            for cycle in 1..20u64 {
                // 0, 1, …, tail-1, then tail … tail+cycle-1 round and round.
                let step = |s: u64| {
                    if s + 1 < tail + cycle {
                        s + 1
                    } else {
                        tail
                    }
                };
                assert_eq!(detect(0, step), (tail + cycle) as u32, "{tail} {cycle}");
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_pseudo_random_maps() {
        for modulus in [7u64, 31, 97, 1009, 65_537] {
            for c in 1..20 {
                let step = |s: u64| (s * s + c) % modulus;
                assert_eq!(detect(3, step), naive_first_repeat(3, step));
            }
        }
    }
}
