-- Issue 12 part 3: built-in bot players, one per search level. A bot is a
-- player row with its level; it has no token, so nobody can act as it. The
-- rows themselves are inserted at start-up (src/store/bots.rs), keyed by
-- level, so that a new level needs no migration.
ALTER TABLE players ADD COLUMN bot_level INTEGER CHECK (bot_level IS NULL OR bot_level >= 1);

CREATE UNIQUE INDEX players_by_bot_level ON players (bot_level) WHERE bot_level IS NOT NULL;
