-- Ratings that resist farming (docs/API.md "How ratings resist farming").
-- A game moves a player's rating only when the opponent is established:
-- an anchor the operator seeded, or a player with enough counted games
-- against enough distinct opponents (ratings::Standing::is_established).
-- `established` is that value as of the row's last write, so that the
-- default leaderboard reads it from its partial index.
ALTER TABLE player_ratings ADD COLUMN opponents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_ratings ADD COLUMN anchor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_ratings ADD COLUMN established INTEGER NOT NULL DEFAULT 0;

DROP INDEX leaderboard_established;
CREATE INDEX leaderboard_established
    ON player_ratings (preset, rating DESC, player_id, games, established) WHERE established = 1;

-- Whether a player's rating already moved against an opponent (the count
-- of distinct opponents).
CREATE INDEX rating_changes_by_opponent ON rating_changes (player_id, preset, opponent_id);

-- Games against the built-in bots are never rated: the ones rated before
-- are unrated here, and the bots' standings dropped. The people's ratings
-- still hold those games until `oanquan ratings rebuild` replays history.
UPDATE games SET rated = FALSE, unrated_reason = 'bot'
WHERE rated AND (south_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL)
    OR north_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL));
DELETE FROM player_ratings WHERE player_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL);
DELETE FROM rating_changes WHERE player_id IN (SELECT id FROM players WHERE bot_level IS NOT NULL);

-- A player's record against each bot, and the waiting games one account
-- holds, each read from a range of an index.
CREATE INDEX games_by_seats ON games (south_id, north_id);
CREATE INDEX games_waiting_by_creator ON games (created_by) WHERE status = 'waiting';

-- Recent registrations per client address (IPv4, or the IPv6 /56), for
-- --max-registrations-per-hour; rows older than the window are pruned by
-- the next registration.
CREATE TABLE recent_registrations (
    address_key   TEXT NOT NULL,
    registered_at TEXT NOT NULL
) STRICT;
CREATE INDEX recent_registrations_by_key ON recent_registrations (address_key, registered_at);
CREATE INDEX recent_registrations_by_age ON recent_registrations (registered_at);
