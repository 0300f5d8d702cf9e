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

-- Game search (GET /v1/games): an index behind each filter of the
-- history order. A player's games against one opponent, by seat:
CREATE INDEX games_by_pair_created ON games (south_id, north_id, created_at DESC, id DESC);
CREATE INDEX games_by_pair_created_north ON games (north_id, south_id, created_at DESC, id DESC);
-- by result and by how the game ended:
CREATE INDEX games_by_winner ON games (winner, created_at DESC, id DESC);
CREATE INDEX games_by_end_reason ON games (end_reason, created_at DESC, id DESC);
