-- Timestamps are RFC 3339 text in UTC; booleans are 0/1 integers.
-- A game: its resolved ruleset, seats, start and current position, result.
-- Every change bumps `version` (the ETag); writers lock the row first.
CREATE TABLE games (
    id                      TEXT NOT NULL PRIMARY KEY,
    status                  TEXT NOT NULL
        CHECK (status IN ('waiting', 'active', 'finished', 'cancelled', 'archived')),
    -- classic | village | online when the parameters equal a preset, else NULL
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
    -- the player the open seat is kept for, if any
    reserved_for            TEXT REFERENCES players (id),
    first_seat              TEXT NOT NULL CHECK (first_seat IN ('south', 'north')),
    custom_start            INTEGER NOT NULL,
    start_position          TEXT NOT NULL,
    position                TEXT NOT NULL,
    -- the number of the next move (the position's ply)
    ply                     INTEGER NOT NULL,
    to_move                 TEXT NOT NULL CHECK (to_move IN ('south', 'north')),
    winner                  TEXT CHECK (winner IN ('south', 'north', 'draw')),
    end_reason              TEXT
        CHECK (end_reason IN ('mandarins_captured', 'max_plies', 'forfeit', 'resignation')),
    score_south             INTEGER,
    score_north             INTEGER,
    version                 INTEGER NOT NULL,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    started_at              TEXT,
    finished_at             TEXT,
    CHECK (south_id IS NULL OR north_id IS NULL OR south_id <> north_id)
) STRICT;

CREATE INDEX games_by_created ON games (created_at DESC, id DESC);
CREATE INDEX games_by_south ON games (south_id, created_at DESC, id DESC);
CREATE INDEX games_by_north ON games (north_id, created_at DESC, id DESC);

-- Every accepted move. (game_id, ply) is the key: a ply is played once.
CREATE TABLE moves (
    game_id        TEXT NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    seat           TEXT NOT NULL CHECK (seat IN ('south', 'north')),
    notation       TEXT NOT NULL,
    player_id      TEXT REFERENCES players (id),
    position_after TEXT NOT NULL,
    played_at      TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT;

-- Responses to requests sent with an Idempotency-Key, kept so that a retry
-- gets the original answer instead of acting twice.
CREATE TABLE idempotency_keys (
    player_id   TEXT NOT NULL REFERENCES players (id),
    key         TEXT NOT NULL,
    -- hex SHA-256 of the request (method, path, normalised body)
    fingerprint TEXT NOT NULL,
    status      INTEGER NOT NULL,
    headers     TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (player_id, key)
) STRICT;

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
