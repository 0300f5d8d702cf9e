-- Accounts hardening (issue 9): several revocable tokens per player, and
-- names unique by their look (UTS #39 skeleton) instead of by lower case.
--
-- players loses token_hash (moved to player_tokens) and name_key (replaced
-- by two skeleton keys). SQLite cannot drop a UNIQUE column in place, so the
-- table is rebuilt. sqlx runs a SQLite migration in a transaction, where
-- PRAGMA foreign_keys cannot change; the references to players from games,
-- moves, ratings and idempotency keys are checked at COMMIT instead: dropping
-- players counts their rows as orphans, and putting every id back into the
-- new players cancels each count before the commit.
PRAGMA defer_foreign_keys = ON;

CREATE TABLE players_before_0005 AS SELECT id, name, token_hash, created_at FROM players;
DROP TABLE players;

CREATE TABLE players (
    id                 TEXT NOT NULL PRIMARY KEY,
    name               TEXT NOT NULL,
    -- NameKeys (src/domain/player.rs): the case-folded UTS #39 skeleton of
    -- the name, folded before (skeleton_key) and after (cased_skeleton_key)
    -- taking it. NULL only until the start-up after this migration fills it;
    -- a name that clashes with an older one's gets a key no name can have.
    skeleton_key       TEXT UNIQUE,
    cased_skeleton_key TEXT UNIQUE,
    created_at         TEXT NOT NULL
) STRICT;

INSERT INTO players (id, name, created_at)
    SELECT id, name, created_at FROM players_before_0005;

-- Bearer tokens: hex SHA-256 only, the token itself is never stored. A
-- player's first is the one issued at registration; the existing ones keep
-- their hash, with the player's id as the token's id.
CREATE TABLE player_tokens (
    id           TEXT NOT NULL PRIMARY KEY,
    player_id    TEXT NOT NULL REFERENCES players (id),
    label        TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at   TEXT NOT NULL,
    -- written at most once a minute per token, not on every request
    last_used_at TEXT
) STRICT;

CREATE INDEX player_tokens_by_player ON player_tokens (player_id, created_at, id);

INSERT INTO player_tokens (id, player_id, label, token_hash, created_at)
    SELECT id, id, 'registration', token_hash, created_at FROM players_before_0005;

DROP TABLE players_before_0005;

-- A saved response whose body held a secret (a new token) keeps it sealed
-- here, and the body holds this same text where the token was.
ALTER TABLE idempotency_keys ADD COLUMN sealed_secret TEXT;

-- Idempotency keys of registrations, which have no player yet: a key space
-- of their own, keyed by the key's hex SHA-256 (the key itself unseals the
-- token, so it is not stored).
CREATE TABLE registration_keys (
    key_hash      TEXT NOT NULL PRIMARY KEY,
    fingerprint   TEXT NOT NULL,
    status        INTEGER NOT NULL,
    headers       TEXT NOT NULL,
    body          TEXT NOT NULL,
    sealed_secret TEXT NOT NULL,
    created_at    TEXT NOT NULL
) STRICT;

CREATE INDEX registration_keys_by_age ON registration_keys (created_at);
