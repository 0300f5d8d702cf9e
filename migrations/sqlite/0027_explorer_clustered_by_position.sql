-- The opening explorer's tables stored in the order its queries read them
-- (WITHOUT ROWID, keyed by position first), so that one position's rows or
-- buckets are one contiguous range of one b-tree. As rowid tables each row
-- was a separate lookup from an index into the table: at the start of a
-- preset with 400,000 games the sum of its 5,500 buckets took 7 ms, and a
-- position's 12,000 rows 30 ms warm, 137 ms cold.
--
-- explorer_moves: keyed by rules, position, finish time, game and ply (the
-- order of "recent games" and of the date filters); a game's rows stay
-- unique by (game_id, ply).
CREATE TABLE explorer_moves_by_position (
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
    PRIMARY KEY (rules, position, finished_at, game_id, ply)
) STRICT, WITHOUT ROWID;

INSERT INTO explorer_moves_by_position
SELECT game_id, ply, rules, position, move, winner, score_difference, rated, rating, speed,
       finished_at
FROM explorer_moves
ORDER BY rules, position, finished_at, game_id, ply;

DROP TABLE explorer_moves;
ALTER TABLE explorer_moves_by_position RENAME TO explorer_moves;
CREATE UNIQUE INDEX explorer_moves_of_game ON explorer_moves (game_id, ply);

-- explorer_counts: the same columns and key, stored in the key's order.
CREATE TABLE explorer_counts_by_key (
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
) STRICT, WITHOUT ROWID;

INSERT INTO explorer_counts_by_key
SELECT rules, position, move, rated, rating_band, month, speed, games, south_wins, north_wins,
       draws, score_difference_sum, rating_sum, rating_games
FROM explorer_counts
ORDER BY rules, position, move, rated, rating_band, month, speed;

DROP TABLE explorer_counts;
ALTER TABLE explorer_counts_by_key RENAME TO explorer_counts;
