-- Glicko-2 ratings (README "## Ratings"). One row per player and preset
-- they have finished a rated game in: the values after their last rated
-- game of that preset, and their record in it. Derived from
-- rating_changes; `oanquan ratings rebuild` recomputes both from the games.
-- REAL is an IEEE 754 double, as f64: values read back exactly.
CREATE TABLE player_ratings (
    player_id      TEXT NOT NULL REFERENCES players (id),
    preset         TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    rating         REAL NOT NULL,
    rd             REAL NOT NULL,
    volatility     REAL NOT NULL,
    games          INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    draws          INTEGER NOT NULL,
    losses         INTEGER NOT NULL,
    -- the run of equal results that ends with the last game: win | draw | loss
    streak_kind    TEXT CHECK (streak_kind IN ('win', 'draw', 'loss')),
    streak_length  INTEGER NOT NULL,
    -- finished_at of the last rated game in this preset (RFC 3339 UTC)
    last_played_at TEXT,
    PRIMARY KEY (player_id, preset),
    CHECK (games = wins + draws + losses)
) STRICT, WITHOUT ROWID;

-- Leaderboards walk these in order (rating DESC, player_id) from a keyset
-- cursor, and count the rows above a page for its rank, reading the index
-- only. `games` is in the key so that `min_games` filters inside the index,
-- and `rd` so that SQLite can check the partial index's condition there too.
-- The partial one holds the established players (RD < 110, the default
-- board); the other serves include_provisional=true. SQLite uses a partial
-- index only when the query repeats its WHERE term as written: the literal
-- `rd < 110` must match ratings::PROVISIONAL_RD and store/leaderboards.rs.
CREATE INDEX leaderboard_established
    ON player_ratings (preset, rating DESC, player_id, games, rd) WHERE rd < 110;
CREATE INDEX leaderboard_everyone
    ON player_ratings (preset, rating DESC, player_id, games);

-- Every rating change: one row per player of each rated game, in the order
-- the changes were made (id). "before" is the stored value before the game
-- (before any growth of RD for inactivity), "after" the new stored value.
CREATE TABLE rating_changes (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id           TEXT NOT NULL REFERENCES games (id),
    player_id         TEXT NOT NULL REFERENCES players (id),
    opponent_id       TEXT NOT NULL REFERENCES players (id),
    preset            TEXT NOT NULL CHECK (preset IN ('classic', 'village', 'online')),
    result            TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss')),
    -- the game's finished_at
    rated_at          TEXT NOT NULL,
    rating_before     REAL NOT NULL,
    rd_before         REAL NOT NULL,
    volatility_before REAL NOT NULL,
    rating_after      REAL NOT NULL,
    rd_after          REAL NOT NULL,
    volatility_after  REAL NOT NULL,
    UNIQUE (game_id, player_id)
) STRICT;

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, id);
