//! The independent ceiling of SQLite: the SQL a move makes, replayed with
//! rusqlite on the bundled SQLite the server links, on one thread, as fast
//! as it goes, over a fresh file the server's migrations made. No HTTP, no
//! JSON, no engine, no async runtime in the measured loop: what is left is
//! what SQLite itself costs a move, to set beside the server's CPU per
//! move (`scripts/sqlite-ceiling.sh`).
//!
//! Each move is what the store runs for an unkeyed move that does not end
//! its game ([`MOVE_STATEMENTS`], the writer connection's own settings):
//! `BEGIN IMMEDIATE` (or `SAVEPOINT m` in a batch, as group commit does),
//! the caller and the game read in one statement (every column read), the
//! move inserted, the game updated over the version read, `COMMIT`. The
//! moves are those of random games played out before the window (none
//! ending its game); PASSIVE checkpoints run every `--checkpoint-every-ms`
//! on a second connection of the same thread, as the store's task would.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::Utc;
use clap::Args;
use oanquan::domain::{ApiToken, GameId, PlayerName, TokenHash};
use oanquan::engine::{Position, Preset, Seat};
use oanquan::games::{player_ref, GameSpec, Games, SharedTime};
use oanquan::store::sqlite::direct::Param;
use oanquan::store::sqlite::replay::{self, MOVE_STATEMENTS};
use oanquan::store::{DatabaseSettings, Store, WalPlan};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rusqlite::Connection;

use crate::stats::emit;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Where the fresh database file goes (a temp dir of its own if unset).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Moves per transaction (1: a `COMMIT` per move; the server's batches
    /// hold up to `--sqlite-group-commit-max`).
    #[arg(long, default_value_t = 1)]
    pub batch: u32,
    /// Games played in turn (each one's moves in order).
    #[arg(long, default_value_t = 64)]
    pub games: usize,
    /// How often a PASSIVE checkpoint runs (the server's
    /// `--wal-checkpoint-every-ms`); 0 leaves them to SQLite's autocheckpoint.
    #[arg(long, default_value_t = 50)]
    pub checkpoint_every_ms: u64,
    #[arg(long, default_value_t = 2.0)]
    pub warmup: f64,
    #[arg(long, default_value_t = 8.0)]
    pub duration: f64,
    #[arg(long)]
    pub label: String,
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// One move's values, as the store binds them.
pub(crate) struct Step {
    ply: i32,
    seat: &'static str,
    notation: &'static str,
    position_after: String,
    /// The side to move after it.
    to_move: &'static str,
    /// The position's ply after it.
    next_ply: i32,
}

/// A game being replayed: its id, the version its row holds, the line of
/// moves it follows and how far along it is.
pub(crate) struct Table<'a> {
    pub(crate) id: &'a str,
    pub(crate) version: i64,
    pub(crate) steps: &'a [Step],
    pub(crate) next: usize,
}

/// A random game from the classic start, up to (not including) the move
/// that would end it.
pub(crate) fn random_line(rng: &mut StdRng) -> Vec<Step> {
    let mut position = Position::start(Preset::Classic.rules(), Seat::South);
    let mut steps = Vec::new();
    loop {
        let legal = position.legal_moves();
        let m = legal[rng.gen_range(0..legal.len())];
        let seat = position.turn();
        let Ok(after) = position.play(m) else { break };
        if after.is_over() {
            break;
        }
        steps.push(Step {
            ply: position.ply() as i32,
            seat: seat.name(),
            notation: m.notation(),
            position_after: after.to_string(),
            to_move: after.turn().name(),
            next_ply: after.ply() as i32,
        });
        position = after;
    }
    steps
}

/// A fresh database with two players and `games` games between them,
/// made through the server's own store; the file and both tokens' hashes.
pub(crate) async fn prepare(
    dir: &std::path::Path,
    games: usize,
) -> anyhow::Result<(PathBuf, [TokenHash; 2], Vec<GameId>)> {
    let file = dir.join("ceiling.db");
    let settings = DatabaseSettings {
        url: format!("sqlite://{}", file.display())
            .parse()
            .map_err(|e: String| anyhow::anyhow!(e))?,
        max_connections: 2,
    };
    let store = Store::connect_with(&settings, WalPlan::SQLITE_DEFAULT).await?;
    store.migrate().await?;
    let mut seats = Vec::new();
    let mut hashes = Vec::new();
    for name in ["ceilingsouth", "ceilingnorth"] {
        let token = ApiToken::generate();
        let name = PlayerName::parse(name).map_err(|e| anyhow::anyhow!("{e}"))?;
        let player = store
            .insert_player(&name, &token.hash())
            .await?
            .context("name taken")?;
        seats.push(player_ref(&player));
        hashes.push(token.hash());
    }
    let logic = Games::new(SharedTime::default());
    let spec = GameSpec::standard(Preset::Classic.rules());
    let mut ids = Vec::with_capacity(games);
    let mut tx = store.begin_write().await?;
    for _ in 0..games {
        let created = logic.create(&mut tx, &spec, &seats[0]).await?;
        let joined = logic.join(&mut tx, &created.game.id, &seats[1]).await?;
        ids.push(joined.game.id);
    }
    tx.commit().await?;
    store.close().await;
    let [south, north]: [TokenHash; 2] = hashes.try_into().ok().context("two tokens")?;
    Ok((file, [south, north], ids))
}

/// The version each game's row holds now.
pub(crate) fn versions(conn: &Connection, ids: &[GameId]) -> rusqlite::Result<Vec<i64>> {
    ids.iter()
        .map(|id| {
            conn.query_row(
                "SELECT version FROM games WHERE id = ?1",
                [id.as_str()],
                |row| row.get(0),
            )
        })
        .collect()
}

/// A table per game of `ids`, at its stored version, each playing one of
/// `lines` in turn.
pub(crate) fn tables<'a>(
    conn: &Connection,
    ids: &'a [GameId],
    lines: &'a [Vec<Step>],
) -> rusqlite::Result<Vec<Table<'a>>> {
    Ok(ids
        .iter()
        .zip(versions(conn, ids)?)
        .enumerate()
        .map(|(i, (id, version))| Table {
            id: id.as_str(),
            version,
            steps: &lines[i % lines.len()],
            next: 0,
        })
        .collect())
}

/// One move in the open transaction; whether every statement did its part.
pub(crate) fn play(
    conn: &Connection,
    table: &mut Table<'_>,
    token: &TokenHash,
) -> rusqlite::Result<bool> {
    let step = &table.steps[table.next];
    let now = Utc::now();
    let found = replay::read_first_row(
        conn,
        MOVE_STATEMENTS.game_for_token,
        &[Param::from(token.as_str()), Param::from(table.id)],
    )?;
    let inserted = replay::execute(
        conn,
        MOVE_STATEMENTS.insert_move,
        &[
            Param::from(table.id),
            Param::from(step.ply),
            Param::from(step.seat),
            Param::from(step.notation),
            Param::Text(None),
            Param::from(step.position_after.as_str()),
            Param::from(now),
            Param::BigInt(None),
            Param::BigInt(None),
        ],
    )?;
    let saved = replay::execute(
        conn,
        MOVE_STATEMENTS.save_after_move,
        &[
            Param::from(table.id),
            Param::from(table.version),
            Param::from(step.position_after.as_str()),
            Param::from(step.next_ply),
            Param::from(step.to_move),
            Param::from(now),
            Param::BigInt(None),
            Param::BigInt(None),
            Param::Time(None),
            Param::Time(None),
        ],
    )?;
    table.version += 1;
    table.next += 1;
    Ok(found && inserted == 1 && saved == 1)
}

/// CPU time of the calling thread, µs.
fn thread_cpu_micros() -> u64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_THREAD, usage.as_mut_ptr());
        usage.assume_init()
    };
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    micros(usage.ru_utime) + micros(usage.ru_stime)
}

/// What a replay came to inside its window.
struct Replayed {
    moves: u64,
    cpu_micros: u64,
    seconds: f64,
}

/// Replays moves until the window ends, `args.games` games in turn, each
/// replaced by a fresh one from `fresh` when its line is played out.
fn replay_loop(
    file: &std::path::Path,
    tokens: &[TokenHash; 2],
    mut fresh: Vec<Table<'_>>,
    args: &ReplayArgs,
) -> anyhow::Result<Replayed> {
    let apart = args.checkpoint_every_ms > 0;
    let conn = replay::open_writer(file, apart)?;
    let checkpointer = replay::open_writer(file, apart)?;
    let every = Duration::from_millis(args.checkpoint_every_ms);
    let mut tables: Vec<Table<'_>> = fresh.split_off(fresh.len().saturating_sub(args.games));
    let start = Instant::now() + Duration::from_secs_f64(args.warmup);
    let end = start + Duration::from_secs_f64(args.duration);
    let (mut moves, mut cpu_at_start, mut measuring) = (0u64, 0u64, false);
    let mut last_checkpoint = Instant::now();
    let (mut turn, mut in_batch) = (0usize, 0u32);
    loop {
        let now = Instant::now();
        if !measuring && now >= start && in_batch == 0 {
            (measuring, moves, cpu_at_start) = (true, 0, thread_cpu_micros());
        }
        if now >= end && in_batch == 0 {
            break;
        }
        let slot = turn % tables.len();
        turn += 1;
        if tables[slot].next >= tables[slot].steps.len() {
            tables[slot] = fresh
                .pop()
                .context("ran out of fresh games: raise the pool")?;
        }
        let table = &mut tables[slot];
        let token = &tokens[table.next % 2];
        conn.execute_batch(if in_batch == 0 {
            "BEGIN IMMEDIATE"
        } else {
            "SAVEPOINT m"
        })?;
        anyhow::ensure!(play(&conn, table, token)?, "a move's statement did nothing");
        in_batch += 1;
        if in_batch >= args.batch || now >= end {
            conn.execute_batch("COMMIT")?;
            moves += u64::from(in_batch);
            in_batch = 0;
        }
        if apart && last_checkpoint.elapsed() >= every {
            checkpointer.execute_batch("PRAGMA wal_checkpoint(PASSIVE)")?;
            last_checkpoint = Instant::now();
        }
    }
    Ok(Replayed {
        moves,
        cpu_micros: thread_cpu_micros() - cpu_at_start,
        seconds: start.elapsed().as_secs_f64(),
    })
}

pub async fn replay(args: ReplayArgs) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.batch >= 1 && args.games >= 1,
        "--batch and --games must be positive"
    );
    let temp = tempfile::tempdir()?;
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| temp.path().to_path_buf());
    let mut rng = StdRng::from_entropy();
    let lines: Vec<Vec<Step>> = (0..256).map(|_| random_line(&mut rng)).collect();
    let mean = lines.iter().map(Vec::len).sum::<usize>() / lines.len();
    // Enough games for the whole run at 60,000 moves/s, well above any
    // rate seen here (the loop says so if it runs out).
    let wanted = ((args.warmup + args.duration) * 60_000.0) as usize;
    let games = wanted / mean.max(1) + args.games;
    let (file, tokens, ids) = prepare(&dir, games).await?;
    let conn = replay::open_writer(&file, false)?;
    let fresh = tables(&conn, &ids, &lines)?;
    drop(conn);
    // On this thread, the runtime's other workers idle: the thread's CPU
    // time is the replay's.
    let done = tokio::task::block_in_place(|| replay_loop(&file, &tokens, fresh, &args))?;
    let per_move = |micros: u64| micros as f64 / done.moves.max(1) as f64;
    let line = format!(
        "RESULT label={} rate={:.1} ops={} cpu_us_per_op={:.1} batch={} games={} errors=0",
        args.label,
        done.moves as f64 / args.duration.min(done.seconds).max(1e-9),
        done.moves,
        per_move(done.cpu_micros),
        args.batch,
        args.games,
    );
    emit(&line, args.out.as_deref())
}
