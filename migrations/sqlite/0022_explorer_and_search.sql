-- The opening explorer (docs/API.md "Opening explorer"): one row per move
-- of every finished game, written in the transaction that finishes the
-- game, plus one row with an empty move for the position a game ended in.
-- A position is its board, side to move and stores (position notation
-- without the ply), so transpositions meet. `rules` keeps rulesets apart:
-- a preset's name, or `custom:` and the parameters; `+start` when the game
-- began from a custom position. No key to `games`: the rows are derived
-- and `oanquan explorer rebuild` writes them again from the games.
CREATE TABLE explorer_moves (
    game_id          TEXT NOT NULL,
    ply              INTEGER NOT NULL,
    rules            TEXT NOT NULL,
    position         TEXT NOT NULL,
    move             TEXT NOT NULL,
    -- 'south', 'north' or 'draw'
    winner           TEXT NOT NULL CHECK (winner IN ('south', 'north', 'draw')),
    -- the final score of the side to move in `position` minus the other's
    score_difference INTEGER NOT NULL,
    rated            INTEGER NOT NULL,
    -- the mean of both players' ratings before a rated game; NULL otherwise
    rating           REAL,
    speed            TEXT NOT NULL,
    finished_at      TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT;

CREATE INDEX explorer_by_position ON explorer_moves (rules, position, finished_at);

-- The same games counted per position, move and filter bucket, kept in the
-- same transaction: what the explorer reads when the filters fall on the
-- buckets' bounds (no since/until, or whole months; min_rating a multiple
-- of 100), so a query costs the buckets of one position, not its games.
-- `move` is '*' for every game that reached the position, '' for those
-- that ended in it. `rating_band` is floor(rating / 100) * 100, -1 for a
-- game without rating; `month` the UTC month it finished in (YYYY-MM).
CREATE TABLE explorer_counts (
    rules                TEXT NOT NULL,
    position             TEXT NOT NULL,
    move                 TEXT NOT NULL,
    rated                INTEGER NOT NULL,
    rating_band          INTEGER NOT NULL,
    month                TEXT NOT NULL,
    speed                TEXT NOT NULL,
    games                INTEGER NOT NULL,
    south_wins           INTEGER NOT NULL,
    north_wins           INTEGER NOT NULL,
    draws                INTEGER NOT NULL,
    score_difference_sum INTEGER NOT NULL,
    rating_sum           REAL NOT NULL,
    rating_games         INTEGER NOT NULL,
    PRIMARY KEY (rules, position, move, rated, rating_band, month, speed)
) STRICT;

-- Game search (GET /v1/games): an index behind each filter of the
-- history order. A player's games against one opponent, by seat:
CREATE INDEX games_by_pair_created ON games (south_id, north_id, created_at DESC, id DESC);
CREATE INDEX games_by_pair_created_north ON games (north_id, south_id, created_at DESC, id DESC);
-- by result and by how the game ended:
CREATE INDEX games_by_winner ON games (winner, created_at DESC, id DESC);
CREATE INDEX games_by_end_reason ON games (end_reason, created_at DESC, id DESC);
