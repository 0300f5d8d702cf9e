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
    include_provisional BIGINT NOT NULL,
    min_games           BIGINT NOT NULL,
    bucket              BIGINT NOT NULL,
    players             BIGINT NOT NULL,
    PRIMARY KEY (preset, include_provisional, min_games, bucket)
);

-- The min_games values that have counts (store/leaderboards.rs
-- BUCKET_MIN_GAMES lists the same); other values count the rows above.
CREATE TABLE leaderboard_min_games (
    min_games BIGINT PRIMARY KEY
);
INSERT INTO leaderboard_min_games (min_games) VALUES (1), (10), (20), (30), (50), (100), (200), (500), (1000);

-- The counts a set of rows is in, each with `delta` per row.
-- Arguments: preset, rating, games, established, delta.
CREATE FUNCTION leaderboard_bucket_keys(TEXT, DOUBLE PRECISION, BIGINT, BIGINT, BIGINT)
RETURNS TABLE (preset TEXT, include_provisional BIGINT, min_games BIGINT, bucket BIGINT, delta BIGINT)
LANGUAGE sql STABLE AS $$
    SELECT $1, b.include_provisional, t.min_games, floor($2)::BIGINT, $5
    FROM leaderboard_min_games t
    JOIN (VALUES (0::BIGINT), (1::BIGINT)) b (include_provisional)
        ON b.include_provisional = 1 OR $4 = 1
    WHERE $3 >= t.min_games
$$;

INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
SELECT k.preset, k.include_provisional, k.min_games, k.bucket, SUM(k.delta)
FROM player_ratings r,
    LATERAL leaderboard_bucket_keys(r.preset, r.rating, r.games, r.established, 1) k
GROUP BY 1, 2, 3, 4;

-- One statement's rows at once (transition tables), the counts written in
-- key order: two transactions lock the counts they share in the same
-- order, so they queue instead of deadlocking. An update moves each row
-- out of its old counts and into its new ones; the counts it stays in are
-- not written.
CREATE FUNCTION leaderboard_buckets_count() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
        SELECT k.preset, k.include_provisional, k.min_games, k.bucket, SUM(k.delta)
        FROM new_rows r,
            LATERAL leaderboard_bucket_keys(r.preset, r.rating, r.games, r.established, 1) k
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (preset, include_provisional, min_games, bucket)
            DO UPDATE SET players = leaderboard_buckets.players + excluded.players;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
        SELECT k.preset, k.include_provisional, k.min_games, k.bucket, SUM(k.delta)
        FROM old_rows r,
            LATERAL leaderboard_bucket_keys(r.preset, r.rating, r.games, r.established, -1) k
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (preset, include_provisional, min_games, bucket)
            DO UPDATE SET players = leaderboard_buckets.players + excluded.players;
    ELSE
        INSERT INTO leaderboard_buckets (preset, include_provisional, min_games, bucket, players)
        SELECT k.preset, k.include_provisional, k.min_games, k.bucket, SUM(k.delta)
        FROM (
            SELECT k.* FROM old_rows r,
                LATERAL leaderboard_bucket_keys(r.preset, r.rating, r.games, r.established, -1) k
            UNION ALL
            SELECT k.* FROM new_rows r,
                LATERAL leaderboard_bucket_keys(r.preset, r.rating, r.games, r.established, 1) k
        ) k
        GROUP BY 1, 2, 3, 4 HAVING SUM(k.delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (preset, include_provisional, min_games, bucket)
            DO UPDATE SET players = leaderboard_buckets.players + excluded.players;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER leaderboard_buckets_insert
    AFTER INSERT ON player_ratings REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_buckets_count();
CREATE TRIGGER leaderboard_buckets_update
    AFTER UPDATE ON player_ratings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_buckets_count();
CREATE TRIGGER leaderboard_buckets_delete
    AFTER DELETE ON player_ratings REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_buckets_count();
