-- A stream ticket names the token that issued it: deleting the token
-- deletes its tickets, so a revoked token's tickets open nothing. Tickets
-- live a minute; those outstanding when this runs go with the old table
-- (their clients are refused `invalid_ticket` and ask for new ones).
DROP TABLE stream_tickets;

CREATE TABLE stream_tickets (
    ticket_hash TEXT NOT NULL PRIMARY KEY CHECK (length(ticket_hash) = 64),
    player_id   TEXT NOT NULL REFERENCES players (id),
    token_id    TEXT NOT NULL REFERENCES player_tokens (id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) STRICT;

CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_at);
CREATE INDEX stream_tickets_by_token ON stream_tickets (token_id);
