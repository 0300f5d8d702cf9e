-- Arena tournaments (docs/API.md "Tournaments"): a fixed duration in
-- which players are paired again as soon as they are free. An arena has
-- its length in minutes, and once it starts the time it ends: no game is
-- paired after `ends_at`, and it finishes when its last game ends.
--
-- SQLite cannot change a CHECK in place, so `tournaments` is rebuilt. sqlx
-- runs a SQLite migration in a transaction, where PRAGMA foreign_keys
-- cannot change; the references to tournaments from its players and
-- pairings are checked at COMMIT instead: dropping the table counts their
-- rows as orphans, and putting every row back cancels each count.
PRAGMA defer_foreign_keys = ON;

CREATE TABLE tournaments_before_0023 AS SELECT * FROM tournaments;
DROP TABLE tournaments;

CREATE TABLE tournaments (
    id           TEXT NOT NULL PRIMARY KEY,
    name         TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('round_robin', 'swiss', 'arena')),
    -- a round-robin played twice, the seats swapped the second time
    double_round INTEGER NOT NULL,
    status       TEXT NOT NULL
        CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    preset       TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    initial_s    INTEGER NOT NULL,
    increment_s  INTEGER NOT NULL,
    -- a Swiss's rounds as asked; a round-robin's once it starts
    rounds       INTEGER,
    -- the round under way (0 before the start); in an arena, the pairings
    -- made so far
    round        INTEGER NOT NULL,
    starts_at    TEXT,
    max_players  INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    created_by   TEXT NOT NULL REFERENCES players (id),
    created_at   TEXT NOT NULL,
    started_at   TEXT,
    finished_at  TEXT,
    -- an arena's length, and the time it ends once started
    duration_min INTEGER,
    ends_at      TEXT
);

INSERT INTO tournaments (id, name, format, double_round, status, preset, initial_s,
        increment_s, rounds, round, starts_at, max_players, rated, created_by, created_at,
        started_at, finished_at)
    SELECT id, name, format, double_round, status, preset, initial_s, increment_s, rounds,
        round, starts_at, max_players, rated, created_by, created_at, started_at, finished_at
    FROM tournaments_before_0023;

DROP TABLE tournaments_before_0023;

CREATE INDEX tournaments_newest ON tournaments (created_at DESC, id DESC);
CREATE INDEX tournaments_by_status ON tournaments (status, created_at DESC, id DESC);
-- The registering tournaments due to start by themselves.
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'registering';
-- The running arenas whose time is up.
CREATE INDEX tournaments_ending ON tournaments (ends_at) WHERE status = 'running';
