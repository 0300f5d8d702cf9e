CREATE TABLE players (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    -- lowercased name: uniqueness is case-insensitive
    name_key   TEXT NOT NULL UNIQUE,
    -- hex SHA-256 of the bearer token; the token itself is never stored
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at TIMESTAMPTZ NOT NULL
);
