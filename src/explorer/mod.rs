//! The opening explorer's index: what a finished game adds to it, written
//! by a [`TxHook`] in the transaction that finishes the game (so a game is
//! counted once, crash or not), and the rebuild that writes it again from
//! the stored games with the same rows.
//!
//! A position is keyed by its board, side to move and stores — its
//! notation without the ply — so that transpositions meet; a ruleset by
//! [`rules_key`], so that games under other rules stay apart.

use crate::domain::{GameStatus, TimeControl};
use crate::engine::{MandarinSetup, Position, RefillShortfall, Rules, Seat};
use crate::games::{Game, GameEvent, GamesError, HookFailed, HookFuture, Transition, TxHook};
use crate::store::{ExplorerCount, ExplorerRow, MoveRecord, Store, StoreError, WriteTx};

/// Games read per step of a rebuild.
const REBUILD_BATCH: u32 = 200;

/// The key of a ruleset: a preset's name, or `custom:` and every
/// parameter; `+start` for a game from a custom position.
pub fn rules_key(rules: &Rules, custom_start: bool) -> String {
    let mut key = match rules.preset() {
        Some(preset) => preset.name().to_owned(),
        None => {
            let p = rules.params();
            format!(
                "custom:{},{},{},{},{},{},{}",
                match p.mandarin_setup {
                    MandarinSetup::BigStone => "big_stone",
                    MandarinSetup::SmallStones => "small_stones",
                },
                p.mandarin_value,
                p.empty_mandarin_is_gap,
                p.young_mandarin_min,
                p.first_move_mandarin_ban,
                match p.refill_shortfall {
                    RefillShortfall::Borrow => "borrow",
                    RefillShortfall::Forfeit => "forfeit",
                },
                p.max_plies,
            )
        }
    };
    if custom_start {
        key.push_str("+start");
    }
    key
}

/// A position's key: its notation without the ply.
pub fn position_key(position: &Position) -> String {
    key_of_text(&position.to_string())
}

fn key_of_text(notation: &str) -> String {
    notation
        .rsplit_once(' ')
        .map_or(notation, |(key, _ply)| key)
        .to_owned()
}

/// A time control's class: `unlimited`, `correspondence`, or by the
/// estimated duration `initial + 40 × increment` in seconds: `bullet`
/// (under 3 minutes), `blitz` (under 8), `rapid` (under 25), `classical`.
pub fn speed_of(control: Option<TimeControl>) -> &'static str {
    match control {
        None => "unlimited",
        Some(TimeControl::Correspondence { .. }) => "correspondence",
        Some(TimeControl::RealTime {
            initial_s,
            increment_s,
        }) => match u64::from(initial_s) + 40 * u64::from(increment_s) {
            0..180 => "bullet",
            180..480 => "blitz",
            480..1500 => "rapid",
            _ => "classical",
        },
    }
}

/// The speeds [`speed_of`] names.
pub const SPEEDS: [&str; 6] = [
    "unlimited",
    "correspondence",
    "bullet",
    "blitz",
    "rapid",
    "classical",
];

/// The explorer rows of a finished game: one per move, keyed by the
/// position it was played in, and one with no move for the position the
/// game ended in. None for a game that is not finished.
pub fn rows_of(game: &Game, moves: &[MoveRecord], rating: Option<f64>) -> Vec<ExplorerRow> {
    let (Some(result), Some(finished_at)) = (game.result, game.finished_at) else {
        return Vec::new();
    };
    if game.status != GameStatus::Finished {
        return Vec::new();
    }
    let rules = rules_key(&game.rules, game.custom_start);
    let winner = match result.winner {
        Some(Seat::South) => "south",
        Some(Seat::North) => "north",
        None => "draw",
    };
    let difference =
        |mover: Seat| result.scores[mover.index()] - result.scores[mover.other().index()];
    let row = |ply: u32, position: &str, played: &str, mover: Seat| ExplorerRow {
        game_id: game.id.clone(),
        ply,
        rules: rules.clone(),
        position: key_of_text(position),
        played: played.to_owned(),
        winner,
        score_difference: difference(mover),
        rated: game.rated,
        rating,
        speed: speed_of(game.timing.control),
        finished_at,
    };
    let mut rows = Vec::with_capacity(moves.len() + 1);
    let mut before = game.start_position.as_str();
    for record in moves {
        rows.push(row(record.ply, before, &record.notation, record.seat));
        before = &record.position_after;
    }
    rows.push(row(game.ply, &game.position, "", game.to_move));
    rows
}

/// A game's counts from its rows: once per position it reached (`*`) and
/// once per move it played there (empty: it ended there), however often.
pub fn counts_of(rows: &[ExplorerRow]) -> Vec<ExplorerCount> {
    let mut seen = std::collections::HashSet::new();
    let mut counts = Vec::new();
    // A game's rows share their finish: its month is formatted once.
    let mut month = (None, String::new());
    for row in rows {
        if month.0 != Some(row.finished_at) {
            month = (
                Some(row.finished_at),
                row.finished_at.format("%Y-%m").to_string(),
            );
        }
        for played in ["*", row.played.as_str()] {
            if !seen.insert((row.position.as_str(), played)) {
                continue;
            }
            counts.push(ExplorerCount {
                rules: row.rules.clone(),
                position: row.position.clone(),
                played: played.to_owned(),
                rated: row.rated,
                rating_band: row.rating.map_or(-1, |r| (r / 100.0).floor() as i32 * 100),
                month: month.1.clone(),
                speed: row.speed,
                winner: row.winner,
                score_difference: row.score_difference,
                rating: row.rating,
            });
        }
    }
    counts
}

/// Writes `game`'s rows and counts in `tx`; how many rows.
async fn write_game(tx: &mut WriteTx, game: &Game) -> Result<usize, StoreError> {
    let moves = tx.moves_of_game(&game.id).await?;
    let rating = tx.mean_rating_before(&game.id).await?;
    let rows = rows_of(game, &moves, rating);
    tx.insert_explorer_rows(&rows).await?;
    tx.add_explorer_counts(&counts_of(&rows)).await?;
    Ok(rows.len())
}

/// Writes a game's rows in the transaction that finishes it (or stores
/// it finished: an import).
#[derive(Debug, Default)]
pub struct ExplorerHook;

impl TxHook for ExplorerHook {
    fn wants(&self, transition: &Transition) -> bool {
        transition.game.status == GameStatus::Finished
            && transition
                .events
                .iter()
                .any(|event| matches!(event, GameEvent::Ended { .. } | GameEvent::Created { .. }))
    }

    fn write<'a>(&'a self, tx: &'a mut WriteTx, transition: &'a Transition) -> HookFuture<'a> {
        Box::pin(async move {
            write_game(tx, &transition.game)
                .await
                .map(|_| Vec::new())
                .map_err(|e| HookFailed(e.into()))
        })
    }
}

/// What [`rebuild_explorer`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplorerRebuilt {
    pub games: u64,
    pub rows: u64,
}

/// Writes the explorer's rows again from every finished game, in one
/// transaction: the same rows the hook wrote as the games finished.
pub async fn rebuild_explorer(store: &Store) -> Result<ExplorerRebuilt, GamesError> {
    let mut tx = store.begin_write().await?;
    tx.clear_explorer().await?;
    let mut done = ExplorerRebuilt::default();
    let mut after = String::new();
    loop {
        let batch = tx.finished_games_after(&after, REBUILD_BATCH).await?;
        let Some(last) = batch.last() else { break };
        after.clone_from(&last.id);
        for row in batch {
            let game = Game::try_from(row)?;
            let rows = write_game(&mut tx, &game).await?;
            done.games += 1;
            done.rows += rows as u64;
        }
    }
    tx.commit().await?;
    Ok(done)
}
