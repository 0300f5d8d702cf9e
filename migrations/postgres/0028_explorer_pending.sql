-- Finished games the opening explorer has not counted yet. The transaction
-- that finishes a game (or stores a finished import) writes its row here,
-- and nothing of the explorer's tables; the indexer (src/explorer/) then
-- writes the rows and counts of several games in one transaction that
-- deletes their rows here, so that a game is either pending or counted,
-- never both, never neither, crash or not. Indexers of several nodes
-- claim rows with FOR UPDATE SKIP LOCKED; a read of the explorer first
-- indexes what is pending (up to a bound), waiting for rows an indexer
-- holds.
CREATE TABLE explorer_pending (
    game_id   TEXT PRIMARY KEY,
    -- when the game was queued, by the Games layer's time
    queued_at TIMESTAMPTZ NOT NULL
);
