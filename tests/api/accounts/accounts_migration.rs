//! Migration 0005 on a database made by the schema before it (0001–0004),
//! with rows in it: tokens keep working (with every scope, from 0019),
//! names get their keys, look-alike names that exist already both stay,
//! and nothing new may resemble them.

use std::path::Path;

use crate::helpers::{assert_problem, report_skip, Backend, TestApp};
use oanquan::domain::{ApiToken, NameKeys, PlayerId};
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use serde_json::Value;
use sqlx::migrate::Migrator;

/// Players as the old schema held them: (id, name, created_at).
const OLD_PLAYERS: [(&str, &str, &str); 4] = [
    ("aliceAAAAA", "Alice", "2025-01-01T00:00:00+00:00"),
    ("bobBBBBBBB", "Bob", "2025-01-02T00:00:00+00:00"),
    // Registered later, under the old rules, beside Alice: Cyrillic А.
    ("cyrilCCCCC", "\u{410}lice", "2025-01-03T00:00:00+00:00"),
    ("zwspDDDDDD", "alice\u{200b}", "2025-01-04T00:00:00+00:00"),
];

fn tokens() -> Vec<ApiToken> {
    OLD_PLAYERS.iter().map(|_| ApiToken::generate()).collect()
}

/// Applies migrations 0001 to 0004 only, from copies of their files.
async fn previous_schema(store: &Store, backend: Backend) {
    let folder = match backend {
        Backend::Sqlite => "migrations/sqlite",
        Backend::Postgres => "migrations/postgres",
    };
    let copies = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.as_str() < "0005" {
            std::fs::copy(&path, copies.path().join(name)).unwrap();
        }
    }
    let migrator = Migrator::new(Path::new(copies.path())).await.unwrap();
    match store {
        Store::Sqlite(pool) => migrator.run(pool).await.unwrap(),
        Store::Postgres(pool) => migrator.run(pool).await.unwrap(),
    }
}

async fn connect(url: &str) -> Store {
    let settings = DatabaseSettings {
        url: url.parse().unwrap(),
        max_connections: 2,
    };
    Store::connect(&settings).await.unwrap()
}

/// An old database: four players, a game, a move and a saved response.
async fn old_database(url: &str, backend: Backend, tokens: &[ApiToken]) {
    let store = connect(url).await;
    previous_schema(&store, backend).await;
    macro_rules! fill {
        ($pool:expr, $bool:literal) => {{
            for ((id, name, created_at), token) in OLD_PLAYERS.iter().zip(tokens) {
                let created_at = chrono::DateTime::parse_from_rfc3339(created_at).unwrap();
                sqlx::query(
                    "INSERT INTO players (id, name, name_key, token_hash, created_at) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(id)
                .bind(name)
                .bind(name.to_lowercase())
                .bind(token.hash().as_str())
                .bind(created_at.to_utc())
                .execute($pool)
                .await
                .unwrap();
            }
            sqlx::query(concat!(
                "INSERT INTO games (id, status, mandarin_setup, mandarin_value, empty_mandarin_is_gap, \
                 young_mandarin_min, first_move_mandarin_ban, refill_shortfall, max_plies, rated, \
                 created_by, south_id, north_id, first_seat, custom_start, start_position, position, \
                 ply, to_move, version, created_at, updated_at) VALUES ('gameGGGGGG', 'active', \
                 'big_stone', 10, ", $bool, ", 0, ", $bool, ", 'borrow', 400, ", $bool, ", 'cyrilCCCCC', \
                 'cyrilCCCCC', 'bobBBBBBBB', 'south', ", $bool, ", \
                 'M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1', '0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2', \
                 2, 'north', 2, $1, $1)"
            ))
            .bind(chrono::Utc::now())
            .execute($pool)
            .await
            .unwrap();
            sqlx::query(
                "INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at) \
                 VALUES ('gameGGGGGG', 1, 'south', '1L', 'cyrilCCCCC', \
                 '0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2', $1)",
            )
            .bind(chrono::Utc::now())
            .execute($pool)
            .await
            .unwrap();
            sqlx::query(
                "INSERT INTO idempotency_keys (player_id, key, fingerprint, status, headers, body, created_at) \
                 VALUES ('cyrilCCCCC', 'k1', 'f', 201, '{}', '{}', $1)",
            )
            .bind(chrono::Utc::now())
            .execute($pool)
            .await
            .unwrap();
        }};
    }
    match &store {
        Store::Sqlite(pool) => fill!(pool, "0"),
        Store::Postgres(pool) => fill!(pool, "false"),
    }
    store.close().await;
}

async fn upgrade_from_the_previous_schema(backend: Backend) {
    let tokens = tokens();
    let prepared = TestApp::spawn_prepared(backend, async |url| {
        old_database(url, backend, &tokens).await;
        // Two nodes starting at once: both migrate and fill, neither fails.
        // (On PostgreSQL; a SQLite file is served by one process, whose
        // migrations sqlx does not lock against another's.)
        let (a, b) = (connect(url).await, connect(url).await);
        if backend == Backend::Postgres {
            let (first, second) = tokio::join!(a.migrate(), b.migrate());
            first.unwrap();
            second.unwrap();
        } else {
            a.migrate().await.unwrap();
            b.migrate().await.unwrap();
        }
    })
    .await;
    let Some(app) = prepared else {
        report_skip(&format!("{}::{backend:?}", module_path!()));
        return;
    };

    // Every old token still works, and is the player's registration token.
    for ((id, name, _), token) in OLD_PLAYERS.iter().zip(&tokens) {
        let me: Value = app
            .get_with_token("/v1/me", token.as_str())
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(me["id"], *id);
        assert_eq!(me["name"], *name, "names are kept as they were");
        let listed: Value = app
            .get_with_token("/v1/me/tokens", token.as_str())
            .await
            .json()
            .await
            .unwrap();
        let listed = listed["tokens"].as_array().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["id"], *id);
        assert_eq!(listed[0]["label"], "registration");
        assert_eq!(listed[0]["current"], true);
        // Migration 0019: a token from before scopes may do everything.
        assert_eq!(
            listed[0]["scopes"],
            serde_json::json!(["read", "play", "challenge", "webhooks", "tokens"])
        );
    }
    assert_eq!(
        app.scalar_i64(
            "SELECT COUNT(*) FROM players WHERE skeleton_key IS NULL OR cased_skeleton_key IS NULL"
        )
        .await,
        0
    );
    assert_eq!(
        app.scalar_i64("SELECT COUNT(*) FROM idempotency_keys")
            .await,
        1
    );
    let game: Value = app.get("/v1/games/gameGGGGGG").await.json().await.unwrap();
    assert_eq!(game["players"]["south"]["name"], "\u{410}lice");

    // The oldest Alice keeps the plain keys; the later look-alikes are kept
    // with keys of their own, and block nothing.
    let alice = NameKeys::of("Alice");
    let keys_of = async |id: &str| {
        let sql = format!("SELECT skeleton_key FROM players WHERE id = '{id}'");
        match &app.store {
            Store::Sqlite(pool) => sqlx::query_scalar::<_, String>(&sql).fetch_one(pool).await,
            Store::Postgres(pool) => sqlx::query_scalar::<_, String>(&sql).fetch_one(pool).await,
        }
        .unwrap()
    };
    assert_eq!(keys_of("aliceAAAAA").await, alice.folded);
    for later in ["cyrilCCCCC", "zwspDDDDDD"] {
        assert_eq!(
            keys_of(later).await,
            NameKeys::disambiguated(&alice.folded, &PlayerId::parse(later).unwrap())
        );
    }

    // Nothing new may look like any of them.
    for clash in [
        "ALICE",
        "A1ice",
        "B0B",
        "\u{410}\u{4cf}\u{456}\u{441}\u{435}",
    ] {
        assert_problem(app.create_player(clash).await, 409, "name_taken").await;
    }
    let problem = assert_problem(app.create_player("alice").await, 409, "name_taken").await;
    assert!(
        problem["detail"].as_str().unwrap().contains(r#""Alice""#),
        "{problem}"
    );
    app.register("Carol").await;

    // A second start-up changes nothing.
    let before = app.scalar_i64("SELECT COUNT(*) FROM players").await;
    let node = app.sibling().await;
    assert_eq!(
        keys_of("cyrilCCCCC").await,
        NameKeys::disambiguated(&alice.folded, &PlayerId::parse("cyrilCCCCC").unwrap())
    );
    assert_eq!(
        node.get_with_token("/v1/me", tokens[0].as_str())
            .await
            .status(),
        200
    );
    assert_eq!(app.scalar_i64("SELECT COUNT(*) FROM players").await, before);

    if let Store::Sqlite(pool) = &app.store {
        let orphans: Vec<(String,)> = sqlx::query_as("PRAGMA foreign_key_check")
            .fetch_all(pool)
            .await
            .unwrap();
        assert!(orphans.is_empty(), "{orphans:?}");
    }
}

#[tokio::test]
async fn upgrade_from_the_previous_schema_sqlite() {
    upgrade_from_the_previous_schema(Backend::Sqlite).await;
}

#[tokio::test]
async fn upgrade_from_the_previous_schema_postgres() {
    upgrade_from_the_previous_schema(Backend::Postgres).await;
}
