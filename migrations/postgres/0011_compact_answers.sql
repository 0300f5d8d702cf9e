-- Issue 16: a saved answer to an idempotent request is stored deflated
-- (a move's answer, the move and the game as JSON, is ~2.2 KB; deflated
-- ~0.8 KB). Rows written before keep their text in `body`; new rows leave
-- `body` empty and hold the answer in `body_deflated`.
ALTER TABLE idempotency_keys ADD COLUMN body_deflated BYTEA;
ALTER TABLE registration_keys ADD COLUMN body_deflated BYTEA;
