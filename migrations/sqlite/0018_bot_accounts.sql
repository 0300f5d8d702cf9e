-- Bot accounts (docs/API.md "Bot accounts"): a player who upgraded their
-- account to play as an outside engine. Its games are never rated, as the
-- built-in bots' are not; the upgrade is one way.
ALTER TABLE players ADD COLUMN bot_account INTEGER NOT NULL DEFAULT 0;
