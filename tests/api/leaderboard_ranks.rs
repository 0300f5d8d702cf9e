//! Leaderboard ranks read from the per-rating-point counts equal the rank
//! counted row by row, on both backends: after random sequences of
//! writes to `player_ratings` (new standings, rating and game changes,
//! players becoming established or not, rows deleted, many rows in one
//! statement), after live rated games, and after a ratings rebuild.
//!
//! The oracle is the count of the rows above a key, written here
//! independently of the store; so is the expected content of
//! `leaderboard_buckets`.

use std::collections::BTreeMap;

use crate::helpers::TestApp;
use oanquan::domain::PlayerId;
use oanquan::engine::Preset;
use oanquan::store::{LeaderboardFilter, RankKey, Store};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A row of `player_ratings` as the leaderboards see it.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    player_id: String,
    preset: String,
    rating: f64,
    games: i64,
    established: bool,
}

async fn rows(app: &TestApp) -> Vec<Row> {
    let sql = "SELECT player_id, preset, rating, games, established FROM player_ratings";
    let raw: Vec<(String, String, f64, i64, i64)> = match &app.store {
        Store::Sqlite(pool) => sqlx::query_as(sql).fetch_all(pool).await,
        Store::Postgres(pool) => sqlx::query_as(sql).fetch_all(pool).await,
    }
    .unwrap();
    raw.into_iter()
        .map(|(player_id, preset, rating, games, established)| Row {
            player_id,
            preset,
            rating,
            games,
            established: established == 1,
        })
        .collect()
}

/// The rank of `key` counted from `rows`: 1 + the rows of the preset on
/// the board that come before it (rating descending, then id bytes).
fn oracle_rank(rows: &[Row], preset: &str, filter: &LeaderboardFilter, key: &RankKey) -> i64 {
    let min_games = filter.min_games.max(1);
    let above = rows
        .iter()
        .filter(|r| r.preset == preset && r.games >= min_games)
        .filter(|r| filter.include_provisional || r.established)
        .filter(|r| {
            r.rating > key.rating
                || (r.rating == key.rating
                    && r.player_id.as_bytes() < key.player_id.as_str().as_bytes())
        })
        .count();
    above as i64 + 1
}

/// The same count in SQL, the way the leaderboard counted it before it
/// had per-point counts.
async fn oracle_rank_sql(
    app: &TestApp,
    preset: &str,
    filter: &LeaderboardFilter,
    key: &RankKey,
) -> i64 {
    let established = if filter.include_provisional {
        ""
    } else {
        " AND established = 1"
    };
    let id = match app.store {
        Store::Sqlite(_) => "player_id",
        Store::Postgres(_) => r#"player_id COLLATE "C""#,
    };
    let sql = format!(
        "SELECT COUNT(*) FROM player_ratings WHERE preset = $1 AND games >= $2{established} \
         AND rating >= $3 AND (rating > $3 OR {id} < $4)"
    );
    let above: i64 = match &app.store {
        Store::Sqlite(pool) => {
            sqlx::query_scalar(&sql)
                .bind(preset)
                .bind(filter.min_games.max(1))
                .bind(key.rating)
                .bind(key.player_id.as_str())
                .fetch_one(pool)
                .await
        }
        Store::Postgres(pool) => {
            sqlx::query_scalar(&sql)
                .bind(preset)
                .bind(filter.min_games.max(1))
                .bind(key.rating)
                .bind(key.player_id.as_str())
                .fetch_one(pool)
                .await
        }
    }
    .unwrap();
    above + 1
}

/// The thresholds that have counts, written out here (migration 0024).
const THRESHOLDS: [i64; 9] = [1, 10, 20, 30, 50, 100, 200, 500, 1000];

type Buckets = BTreeMap<(String, i64, i64, i64), i64>;

/// What `leaderboard_buckets` must hold for `rows` (zero counts left out).
fn expected_buckets(rows: &[Row]) -> Buckets {
    let mut buckets = Buckets::new();
    for row in rows {
        for threshold in THRESHOLDS.into_iter().filter(|t| row.games >= *t) {
            for include_provisional in [0, 1] {
                if include_provisional == 1 || row.established {
                    let point = row.rating.floor() as i64;
                    let key = (row.preset.clone(), include_provisional, threshold, point);
                    *buckets.entry(key).or_default() += 1;
                }
            }
        }
    }
    buckets
}

async fn stored_buckets(app: &TestApp) -> Buckets {
    let sql = "SELECT preset, include_provisional, min_games, bucket, players \
               FROM leaderboard_buckets WHERE players <> 0";
    let raw: Vec<(String, i64, i64, i64, i64)> = match &app.store {
        Store::Sqlite(pool) => sqlx::query_as(sql).fetch_all(pool).await,
        Store::Postgres(pool) => sqlx::query_as(sql).fetch_all(pool).await,
    }
    .unwrap();
    raw.into_iter()
        .map(|(p, i, m, b, n)| ((p, i, m, b), n))
        .collect()
}

/// Filters under which every rank is compared: both boards, and
/// `min_games` values with counts (0 and 1 read the same ones) and
/// without (7, 25: counted row by row).
fn filters() -> Vec<LeaderboardFilter> {
    let mut filters = Vec::new();
    for include_provisional in [false, true] {
        for min_games in [0, 1, 7, 10, 20, 25, 30, 1000] {
            filters.push(LeaderboardFilter {
                include_provisional,
                min_games,
            });
        }
    }
    filters
}

/// Compares the stored counts with the rows, and every rank in `preset`
/// (each row's key and the `probes`) with both oracles.
async fn check(app: &TestApp, preset: Preset, probes: &[RankKey], context: &str) {
    let rows = rows(app).await;
    assert_eq!(
        stored_buckets(app).await,
        expected_buckets(&rows),
        "{context}: the counts"
    );
    let mut keys: Vec<RankKey> = rows
        .iter()
        .filter(|r| r.preset == preset.name())
        .map(|r| RankKey {
            rating: r.rating,
            player_id: PlayerId::parse(&r.player_id).unwrap(),
        })
        .collect();
    keys.extend(probes.iter().cloned());
    for filter in filters() {
        for key in &keys {
            let rank = app.store.rank_of(preset, &filter, key).await.unwrap();
            let expected = oracle_rank(&rows, preset.name(), &filter, key);
            assert_eq!(rank, expected, "{context}: {filter:?} {key:?}");
            let counted = oracle_rank_sql(app, preset.name(), &filter, key).await;
            assert_eq!(
                counted, expected,
                "{context}: the SQL oracle, {filter:?} {key:?}"
            );
        }
    }
}

/// Ratings near the edges of rating points, ties, and a negative one.
const RATINGS: [f64; 14] = [
    1499.0,
    1499.5,
    1499.999999999,
    1500.0,
    1500.000000001,
    1500.25,
    1500.5,
    1501.0,
    1502.75,
    1200.0,
    2500.0,
    -0.5,
    0.0,
    1500.0,
];
const GAMES: [i64; 12] = [0, 1, 2, 9, 10, 11, 20, 25, 30, 31, 999, 1000];

fn rating(rng: &mut StdRng) -> f64 {
    if rng.gen_bool(0.7) {
        RATINGS[rng.gen_range(0..RATINGS.len())]
    } else {
        rng.gen_range(1495.0..1505.0)
    }
}

/// Runs `sql` with text then float then integer parameters, in order.
async fn run(app: &TestApp, sql: &str, texts: &[&str], floats: &[f64], ints: &[i64]) {
    macro_rules! run {
        ($pool:expr) => {{
            let mut query = sqlx::query(sql);
            for text in texts {
                query = query.bind(*text);
            }
            for float in floats {
                query = query.bind(*float);
            }
            for int in ints {
                query = query.bind(*int);
            }
            query.execute($pool).await.map(drop)
        }};
    }
    match &app.store {
        Store::Sqlite(pool) => run!(pool),
        Store::Postgres(pool) => run!(pool),
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

const UPSERT: &str = "\
    INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, games, wins, draws, \
        losses, streak_kind, streak_length, last_played_at, opponents, anchor, established) \
    VALUES ($1, $2, $3, 80, 0.06, $4, $4, 0, 0, 'win', 1, NULL, 5, 0, $5) \
    ON CONFLICT (player_id, preset) DO UPDATE SET rating = excluded.rating, \
        games = excluded.games, wins = excluded.wins, losses = 0, draws = 0, \
        established = excluded.established";

backend_tests! {
    async fn ranks_from_the_counts_equal_the_rows_above_after_random_writes(app) {
        let mut players = Vec::new();
        for i in 0..9 {
            let (id, _) = app.register(&format!("r{i}")).await;
            players.push(id);
        }
        let presets = [Preset::Classic, Preset::Village];
        let mut rng = StdRng::seed_from_u64(20_261_207);
        for step in 0..160 {
            let preset = presets[rng.gen_range(0..presets.len())];
            let player = players[rng.gen_range(0..players.len())].clone();
            let p = preset.name();
            let what = rng.gen_range(0..10);
            let context = format!("step {step} ({what})");
            match what {
                // A new standing or a whole new value.
                0..=2 => {
                    let games = GAMES[rng.gen_range(0..GAMES.len())];
                    let established = i64::from(rng.gen_bool(0.6));
                    let rating = rating(&mut rng);
                    run(&app, UPSERT, &[&player, p], &[rating], &[games, established]).await;
                }
                // A rated game: one more game and a new rating.
                3 | 4 => {
                    let sql = "UPDATE player_ratings SET rating = $3, games = games + 1, \
                               wins = wins + 1 WHERE player_id = $1 AND preset = $2";
                    let rating = rating(&mut rng);
                    run(&app, sql, &[&player, p], &[rating], &[]).await;
                }
                // Becoming established, or no longer.
                5 => {
                    let sql = "UPDATE player_ratings SET established = 1 - established \
                               WHERE player_id = $1 AND preset = $2";
                    run(&app, sql, &[&player, p], &[], &[]).await;
                }
                // An anchor set or lifted by the operator.
                6 => {
                    let id = PlayerId::parse(&player).unwrap();
                    app.store.set_rating_anchor(&id, preset, rng.gen_bool(0.5)).await.unwrap();
                }
                // Every row of a preset at once, within and across points.
                7 => {
                    let sql = "UPDATE player_ratings SET rating = rating + $2 WHERE preset = $1";
                    let delta = [0.25, -0.25, 1.0, -3.5][rng.gen_range(0..4)];
                    run(&app, sql, &[p], &[delta], &[]).await;
                }
                // A write that changes nothing the boards see.
                8 => {
                    let sql = "UPDATE player_ratings SET rd = rd + 1, rating = rating \
                               WHERE player_id = $1 AND preset = $2";
                    run(&app, sql, &[&player, p], &[], &[]).await;
                }
                // A row deleted.
                _ => {
                    let sql = "DELETE FROM player_ratings WHERE player_id = $1 AND preset = $2";
                    run(&app, sql, &[&player, p], &[], &[]).await;
                }
            }
            let probes = [
                RankKey { rating: rating(&mut rng), player_id: PlayerId::parse(&player).unwrap() },
                RankKey { rating: 1500.0, player_id: PlayerId::parse(&players[0]).unwrap() },
            ];
            check(&app, preset, &probes, &context).await;
        }
    }

    async fn ranks_from_the_counts_follow_live_games_and_a_rebuild(app) {
        let mut players = Vec::new();
        for name in ["An", "Binh", "Chi", "Dung"] {
            players.push(app.anchored_player(name).await);
        }
        let newcomer = app.player("Em").await;
        for round in 0..2 {
            for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3)] {
                let game = app.rated_game("classic", &players[i], &players[j]).await;
                let loser = if (i + j + round) % 2 == 0 { &players[i] } else { &players[j] };
                app.resign(&game.id, loser).await;
            }
            let game = app.rated_game("classic", &newcomer, &players[round]).await;
            app.resign(&game.id, &players[round]).await;
        }
        let probe = [RankKey {
            rating: 1500.0,
            player_id: PlayerId::parse(&newcomer.id).unwrap(),
        }];
        check(&app, Preset::Classic, &probe, "after live games").await;

        // Counts gone wrong (by hand) are put right by a rebuild.
        run(&app, "UPDATE leaderboard_buckets SET players = players + 3", &[], &[], &[]).await;
        run(
            &app,
            "INSERT INTO leaderboard_buckets VALUES ('classic', 1, 1, 9999, 2)",
            &[],
            &[],
            &[],
        )
        .await;
        oanquan::games::rebuild_ratings(&app.store).await.expect("rebuild");
        check(&app, Preset::Classic, &probe, "after a rebuild").await;
    }
}
