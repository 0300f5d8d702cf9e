//! The opening explorer's counters: each finished game added to one
//! bucket per position, move, `rated`, rating band, month and speed (the
//! games indexed in one transaction summed per bucket first); a
//! position's counts summed over its buckets.

use std::sync::LazyLock;

use chrono::{DateTime, Utc};

use super::explorer::{ExplorerCounts, ExplorerFilter};
use super::sqlite::direct::{fixed_chunks, SqlBuilder};
use super::{Store, StoreError, WriteTx};

/// One game's part of one bucket of `explorer_counts`: a position and a
/// move it played there (`*`: it reached the position; empty: it ended
/// there), under the game's filter bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplorerCount {
    pub rules: String,
    pub position: String,
    pub played: String,
    pub rated: bool,
    /// `floor(rating / 100) * 100`; -1 without a rating.
    pub rating_band: i32,
    /// The UTC month the game finished in, `YYYY-MM`.
    pub month: String,
    pub speed: &'static str,
    pub winner: &'static str,
    pub score_difference: i32,
    pub rating: Option<f64>,
}

/// The bucket bounds a filter falls on, when it does: `rating_band >=`,
/// `month >=`, `month <`.
pub(super) type Bounds = (Option<i32>, Option<String>, Option<String>);

/// The month an instant starts, if it is the first instant of one.
fn month_start(at: DateTime<Utc>) -> Option<String> {
    use chrono::{Datelike, Timelike};
    let first = at.day() == 1
        && at.hour() == 0
        && at.minute() == 0
        && at.second() == 0
        && at.nanosecond() == 0;
    first.then(|| at.format("%Y-%m").to_string())
}

/// The first of the filter's `min_rating`, `since` and `until` that cuts
/// inside a bucket (a rating not a multiple of 100, a time within a
/// month), if one does.
pub fn cut_inside_a_bucket(filter: &ExplorerFilter) -> Option<&'static str> {
    if filter.min_rating.is_some_and(|r| band_of(r).is_none()) {
        Some("min_rating")
    } else if filter.since.is_some_and(|at| month_start(at).is_none()) {
        Some("since")
    } else if filter.until.is_some_and(|at| month_start(at).is_none()) {
        Some("until")
    } else {
        None
    }
}

/// The rating band a minimum rating is the lower bound of, if it is one.
fn band_of(rating: f64) -> Option<i32> {
    ((0.0..=1e9).contains(&rating) && rating % 100.0 == 0.0).then_some(rating as i32)
}

/// The filter as bucket bounds, or `None` when it cuts inside a bucket
/// (a time within a month, a rating not a multiple of 100): the rows
/// answer then.
pub(super) fn bounds(filter: &ExplorerFilter) -> Option<Bounds> {
    let band = match filter.min_rating {
        None => None,
        Some(r) => Some(band_of(r)?),
    };
    let since = match filter.since {
        None => None,
        Some(at) => Some(month_start(at)?),
    };
    let until = match filter.until {
        None => None,
        Some(at) => Some(month_start(at)?),
    };
    Some((band, since, until))
}

/// The sums of the buckets of one position passing the bounds: `$1` to `$7`.
const BUCKET_SUMS: &str = "\
    SUM(games) AS games, SUM(south_wins) AS south_wins, SUM(north_wins) AS north_wins, \
    SUM(draws) AS draws, \
    CAST(SUM(score_difference_sum) AS DOUBLE PRECISION) / SUM(games) AS average_score_difference, \
    CASE WHEN SUM(rating_games) > 0 \
        THEN SUM(rating_sum) / SUM(rating_games) END AS average_rating \
    FROM explorer_counts WHERE rules = $1 AND position = $2 \
    AND ($3 IS NULL OR rated = $3) AND ($4 IS NULL OR rating_band >= $4) \
    AND ($5 IS NULL OR month >= $5) AND ($6 IS NULL OR month < $6) \
    AND ($7 IS NULL OR speed = $7)";

/// Rows per upsert of counts (14 values each): see [`fixed_chunks`].
const COUNTS_PER_UPSERT: &[usize] = &[16, 4, 1];

const UPSERT_COUNTS: &str = "INSERT INTO explorer_counts (rules, position, move, rated, \
    rating_band, month, speed, games, south_wins, north_wins, draws, score_difference_sum, \
    rating_sum, rating_games) ";

/// [`UPSERT_COUNTS`] for PostgreSQL: a transaction's buckets in one statement,
/// one array a column (see `INSERT_ROWS_UNNEST`).
const UPSERT_COUNTS_UNNEST: &str = "INSERT INTO explorer_counts (rules, position, move, rated, \
    rating_band, month, speed, games, south_wins, north_wins, draws, score_difference_sum, \
    rating_sum, rating_games) \
    SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::bool[], $5::int4[], \
        $6::text[], $7::text[], $8::int4[], $9::int4[], $10::int4[], $11::int4[], $12::int8[], \
        $13::float8[], $14::int4[])";

const ADD_COUNTS: &str = " ON CONFLICT (rules, position, move, rated, rating_band, month, speed) \
    DO UPDATE SET games = explorer_counts.games + excluded.games, \
    south_wins = explorer_counts.south_wins + excluded.south_wins, \
    north_wins = explorer_counts.north_wins + excluded.north_wins, \
    draws = explorer_counts.draws + excluded.draws, \
    score_difference_sum = explorer_counts.score_difference_sum + excluded.score_difference_sum, \
    rating_sum = explorer_counts.rating_sum + excluded.rating_sum, \
    rating_games = explorer_counts.rating_games + excluded.rating_games";

impl Store {
    /// The position's counts summed over its buckets within `bounds`.
    pub(super) async fn explorer_bucket_counts(
        &self,
        filter: &ExplorerFilter,
        (band, since, until): Bounds,
    ) -> Result<(ExplorerCounts, Vec<ExplorerCounts>), StoreError> {
        let sql = format!("SELECT move AS played, {BUCKET_SUMS} GROUP BY move");
        let mut rows = with_pool!(self, |pool| {
            sqlx::query_as::<_, ExplorerCounts>(&sql)
                .bind(&filter.rules)
                .bind(&filter.position)
                .bind(filter.rated)
                .bind(band)
                .bind(since.as_deref())
                .bind(until.as_deref())
                .bind(filter.speed.as_deref())
                .fetch_all(pool)
                .await
        })?;
        let total = match rows.iter().position(|row| row.played == "*") {
            Some(at) => rows.swap_remove(at),
            None => ExplorerCounts {
                played: String::new(),
                games: 0,
                south_wins: 0,
                north_wins: 0,
                draws: 0,
                average_score_difference: None,
                average_rating: None,
            },
        };
        rows.retain(|row| !row.played.is_empty());
        Ok((total, rows))
    }
}

/// A bucket's key: rules, position, move, `rated`, rating band, month,
/// speed (the table's primary key, in its order).
type BucketKey<'a> = (&'a str, &'a str, &'a str, bool, i32, &'a str, &'a str);

/// What the games of one transaction add to one bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Sums {
    games: i32,
    south_wins: i32,
    north_wins: i32,
    draws: i32,
    score_difference_sum: i64,
    rating_sum: f64,
    rating_games: i32,
}

/// The counts of several games summed per bucket, in key order: each
/// bucket once (as one upsert requires on PostgreSQL), and the buckets in
/// one order, so that transactions adding to the same buckets lock them
/// in the same order.
fn merged(counts: &[ExplorerCount]) -> Vec<(BucketKey<'_>, Sums)> {
    let mut buckets: std::collections::BTreeMap<BucketKey<'_>, Sums> = Default::default();
    for count in counts {
        let key = (
            count.rules.as_str(),
            count.position.as_str(),
            count.played.as_str(),
            count.rated,
            count.rating_band,
            count.month.as_str(),
            count.speed,
        );
        let sums = buckets.entry(key).or_default();
        let won = |seat: &str| i32::from(count.winner == seat);
        sums.games += 1;
        sums.south_wins += won("south");
        sums.north_wins += won("north");
        sums.draws += won("draw");
        sums.score_difference_sum += i64::from(count.score_difference);
        sums.rating_sum += count.rating.unwrap_or(0.0);
        sums.rating_games += i32::from(count.rating.is_some());
    }
    buckets.into_iter().collect()
}

impl WriteTx {
    /// Adds the counts of the games of one transaction to their buckets:
    /// one update a bucket, carrying the sums of every game counted in it.
    pub async fn add_explorer_counts(
        &mut self,
        counts: &[ExplorerCount],
    ) -> Result<(), StoreError> {
        let buckets = merged(counts);
        if let WriteTx::Postgres(tx) = self {
            let text = |f: fn(BucketKey<'_>) -> &str| {
                buckets.iter().map(|(key, _)| f(*key)).collect::<Vec<_>>()
            };
            let int = |f: fn(&Sums) -> i32| buckets.iter().map(|(_, s)| f(s)).collect::<Vec<_>>();
            static SQL: LazyLock<String> =
                LazyLock::new(|| format!("{UPSERT_COUNTS_UNNEST}{ADD_COUNTS}"));
            sqlx::query(SQL.as_str())
                .bind(text(|key| key.0))
                .bind(text(|key| key.1))
                .bind(text(|key| key.2))
                .bind(buckets.iter().map(|(key, _)| key.3).collect::<Vec<_>>())
                .bind(buckets.iter().map(|(key, _)| key.4).collect::<Vec<_>>())
                .bind(text(|key| key.5))
                .bind(text(|key| key.6))
                .bind(int(|s| s.games))
                .bind(int(|s| s.south_wins))
                .bind(int(|s| s.north_wins))
                .bind(int(|s| s.draws))
                .bind(
                    buckets
                        .iter()
                        .map(|(_, s)| s.score_difference_sum)
                        .collect::<Vec<_>>(),
                )
                .bind(
                    buckets
                        .iter()
                        .map(|(_, s)| s.rating_sum)
                        .collect::<Vec<_>>(),
                )
                .bind(int(|s| s.rating_games))
                .execute(&mut **tx)
                .await?;
            return Ok(());
        }
        for chunk in fixed_chunks(&buckets, COUNTS_PER_UPSERT) {
            let mut upsert = SqlBuilder::new(UPSERT_COUNTS);
            upsert.push_values(chunk, |mut values, (key, sums)| {
                values
                    .push_bind(key.0)
                    .push_bind(key.1)
                    .push_bind(key.2)
                    .push_bind(key.3)
                    .push_bind(key.4)
                    .push_bind(key.5)
                    .push_bind(key.6)
                    .push_bind(sums.games)
                    .push_bind(sums.south_wins)
                    .push_bind(sums.north_wins)
                    .push_bind(sums.draws)
                    .push_bind(sums.score_difference_sum)
                    .push_bind(sums.rating_sum)
                    .push_bind(sums.rating_games);
            });
            upsert.push(ADD_COUNTS);
            self.execute(&upsert.sql, &upsert.params).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn only_filters_on_the_buckets_bounds_read_the_buckets() {
        assert_eq!(
            month_start(at("2026-05-01T00:00:00Z")).as_deref(),
            Some("2026-05")
        );
        assert_eq!(month_start(at("2026-05-01T00:00:00.000001Z")), None);
        assert_eq!(month_start(at("2026-05-02T00:00:00Z")), None);
        let filter = |min_rating, since, until| ExplorerFilter {
            min_rating,
            since,
            until,
            ..ExplorerFilter::default()
        };
        assert_eq!(bounds(&filter(None, None, None)), Some((None, None, None)));
        assert_eq!(
            bounds(&filter(
                Some(1500.0),
                Some(at("2026-01-01T00:00:00Z")),
                Some(at("2027-01-01T00:00:00Z"))
            )),
            Some((
                Some(1500),
                Some("2026-01".to_owned()),
                Some("2027-01".to_owned())
            ))
        );
        assert_eq!(
            bounds(&filter(Some(0.0), None, None)),
            Some((Some(0), None, None))
        );
        assert_eq!(bounds(&filter(Some(1550.0), None, None)), None);
        assert_eq!(bounds(&filter(Some(-100.0), None, None)), None);
        assert_eq!(
            bounds(&filter(None, Some(at("2026-01-01T00:00:01Z")), None)),
            None
        );
        assert_eq!(
            bounds(&filter(None, None, Some(at("2026-01-15T00:00:00Z")))),
            None
        );
    }

    #[test]
    fn a_transactions_games_are_summed_once_per_bucket_in_key_order() {
        let count = |position: &str,
                     played: &str,
                     winner: &'static str,
                     difference: i32,
                     rating: Option<f64>| ExplorerCount {
            rules: "classic".to_owned(),
            position: position.to_owned(),
            played: played.to_owned(),
            rated: rating.is_some(),
            rating_band: -1,
            month: "2026-12".to_owned(),
            speed: "unlimited",
            winner,
            score_difference: difference,
            rating,
        };
        // Two games from the start (one won by South by 7, one drawn),
        // the second also through position "b".
        let counts = [
            count("start", "*", "south", 7, None),
            count("start", "3R", "south", 7, None),
            count("start", "*", "draw", 0, None),
            count("start", "1L", "draw", 0, None),
            count("b", "*", "draw", -3, None),
        ];
        let buckets = merged(&counts);
        let keys: Vec<(&str, &str)> = buckets.iter().map(|(k, _)| (k.1, k.2)).collect();
        assert_eq!(
            keys,
            [("b", "*"), ("start", "*"), ("start", "1L"), ("start", "3R")]
        );
        let start = buckets[1].1;
        assert_eq!(
            start,
            Sums {
                games: 2,
                south_wins: 1,
                north_wins: 0,
                draws: 1,
                score_difference_sum: 7,
                rating_sum: 0.0,
                rating_games: 0,
            }
        );
        assert_eq!(
            (buckets[0].1.games, buckets[0].1.score_difference_sum),
            (1, -3)
        );
        // A rated game's rating is summed with the games that have one.
        let rated = [
            count("start", "*", "north", -2, Some(1500.0)),
            count("start", "*", "north", -4, Some(1700.0)),
        ];
        let buckets = merged(&rated);
        assert_eq!(buckets.len(), 1);
        assert_eq!(
            (
                buckets[0].1.games,
                buckets[0].1.north_wins,
                buckets[0].1.rating_sum,
                buckets[0].1.rating_games
            ),
            (2, 2, 3200.0, 2)
        );
    }
}
