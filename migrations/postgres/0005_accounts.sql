-- Accounts hardening (issue 9): several revocable tokens per player, and
-- names unique by their look (UTS #39 skeleton) instead of by lower case.

-- Bearer tokens: hex SHA-256 only, the token itself is never stored. A
-- player's first is the one issued at registration; the existing ones keep
-- their hash, with the player's id as the token's id.
CREATE TABLE player_tokens (
    id           TEXT PRIMARY KEY,
    player_id    TEXT NOT NULL REFERENCES players (id),
    label        TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at   TIMESTAMPTZ NOT NULL,
    -- written at most once a minute per token, not on every request
    last_used_at TIMESTAMPTZ
);

CREATE INDEX player_tokens_by_player ON player_tokens (player_id, created_at, id);

INSERT INTO player_tokens (id, player_id, label, token_hash, created_at)
    SELECT id, id, 'registration', token_hash, created_at FROM players;

-- NameKeys (src/domain/player.rs): the case-folded UTS #39 skeleton of the
-- name, folded before (skeleton_key) and after (cased_skeleton_key) taking
-- it. NULL only until the start-up after this migration fills it; a name
-- that clashes with an older one's gets a key no name can have.
ALTER TABLE players
    DROP COLUMN token_hash,
    DROP COLUMN name_key,
    ADD COLUMN skeleton_key TEXT UNIQUE,
    ADD COLUMN cased_skeleton_key TEXT UNIQUE;

-- A saved response whose body held a secret (a new token) keeps it sealed
-- here, and the body holds this same text where the token was.
ALTER TABLE idempotency_keys ADD COLUMN sealed_secret TEXT;

-- Idempotency keys of registrations, which have no player yet: a key space
-- of their own, keyed by the key's hex SHA-256 (the key itself unseals the
-- token, so it is not stored).
CREATE TABLE registration_keys (
    key_hash      TEXT PRIMARY KEY,
    fingerprint   TEXT NOT NULL,
    status        INTEGER NOT NULL,
    headers       TEXT NOT NULL,
    body          TEXT NOT NULL,
    sealed_secret TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);

CREATE INDEX registration_keys_by_age ON registration_keys (created_at);
