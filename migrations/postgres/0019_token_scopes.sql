-- Token scopes (docs/API.md "Token scopes"): what each bearer token may do,
-- their names one space apart. Every token made before scopes existed may
-- do everything, as a token made without a choice may.
ALTER TABLE player_tokens
    ADD COLUMN scopes TEXT NOT NULL DEFAULT 'read play challenge webhooks tokens';
