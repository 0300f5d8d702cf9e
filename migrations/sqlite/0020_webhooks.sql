-- Webhooks (docs/API.md "Webhooks"): a player's endpoints, and the outbox
-- of deliveries, each row written in the transaction of the transition it
-- tells of. `events` lists the event types subscribed to between commas
-- (`,game.move,game.ended,`), so one `LIKE` finds a subscription.
CREATE TABLE webhook_endpoints (
    id              TEXT NOT NULL PRIMARY KEY,
    player_id       TEXT NOT NULL REFERENCES players (id),
    url             TEXT NOT NULL,
    events          TEXT NOT NULL,
    description     TEXT NOT NULL,
    secret          TEXT NOT NULL,
    enabled         INTEGER NOT NULL,
    disabled_reason TEXT,
    failing_since   TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;

CREATE INDEX webhook_endpoints_by_player ON webhook_endpoints (player_id, created_at, id);

-- A delivery's `id` is its `webhook-id`, the same on every attempt.
-- `next_attempt_at` is when a pending one is due; a node that claims it
-- moves it on by a lease, so a node killed mid-attempt leaves it due again.
CREATE TABLE webhook_deliveries (
    id               TEXT NOT NULL PRIMARY KEY,
    endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event            TEXT NOT NULL,
    payload          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         INTEGER NOT NULL,
    next_attempt_at  TEXT,
    retry_until      TEXT NOT NULL,
    last_status_code INTEGER,
    last_error       TEXT,
    last_attempt_at  TEXT,
    created_at       TEXT NOT NULL
) STRICT;

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
CREATE INDEX webhook_deliveries_by_age ON webhook_deliveries (created_at);
