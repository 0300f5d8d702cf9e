-- PostgreSQL's migration 0015 moves the announcement of changes out of
-- the writing transaction. A SQLite file is served by one process, which
-- announces nothing: nothing to change here.
SELECT 1;
