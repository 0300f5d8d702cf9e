//! Matches on a fixed budget: each pair of games starts from the same
//! balanced two-ply opening, once with each colour; the games of every
//! pairing run on a pool of threads (the results do not depend on the
//! scheduling: every game is fixed by its opening and seed).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use oanquan::engine::{Position, Preset, Seat};
use oanquan::search::{random_move, search, Limits, Rng};

use crate::players::{thread_cpu, Player};

#[derive(Copy, Clone, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub plies: u64,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Elo difference and its 95 % interval half-width (normal approximation
    /// on the per-game score, draws counted as half).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let score = (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n;
        let var = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |s: f64| {
            let s = s.clamp(0.5 / n, 1.0 - 0.5 / n);
            -400.0 * (1.0 / s - 1.0).log10()
        };
        let (lo, hi) = (elo(score - 1.96 * se), elo(score + 1.96 * se));
        (elo(score), (hi - lo) / 2.0)
    }
}

/// What a player spent: moves, nodes and thread CPU time.
#[derive(Copy, Clone, Debug, Default)]
pub struct Spent {
    pub moves: u64,
    pub nodes: u64,
    pub cpu: Duration,
}

/// A two-ply random opening that a 20,000-node search finds within four
/// stones of equal: the start itself favours the first player by ~17 stones,
/// and games from lopsided openings measure the opening, not the players.
fn balanced_opening(preset: Preset, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    loop {
        let mut opening = Position::start(preset.rules(), Seat::South);
        for _ in 0..2 {
            opening = opening
                .play(random_move(&opening, &mut rng).unwrap())
                .unwrap();
        }
        if !opening.is_over() && search(&opening, Limits::nodes(20_000), 0).value.abs() <= 4.0 {
            return opening;
        }
    }
}

/// Plays one game; returns South's result (1, 0, -1), the plies played and
/// what each side spent.
fn play(
    players: [&Player; 2],
    opening: &Position,
    nodes: u64,
    seed: u64,
) -> (i32, u32, [Spent; 2]) {
    let mut p = *opening;
    let mut ply = 0u64;
    let mut spent = [Spent::default(); 2];
    while !p.is_over() {
        let side = p.turn().index();
        let began = thread_cpu();
        let (m, n) = players[side].choose(&p, nodes, seed.wrapping_mul(1000).wrapping_add(ply));
        let s = &mut spent[side];
        s.cpu += thread_cpu() - began;
        s.moves += 1;
        s.nodes += n;
        p = p.play(m).unwrap();
        ply += 1;
        if std::env::var_os("STRENGTH_MOVES").is_some() {
            eprint!("{m} ");
        }
    }
    let sign = match p.outcome().unwrap().winner {
        Some(Seat::South) => 1,
        Some(Seat::North) => -1,
        None => 0,
    };
    (sign, p.ply() - 1, spent)
}

/// One pairing to play: A against B on a preset.
pub struct Pairing {
    pub preset: Preset,
    pub a: Player,
    pub b: Player,
}

/// Plays every pairing's `games` on `threads` threads, the openings seeded
/// from `first_opening` on (1 unless told), or every game from the start
/// position when `first_opening` is `None` (as games through the server
/// begin; the players' seeds and tie-breaks still vary); `done` is called
/// (under a lock) with each pairing's tally as soon as its last game ends.
pub fn run(
    pairings: &[Pairing],
    games: u32,
    first_opening: Option<u64>,
    nodes: u64,
    threads: usize,
    done: impl Fn(usize, &Tally) + Sync,
) -> (Vec<Tally>, BTreeMap<(Preset, String), Spent>) {
    let openings: BTreeMap<Preset, Vec<OnceLock<Position>>> = pairings
        .iter()
        .map(|p| p.preset)
        .map(|preset| {
            (
                preset,
                (0..games.div_ceil(2)).map(|_| OnceLock::new()).collect(),
            )
        })
        .collect();
    let jobs: Vec<(usize, u32)> = (0..pairings.len())
        .flat_map(|i| (0..games).map(move |g| (i, g)))
        .collect();
    let next = AtomicUsize::new(0);
    let state = Mutex::new((
        vec![Tally::default(); pairings.len()],
        vec![0u32; pairings.len()],
        BTreeMap::<(Preset, String), Spent>::new(),
    ));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&(i, game)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let pairing = &pairings[i];
                    let pair = game / 2;
                    let opening =
                        *openings[&pairing.preset][pair as usize].get_or_init(
                            || match first_opening {
                                Some(first) => {
                                    balanced_opening(pairing.preset, first + u64::from(pair))
                                }
                                None => Position::start(pairing.preset.rules(), Seat::South),
                            },
                        );
                    let a_is_south = game % 2 == 0;
                    let seed = u64::from(game);
                    let (sign, plies, spent) = if a_is_south {
                        play([&pairing.a, &pairing.b], &opening, nodes, seed)
                    } else {
                        let (sign, plies, [b, a]) =
                            play([&pairing.b, &pairing.a], &opening, nodes, seed);
                        (-sign, plies, [a, b])
                    };
                    if std::env::var_os("STRENGTH_GAMES").is_some() {
                        let a_result = sign;
                        eprintln!(
                            "game {} {} {} vs {}: A {} as {}, {plies} plies",
                            game,
                            pairing.preset.name(),
                            pairing.a.name(),
                            pairing.b.name(),
                            ["lost", "drew", "won"][(a_result + 1) as usize],
                            if a_is_south {
                                "first (south)"
                            } else {
                                "second (north)"
                            },
                        );
                    }
                    let mut state = state.lock().unwrap();
                    let (tallies, finished, spending) = &mut *state;
                    let t = &mut tallies[i];
                    t.plies += u64::from(plies);
                    match sign {
                        1 => t.wins += 1,
                        0 => t.draws += 1,
                        _ => t.losses += 1,
                    }
                    for (player, s) in [&pairing.a, &pairing.b].into_iter().zip(spent) {
                        let total = spending.entry((pairing.preset, player.name())).or_default();
                        total.moves += s.moves;
                        total.nodes += s.nodes;
                        total.cpu += s.cpu;
                    }
                    finished[i] += 1;
                    if finished[i] == games {
                        done(i, &tallies[i]);
                    }
                }
            });
        }
    });
    let (tallies, _, spending) = state.into_inner().unwrap();
    (tallies, spending)
}
