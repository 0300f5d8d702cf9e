//! Ratings from a round-robin: a Bradley–Terry (Elo) maximum-likelihood
//! fit of every result at once, a draw counting half a win, one player
//! anchored at 0, and 95 % intervals by bootstrap (each pairing's games
//! resampled with replacement, the fit redone).
//!
//! One virtual draw is added to every pairing that was played (as
//! BayesElo does): a player who won every game would otherwise be
//! infinitely strong. With 200 games a pairing it moves a rating by a few
//! Elo at most except at the extremes (a 200–0 score reads as ≈ +1,000,
//! not +∞).

use oanquan::search::Rng;

/// One pairing's result: players `a` and `b` (indices), A's wins, draws
/// and losses.
#[derive(Copy, Clone, Debug)]
pub struct Result {
    pub a: usize,
    pub b: usize,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Ratings in Elo, `anchor` at 0 (minorisation–maximisation, Hunter 2004).
pub fn fit(players: usize, results: &[Result], anchor: usize) -> Vec<f64> {
    // score[i][j]: i's points against j (virtual draw included), games[i][j].
    let mut score = vec![vec![0.0f64; players]; players];
    let mut games = vec![vec![0.0f64; players]; players];
    for r in results {
        let n = f64::from(r.wins + r.draws + r.losses) + 1.0;
        let s = f64::from(r.wins) + 0.5 * f64::from(r.draws) + 0.5;
        score[r.a][r.b] += s;
        score[r.b][r.a] += n - s;
        games[r.a][r.b] += n;
        games[r.b][r.a] += n;
    }
    let mut gamma = vec![1.0f64; players];
    for _ in 0..10_000 {
        let mut change = 0.0f64;
        for i in 0..players {
            let won: f64 = score[i].iter().sum();
            let denominator: f64 = (0..players)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 {
                let next = won / denominator;
                change = change.max((next / gamma[i]).ln().abs());
                gamma[i] = next;
            }
        }
        let norm = gamma[anchor];
        gamma.iter_mut().for_each(|g| *g /= norm);
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// The fit and, per player, its bootstrap 95 % interval (low, high).
pub fn fit_with_intervals(
    players: usize,
    results: &[Result],
    anchor: usize,
    samples: usize,
) -> (Vec<f64>, Vec<(f64, f64)>) {
    let ratings = fit(players, results, anchor);
    let mut rng = Rng::new(0xe10);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); players];
    for _ in 0..samples {
        let resampled: Vec<Result> = results
            .iter()
            .map(|r| {
                let n = r.wins + r.draws + r.losses;
                let (mut w, mut d, mut l) = (0, 0, 0);
                for _ in 0..n {
                    let k = rng.below(n);
                    if k < r.wins {
                        w += 1;
                    } else if k < r.wins + r.draws {
                        d += 1;
                    } else {
                        l += 1;
                    }
                }
                Result {
                    wins: w,
                    draws: d,
                    losses: l,
                    ..*r
                }
            })
            .collect();
        for (i, r) in fit(players, &resampled, anchor).into_iter().enumerate() {
            draws[i].push(r);
        }
    }
    let intervals = draws
        .into_iter()
        .map(|mut d| {
            d.sort_by(f64::total_cmp);
            let at = |q: f64| d[((d.len() - 1) as f64 * q).round() as usize];
            (at(0.025), at(0.975))
        })
        .collect();
    (ratings, intervals)
}
