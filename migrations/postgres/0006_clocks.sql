-- The life of a game (issue 10): time controls and clocks, abort and
-- expiry, ratings that say why a game does not count.

ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check
    CHECK (status IN ('waiting', 'active', 'finished', 'cancelled', 'archived', 'aborted', 'expired'));
ALTER TABLE games DROP CONSTRAINT games_end_reason_check;
ALTER TABLE games ADD CONSTRAINT games_end_reason_check
    CHECK (end_reason IN ('mandarins_captured', 'max_plies', 'forfeit', 'resignation', 'timeout'));

ALTER TABLE games
    -- the time control: real time (initial_s, increment_s), correspondence
    -- (days_per_move), or none of them (unlimited)
    ADD COLUMN tc_initial_s       INTEGER CHECK (tc_initial_s > 0),
    ADD COLUMN tc_increment_s     INTEGER CHECK (tc_increment_s >= 0),
    ADD COLUMN tc_days_per_move   INTEGER CHECK (tc_days_per_move > 0),
    -- each side's time left as of turn_started_at (timed games)
    ADD COLUMN clock_south_ms     BIGINT,
    ADD COLUMN clock_north_ms     BIGINT,
    -- when the side to move began thinking
    ADD COLUMN turn_started_at    TIMESTAMPTZ,
    -- when the sweeper must look at the game: a flag falls, a first move
    -- is overdue, or a waiting game expires
    ADD COLUMN deadline_at        TIMESTAMPTZ,
    ADD COLUMN expires_at         TIMESTAMPTZ,
    ADD COLUMN abort_reason       TEXT,
    ADD COLUMN unrated_reason     TEXT,
    ADD CONSTRAINT games_one_time_control
        CHECK (tc_days_per_move IS NULL OR tc_initial_s IS NULL);

CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;
-- Rated games of one pair in the last day (the per-pair cap).
CREATE INDEX games_by_pair ON games (south_id, north_id, started_at) WHERE rated;

-- How long the mover thought, and their time left after the move and its
-- increment, on the server's clock; NULL for untimed and imported moves.
ALTER TABLE moves
    ADD COLUMN think_ms BIGINT,
    ADD COLUMN clock_ms BIGINT;
