//! Playing strength levels: the search with a cap on depth or nodes and,
//! for the weaker levels, seeded softmax noise over the root moves' values
//! (a beginner sees that a move loses two stones less often than that it
//! loses ten).

use crate::engine::Position;

use super::{search_with, Limits, Options, Rng, SearchResult, Weights};

/// A level, `1..=7` (weakest to strongest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

struct Spec {
    name: &'static str,
    description: &'static str,
    limits: Limits,
    /// Softmax temperature over root values, in stones; 0 plays the best.
    temperature: f64,
    /// The tuned evaluation (else the bare score difference).
    tuned: bool,
}

/// The top level's budget for a move in play, in nodes: the same strength
/// on a busy machine as on a quiet one (a wall-clock budget searched half
/// as deep with another process on the core). About 0.2 s of one core at
/// 5 M nodes per CPU-second; the caller's time limit stays a ceiling.
pub const MASTER_NODES: u64 = 1_000_000;

/// The plies of a game, from its first move, in which the levels that
/// play their best vary their choice ([`Level::choose`]): each side's
/// first move. Over the first six plies (a search of every root value,
/// shallower on the same budget, at each) the top level scored 9-2-19
/// against its own minimax search from balanced openings on classic, 30
/// games; with the first move alone varied the same games are 15-0-15.
pub const OPENING_PLIES: u32 = 2;

/// How far below the best root move's value (in stones) a move may be and
/// still be played for variety in the opening: an eighth of a stone (two
/// of the evaluation's units), so only moves the search values alike.
pub const OPENING_MARGIN: f64 = 0.125;

/// Whether `position` is within the first [`OPENING_PLIES`] of its game.
pub(super) fn in_opening(position: &Position) -> bool {
    position.ply() <= OPENING_PLIES
}

/// Plays, among the root moves of `result` within [`OPENING_MARGIN`] of the
/// best (their values true values: a search of every root move's value),
/// the one `seed` picks.
pub(super) fn vary(result: &mut SearchResult, seed: u64) {
    let Some(best) = result.moves.first().map(|m| m.value) else {
        return;
    };
    let near: Vec<_> = result
        .moves
        .iter()
        .filter(|m| m.value >= best - OPENING_MARGIN)
        .copied()
        .collect();
    let chosen = near[Rng::new(seed ^ 0x0be1_a7e5).below(near.len() as u32) as usize];
    if Some(chosen.mv) != result.best_move {
        result.best_move = Some(chosen.mv);
        result.value = chosen.value;
        result.exact = chosen.exact;
        result.pv = vec![chosen.mv];
    }
}

const fn capped(depth: Option<u32>, nodes: Option<u64>) -> Limits {
    Limits {
        depth,
        nodes,
        time: None,
    }
}

const SPECS: [Spec; 7] = [
    Spec {
        name: "Beginner",
        description: "Looks one move ahead at the score only and often picks a worse move at random: misses most threats, blunders mandarins.",
        limits: capped(Some(1), None),
        temperature: 3.0,
        tuned: false,
    },
    Spec {
        name: "Novice",
        description: "Sees its move and the reply; still chooses loosely among moves within a few stones of the best.",
        limits: capped(Some(2), None),
        temperature: 1.5,
        tuned: true,
    },
    Spec {
        name: "Casual",
        description: "Three plies deep with some randomness: takes what is offered, sometimes walks into a relay it did not see.",
        limits: capped(Some(3), None),
        temperature: 0.75,
        tuned: true,
    },
    Spec {
        name: "Club",
        description: "Four plies deep, slight randomness between near-equal moves.",
        limits: capped(Some(4), None),
        temperature: 0.3,
        tuned: true,
    },
    Spec {
        name: "Advanced",
        description: "Five plies deep, always its best move (for its first move of a game, one of the moves it finds equal best, chosen per game): about the published depth-5 AI, with a better evaluation.",
        limits: capped(Some(5), None),
        temperature: 0.0,
        tuned: true,
    },
    Spec {
        name: "Expert",
        description: "Full search on a budget of 20,000 positions a move (a few milliseconds): about six plies; plays endgames exactly when it can see to the end. Its first move of a game varies among equal best ones.",
        limits: capped(None, Some(20_000)),
        temperature: 0.0,
        tuned: true,
    },
    Spec {
        name: "Master",
        description: "Full search on 1,000,000 positions a move (about 0.2 s of one core): the strongest. In a position it finds lost it plays, among the moves within a few stones of the best, the one most likely to draw a five-ply player into a mistake. Its first move of a game varies among equal best ones.",
        limits: capped(None, None),
        temperature: 0.0,
        tuned: true,
    },
];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(SPECS.len() as u8);

    pub fn all() -> impl Iterator<Item = Level> {
        (1..=SPECS.len() as u8).map(Level)
    }

    /// The level numbered `n` (`1..=7`).
    pub fn new(n: u8) -> Option<Level> {
        (1..=SPECS.len() as u8).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> &'static Spec {
        &SPECS[self.0 as usize - 1]
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The level's own caps (depth, nodes); the caller's limits apply too.
    pub fn limits(self) -> Limits {
        self.spec().limits
    }

    /// Chooses a move: searches within the tighter of the level's and the
    /// caller's limits (for the top level, at most [`MASTER_NODES`]), then (for the noisy levels) samples a root move
    /// with probability proportional to `exp(value / temperature)`.
    /// `best_move` is the move chosen; the rest is the search's view.
    /// Only the chosen move's value is exact-or-estimate; the others may be
    /// bounds (see [`Level::analyse`]).
    ///
    /// The top level also models the opponent as the published depth-5 AI
    /// and, among the moves within a margin of the best, plays the one
    /// that does best against it ([`super::model`]); the values it reports
    /// stay the minimax values.
    ///
    /// In the first [`OPENING_PLIES`] of a game the levels that play their
    /// best (5 to 7) vary: among the moves within [`OPENING_MARGIN`] of the
    /// best they play the one the seed picks, so that games against them
    /// do not repeat one line (the seed is the game's and the ply's, so a
    /// game replays alike).
    pub fn choose(self, position: &Position, limits: Limits, seed: u64) -> SearchResult {
        if self == Level::MAX {
            return Level::choose_explained(position, limits, seed).0;
        }
        if self.spec().temperature == 0.0 && in_opening(position) {
            let mut result = self.run(position, limits, seed, true);
            vary(&mut result, seed);
            return result;
        }
        self.run(position, limits, seed, false)
    }

    /// [`Level::choose`] for the top level, and the moves its opponent
    /// model compared (empty where the model did not run): for
    /// `examples/search_probe`.
    pub fn choose_explained(
        position: &Position,
        limits: Limits,
        seed: u64,
    ) -> (SearchResult, Vec<super::Candidate>) {
        let level = Level::MAX;
        let limits = level
            .spec()
            .limits
            .min(limits.min(Limits::nodes(MASTER_NODES)));
        super::model::choose_explained(position, limits, seed, level.options(position, false))
    }

    /// The top level's move as it chose before the opponent model: the
    /// minimax search alone on [`MASTER_NODES`] (for comparisons).
    pub fn choose_minimax(self, position: &Position, limits: Limits, seed: u64) -> SearchResult {
        let limits = if self == Level::MAX {
            limits.min(Limits::nodes(MASTER_NODES))
        } else {
            limits
        };
        self.run(position, limits, seed, false)
    }

    /// Like [`Level::choose`], with the true value of every root move (a
    /// full-window search of each): for analysis, at a few times the cost,
    /// within the level's caps and the caller's limits only (the top level
    /// searches all it is given).
    pub fn analyse(self, position: &Position, limits: Limits, seed: u64) -> SearchResult {
        self.run(position, limits, seed, true)
    }

    fn options(self, position: &Position, all_values: bool) -> Options {
        let spec = self.spec();
        let noisy = spec.temperature > 0.0;
        Options {
            all_values: all_values || noisy,
            // The levels that play their best also play endgames perfectly.
            table: !noisy,
            weights: if spec.tuned {
                Weights::tuned(position.rules())
            } else {
                Weights::SCORE_ONLY
            },
        }
    }

    fn run(self, position: &Position, limits: Limits, seed: u64, all_values: bool) -> SearchResult {
        let spec = self.spec();
        let noisy = spec.temperature > 0.0;
        let options = self.options(position, all_values);
        let mut result = search_with(position, spec.limits.min(limits), seed, options);
        if noisy && result.moves.len() > 1 {
            let top = result.value;
            let weights: Vec<f64> = result
                .moves
                .iter()
                .map(|m| ((m.value - top) / spec.temperature).exp())
                .collect();
            let mut pick = Rng::new(seed ^ 0x5eed_1e7e1).unit() * weights.iter().sum::<f64>();
            let mut chosen = result.moves.len() - 1;
            for (i, w) in weights.iter().enumerate() {
                if pick < *w {
                    chosen = i;
                    break;
                }
                pick -= w;
            }
            let chosen = result.moves[chosen];
            if Some(chosen.mv) != result.best_move {
                result.best_move = Some(chosen.mv);
                result.value = chosen.value;
                result.exact = chosen.exact;
                result.pv = vec![chosen.mv];
            }
        }
        result
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}
