-- Challenges (docs/API.md "Challenges"): a game created for a named
-- player. `challenge_to` names that player for good (the reservation in
-- `reserved_for` is cleared when they accept); `decline_reason` is set
-- when they decline, which cancels the game.
ALTER TABLE games ADD COLUMN challenge_to TEXT REFERENCES players (id);
ALTER TABLE games ADD COLUMN decline_reason TEXT;

-- The waiting games reserved for a person were challenges already.
UPDATE games SET challenge_to = reserved_for
WHERE reserved_for IN (SELECT id FROM players WHERE bot_level IS NULL);

-- The open challenges to a player, newest first, read from a range of
-- an index of waiting games only (those from a player read
-- games_waiting_by_creator).
CREATE INDEX games_challenges_to ON games (challenge_to, created_at DESC, id DESC)
    WHERE status = 'waiting';
