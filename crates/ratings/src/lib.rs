//! Glicko-2 ratings: pure, no I/O. The parameters, the growth of RD with
//! inactivity, and one game's effect on both players' standings, through
//! the `skillratings` crate. The store applies [`rate_game`] when a rated
//! game finishes and again, in the same order, in `ratings rebuild`; both
//! get bit-identical results because the inputs (stored f64 values and the
//! game's stored `finished_at`) are identical.
//!
//! Each game is its own Glicko-2 rating period (as on Lichess): the update
//! inflates RD by one period's volatility, then applies the result. Before
//! that, RD grows by one further empty rating period for every full day
//! since the player's previous rated game in the preset (Glicko-2's step
//! for a period without games), never beyond [`MAX_RD`].

use chrono::{DateTime, TimeDelta, Utc};
use skillratings::glicko2::{
    decay_deviation, glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating,
};
use skillratings::Outcomes;

/// The system constant τ: how fast volatility may change. Glickman
/// suggests 0.3–1.2; 0.5 is the middle of that range and skillratings'
/// default. Ô Ăn Quan has no dice, so performances should be consistent
/// and volatility should move slowly.
pub const TAU: f64 = 0.5;
/// Where every player starts, in every preset.
pub const DEFAULT_RATING: f64 = 1500.0;
pub const DEFAULT_RD: f64 = 350.0;
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// RD never grows past the RD of a new player.
pub const MAX_RD: f64 = 350.0;
/// A rating with RD at or above this is provisional (as on Lichess): it is
/// shown with a flag and left off leaderboards by default. The migrations'
/// partial index repeats the number.
pub const PROVISIONAL_RD: f64 = 110.0;
/// Counted games a player needs to become established.
pub const ESTABLISHED_GAMES: i64 = 10;
/// Distinct opponents among them.
pub const ESTABLISHED_OPPONENTS: i64 = 5;
/// The length of one empty rating period when a player is idle.
pub const IDLE_PERIOD: TimeDelta = TimeDelta::days(1);

/// Rating, rating deviation and volatility, on the Glicko (1500) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

impl Glicko {
    pub const DEFAULT: Glicko = Glicko {
        rating: DEFAULT_RATING,
        rd: DEFAULT_RD,
        volatility: DEFAULT_VOLATILITY,
    };

    pub fn is_provisional(&self) -> bool {
        self.rd >= PROVISIONAL_RD
    }

    fn to_skillratings(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.rd,
            volatility: self.volatility,
        }
    }

    fn from_skillratings(rating: Glicko2Rating) -> Glicko {
        Glicko {
            rating: rating.rating,
            rd: rating.deviation,
            volatility: rating.volatility,
        }
    }
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko::DEFAULT
    }
}

/// A game's result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    pub const ALL: [GameResult; 3] = [GameResult::Win, GameResult::Draw, GameResult::Loss];

    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }

    pub fn from_name(name: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The same game from the other side.
    pub const fn flipped(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            GameResult::Win => Outcomes::WIN,
            GameResult::Draw => Outcomes::DRAW,
            GameResult::Loss => Outcomes::LOSS,
        }
    }
}

/// The run of equal results that ends with a player's last game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    pub kind: GameResult,
    pub length: i64,
}

/// A player's standing in one preset: the rating and the record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub glicko: Glicko,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// `None` until the first game.
    pub streak: Option<Streak>,
    /// The `finished_at` of the last rated game; `None` until the first.
    pub last_played_at: Option<DateTime<Utc>>,
    /// The distinct opponents of the games that counted.
    pub opponents: i64,
    /// Established by the operator (a seed of the rating pool), whatever
    /// the record.
    pub anchor: bool,
}

impl Standing {
    /// A player who has not played a rated game of the preset.
    pub const NEW: Standing = Standing {
        glicko: Glicko::DEFAULT,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        streak: None,
        last_played_at: None,
        opponents: 0,
        anchor: false,
    };

    /// Whether games against this player move the opponent's rating: an
    /// anchor, or at least [`ESTABLISHED_GAMES`] counted games against at
    /// least [`ESTABLISHED_OPPONENTS`] distinct opponents with an RD
    /// below [`PROVISIONAL_RD`].
    pub fn is_established(&self) -> bool {
        self.anchor
            || (self.games >= ESTABLISHED_GAMES
                && self.opponents >= ESTABLISHED_OPPONENTS
                && !self.glicko.is_provisional())
    }

    /// The standing after one more game with this result and new rating.
    fn after(&self, result: GameResult, glicko: Glicko, at: DateTime<Utc>) -> Standing {
        let streak = match self.streak {
            Some(streak) if streak.kind == result => Streak {
                length: streak.length + 1,
                ..streak
            },
            _ => Streak {
                kind: result,
                length: 1,
            },
        };
        Standing {
            glicko,
            games: self.games + 1,
            wins: self.wins + i64::from(result == GameResult::Win),
            draws: self.draws + i64::from(result == GameResult::Draw),
            losses: self.losses + i64::from(result == GameResult::Loss),
            streak: Some(streak),
            last_played_at: Some(at),
            ..*self
        }
    }
}

impl Default for Standing {
    fn default() -> Self {
        Standing::NEW
    }
}

/// The Glicko-2 configuration every update uses.
pub fn config() -> Glicko2Config {
    // An assignment rather than a struct update: cargo-mutants 27 would
    // delete the `tau` field of a struct expression, an equivalent mutant
    // (0.5 is also skillratings' default) that `exclude_re` cannot name
    // in that version.
    let mut config = Glicko2Config::new();
    config.tau = TAU;
    config
}

/// `glicko` after the empty rating periods between `last_played_at` and
/// `at`: one per full [`IDLE_PERIOD`], each Glicko-2's pre-period step
/// (RD² + σ²), capped at [`MAX_RD`]. A clock that went backwards counts as
/// no idle time.
pub fn after_idle(
    glicko: Glicko,
    last_played_at: Option<DateTime<Utc>>,
    at: DateTime<Utc>,
) -> Glicko {
    let Some(last) = last_played_at else {
        return glicko;
    };
    let periods = ((at - last).num_seconds() / IDLE_PERIOD.num_seconds()).max(0);
    let mut rating = glicko.to_skillratings();
    for _ in 0..periods {
        if rating.deviation >= MAX_RD {
            break;
        }
        rating = decay_deviation(&rating);
    }
    Glicko::from_skillratings(rating)
}

/// One rated game finished at `at` with `result` for `a`: both players'
/// new standings.
pub fn rate_game(
    a: &Standing,
    b: &Standing,
    result: GameResult,
    at: DateTime<Utc>,
) -> (Standing, Standing) {
    let a_now = after_idle(a.glicko, a.last_played_at, at).to_skillratings();
    let b_now = after_idle(b.glicko, b.last_played_at, at).to_skillratings();
    let (a_new, b_new) = glicko2(&a_now, &b_now, &result.outcome(), &config());
    (
        a.after(result, Glicko::from_skillratings(a_new), at),
        b.after(result.flipped(), Glicko::from_skillratings(b_new), at),
    )
}

/// One player's side of a game about to be rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub standing: Standing,
    /// No earlier game against this opponent counted for the player.
    pub first_meeting: bool,
}

/// One rated game under the rule that resists farming: a player's
/// standing moves only if the opponent [`Standing::is_established`] before
/// the game (as FIDE rates a game against an unrated player for the
/// unrated one only). `None` for a side whose standing stays as it was.
/// Each side that moves is rated by [`rate_game`] against the opponent's
/// standing as it was.
pub fn rate_counted(
    a: Side,
    b: Side,
    result: GameResult,
    at: DateTime<Utc>,
) -> (Option<Standing>, Option<Standing>) {
    let (a_new, b_new) = rate_game(&a.standing, &b.standing, result, at);
    let count = |side: Side, new: Standing, opponent: &Standing| {
        opponent.is_established().then_some(Standing {
            opponents: side.standing.opponents + i64::from(side.first_meeting),
            ..new
        })
    };
    (count(a, a_new, &b.standing), count(b, b_new, &a.standing))
}

/// One Glicko-2 rating period of `player`, whatever its number of games
/// (each an opponent's rating and the result), as Glickman's paper states
/// the algorithm. [`rate_game`] is such a period of one game for each
/// side; this form is what the paper's worked example checks.
pub fn rate_period(player: Glicko, games: &[(Glicko, GameResult)]) -> Glicko {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(opponent, result)| (opponent.to_skillratings(), result.outcome()))
        .collect();
    Glicko::from_skillratings(glicko2_rating_period(
        &player.to_skillratings(),
        &results,
        &config(),
    ))
}

#[cfg(test)]
mod tests;
