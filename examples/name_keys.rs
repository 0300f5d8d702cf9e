//! What the name rules cost: `PlayerName::parse` and `NameKeys::of` per
//! name, the largest body `POST /v1/players` accepts, and the start-up fill
//! of the keys of players registered before migration 0005. Figures for
//! BENCHMARKS.md ("Names").
//!
//! `cargo run --release --example name_keys` (SQLite in a temp dir), and
//! with `OANQUAN_BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres`
//! PostgreSQL as well (a scratch database is created and dropped).

use std::time::Instant;

use anyhow::Context;
use oanquan::domain::{NameKeys, PlayerId, PlayerName};
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use sqlx::{Connection, Executor, PgConnection};

const LEGACY_PLAYERS: usize = 20_000;
const NAMES: [&str; 4] = ["Lan", "Nguyễn Thị Hồng", "Mary-Jane O'Neil", "東京タワー"];

fn per_call(what: &str, rounds: usize, mut call: impl FnMut()) {
    let started = Instant::now();
    for _ in 0..rounds {
        call();
    }
    let each = started.elapsed().as_secs_f64() / rounds as f64;
    println!("{what:<48} {:>9.2} µs", each * 1e6);
}

/// Players as the old rules let them in, with no keys yet, then the fill.
async fn fill(store: &Store) -> anyhow::Result<()> {
    store.migrate().await?;
    let rows: Vec<(String, String)> = (0..LEGACY_PLAYERS)
        .map(|i| {
            (
                PlayerId::generate().to_string(),
                format!("{} {i}", NAMES[i % 4]),
            )
        })
        .collect();
    for chunk in rows.chunks(1000) {
        macro_rules! insert {
            ($pool:expr) => {{
                let mut insert =
                    sqlx::QueryBuilder::new("INSERT INTO players (id, name, created_at) ");
                insert.push_values(chunk, |mut b, (id, name)| {
                    b.push_bind(id)
                        .push_bind(name)
                        .push_bind(chrono::Utc::now());
                });
                insert.build().execute($pool).await?;
            }};
        }
        match store {
            Store::Sqlite(pool) => insert!(pool),
            Store::Postgres(pool) => insert!(pool),
        }
    }
    let started = Instant::now();
    let filled = store.fill_name_keys().await?;
    let took = started.elapsed();
    anyhow::ensure!(filled.players == LEGACY_PLAYERS, "filled {filled:?}");
    println!(
        "fill_name_keys, {LEGACY_PLAYERS} players ({:?})      {:>9.0} ms ({:.1} µs a player)",
        store.backend(),
        took.as_secs_f64() * 1e3,
        took.as_secs_f64() * 1e6 / LEGACY_PLAYERS as f64
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    for name in NAMES {
        per_call(&format!("PlayerName::parse({name:?})"), 20_000, || {
            PlayerName::parse(name).unwrap();
        });
        per_call(&format!("NameKeys::of({name:?})"), 20_000, || {
            NameKeys::of(name);
        });
    }
    // The largest body is 16 KiB: a name of 5,400 three-byte characters.
    let huge = "ễ".repeat(16 * 1024 / 3);
    per_call(
        "PlayerName::parse(16 KiB, refused as too long)",
        2_000,
        || {
            PlayerName::parse(&huge).unwrap_err();
        },
    );

    let dir = tempfile::tempdir()?;
    let sqlite = DatabaseSettings {
        url: format!("sqlite://{}", dir.path().join("names.db").display())
            .parse()
            .map_err(anyhow::Error::msg)?,
        max_connections: 2,
    };
    fill(&Store::connect(&sqlite).await?).await?;

    if let Ok(admin_url) = std::env::var("OANQUAN_BENCH_POSTGRES_URL") {
        let name = format!("oanquan_bench_names_{}", std::process::id());
        let mut admin = PgConnection::connect(&admin_url).await?;
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await?;
        let mut url = url::Url::parse(&admin_url)?;
        url.set_path(&format!("/{name}"));
        let settings = DatabaseSettings {
            url: url.as_str().parse().map_err(anyhow::Error::msg)?,
            max_connections: 2,
        };
        let store = Store::connect(&settings)
            .await
            .context("scratch database")?;
        let outcome = fill(&store).await;
        store.close().await;
        admin
            .execute(format!(r#"DROP DATABASE "{name}" WITH (FORCE)"#).as_str())
            .await?;
        outcome?;
    }
    Ok(())
}
