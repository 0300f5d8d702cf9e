#!/usr/bin/env python3
"""Copies the games of a filled SQLite database (examples/explorer_fill.rs)
into a migrated, empty PostgreSQL database with COPY: players, ratings,
games, moves, rating changes and the explorer's rows and buckets, the same
rows. For read benchmarks at a size the hook would take hours to write.

    target/release/oanquan migrate   # with OANQUAN_DATABASE_URL=postgres://…/DB
    python3 scripts/sqlite-to-pg.py FILE.db postgres://…/DB [COPIES [years|months]]

Indexes are dropped before the copy and created again after it (the same
definitions, read from pg_indexes), then the tables are analyzed. With
COPIES, scripts/grow-history.py adds that many copies of the games before
the indexes are made."""
import os, sqlite3, subprocess, sys, time

src, dst = sys.argv[1], sys.argv[2]
copies = int(sys.argv[3]) if len(sys.argv) > 3 else 0
unit = sys.argv[4] if len(sys.argv) > 4 else "years"
TABLES = ["players", "player_ratings", "games", "moves", "rating_changes", "explorer_moves", "explorer_counts"]
lite = sqlite3.connect(f"file:{src}?mode=ro", uri=True)


def psql(sql):
    out = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", dst, "-c", sql],
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr)
    return out.stdout


def field(v):
    if v is None:
        return ""
    if isinstance(v, str):
        return '"' + v.replace('"', '""') + '"'
    return str(v)


indexes = [line for line in psql(
    "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ("
    + ",".join(f"'{t}'" for t in TABLES) + ") AND indexname NOT IN "
    "(SELECT conname FROM pg_constraint)").splitlines() if line]
for line in indexes:
    name = line.split(" INDEX ")[1].split(" ON ")[0]
    psql(f"DROP INDEX {name}")
for table in TABLES:
    t = time.time()
    pg_cols = [c for c in psql(f"SELECT column_name FROM information_schema.columns WHERE table_name = '{table}' "
                               "AND table_schema = 'public' ORDER BY ordinal_position").split() if c]
    lite_cols = {r[1] for r in lite.execute(f"PRAGMA table_info({table})")}
    cols = [c for c in pg_cols if c in lite_cols]
    if table == "rating_changes":  # PostgreSQL numbers them itself
        cols = [c for c in cols if c != "id"]
    copy = subprocess.Popen(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", dst, "-c",
                             f"\\copy {table} ({', '.join(cols)}) FROM STDIN WITH (FORMAT csv)"],
                            stdin=subprocess.PIPE, text=True)
    n = 0
    cur = lite.execute(f"SELECT {', '.join(cols)} FROM {table}")
    while True:
        rows = cur.fetchmany(10000)
        if not rows:
            break
        copy.stdin.write("".join(",".join(map(field, r)) + "\n" for r in rows))
        n += len(rows)
    copy.stdin.close()
    if copy.wait():
        sys.exit(f"copy of {table} failed")
    print(f"{table}: {n:,} rows in {time.time() - t:.0f} s", flush=True)
if copies:
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "grow-history.py"), dst, str(copies), unit],
                   check=True)
t = time.time()
for line in indexes:
    psql(line)
psql("ANALYZE")
print(f"{len(indexes)} indexes and ANALYZE in {time.time() - t:.0f} s")
