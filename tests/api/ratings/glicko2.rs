//! Glicko-2 as Glickman's paper states it ("Example of the Glicko-2
//! system", 2013, steps 1–8), written from the paper alone: no code shared
//! with `src/ratings` or the `skillratings` crate. The ratings tests check
//! the server against it and against the paper's published numbers.

use std::f64::consts::PI;

/// The Glicko-2 scale factor (step 2).
const SCALE: f64 = 173.7178;
/// The paper's convergence tolerance ε (step 5).
const EPSILON: f64 = 0.000_001;

/// Rating, RD and volatility on the Glicko (1500) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// One rating period: `player` meets each opponent once with the score
/// (1, ½ or 0) given beside it; `tau` is the system constant τ.
pub fn rating_period(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.volatility;
    let opponents: Vec<(f64, f64, f64)> = games
        .iter()
        .map(|(o, s)| ((o.rating - 1500.0) / SCALE, o.rd / SCALE, *s))
        .collect();
    // Step 3: the estimated variance v.
    let v = 1.0
        / opponents
            .iter()
            .map(|&(mu_j, phi_j, _)| {
                let e = expected(mu, mu_j, phi_j);
                g(phi_j).powi(2) * e * (1.0 - e)
            })
            .sum::<f64>();
    // Step 4: the estimated improvement Δ.
    let improvement: f64 = opponents
        .iter()
        .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j)))
        .sum();
    let delta = v * improvement;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Steps 6 and 7: the pre-period RD φ*, then the new φ' and μ'.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * improvement;
    // Step 8: back to the Glicko scale.
    Rating {
        rating: SCALE * new_mu + 1500.0,
        rd: SCALE * new_phi,
        volatility: new_sigma,
    }
}

/// Glickman's worked example: a 1500/200/0.06 player beats 1400/30 and
/// loses to 1550/100 and 1700/300, τ = 0.5.
pub fn glickmans_example() -> (Rating, [(Rating, f64); 3]) {
    let rated = |rating, rd| Rating {
        rating,
        rd,
        volatility: 0.06,
    };
    (
        rated(1500.0, 200.0),
        [
            (rated(1400.0, 30.0), 1.0),
            (rated(1550.0, 100.0), 0.0),
            (rated(1700.0, 300.0), 0.0),
        ],
    )
}
