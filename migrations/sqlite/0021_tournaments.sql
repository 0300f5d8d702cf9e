-- Tournaments (docs/API.md "Tournaments"): a round-robin or a Swiss event
-- that the server pairs and runs. Writers lock the tournament's row: the
-- end of one of its games records the result and, when the round is
-- complete, pairs the next one in that game's transaction.
CREATE TABLE tournaments (
    id           TEXT NOT NULL PRIMARY KEY,
    name         TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    -- a round-robin played twice, the seats swapped the second time
    double_round INTEGER NOT NULL,
    status       TEXT NOT NULL
        CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    preset       TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    initial_s    INTEGER NOT NULL,
    increment_s  INTEGER NOT NULL,
    -- a Swiss's rounds as asked; a round-robin's once it starts
    rounds       INTEGER,
    -- the round under way (0 before the start)
    round        INTEGER NOT NULL,
    starts_at    TEXT,
    max_players  INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    created_by   TEXT NOT NULL REFERENCES players (id),
    created_at   TEXT NOT NULL,
    started_at   TEXT,
    finished_at  TEXT
);
CREATE INDEX tournaments_newest ON tournaments (created_at DESC, id DESC);
CREATE INDEX tournaments_by_status ON tournaments (status, created_at DESC, id DESC);
-- The registering tournaments due to start by themselves.
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'registering';

-- The players entered, seeded in the order they joined (from 0).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    player_id     TEXT NOT NULL REFERENCES players (id),
    seed          INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player_id),
    UNIQUE (tournament_id, seed)
);

-- Each round's pairings, board by board. A game played has `game_id`; a
-- bye has no `north_id`; a game forfeited by a withdrawn player has both
-- players and no game. The points (2 a win, 1 a draw, 0 a loss) are
-- NULL until the game ends.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    south_id      TEXT NOT NULL REFERENCES players (id),
    north_id      TEXT REFERENCES players (id),
    game_id       TEXT UNIQUE REFERENCES games (id),
    south_points2 INTEGER,
    north_points2 INTEGER,
    PRIMARY KEY (tournament_id, round, board)
);
