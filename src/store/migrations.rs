//! The schema migrations of each backend, embedded in the binary and handed
//! to sqlx's migrator at start-up.
//!
//! sqlx's `migrate!` macro would embed them at compile time, but its
//! `macros` feature compiles sqlx's drivers, tokio and SQLite's C library a
//! second time for the macro host — a quarter of a cold release build. Files are named as sqlx expects (`0006_clocks.sql`) and the
//! checksum sqlx keeps per applied migration is over the same text, so
//! databases migrated by the macro carry on unchanged.

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use rust_embed::RustEmbed;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migrate, MigrateError, Migration, MigrationSource, MigrationType, Migrator};

#[derive(RustEmbed)]
#[folder = "migrations/sqlite/"]
struct SqliteFiles;

#[derive(RustEmbed)]
#[folder = "migrations/postgres/"]
struct PostgresFiles;

/// The migrations of one backend, as embedded files.
#[derive(Debug, Clone, Copy)]
pub enum Schema {
    Sqlite,
    Postgres,
}

impl Schema {
    fn files(self) -> Vec<(Cow<'static, str>, Cow<'static, [u8]>)> {
        fn read<E: RustEmbed>() -> Vec<(Cow<'static, str>, Cow<'static, [u8]>)> {
            E::iter()
                .filter_map(|name| E::get(&name).map(|file| (name, file.data)))
                .collect()
        }
        match self {
            Schema::Sqlite => read::<SqliteFiles>(),
            Schema::Postgres => read::<PostgresFiles>(),
        }
    }

    /// Every migration of the backend, in version order.
    pub fn migrations(self) -> Result<Vec<Migration>, String> {
        let mut migrations = self
            .files()
            .into_iter()
            .filter(|(name, _)| name.ends_with(".sql"))
            .map(|(name, data)| parse(&name, data))
            .collect::<Result<Vec<_>, _>>()?;
        migrations.sort_by_key(|migration| migration.version);
        Ok(migrations)
    }

    /// Brings a database up to the newest schema.
    pub async fn run<'a, A>(self, to: A) -> Result<(), MigrateError>
    where
        A: sqlx::Acquire<'a>,
        <A::Connection as std::ops::Deref>::Target: Migrate,
    {
        Migrator::new(self).await?.run(to).await
    }
}

impl MigrationSource<'static> for Schema {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move { self.migrations().map_err(BoxDynError::from) })
    }
}

/// `0006_clocks.sql` → version 6, described as "clocks", as sqlx reads a
/// migrations folder.
fn parse(name: &str, data: Cow<'static, [u8]>) -> Result<Migration, String> {
    let stem = name
        .strip_suffix(".sql")
        .ok_or_else(|| format!("migration {name}: not a .sql file"))?;
    let (version, description) = stem
        .split_once('_')
        .ok_or_else(|| format!("migration {name}: expected VERSION_DESCRIPTION.sql"))?;
    let version = version
        .parse::<i64>()
        .map_err(|e| format!("migration {name}: version: {e}"))?;
    let sql = match data {
        Cow::Borrowed(bytes) => {
            Cow::Borrowed(std::str::from_utf8(bytes).map_err(|e| format!("migration {name}: {e}"))?)
        }
        Cow::Owned(bytes) => {
            Cow::Owned(String::from_utf8(bytes).map_err(|e| format!("migration {name}: {e}"))?)
        }
    };
    let no_tx = sql.starts_with("-- no-transaction");
    Ok(Migration::new(
        version,
        Cow::Owned(description.replace('_', " ")),
        MigrationType::Simple,
        sql,
        no_tx,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_versions_in_order() {
        let versions = |schema: Schema| -> Vec<i64> {
            schema
                .migrations()
                .expect("the embedded migrations parse")
                .iter()
                .map(|m| m.version)
                .collect()
        };
        let sqlite = versions(Schema::Sqlite);
        assert!(sqlite.len() >= 7, "{sqlite:?}");
        assert!(sqlite.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(sqlite, versions(Schema::Postgres));
    }

    #[test]
    fn names_parse_as_sqlx_reads_them() {
        let migration = parse("0006_time_controls.sql", Cow::Borrowed(b"SELECT 1;")).unwrap();
        assert_eq!(migration.version, 6);
        assert_eq!(migration.description, "time controls");
        assert!(parse("clocks.sql", Cow::Borrowed(b"")).is_err());
        assert!(parse("0006_clocks.txt", Cow::Borrowed(b"")).is_err());
    }
}
