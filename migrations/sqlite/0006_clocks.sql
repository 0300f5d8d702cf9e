-- The life of a game (issue 10): time controls and clocks, abort and
-- expiry, ratings that say why a game does not count.
--
-- SQLite cannot change a CHECK in place, so games is rebuilt with the new
-- statuses and end reason. As in 0005, the references to games (moves,
-- rating changes) are checked at COMMIT: dropping games counts their rows
-- as orphans, and putting every game back into the new games cancels each
-- count before the commit.
PRAGMA defer_foreign_keys = ON;

CREATE TABLE games_before_0006 AS SELECT * FROM games;
DROP TABLE games;

CREATE TABLE games (
    id                      TEXT NOT NULL PRIMARY KEY,
    status                  TEXT NOT NULL
        CHECK (status IN ('waiting', 'active', 'finished', 'cancelled', 'archived', 'aborted', 'expired')),
    preset                  TEXT CHECK (preset IN ('classic', 'village', 'online')),
    mandarin_setup          TEXT NOT NULL CHECK (mandarin_setup IN ('big_stone', 'small_stones')),
    mandarin_value          INTEGER NOT NULL,
    empty_mandarin_is_gap   INTEGER NOT NULL,
    young_mandarin_min      INTEGER NOT NULL,
    first_move_mandarin_ban INTEGER NOT NULL,
    refill_shortfall        TEXT NOT NULL CHECK (refill_shortfall IN ('borrow', 'forfeit')),
    max_plies               INTEGER NOT NULL,
    rated                   INTEGER NOT NULL,
    created_by              TEXT NOT NULL REFERENCES players (id),
    south_id                TEXT REFERENCES players (id),
    north_id                TEXT REFERENCES players (id),
    reserved_for            TEXT REFERENCES players (id),
    first_seat              TEXT NOT NULL CHECK (first_seat IN ('south', 'north')),
    custom_start            INTEGER NOT NULL,
    start_position          TEXT NOT NULL,
    position                TEXT NOT NULL,
    ply                     INTEGER NOT NULL,
    to_move                 TEXT NOT NULL CHECK (to_move IN ('south', 'north')),
    winner                  TEXT CHECK (winner IN ('south', 'north', 'draw')),
    end_reason              TEXT
        CHECK (end_reason IN ('mandarins_captured', 'max_plies', 'forfeit', 'resignation', 'timeout')),
    score_south             INTEGER,
    score_north             INTEGER,
    version                 INTEGER NOT NULL,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    started_at              TEXT,
    finished_at             TEXT,
    south_record_name       TEXT,
    north_record_name       TEXT,
    -- the time control: real time (initial_s, increment_s), correspondence
    -- (days_per_move), or none of them (unlimited)
    tc_initial_s            INTEGER CHECK (tc_initial_s > 0),
    tc_increment_s          INTEGER CHECK (tc_increment_s >= 0),
    tc_days_per_move        INTEGER CHECK (tc_days_per_move > 0),
    -- each side's time left as of turn_started_at (timed games)
    clock_south_ms          INTEGER,
    clock_north_ms          INTEGER,
    -- when the side to move began thinking
    turn_started_at         TEXT,
    -- when the sweeper must look at the game: a flag falls, a first move
    -- is overdue, or a waiting game expires
    deadline_at             TEXT,
    expires_at              TEXT,
    abort_reason            TEXT,
    unrated_reason          TEXT,
    CHECK (south_id IS NULL OR north_id IS NULL OR south_id <> north_id),
    CHECK (tc_days_per_move IS NULL OR tc_initial_s IS NULL)
) STRICT;

INSERT INTO games (id, status, preset, mandarin_setup, mandarin_value,
        empty_mandarin_is_gap, young_mandarin_min, first_move_mandarin_ban, refill_shortfall,
        max_plies, rated, created_by, south_id, north_id, reserved_for, first_seat, custom_start,
        start_position, position, ply, to_move, winner, end_reason, score_south, score_north,
        version, created_at, updated_at, started_at, finished_at, south_record_name,
        north_record_name)
    SELECT id, status, preset, mandarin_setup, mandarin_value,
        empty_mandarin_is_gap, young_mandarin_min, first_move_mandarin_ban, refill_shortfall,
        max_plies, rated, created_by, south_id, north_id, reserved_for, first_seat, custom_start,
        start_position, position, ply, to_move, winner, end_reason, score_south, score_north,
        version, created_at, updated_at, started_at, finished_at, south_record_name,
        north_record_name
    FROM games_before_0006;
DROP TABLE games_before_0006;

CREATE INDEX games_by_created ON games (created_at DESC, id DESC);
CREATE INDEX games_by_south ON games (south_id, created_at DESC, id DESC);
CREATE INDEX games_by_north ON games (north_id, created_at DESC, id DESC);
CREATE INDEX games_by_status ON games (status, created_at DESC, id DESC);
CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;
-- Rated games of one pair in the last day (the per-pair cap).
CREATE INDEX games_by_pair ON games (south_id, north_id, started_at) WHERE rated;

-- How long the mover thought, and their time left after the move and its
-- increment, on the server's clock; NULL for untimed and imported moves.
ALTER TABLE moves ADD COLUMN think_ms INTEGER;
ALTER TABLE moves ADD COLUMN clock_ms INTEGER;
