-- A stream ticket names the token that issued it: deleting the token
-- deletes its tickets, so a revoked token's tickets open nothing. Tickets
-- live a minute; those outstanding when this runs go with the old table
-- (their clients are refused `invalid_ticket` and ask for new ones).
DROP TABLE stream_tickets;

CREATE TABLE stream_tickets (
    ticket_hash TEXT PRIMARY KEY CHECK (length(ticket_hash) = 64),
    player_id   TEXT NOT NULL REFERENCES players (id),
    token_id    TEXT NOT NULL REFERENCES player_tokens (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_at);
CREATE INDEX stream_tickets_by_token ON stream_tickets (token_id);

-- Every deleted token is announced to every node listening on
-- `token_revoked` (its id as the payload), on commit: each ends the
-- streams the token opened.
CREATE FUNCTION notify_token_revoked() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('token_revoked', OLD.id);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER token_revoked
    AFTER DELETE ON player_tokens
    FOR EACH ROW EXECUTE FUNCTION notify_token_revoked();
