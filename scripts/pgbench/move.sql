-- The least a move can ask of PostgreSQL: lock the game's row, insert the
-- move, bump the game's version; one transaction. Games `pgb0000001` to
-- `pgb<games>` are copies of a real game row (scripts/pg-ceiling.sh).
\set n random(1, :games)
BEGIN;
SELECT ply FROM games WHERE id = 'pgb' || lpad(:n::text, 7, '0') FOR UPDATE \gset
INSERT INTO moves (game_id, ply, seat, notation, player_id, position_after, played_at)
    VALUES ('pgb' || lpad(:n::text, 7, '0'), :ply, 'south', '3R', NULL,
            'M0,5,5,5,5,5,M0,5,5,5,5,5 n 0:0 0:0 2', now());
UPDATE games SET ply = ply + 1, version = version + 1, updated_at = now()
    WHERE id = 'pgb' || lpad(:n::text, 7, '0');
END;
