//! The SQL of a move on SQLite, for a replay without the server around it
//! (`examples/sqlite_ceiling.rs`): the very statements and the writer
//! connection's settings that the store uses, so that the replay measures
//! what SQLite costs a move and nothing else.

use std::path::Path;

use rusqlite::Connection;

use super::connections::{self, Access};
use super::direct::{self, Param};
use crate::store::games::GAME_FOR_TOKEN;
use crate::store::moves_write::{INSERT_MOVE, SAVE_AFTER_MOVE};
use crate::store::StoreError;

/// The statements of a move that does not end its game, in the order the
/// store runs them inside `BEGIN IMMEDIATE` … `COMMIT`.
#[derive(Clone, Copy, Debug)]
pub struct MoveStatements {
    /// `$1` the token's hash, `$2` the game's id: the caller and the game, one row.
    pub game_for_token: &'static str,
    /// `$1`…`$9`: game id, ply, seat, notation, player id, position after,
    /// played at, think ms, clock ms.
    pub insert_move: &'static str,
    /// `$1`…`$10`: game id, version read, position, ply, to move,
    /// updated at, the two clocks, turn started at, deadline.
    pub save_after_move: &'static str,
}

pub const MOVE_STATEMENTS: MoveStatements = MoveStatements {
    game_for_token: GAME_FOR_TOKEN,
    insert_move: INSERT_MOVE,
    save_after_move: SAVE_AFTER_MOVE,
};

/// A writer connection to `file` as the store opens its own (`synchronous
/// = NORMAL`, foreign keys, the statement cache; `checkpoints_apart`: with
/// `wal_autocheckpoint = 0`, as under the store's checkpoint task).
pub fn open_writer(file: &Path, checkpoints_apart: bool) -> Result<Connection, StoreError> {
    connections::open(file, Access::Write, checkpoints_apart)
}

/// Runs `sql` with `params` bound to its `$n`s as the store binds them;
/// the rows it changed.
pub fn execute(conn: &Connection, sql: &str, params: &[Param<'_>]) -> rusqlite::Result<u64> {
    direct::execute(conn, sql, params)
}

/// Runs a query as the store does and reads every column of its first
/// row (without converting it); whether there was one.
pub fn read_first_row(
    conn: &Connection,
    sql: &str,
    params: &[Param<'_>],
) -> rusqlite::Result<bool> {
    let mut statement = direct::prepared(conn, sql, params)?;
    let columns = statement.column_count();
    let mut rows = statement.raw_query();
    let Some(row) = rows.next()? else {
        return Ok(false);
    };
    for index in 0..columns {
        std::hint::black_box(row.get_ref(index)?);
    }
    Ok(true)
}
