-- Arena tournaments (docs/API.md "Tournaments"): a fixed duration in
-- which players are paired again as soon as they are free. An arena has
-- its length in minutes, and once it starts the time it ends: no game is
-- paired after `ends_at`, and it finishes when its last game ends.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_format_check
    CHECK (format IN ('round_robin', 'swiss', 'arena'));
ALTER TABLE tournaments ADD COLUMN duration_min INTEGER;
ALTER TABLE tournaments ADD COLUMN ends_at TIMESTAMPTZ;
-- The running arenas whose time is up.
CREATE INDEX tournaments_ending ON tournaments (ends_at) WHERE status = 'running';
