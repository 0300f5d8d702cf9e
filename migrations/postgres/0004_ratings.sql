-- Glicko-2 ratings (README "## Ratings"). One row per player and preset
-- they have finished a rated game in: the values after their last rated
-- game of that preset, and their record in it. Derived from
-- rating_changes; `oanquan ratings rebuild` recomputes both from the games.
CREATE TABLE player_ratings (
    player_id      TEXT NOT NULL REFERENCES players (id),
    preset         TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    rating         DOUBLE PRECISION NOT NULL,
    rd             DOUBLE PRECISION NOT NULL,
    volatility     DOUBLE PRECISION NOT NULL,
    games          BIGINT NOT NULL,
    wins           BIGINT NOT NULL,
    draws          BIGINT NOT NULL,
    losses         BIGINT NOT NULL,
    -- the run of equal results that ends with the last game: win | draw | loss
    streak_kind    TEXT CHECK (streak_kind IN ('win', 'draw', 'loss')),
    streak_length  BIGINT NOT NULL,
    -- finished_at of the last rated game in this preset
    last_played_at TIMESTAMPTZ,
    PRIMARY KEY (player_id, preset),
    CHECK (games = wins + draws + losses)
);

-- Leaderboards walk these in order (rating DESC, player_id) from a keyset
-- cursor, and count the rows above a page for its rank, reading the index
-- only. `games` is in the key so that `min_games` filters inside the index,
-- and `rd` so that SQLite can check the partial index's condition there too.
-- The partial one holds the established players (RD < 110, the default
-- board); the other serves include_provisional=true. The literal 110 must
-- match ratings::PROVISIONAL_RD and the queries in store/leaderboards.rs.
-- Ties in rating are ordered by the bytes of the player id (COLLATE "C"),
-- as on SQLite, whatever the database's collation; the queries say so too.
CREATE INDEX leaderboard_established
    ON player_ratings (preset, rating DESC, player_id COLLATE "C", games, rd) WHERE rd < 110;
CREATE INDEX leaderboard_everyone
    ON player_ratings (preset, rating DESC, player_id COLLATE "C", games);

-- Every rating change: one row per player of each rated game, in the order
-- the changes were made (id). "before" is the stored value before the game
-- (before any growth of RD for inactivity), "after" the new stored value.
CREATE TABLE rating_changes (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id           TEXT NOT NULL REFERENCES games (id),
    player_id         TEXT NOT NULL REFERENCES players (id),
    opponent_id       TEXT NOT NULL REFERENCES players (id),
    preset            TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    result            TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss')),
    -- the game's finished_at
    rated_at          TIMESTAMPTZ NOT NULL,
    rating_before     DOUBLE PRECISION NOT NULL,
    rd_before         DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after      DOUBLE PRECISION NOT NULL,
    rd_after          DOUBLE PRECISION NOT NULL,
    volatility_after  DOUBLE PRECISION NOT NULL,
    UNIQUE (game_id, player_id)
);

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, id);
