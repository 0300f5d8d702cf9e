//! SQLite called on the caller's own thread.
//!
//! sqlx's SQLite driver runs each connection on a thread of its own and
//! hands it every statement over a channel, then the rows back: two thread
//! switches per statement, which profiles of a move put at a fifth of the
//! server's CPU and of a `GET` of a game at most of its kernel time. Here a
//! statement runs inline, on the task's thread, with rusqlite on the same
//! bundled SQLite: the write transactions (this process's one writer
//! connection, held by the writer queue, see [`super::writer_queue`]) and the
//! hot reads ([`super::direct_reads`]). A statement here is microseconds of
//! CPU in a WAL database, never a wait on the disk (`synchronous = NORMAL`
//! syncs only at checkpoints, which run elsewhere), and never a wait on a
//! lock (writers of this process queue on the turn; one of another process
//! makes `BEGIN` busy, which is retried asleep, not blocking).
//!
//! A query is written once for both backends: SQL with `$n` placeholders
//! and a slice of [`Param`]s, run by [`super::super::WriteTx::execute`] and its
//! `fetch_*` siblings; PostgreSQL binds the same params with sqlx. Values
//! are stored exactly as sqlx's SQLite driver stores them (times as its
//! RFC 3339 text), so the pool's readers read what this writes.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use chrono::{DateTime, NaiveDateTime, SecondsFormat, Utc};
use rusqlite::types::{FromSql, FromSqlError, Type, Value, ValueRef};
use rusqlite::{CachedStatement, Connection, ToSql};
use sqlx::postgres::PgArguments;
use sqlx::Postgres;

#[doc(hidden)]
pub use rusqlite::{Error as SqliteError, Row as SqliteRow};

/// A value for a `$n` placeholder, on either backend. `None`s are NULLs of
/// the variant's type (PostgreSQL is told the type of every parameter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Param<'a> {
    Text(Option<&'a str>),
    Int(Option<i32>),
    BigInt(Option<i64>),
    Real(Option<f64>),
    Bool(Option<bool>),
    Time(Option<DateTime<Utc>>),
    Blob(Option<&'a [u8]>),
}

macro_rules! param_from {
    ($($ty:ty => $variant:ident $(via $convert:path)?),* $(,)?) => {$(
        impl<'a> From<$ty> for Param<'a> {
            fn from(value: $ty) -> Param<'a> {
                Param::$variant(Some($($convert)?(value)))
            }
        }
        impl<'a> From<Option<$ty>> for Param<'a> {
            fn from(value: Option<$ty>) -> Param<'a> {
                Param::$variant(value.map(|v| $($convert)?(v)))
            }
        }
    )*};
}

param_from! {
    &'a str => Text,
    &'a String => Text via String::as_str,
    i32 => Int,
    i64 => BigInt,
    f64 => Real,
    bool => Bool,
    DateTime<Utc> => Time,
    &'a [u8] => Blob,
    &'a Vec<u8> => Blob via Vec::as_slice,
}

impl<'a> From<&'a Option<String>> for Param<'a> {
    fn from(value: &'a Option<String>) -> Param<'a> {
        Param::Text(value.as_deref())
    }
}

impl<'a> From<&'a Option<Vec<u8>>> for Param<'a> {
    fn from(value: &'a Option<Vec<u8>>) -> Param<'a> {
        Param::Blob(value.as_deref())
    }
}

/// `[Param; n]` from values that convert into params.
macro_rules! params {
    ($($value:expr),* $(,)?) => {
        [$($crate::store::sqlite::direct::Param::from($value)),*]
    };
}

/// How sqlx's SQLite driver stores a time: RFC 3339, `+00:00`, as many
/// fraction digits as it has.
pub fn sqlite_time(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(SecondsFormat::AutoSi, false)
}

impl ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::ToSqlOutput::{Borrowed, Owned};
        Ok(match *self {
            Param::Text(Some(text)) => Borrowed(ValueRef::Text(text.as_bytes())),
            Param::Int(Some(n)) => Owned(Value::Integer(n.into())),
            Param::BigInt(Some(n)) => Owned(Value::Integer(n)),
            Param::Real(Some(x)) => Owned(Value::Real(x)),
            Param::Bool(Some(b)) => Owned(Value::Integer(b.into())),
            Param::Time(Some(time)) => Owned(Value::Text(sqlite_time(time))),
            Param::Blob(Some(bytes)) => Borrowed(ValueRef::Blob(bytes)),
            _ => Owned(Value::Null),
        })
    }
}

/// A sqlx query for PostgreSQL with `params` bound in order.
pub(in crate::store) fn pg_query<'q>(
    sql: &'q str,
    params: &[Param<'q>],
) -> sqlx::query::Query<'q, Postgres, PgArguments> {
    params
        .iter()
        .fold(sqlx::query(sql), |query, &param| match param {
            Param::Text(v) => query.bind(v),
            Param::Int(v) => query.bind(v),
            Param::BigInt(v) => query.bind(v),
            Param::Real(v) => query.bind(v),
            Param::Bool(v) => query.bind(v),
            Param::Time(v) => query.bind(v),
            Param::Blob(v) => query.bind(v),
        })
}

/// `sql` prepared (from the connection's cache) with `params` bound to its
/// `$n` placeholders. SQLite numbers named parameters in the order they
/// first appear, so each is bound by its name: which `$n` each index
/// names is asked of SQLite once per statement text and thread
/// ([`placeholders`]), since each answer walks the statement's list of
/// names (quadratic in their number).
pub(super) fn prepared<'c>(
    conn: &'c Connection,
    sql: &str,
    params: &[Param<'_>],
) -> rusqlite::Result<CachedStatement<'c>> {
    let mut statement = conn.prepare_cached(sql)?;
    let numbers = placeholders(sql, &statement);
    for (index, &n) in (1..).zip(numbers.iter()) {
        let param = (n as usize)
            .checked_sub(1)
            .and_then(|i| params.get(i))
            .copied()
            .ok_or_else(|| {
                let name = statement.parameter_name(index).unwrap_or("?");
                SqliteError::InvalidParameterName(name.to_owned())
            })?;
        statement.raw_bind_parameter(index, param)?;
    }
    Ok(statement)
}

/// Statement texts whose facts [`per_text`] keeps per thread and kind;
/// past this many the map starts again.
const STATEMENT_TEXTS: usize = 512;

/// What one thread keeps of each statement text it prepared.
type Known<T> = RefCell<HashMap<Box<str>, T, BuildTextHasher>>;

/// Hashes statement texts a word at a time (FxHash's multiply and rotate):
/// the keys are this program's own SQL, up to a few kilobytes, looked up
/// for every statement run, where SipHash cost more than the lookup saved.
#[derive(Clone, Copy, Debug, Default)]
struct BuildTextHasher;

#[derive(Debug, Default)]
struct TextHasher(u64);

impl TextHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl std::hash::Hasher for TextHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.add(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let mut tail = [0u8; 8];
        let rest = words.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(tail));
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl std::hash::BuildHasher for BuildTextHasher {
    type Hasher = TextHasher;

    fn build_hasher(&self) -> TextHasher {
        TextHasher::default()
    }
}

/// A fact of the prepared statement `sql` kept in `known` (this thread's,
/// keyed by statement text): the one kept if `fits` it, else `find()`,
/// then kept. Asking SQLite walks its lists under a mutex each time.
fn per_text<T: Clone>(
    known: &'static std::thread::LocalKey<Known<T>>,
    sql: &str,
    fits: impl Fn(&T) -> bool,
    find: impl FnOnce() -> T,
) -> T {
    if let Some(kept) = known.with_borrow(|known| known.get(sql).cloned()) {
        if fits(&kept) {
            return kept;
        }
    }
    let found = find();
    known.with_borrow_mut(|known| {
        if known.len() >= STATEMENT_TEXTS {
            known.clear();
        }
        known.insert(sql.into(), found.clone());
    });
    found
}

/// The `n` of each parameter index's `$n` name in `statement`, the
/// prepared `sql` (0 for another name).
fn placeholders(sql: &str, statement: &CachedStatement<'_>) -> Rc<[u32]> {
    thread_local! {
        static KNOWN: Known<Rc<[u32]>> = RefCell::new(HashMap::default());
    }
    let count = statement.parameter_count();
    per_text(
        &KNOWN,
        sql,
        |numbers| numbers.len() == count,
        || {
            (1..=count)
                .map(|index| {
                    statement
                        .parameter_name(index)
                        .and_then(|name| name.strip_prefix('$'))
                        .and_then(|n| n.parse::<u32>().ok())
                        .unwrap_or(0)
                })
                .collect()
        },
    )
}

/// Runs a statement to its end; the rows it changed.
pub(in crate::store) fn execute(
    conn: &Connection,
    sql: &str,
    params: &[Param<'_>],
) -> rusqlite::Result<u64> {
    let mut statement = prepared(conn, sql, params)?;
    let mut rows = statement.raw_query();
    while rows.next()?.is_some() {}
    Ok(conn.changes())
}

/// Up to `limit` rows of a query.
pub(in crate::store) fn query<R: FromDirect>(
    conn: &Connection,
    sql: &str,
    params: &[Param<'_>],
    limit: usize,
) -> rusqlite::Result<Vec<R>> {
    let mut statement = prepared(conn, sql, params)?;
    let names = column_names(sql, &statement);
    let mut rows = statement.raw_query();
    let mut found = Vec::new();
    while found.len() < limit {
        match rows.next()? {
            Some(row) => found.push(R::from_direct(row, &names)?),
            None => break,
        }
    }
    Ok(found)
}

/// A statement's column names, in order.
type Names = Rc<[Box<str>]>;

/// The names of `statement`'s columns, the prepared `sql`, kept per
/// statement text and thread ([`per_text`]): asking SQLite for a name
/// costs some hundred instructions (a mutex, a UTF-8 check), and a game's
/// row has sixty.
fn column_names(sql: &str, statement: &CachedStatement<'_>) -> Names {
    thread_local! {
        static KNOWN: Known<Names> = RefCell::new(HashMap::default());
    }
    let count = statement.column_count();
    per_text(
        &KNOWN,
        sql,
        |names| names.len() == count,
        || {
            statement
                .column_names()
                .into_iter()
                .map(Box::from)
                .collect()
        },
    )
}

/// A row struct read from a rusqlite row (see `row_struct!`).
pub trait FromDirect: Sized {
    /// Reads a row whose columns are named `names`.
    fn from_direct(row: &SqliteRow<'_>, names: &[Box<str>]) -> rusqlite::Result<Self> {
        Self::from_columns(&mut Columns {
            row,
            names,
            next: 0,
        })
    }

    /// Reads the fields from `columns`, in order.
    fn from_columns(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self>;
}

/// A row read field by field. A field's column is looked for first where
/// the previous field's ended (a `SELECT` lists them in the struct's order)
/// or at the previous field's (a struct that reads its id, then the struct
/// of its columns), then by name among all.
pub struct Columns<'r, 's> {
    row: &'r SqliteRow<'s>,
    names: &'r [Box<str>],
    next: usize,
}

impl Columns<'_, '_> {
    /// Column `name` as a `T`.
    pub fn get<T: DirectColumn>(&mut self, name: &str) -> rusqlite::Result<T> {
        let index = self.index_of(name)?;
        at(self.row, index)
    }

    /// Column `name` read as text and converted with `TryFrom<String>`.
    pub fn parsed<T, E>(&mut self, name: &str) -> rusqlite::Result<T>
    where
        T: TryFrom<String, Error = E>,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let index = self.index_of(name)?;
        let text: String = at(self.row, index)?;
        T::try_from(text)
            .map_err(|e| SqliteError::FromSqlConversionFailure(index, Type::Text, e.into()))
    }

    /// The next column, whatever its name (tuples).
    fn next<T: DirectColumn>(&mut self) -> rusqlite::Result<T> {
        let index = self.next;
        self.next += 1;
        at(self.row, index)
    }

    fn index_of(&mut self, name: &str) -> rusqlite::Result<usize> {
        let names = self.names;
        // Columns are read in the order the statement names them, under
        // the names the row struct gives: the next one, compared byte for
        // byte, is nearly always it.
        if names.get(self.next).is_some_and(|found| **found == *name) {
            self.next += 1;
            return Ok(self.next - 1);
        }
        let named = |index: &usize| {
            names
                .get(*index)
                .is_some_and(|found| found.eq_ignore_ascii_case(name))
        };
        let index = [Some(self.next), self.next.checked_sub(1)]
            .into_iter()
            .flatten()
            .find(named)
            .or_else(|| {
                names
                    .iter()
                    .position(|found| found.eq_ignore_ascii_case(name))
            })
            .ok_or_else(|| SqliteError::InvalidColumnName(name.to_owned()))?;
        self.next = index + 1;
        Ok(index)
    }
}

/// A field of a row struct, read from one column.
pub trait DirectColumn: Sized {
    fn read(value: ValueRef<'_>) -> Result<Self, FromSqlError>;
}

macro_rules! column_via_from_sql {
    ($($ty:ty),*) => {$(
        impl DirectColumn for $ty {
            fn read(value: ValueRef<'_>) -> Result<Self, FromSqlError> {
                <$ty as FromSql>::column_result(value)
            }
        }
        impl DirectColumn for Option<$ty> {
            fn read(value: ValueRef<'_>) -> Result<Self, FromSqlError> {
                <Option<$ty> as FromSql>::column_result(value)
            }
        }
    )*};
}

column_via_from_sql!(String, i32, i64, f64, bool, Vec<u8>);

impl DirectColumn for DateTime<Utc> {
    fn read(value: ValueRef<'_>) -> Result<Self, FromSqlError> {
        match value {
            ValueRef::Text(text) => {
                let text = std::str::from_utf8(text).map_err(|e| FromSqlError::Other(e.into()))?;
                parse_time(text)
                    .ok_or_else(|| FromSqlError::Other(format!("not a time: {text:?}").into()))
            }
            ValueRef::Integer(seconds) => {
                DateTime::from_timestamp(seconds, 0).ok_or(FromSqlError::OutOfRange(seconds))
            }
            _ => Err(FromSqlError::InvalidType),
        }
    }
}

impl DirectColumn for Option<DateTime<Utc>> {
    fn read(value: ValueRef<'_>) -> Result<Self, FromSqlError> {
        match value {
            ValueRef::Null => Ok(None),
            value => DateTime::read(value).map(Some),
        }
    }
}

/// The text forms of a time that sqlx's SQLite driver reads: RFC 3339,
/// else SQLite's own `YYYY-MM-DD HH:MM:SS[.fff]` taken as UTC.
fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(time) = DateTime::parse_from_rfc3339(text) {
        return Some(time.with_timezone(&Utc));
    }
    ["%F %T%.f", "%FT%T%.f", "%F %T", "%FT%T"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .map(|naive| naive.and_utc())
}

fn at<T: DirectColumn>(row: &SqliteRow<'_>, index: usize) -> rusqlite::Result<T> {
    T::read(row.get_ref(index)?).map_err(|error| conversion(index, error))
}

/// A column that could not be read as its field's type.
pub fn conversion(index: usize, error: FromSqlError) -> SqliteError {
    match error {
        FromSqlError::InvalidType => {
            SqliteError::InvalidColumnType(index, String::new(), Type::Null)
        }
        other => SqliteError::FromSqlConversionFailure(index, Type::Text, Box::new(other)),
    }
}

macro_rules! tuple_from_direct {
    ($(($($name:ident),+))*) => {$(
        impl<$($name: DirectColumn),+> FromDirect for ($($name,)+) {
            fn from_columns(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self> {
                Ok(($(columns.next::<$name>()?,)+))
            }
        }
    )*};
}

tuple_from_direct! {
    (A)
    (A, B)
    (A, B, C)
}

/// Builds a statement with `VALUES (…), (…)` for many rows, numbering
/// each bound value `$n` (the shape of sqlx's `QueryBuilder`, for both
/// backends).
#[derive(Debug, Default)]
pub(in crate::store) struct SqlBuilder<'a> {
    pub sql: String,
    pub params: Vec<Param<'a>>,
}

impl<'a> SqlBuilder<'a> {
    pub fn new(start: &str) -> SqlBuilder<'a> {
        SqlBuilder {
            sql: start.to_owned(),
            params: Vec::new(),
        }
    }

    pub fn push(&mut self, sql: &str) -> &mut Self {
        self.sql.push_str(sql);
        self
    }

    /// Appends `VALUES ($1, …), (…)`: one group per item, each filled by `row`.
    pub fn push_values<T>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        mut row: impl FnMut(Values<'_, 'a>, T),
    ) -> &mut Self {
        self.sql.push_str("VALUES ");
        for (i, item) in items.into_iter().enumerate() {
            self.sql.push_str(if i == 0 { "(" } else { ", (" });
            row(
                Values {
                    builder: self,
                    first: true,
                },
                item,
            );
            self.sql.push(')');
        }
        self
    }
}

/// `items` cut into slices whose lengths are taken from `sizes` (largest
/// first, each at most as long as what is left; the last size should be
/// 1), so that a multi-row statement built from each slice has one of
/// `sizes.len()` texts whatever the number of items. A text per length
/// would be prepared anew each time (and evict the statements in the
/// connection's cache), and SQLite both parses and binds named
/// parameters in time quadratic in their number, so the sizes stay small.
pub(in crate::store) fn fixed_chunks<'t, T>(
    mut items: &'t [T],
    sizes: &'static [usize],
) -> impl Iterator<Item = &'t [T]> {
    std::iter::from_fn(move || {
        let size = sizes
            .iter()
            .copied()
            .find(|&size| size <= items.len() && size > 0)?;
        let (chunk, rest) = items.split_at(size);
        items = rest;
        Some(chunk)
    })
}

/// One `( … )` group of [`SqlBuilder::push_values`].
pub(in crate::store) struct Values<'b, 'a> {
    builder: &'b mut SqlBuilder<'a>,
    first: bool,
}

impl<'a> Values<'_, 'a> {
    pub fn push_bind(&mut self, value: impl Into<Param<'a>>) -> &mut Self {
        let builder = &mut *self.builder;
        builder.params.push(value.into());
        if !self.first {
            builder.sql.push_str(", ");
        }
        self.first = false;
        push_placeholder(&mut builder.sql, builder.params.len());
        self
    }
}

/// Appends `$n` without the formatting machinery, which cost more than
/// SQLite's work on a multi-row statement of a few hundred placeholders.
fn push_placeholder(sql: &mut String, n: usize) {
    sql.push('$');
    sql.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_decimal() {
        let mut sql = String::new();
        for n in [1, 9, 10, 99, 100, 448, 1_000_000] {
            push_placeholder(&mut sql, n);
            sql.push(' ');
        }
        assert_eq!(sql, "$1 $9 $10 $99 $100 $448 $1000000 ");
    }

    #[test]
    fn fixed_chunks_take_the_largest_size_that_fits() {
        let items: Vec<u32> = (0..23).collect();
        let lengths: Vec<usize> = fixed_chunks(&items, &[8, 4, 1]).map(<[u32]>::len).collect();
        assert_eq!(lengths, [8, 8, 4, 1, 1, 1]);
        let joined: Vec<u32> = fixed_chunks(&items, &[8, 4, 1])
            .flatten()
            .copied()
            .collect();
        assert_eq!(joined, items);
        assert_eq!(fixed_chunks::<u32>(&[], &[8, 1]).count(), 0);
    }

    fn connection() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (a TEXT, b INTEGER, c TEXT)")
            .unwrap();
        conn
    }

    #[test]
    fn placeholders_are_bound_by_their_number_not_their_order() {
        let conn = connection();
        let inserted = execute(
            &conn,
            "INSERT INTO t (c, a, b) VALUES ($3, $1, $2 + $2)",
            &params!["one", 21_i64, "three"],
        )
        .unwrap();
        assert_eq!(inserted, 1);
        let rows: Vec<(String, i64, String)> =
            query(&conn, "SELECT a, b, c FROM t", &[], usize::MAX).unwrap();
        assert_eq!(rows, [("one".to_owned(), 42, "three".to_owned())]);
    }

    /// Columns `b` and `a` of `t`, asked for by names in another order
    /// and case than the statement's.
    #[derive(Debug, PartialEq)]
    struct Named {
        a: String,
        b: i64,
        c: Option<String>,
    }

    impl FromDirect for Named {
        fn from_columns(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self> {
            Ok(Named {
                c: columns.get("c")?,
                a: columns.get("A")?,
                b: columns.get("b")?,
            })
        }
    }

    #[test]
    fn columns_are_found_by_name_in_any_order_and_case() {
        let conn = connection();
        execute(&conn, "INSERT INTO t (a, b) VALUES ('x', 7)", &[]).unwrap();
        for sql in [
            "SELECT a, b, c FROM t",
            "SELECT c, b, a FROM t",
            "SELECT B, A, C FROM t",
        ] {
            let rows: Vec<Named> = query(&conn, sql, &[], 1).unwrap();
            let expected = Named {
                a: "x".to_owned(),
                b: 7,
                c: None,
            };
            assert_eq!(rows, [expected], "{sql}");
        }
        let missing = query::<Named>(&conn, "SELECT a, b FROM t", &[], 1).unwrap_err();
        assert!(matches!(missing, SqliteError::InvalidColumnName(name) if name == "c"));
    }

    #[test]
    fn statement_texts_hash_by_every_byte() {
        use std::hash::BuildHasher;
        let hash = |text: &str| BuildTextHasher.hash_one(text);
        let texts = [
            "",
            "a",
            "SELECT 1",
            "SELECT 2",
            "SELECT 1 ",
            "SELECT 10000000",
            "SELECT 1000000",
        ];
        for (i, x) in texts.iter().enumerate() {
            assert_eq!(hash(x), hash(x));
            for y in &texts[i + 1..] {
                assert_ne!(hash(x), hash(y), "{x:?} and {y:?}");
            }
        }
    }

    #[test]
    fn a_placeholder_without_its_param_is_an_error() {
        let conn = connection();
        let error = execute(&conn, "INSERT INTO t (a) VALUES ($2)", &params!["x"]).unwrap_err();
        assert!(matches!(error, SqliteError::InvalidParameterName(name) if name == "$2"));
    }

    #[test]
    fn times_are_stored_as_sqlx_stores_them_and_read_back() {
        let time = DateTime::parse_from_rfc3339("2026-12-02T06:01:02.345678Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(sqlite_time(time), "2026-12-02T06:01:02.345678+00:00");
        let conn = connection();
        execute(&conn, "INSERT INTO t (c) VALUES ($1)", &params![time]).unwrap();
        let (read,): (DateTime<Utc>,) = query(&conn, "SELECT c FROM t", &[], 1).unwrap().remove(0);
        assert_eq!(read, time);
        let (sqlite_own,): (DateTime<Utc>,) = query(&conn, "SELECT '2026-12-02 06:01:02'", &[], 1)
            .unwrap()
            .remove(0);
        assert_eq!(sqlite_own.to_rfc3339(), "2026-12-02T06:01:02+00:00");
    }

    #[tokio::test]
    async fn times_are_the_text_sqlx_binds() {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        for text in [
            "2026-12-02T06:01:02Z",
            "2026-12-02T06:01:02.5Z",
            "2026-12-02T06:01:02.123456Z",
            "2026-12-02T06:01:02.123456789Z",
        ] {
            let time = DateTime::parse_from_rfc3339(text)
                .unwrap()
                .with_timezone(&Utc);
            let bound: String = sqlx::query_scalar("SELECT $1")
                .bind(time)
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(sqlite_time(time), bound);
        }
    }

    #[test]
    fn nulls_keep_their_type_and_read_as_none() {
        let conn = connection();
        let none: Option<&str> = None;
        execute(
            &conn,
            "INSERT INTO t (a, b) VALUES ($1, $2)",
            &params![none, None::<i64>],
        )
        .unwrap();
        let rows: Vec<(Option<String>, Option<i64>)> =
            query(&conn, "SELECT a, b FROM t", &[], 1).unwrap();
        assert_eq!(rows, [(None, None)]);
    }

    #[test]
    fn values_are_numbered_across_rows() {
        let mut builder = SqlBuilder::new("INSERT INTO t (a, b) ");
        builder.push_values([("x", 1_i64), ("y", 2)], |mut row, (a, b)| {
            row.push_bind(a).push_bind(b);
        });
        assert_eq!(
            builder.sql,
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
        );
        let conn = connection();
        assert_eq!(execute(&conn, &builder.sql, &builder.params).unwrap(), 2);
    }
}
