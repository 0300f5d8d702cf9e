//! Leaderboard latency over HTTP with 100,000+ rated players, on SQLite and
//! PostgreSQL: the first page, deep pages by cursor, the page around a
//! player, and the query plans. Each backend gets a fresh database (a
//! SQLite file in a temp dir; a new PostgreSQL database, dropped at the
//! end), seeded directly, then served by the real application.
//!
//! ```sh
//! cargo run --release --example leaderboard_bench -- [players] [requests] [sqlite|postgres]
//! ```
//!
//! PostgreSQL comes from `OANQUAN_TEST_POSTGRES_URL` (a server where we may
//! create databases); without it only SQLite runs.

use std::time::{Duration, Instant};

use chrono::{TimeDelta, Utc};
use oanquan::api::settings::RateLimitSettings;
use oanquan::config::Config;
use oanquan::engine::Preset;
use oanquan::startup::Application;
use oanquan::store::DatabaseSettings;
use oanquan::store::{LeaderboardFilter, RankKey, Store};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::{Connection, Executor, PgConnection};

const BATCH: usize = 1000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let requests: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    // `sqlite` or `postgres` runs that backend alone.
    let only = args.next();

    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("bench.db").display());
    if only.as_deref() != Some("postgres") {
        run("SQLite", &sqlite, players, requests).await?;
    }
    if only.as_deref() == Some("sqlite") {
        return Ok(());
    }

    if let Ok(admin) = std::env::var("OANQUAN_TEST_POSTGRES_URL") {
        let name = format!("oanquan_bench_{}", std::process::id());
        let mut conn = PgConnection::connect(&admin).await?;
        conn.execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await?;
        let mut url = url::Url::parse(&admin)?;
        url.set_path(&format!("/{name}"));
        let outcome = run("PostgreSQL", url.as_str(), players, requests).await;
        conn.execute(format!(r#"DROP DATABASE "{name}" WITH (FORCE)"#).as_str())
            .await?;
        outcome?;
    } else {
        eprintln!("OANQUAN_TEST_POSTGRES_URL is not set: PostgreSQL skipped");
    }
    Ok(())
}

async fn run(backend: &str, url: &str, players: usize, requests: usize) -> anyhow::Result<()> {
    let mut settings = Config {
        rate_limit: RateLimitSettings::disabled(),
        ..Config::local(DatabaseSettings {
            url: url.parse().map_err(anyhow::Error::msg)?,
            max_connections: 4,
        })
    };
    settings.http.workers = Some(1);
    let app = Application::build(settings).await?;
    let base = format!("http://127.0.0.1:{}", app.port());
    let store = app.store().clone();
    let handle = app.handle();
    let server = tokio::spawn(app.run_until_stopped());

    let began = Instant::now();
    let established = seed(&store, players).await?;
    println!(
        "\n### {backend}: {players} players seeded in {:.1} s ({} established in classic)\n",
        began.elapsed().as_secs_f64(),
        established.len()
    );

    let client = reqwest::Client::new();
    let board = format!("{base}/v1/leaderboards/classic");
    let cursor_at = |rank: usize| {
        let (rating, id) = &established[rank - 1];
        let key = RankKey {
            rating: *rating,
            player_id: oanquan::domain::PlayerId::parse(id).unwrap(),
        };
        oanquan::api::views::rating_cursors::after(&key)
    };
    let deep = established.len() / 2;
    let bottom = established.len() - 50;
    let mut rng = StdRng::seed_from_u64(7);
    let around: Vec<String> = (0..requests)
        .map(|_| {
            let (_, id) = &established[rng.gen_range(0..established.len())];
            format!("{board}/around/{id}")
        })
        .collect();
    // Every seeded player has 10 games or more, so `min_games=2` shows the
    // same board with the same ranks; 2 has no per-point counts, so its
    // ranks are counted row by row, as every rank was before the counts.
    let by_rows = |urls: &[String]| -> Vec<String> {
        urls.iter()
            .map(|u| {
                let join = if u.contains('?') { '&' } else { '?' };
                format!("{u}{join}min_games=2")
            })
            .collect()
    };
    let deep_page = vec![format!("{board}?cursor={}", cursor_at(deep))];
    let bottom_page = vec![format!("{board}?cursor={}", cursor_at(bottom))];
    let cases: Vec<(String, Vec<String>)> = vec![
        ("first page (50)".into(), vec![board.clone()]),
        (
            format!("page after rank {deep} by cursor"),
            deep_page.clone(),
        ),
        (
            format!("page after rank {deep}, ranks counted row by row"),
            by_rows(&deep_page),
        ),
        (
            format!("page after rank {bottom} by cursor"),
            bottom_page.clone(),
        ),
        (
            format!("page after rank {bottom}, ranks counted row by row"),
            by_rows(&bottom_page),
        ),
        ("around a random established player".into(), around.clone()),
        ("around, ranks counted row by row".into(), by_rows(&around)),
        (
            "first page, include_provisional=true".into(),
            vec![format!("{board}?include_provisional=true")],
        ),
        (
            "first page, min_games=200".into(),
            vec![format!("{board}?min_games=200")],
        ),
    ];
    // The machine's load as the requests start (Linux).
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average (1, 5, 15 min) as timing starts: {}",
        load.trim()
    );
    println!("| request | p50 | p99 | mean |\n| --- | --- | --- | --- |");
    for (label, urls) in &cases {
        let mut times = Vec::with_capacity(requests);
        for i in 0..requests {
            let url = &urls[i % urls.len()];
            let start = Instant::now();
            let response = client.get(url).send().await?;
            assert!(
                response.status().is_success(),
                "{url}: {}",
                response.status()
            );
            response.bytes().await?;
            times.push(start.elapsed());
        }
        times.sort();
        let mean = times.iter().sum::<Duration>() / times.len() as u32;
        let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
        println!(
            "| {label} | {} | {} | {} |",
            ms(at(0.50)),
            ms(at(0.99)),
            ms(mean)
        );
    }

    let (rating, id) = &established[deep];
    let key = RankKey {
        rating: *rating,
        player_id: oanquan::domain::PlayerId::parse(id)?,
    };
    for include_provisional in [false, true] {
        let filter = LeaderboardFilter {
            include_provisional,
            min_games: 0,
        };
        println!("\nPlans, include_provisional={include_provisional}:");
        for (label, plan) in store
            .explain_leaderboard(Preset::Classic, &filter, &key, 51)
            .await?
        {
            println!("-- {label}\n{}", plan.join("\n"));
        }
    }

    handle.stop(true).await;
    server.await??;
    Ok(())
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Inserts `n` players with classic ratings (30 % also in village); returns
/// the established classic ones in ranking order as (rating, id).
async fn seed(store: &Store, n: usize) -> anyhow::Result<Vec<(f64, String)>> {
    let mut rng = StdRng::seed_from_u64(42);
    let now = Utc::now();
    let mut rows = Vec::with_capacity(n);
    for i in 0..n {
        let id = oanquan::domain::PlayerId::generate().to_string();
        // A bell curve around 1500 (sum of uniforms), RD: 70 % established.
        let rating = 1500.0 + (0..6).map(|_| rng.gen_range(-250.0..250.0)).sum::<f64>() / 2.0;
        let rd = if rng.gen_bool(0.7) {
            rng.gen_range(45.0..110.0)
        } else {
            rng.gen_range(110.0..350.0)
        };
        let games: i64 = rng.gen_range(10..400);
        let wins = rng.gen_range(0..=games);
        let draws = rng.gen_range(0..=games - wins);
        let last = now - TimeDelta::minutes(rng.gen_range(0..525_600));
        rows.push((i, id, rating, rd, games, wins, draws, last));
    }
    for chunk in rows.chunks(BATCH) {
        macro_rules! insert {
            ($pool:expr) => {{
                let mut players = sqlx::QueryBuilder::new(
                    "INSERT INTO players (id, name, skeleton_key, cased_skeleton_key, created_at) ",
                );
                players.push_values(chunk, |mut b, r| {
                    let name = format!("bench{:06}", r.0);
                    b.push_bind(r.1.clone())
                        .push_bind(name.clone())
                        .push_bind(name.clone())
                        .push_bind(name)
                        .push_bind(now);
                });
                players.build().execute($pool).await?;
                let mut ratings = sqlx::QueryBuilder::new(
                    "INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, \
                     games, wins, draws, losses, streak_kind, streak_length, last_played_at, \
                     opponents, established) ",
                );
                let village = chunk.iter().filter(|r| r.0 % 10 < 3);
                let entries = chunk
                    .iter()
                    .map(|r| ("classic", r))
                    .chain(village.map(|r| ("village", r)));
                ratings.push_values(entries, |mut b, (preset, r)| {
                    b.push_bind(r.1.clone())
                        .push_bind(preset)
                        .push_bind(r.2)
                        .push_bind(r.3)
                        .push_bind(0.06)
                        .push_bind(r.4)
                        .push_bind(r.5)
                        .push_bind(r.6)
                        .push_bind(r.4 - r.5 - r.6)
                        .push_bind("win")
                        .push_bind(1_i64)
                        .push_bind(r.7)
                        .push_bind(r.4)
                        // What `Standing::is_established` says of these
                        // rows: enough games and opponents, RD under 110.
                        .push_bind(i64::from(r.3 < 110.0));
                });
                ratings.build().execute($pool).await?;
            }};
        }
        match store {
            Store::Sqlite(pool) => insert!(pool),
            Store::Postgres(pool) => insert!(pool),
        }
    }
    if let Store::Postgres(pool) = store {
        // What autovacuum would have done by now: statistics, the
        // visibility map that lets the rank count read the index only, and
        // the counts' dead versions (every seeded batch rewrote them).
        sqlx::query("VACUUM ANALYZE player_ratings, leaderboard_buckets")
            .execute(pool)
            .await?;
    }
    let mut established: Vec<(f64, String)> = rows
        .into_iter()
        .filter(|r| r.3 < 110.0)
        .map(|r| (r.2, r.1))
        .collect();
    established.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(established)
}
