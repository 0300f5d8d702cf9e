-- Leaderboard ranks whose cost does not grow with depth. A rank is 1 + the
-- rows above a key: the rows of the whole rating points above it, summed
-- from these counts, plus the rows above it within its own point, counted
-- in the leaderboard index (store/leaderboards.rs).
--
-- One count per preset, board, min_games threshold and rating point
-- (`bucket` = floor(rating)): the rows of the preset with games >=
-- min_games (and established = 1 unless include_provisional = 1) whose
-- rating lies in [bucket, bucket + 1). The triggers below keep the counts
-- in the transaction of every write to player_ratings, so they are never
-- off; `oanquan ratings rebuild` refills them from the rows.
CREATE TABLE leaderboard_buckets (
    preset              TEXT NOT NULL,
    -- 1: every row (include_provisional=true); 0: established rows only
    include_provisional INTEGER NOT NULL,
    min_games           INTEGER NOT NULL,
    bucket              INTEGER NOT NULL,
    players             INTEGER NOT NULL,
    PRIMARY KEY (preset, include_provisional, min_games, bucket)
) STRICT, WITHOUT ROWID;

-- The min_games values that have counts (store/leaderboards.rs
-- BUCKET_MIN_GAMES lists the same); other values count the rows above.
CREATE TABLE leaderboard_min_games (
    min_games INTEGER PRIMARY KEY
) STRICT;
INSERT INTO leaderboard_min_games (min_games) VALUES (1), (10), (20), (30), (50), (100), (200), (500), (1000);

-- floor(rating) as CAST (which truncates towards zero) corrects it.
INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
SELECT r.preset, b.include_provisional, t.min_games,
    CAST(r.rating AS INTEGER) - (r.rating < CAST(r.rating AS INTEGER)), COUNT(*)
FROM player_ratings r
JOIN leaderboard_min_games t ON r.games >= t.min_games
JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b
    ON b.include_provisional = 1 OR r.established = 1
GROUP BY 1, 2, 3, 4;

CREATE TRIGGER leaderboard_buckets_insert AFTER INSERT ON player_ratings
BEGIN
    INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
    SELECT NEW.preset, b.include_provisional, t.min_games,
        CAST(NEW.rating AS INTEGER) - (NEW.rating < CAST(NEW.rating AS INTEGER)), 1
    FROM leaderboard_min_games t
    JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b
        ON b.include_provisional = 1 OR NEW.established = 1
    WHERE NEW.games >= t.min_games
    ON CONFLICT (preset, include_provisional, min_games, bucket)
        DO UPDATE SET players = players + excluded.players;
END;

CREATE TRIGGER leaderboard_buckets_delete AFTER DELETE ON player_ratings
BEGIN
    INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
    SELECT OLD.preset, b.include_provisional, t.min_games,
        CAST(OLD.rating AS INTEGER) - (OLD.rating < CAST(OLD.rating AS INTEGER)), -1
    FROM leaderboard_min_games t
    JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b
        ON b.include_provisional = 1 OR OLD.established = 1
    WHERE OLD.games >= t.min_games
    ON CONFLICT (preset, include_provisional, min_games, bucket)
        DO UPDATE SET players = players + excluded.players;
END;

-- An update moves the row out of its old counts and into its new ones;
-- the counts it stays in are not written.
CREATE TRIGGER leaderboard_buckets_update AFTER UPDATE OF preset, rating, games, established
    ON player_ratings
BEGIN
    INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
    SELECT preset, include_provisional, min_games, bucket, SUM(delta)
    FROM (
        SELECT OLD.preset AS preset, b.include_provisional AS include_provisional,
            t.min_games AS min_games,
            CAST(OLD.rating AS INTEGER) - (OLD.rating < CAST(OLD.rating AS INTEGER)) AS bucket,
            -1 AS delta
        FROM leaderboard_min_games t
        JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b
            ON b.include_provisional = 1 OR OLD.established = 1
        WHERE OLD.games >= t.min_games
        UNION ALL
        SELECT NEW.preset, b.include_provisional, t.min_games,
            CAST(NEW.rating AS INTEGER) - (NEW.rating < CAST(NEW.rating AS INTEGER)), 1
        FROM leaderboard_min_games t
        JOIN (SELECT 0 AS include_provisional UNION ALL SELECT 1) b
            ON b.include_provisional = 1 OR NEW.established = 1
        WHERE NEW.games >= t.min_games
    )
    WHERE true
    GROUP BY preset, include_provisional, min_games, bucket
    HAVING SUM(delta) <> 0
    ON CONFLICT (preset, include_provisional, min_games, bucket)
        DO UPDATE SET players = players + excluded.players;
END;
