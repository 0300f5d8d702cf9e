//! Writing a game row whole: a new game, and a save of every field that
//! play can change (the move path writes less: see `moves_write`).

use super::games::GameRow;
use super::sqlite::direct::Param;
use super::{StoreError, WriteTx};

const INSERT_GAME: &str = "\
    INSERT INTO games (id, status, preset, mandarin_setup, mandarin_value, empty_mandarin_is_gap, \
        young_mandarin_min, first_move_mandarin_ban, refill_shortfall, max_plies, rated, created_by, \
        south_id, north_id, reserved_for, first_seat, custom_start, start_position, position, ply, \
        to_move, winner, end_reason, score_south, score_north, version, created_at, updated_at, \
        started_at, finished_at, south_record_name, north_record_name, tc_initial_s, tc_increment_s, \
        tc_days_per_move, clock_south_ms, clock_north_ms, turn_started_at, deadline_at, expires_at, \
        abort_reason, unrated_reason, challenge_to, decline_reason, takeback_offer_by, \
        takeback_offer_ply, rematch_offer_by, rematch_id) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, \
        $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, \
        $38, $39, $40, $41, $42, $43, $44, $45, $46, $47, $48)";

/// Saves every field that play changes, if nobody saved since `version` was read.
const SAVE_GAME: &str = "\
    UPDATE games SET status = $3, south_id = $4, north_id = $5, reserved_for = $6, position = $7, \
        ply = $8, to_move = $9, winner = $10, end_reason = $11, score_south = $12, \
        score_north = $13, version = $2 + 1, updated_at = $14, started_at = $15, finished_at = $16, \
        rated = $17, clock_south_ms = $18, clock_north_ms = $19, turn_started_at = $20, \
        deadline_at = $21, expires_at = $22, abort_reason = $23, unrated_reason = $24, \
        decline_reason = $25, takeback_offer_by = $26, takeback_offer_ply = $27, \
        rematch_offer_by = $28, rematch_id = $29 \
    WHERE id = $1 AND version = $2";

/// `south_id`, `north_id`, `reserved_for`: the seats, in both statements.
fn seats(game: &GameRow) -> [Param<'_>; 3] {
    params![&game.south_id, &game.north_id, &game.reserved_for]
}

/// `position` to `score_north`: where play stands and its result.
fn play_state(game: &GameRow) -> [Param<'_>; 7] {
    params![
        game.position.as_str(),
        game.ply,
        game.to_move.as_str(),
        &game.winner,
        &game.end_reason,
        game.score_south,
        game.score_north,
    ]
}

/// `clock_south_ms` to `unrated_reason`: the clocks, the deadlines and why
/// the game was aborted or is unrated.
fn timing(game: &GameRow) -> [Param<'_>; 7] {
    params![
        game.clock_south_ms,
        game.clock_north_ms,
        game.turn_started_at,
        game.deadline_at,
        game.expires_at,
        &game.abort_reason,
        &game.unrated_reason,
    ]
}

/// `takeback_offer_by` to `rematch_id`: the offers between the players.
fn offers(game: &GameRow) -> [Param<'_>; 4] {
    params![
        &game.takeback_offer_by,
        game.takeback_offer_ply,
        &game.rematch_offer_by,
        &game.rematch_id,
    ]
}

impl WriteTx {
    /// Inserts a new game (its `version` is taken as given).
    pub async fn insert_game(&mut self, game: &GameRow) -> Result<(), StoreError> {
        let rules = params![
            game.id.as_str(),
            game.status.as_str(),
            &game.preset,
            game.mandarin_setup.as_str(),
            game.mandarin_value,
            game.empty_mandarin_is_gap,
            game.young_mandarin_min,
            game.first_move_mandarin_ban,
            game.refill_shortfall.as_str(),
            game.max_plies,
            game.rated,
            game.created_by.as_str(),
        ];
        let start = params![
            game.first_seat.as_str(),
            game.custom_start,
            game.start_position.as_str(),
        ];
        let times = params![
            game.version,
            game.created_at,
            game.updated_at,
            game.started_at,
            game.finished_at,
            &game.south_record_name,
            &game.north_record_name,
            game.tc_initial_s,
            game.tc_increment_s,
            game.tc_days_per_move,
        ];
        let all = [
            &rules[..],
            &seats(game),
            &start,
            &play_state(game),
            &times,
            &timing(game),
            &params![&game.challenge_to, &game.decline_reason],
            &offers(game),
        ]
        .concat();
        self.execute(INSERT_GAME, &all).await?;
        self.changed(game.id.as_str(), game.version);
        Ok(())
    }

    /// Saves `game`'s changes over the row read at `game.version`, and
    /// bumps the stored version. `false` when the row moved on meanwhile
    /// (which the row lock makes a server fault, not a race to expect).
    pub async fn save_game(&mut self, game: &GameRow) -> Result<bool, StoreError> {
        let row = params![game.id.as_str(), game.version, game.status.as_str()];
        let times = params![
            game.updated_at,
            game.started_at,
            game.finished_at,
            game.rated,
        ];
        let all = [
            &row[..],
            &seats(game),
            &play_state(game),
            &times,
            &timing(game),
            &params![&game.decline_reason],
            &offers(game),
        ]
        .concat();
        let saved = self.execute(SAVE_GAME, &all).await? == 1;
        if saved {
            self.changed(game.id.as_str(), game.version + 1);
        }
        Ok(saved)
    }
}
