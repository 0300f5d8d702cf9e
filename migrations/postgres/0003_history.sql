-- Match history: browsing, replay, imported records.

-- An imported record names its players without linking them to accounts:
-- the names it shows are kept here. Non-NULL exactly for imported games,
-- whose south_id and north_id stay NULL.
ALTER TABLE games
    ADD COLUMN south_record_name TEXT,
    ADD COLUMN north_record_name TEXT;

-- Browsing by status, newest first (the lobby of waiting games, say); the
-- other filters ride on games_by_created and the two seat indexes.
CREATE INDEX games_by_status ON games (status, created_at DESC, id DESC);

-- A move from an imported text record has no time.
ALTER TABLE moves ALTER COLUMN played_at DROP NOT NULL;
