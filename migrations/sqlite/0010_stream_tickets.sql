-- Issue 11: short-lived, single-use tickets for `GET /v1/me/stream?ticket=`
-- (a browser's EventSource cannot send `Authorization`). Only the ticket's
-- hex SHA-256 is stored, as for tokens; the row is deleted when the ticket
-- is used, so it opens one stream on whichever node it is presented to.
CREATE TABLE stream_tickets (
    ticket_hash TEXT NOT NULL PRIMARY KEY CHECK (length(ticket_hash) = 64),
    player_id   TEXT NOT NULL REFERENCES players (id),
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) STRICT;

CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_at);
