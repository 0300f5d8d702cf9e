-- Issue 11: nothing to store. A SQLite file is served by one process, whose
-- streams hear of changes in-process (PostgreSQL announces them with a
-- trigger, migrations/postgres/0008_streams.sql).
SELECT 1;
