-- Changes of games are announced on `game_changed` by the node that
-- committed them, after the commit, coalesced, from one connection per
-- node (src/store/announcements.rs). A NOTIFY in the writing transaction
-- takes PostgreSQL's cluster-wide notification lock at its commit, held
-- through the WAL flush, so every write of a game committed one at a time.
DROP TRIGGER game_changed ON games;
DROP FUNCTION notify_game_changed();
