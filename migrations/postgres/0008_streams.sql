-- Issue 11: every committed change of a game is announced to every node
-- listening on `game_changed` as "<id> <version>". A trigger sends it in
-- the writing transaction, so PostgreSQL delivers it only on commit.
CREATE FUNCTION notify_game_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('game_changed', NEW.id || ' ' || NEW.version);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER game_changed
    AFTER INSERT OR UPDATE OF version ON games
    FOR EACH ROW EXECUTE FUNCTION notify_game_changed();
