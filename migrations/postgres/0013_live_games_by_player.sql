-- A player's stream starts from their waiting and active games (seated or
-- challenged), newest first: one index per column that names the player,
-- holding the live games only, so that the snapshot reads no finished game.
CREATE INDEX games_live_by_south ON games (south_id, created_at DESC, id DESC)
    WHERE status IN ('waiting', 'active');
CREATE INDEX games_live_by_north ON games (north_id, created_at DESC, id DESC)
    WHERE status IN ('waiting', 'active');
CREATE INDEX games_live_by_reserved ON games (reserved_for, created_at DESC, id DESC)
    WHERE status IN ('waiting', 'active');
