-- Match history: browsing, replay, imported records.

-- An imported record names its players without linking them to accounts:
-- the names it shows are kept here. Non-NULL exactly for imported games,
-- whose south_id and north_id stay NULL.
ALTER TABLE games ADD COLUMN south_record_name TEXT;
ALTER TABLE games ADD COLUMN north_record_name TEXT;

-- Browsing by status, newest first (the lobby of waiting games, say); the
-- other filters ride on games_by_created and the two seat indexes.
CREATE INDEX games_by_status ON games (status, created_at DESC, id DESC);

-- A move from an imported text record has no time, so played_at becomes
-- nullable. SQLite cannot drop NOT NULL in place: the table is rebuilt
-- (nothing references it).
CREATE TABLE moves_rebuilt (
    game_id        TEXT NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    seat           TEXT NOT NULL CHECK (seat IN ('south', 'north')),
    notation       TEXT NOT NULL,
    player_id      TEXT REFERENCES players (id),
    position_after TEXT NOT NULL,
    -- NULL only for moves of an imported record that gave no times
    played_at      TEXT,
    PRIMARY KEY (game_id, ply)
) STRICT;
INSERT INTO moves_rebuilt (game_id, ply, seat, notation, player_id, position_after, played_at)
    SELECT game_id, ply, seat, notation, player_id, position_after, played_at FROM moves;
DROP TABLE moves;
ALTER TABLE moves_rebuilt RENAME TO moves;
