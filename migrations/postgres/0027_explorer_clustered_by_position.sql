-- The explorer's buckets read without their table: the primary key's
-- index carries the counted columns (INCLUDE), so a position's buckets,
-- which every explorer answer sums, are an index-only scan over a few
-- hundred adjacent index pages, where the table holds them on as many
-- pages as buckets (each bucket inserted when its first game finished):
-- 8,600 pages at the start of a preset with 400,000 games. SQLite's
-- migration of the same version stores both explorer tables in position
-- order instead.
ALTER TABLE explorer_counts DROP CONSTRAINT explorer_counts_pkey;
ALTER TABLE explorer_counts ADD CONSTRAINT explorer_counts_pkey
    PRIMARY KEY (rules, position, move, rated, rating_band, month, speed)
    INCLUDE (games, south_wins, north_wins, draws, score_difference_sum, rating_sum, rating_games);
