//! Reading query rows into structs on both backends.
//!
//! sqlx's `#[derive(FromRow)]` needs its `macros` feature, which compiles
//! sqlx's drivers and SQLite's C library a second time for the macro host;
//! this small declarative macro does what we used of it.

/// Declares a row struct, its `sqlx::FromRow` for SQLite and PostgreSQL
/// rows, and its [`FromDirect`](crate::store::sqlite::direct::FromDirect) for SQLite
/// called directly: each field is read from the column of its name. A field marked
/// `= parsed` is read as text and converted with `TryFrom<String>` (ids); one
/// marked `= flatten` is itself a row struct read from the same row; one
/// marked `= column("name")` is read from a column of another name.
/// Exported for the integration tests' own row structs.
#[macro_export]
macro_rules! row_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident : $ty:ty $(= $how:ident $(($column:literal))?)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[$field_meta])*
                $field_vis $field: $ty,
            )*
        }

        impl<'r> ::sqlx::FromRow<'r, ::sqlx::sqlite::SqliteRow> for $name {
            fn from_row(row: &'r ::sqlx::sqlite::SqliteRow) -> ::sqlx::Result<Self> {
                Ok($name { $($field: $crate::row_field!(row, $field, $ty $(, $how $(($column))?)?),)* })
            }
        }

        impl<'r> ::sqlx::FromRow<'r, ::sqlx::postgres::PgRow> for $name {
            fn from_row(row: &'r ::sqlx::postgres::PgRow) -> ::sqlx::Result<Self> {
                Ok($name { $($field: $crate::row_field!(row, $field, $ty $(, $how $(($column))?)?),)* })
            }
        }

        impl $crate::store::sqlite::direct::FromDirect for $name {
            fn from_columns(
                columns: &mut $crate::store::sqlite::direct::Columns<'_, '_>,
            ) -> ::std::result::Result<Self, $crate::store::sqlite::direct::SqliteError> {
                Ok($name { $($field: $crate::direct_field!(columns, $field, $ty $(, $how $(($column))?)?),)* })
            }
        }
    };
}

/// One field of [`row_struct!`] from a row of SQLite called directly.
#[doc(hidden)]
#[macro_export]
macro_rules! direct_field {
    ($columns:ident, $field:ident, $ty:ty) => {
        $columns.get::<$ty>(stringify!($field))?
    };
    ($columns:ident, $field:ident, $ty:ty, parsed) => {
        $columns.parsed::<$ty, _>(stringify!($field))?
    };
    ($columns:ident, $field:ident, $ty:ty, column($column:literal)) => {
        $columns.get::<$ty>($column)?
    };
    ($columns:ident, $field:ident, $ty:ty, flatten) => {
        $crate::store::sqlite::direct::FromDirect::from_columns($columns)?
    };
}

/// One field of [`row_struct!`].
#[doc(hidden)]
#[macro_export]
macro_rules! row_field {
    ($row:ident, $field:ident, $ty:ty) => {
        ::sqlx::Row::try_get::<$ty, _>($row, stringify!($field))?
    };
    ($row:ident, $field:ident, $ty:ty, parsed) => {{
        let text = ::sqlx::Row::try_get::<String, _>($row, stringify!($field))?;
        <$ty>::try_from(text).map_err(|e| ::sqlx::Error::ColumnDecode {
            index: stringify!($field).to_owned(),
            source: e.into(),
        })?
    }};
    ($row:ident, $field:ident, $ty:ty, column($column:literal)) => {
        ::sqlx::Row::try_get::<$ty, _>($row, $column)?
    };
    ($row:ident, $field:ident, $ty:ty, flatten) => {
        ::sqlx::FromRow::from_row($row)?
    };
}
