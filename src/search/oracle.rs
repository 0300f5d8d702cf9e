//! The endgame table (crates/endgame) as the search and the analysis see
//! it: one table per preset, loaded from a file or built in memory at first
//! use, then kept for the life of the process.
//!
//! The server calls [`configure`] once at start-up; until then (and in
//! unit tests, which never call it) no table exists and the search runs
//! as it always has. A search probes only a table that is already loaded
//! ([`loaded`]): it never waits for a build. [`table`] loads or builds.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use oanquan_endgame::preset_of;

use crate::engine::{Position, Preset, Rules};

pub use oanquan_endgame::{Probe, Stats, Table, MAX_STONES};

/// What the tables cover and where they come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most small stones on the board of a position in the tables;
    /// 0: no tables.
    pub stones: u32,
    /// Where `<preset>-<stones>.oqet` files (written by `oanquan endgame
    /// build`) are read from; a preset without its file is built in memory.
    pub dir: Option<PathBuf>,
    /// Threads an in-memory build uses.
    pub threads: usize,
}

/// How a table came to be loaded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    File,
    Built,
}

impl Origin {
    pub const fn name(self) -> &'static str {
        match self {
            Origin::File => "file",
            Origin::Built => "built",
        }
    }
}

/// A loaded table and where it came from.
#[derive(Debug)]
pub struct Loaded {
    pub table: Table,
    pub origin: Origin,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();
static TABLES: [OnceLock<Option<Loaded>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
/// Builds one at a time: two builds at once would only share the cores.
static BUILDING: Mutex<()> = Mutex::new(());

/// Sets what the tables cover; the first call wins (a process serves one
/// configuration), and later calls return whether theirs is the same.
pub fn configure(settings: Settings) -> bool {
    let settings = Settings {
        stones: settings.stones.min(MAX_STONES),
        ..settings
    };
    *SETTINGS.get_or_init(|| settings.clone()) == settings
}

/// The configuration, if [`configure`] was called.
pub fn settings() -> Option<&'static Settings> {
    SETTINGS.get()
}

fn slot(preset: Preset) -> &'static OnceLock<Option<Loaded>> {
    &TABLES[Preset::ALL
        .iter()
        .position(|&p| p == preset)
        .expect("a preset")]
}

/// The file of `preset`'s table of `stones` stones in `dir`.
pub fn file_name(dir: &Path, preset: Preset, stones: u32) -> PathBuf {
    dir.join(format!("{}-{stones}.oqet", preset.name()))
}

/// `preset`'s table, loading or building it now if need be; `None` when
/// tables are not configured (or a file is unreadable: logged, and the
/// table is built instead).
pub fn table(preset: Preset) -> Option<&'static Loaded> {
    let settings = SETTINGS.get()?;
    if settings.stones == 0 {
        return None;
    }
    slot(preset)
        .get_or_init(|| {
            let _one_at_a_time = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
            Some(load_or_build(preset, settings))
        })
        .as_ref()
}

fn load_or_build(preset: Preset, settings: &Settings) -> Loaded {
    if let Some(dir) = &settings.dir {
        let path = file_name(dir, preset, settings.stones);
        match std::fs::File::open(&path) {
            Ok(file) => match Table::read_from(std::io::BufReader::new(file)) {
                Ok(table) if table.preset() == preset && table.stones() == settings.stones => {
                    tracing::info!(path = %path.display(), "endgame table loaded");
                    return Loaded {
                        table,
                        origin: Origin::File,
                    };
                }
                Ok(_) => {
                    tracing::warn!(path = %path.display(), "endgame table of another preset or size; building")
                }
                Err(error) => {
                    tracing::warn!(path = %path.display(), %error, "endgame table unreadable; building")
                }
            },
            Err(error) => {
                tracing::info!(path = %path.display(), %error, "no endgame table file; building")
            }
        }
    }
    let table = oanquan_endgame::build(preset, settings.stones, settings.threads);
    tracing::info!(
        preset = preset.name(),
        stones = settings.stones,
        ms = table.stats().build_time.as_millis() as u64,
        "endgame table built"
    );
    Loaded {
        table,
        origin: Origin::Built,
    }
}

/// The table for `rules` if it is loaded already (never waits).
pub fn loaded(rules: &Rules) -> Option<&'static Table> {
    let preset = preset_of(rules)?;
    slot(preset).get()?.as_ref().map(|l| &l.table)
}

/// The table for `rules`, loading or building it if need be.
pub fn table_for(rules: &Rules) -> Option<&'static Table> {
    table(preset_of(rules)?).map(|l| &l.table)
}

/// The exact value of `position` (final score difference for the side to
/// move, stores included) from a loaded table, if it holds it.
pub fn probe(table: &Table, position: &Position) -> Option<i32> {
    let probe = table.probe(position)?;
    Some(super::score_diff(position) + probe.value)
}
