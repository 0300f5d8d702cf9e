//! The opening explorer's index: what a finished game adds to it (its
//! rows, [`rows_of`], and its counts, [`counts_of`]), and how it gets
//! there. The transaction that finishes a game only queues it
//! ([`ExplorerHook`]); the [`Indexer`], a task of each node, counts the
//! queued games soon after, several in one transaction that takes them
//! out of the queue, so that a game is counted once, crash or not. A read
//! ([`explore`]) first counts what is still queued, up to a bound, so
//! that it answers for every game finished before it. The rebuild writes
//! the index again from the stored games with the same rows.
//!
//! A position is keyed by its board, side to move and stores — its
//! notation without the ply — so that transpositions meet; a ruleset by
//! [`rules_key`], so that games under other rules stay apart.

mod hook;
mod indexer;
mod read;
mod settings;

pub use hook::ExplorerHook;
pub use indexer::{index_pending, rebuild_explorer, ExplorerRebuilt, Indexed, Indexer};
pub use read::{explore, Explored};
pub use settings::ExplorerSettings;

use crate::domain::{GameStatus, TimeControl};
use crate::engine::{MandarinSetup, Position, RefillShortfall, Rules, Seat};
use crate::games::Game;
use crate::store::{ExplorerCount, ExplorerRow, MoveRecord, StoreError, WriteTx};

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

/// Writes the rows and counts of `games` in `tx`, the counts summed per
/// bucket over the games (one update a bucket: the start position is in
/// every game); how many rows.
pub async fn index_games(tx: &mut WriteTx, games: &[Game]) -> Result<usize, StoreError> {
    if games.is_empty() {
        return Ok(0);
    }
    let mut rows = Vec::new();
    let mut counts = Vec::new();
    for game in games {
        let moves = tx.moves_of_game(&game.id).await?;
        let rating = tx.mean_rating_before(&game.id).await?;
        let of_game = rows_of(game, &moves, rating);
        counts.extend(counts_of(&of_game));
        rows.extend(of_game);
    }
    tx.insert_explorer_rows(&rows).await?;
    tx.add_explorer_counts(&counts).await?;
    Ok(rows.len())
}
