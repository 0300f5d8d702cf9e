#!/usr/bin/env python3
"""Grows a filled history (examples/explorer_fill.rs) for read benchmarks:
adds COPIES copies of every game, copy k moved k years (or months) back
(ids changed in their first character, every `*_at` time and the
explorer buckets' months shifted), with its moves, rating changes and explorer rows and
buckets. A copy's buckets are the original's under another month, so the
explorer's index is what the hook would have written for those games.
The same games: the counts of a position grow by 1 + COPIES, and so do its
buckets (one set per month).

    python3 scripts/grow-history.py sqlite:///work/r3-data/million.db 3 [years|months]
    python3 scripts/grow-history.py postgres://postgres@127.0.0.1:5432/DB 3 [years|months [TABLE,…]]

The source games must span less than one step (a year, a month) and fall
on no 29 February (years) or on no day after the 28th (months)."""
import sqlite3, subprocess, sys, time

url, copies = sys.argv[1], int(sys.argv[2])
unit = sys.argv[3] if len(sys.argv) > 3 else "years"
assert unit in ("years", "months")
# Optionally only some tables (comma-separated), e.g. all but `moves`,
# which no read measured here touches.
only = sys.argv[4].split(",") if len(sys.argv) > 4 else None
pg = url.startswith("postgres")
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
# Each table, its game id column and the time that tells an original row.
TABLES = [
    ("games", "id", "created_at"),
    ("moves", "game_id", "played_at"),
    ("rating_changes", "game_id", "rated_at"),
    ("explorer_moves", "game_id", "finished_at"),
    ("explorer_counts", None, "month"),
]

if pg:
    def run(sql):
        out = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                             capture_output=True, text=True)
        if out.returncode:
            sys.exit(out.stderr)
        return [line.split("|") for line in out.stdout.splitlines() if line]

    def columns(table):
        return [r[0] for r in run("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' "
                                  f"AND table_name = '{table}' ORDER BY ordinal_position")]
else:
    db = sqlite3.connect(url.split("://", 1)[1], isolation_level=None)
    db.execute("PRAGMA cache_size = -2000000")

    def run(sql):
        return db.execute(sql).fetchall()

    def columns(table):
        return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def id_of(col):
    if pg:
        return f"substr('{ALPHA}{ALPHA}', strpos('{ALPHA}', left({col}, 1)) + c.k, 1) || substr({col}, 2)"
    return f"substr('{ALPHA}{ALPHA}', instr('{ALPHA}', substr({col}, 1, 1)) + c.k, 1) || substr({col}, 2)"


def shifted(col, month=False):
    if pg and not month:
        return f"{col} - make_interval({unit} => c.k)"
    if pg:
        return f"to_char(to_date({col}, 'YYYY-MM') - make_interval({unit} => c.k), 'YYYY-MM')"
    if unit == "years":
        return f"printf('%04d', CAST(substr({col}, 1, 4) AS INTEGER) - c.k) || substr({col}, 5)"
    m = f"(CAST(substr({col}, 1, 4) AS INTEGER) * 12 + CAST(substr({col}, 6, 2) AS INTEGER) - 1 - c.k)"
    return f"printf('%04d-%02d', {m} / 12, {m} % 12 + 1) || substr({col}, 8)"


ks = " UNION ALL ".join(f"SELECT {k} AS k" for k in range(1, copies + 1))
began = time.time()
oldest_game = run("SELECT MIN(created_at) FROM games")[0][0]
if not pg:
    run("BEGIN")
for table, key, when in TABLES:
    if only and table not in only:
        continue
    t = time.time()
    first = run(f"SELECT MIN({when}) FROM {table}")[0][0]
    cols = [c for c in columns(table) if not (table == "rating_changes" and c == "id")]
    exprs = []
    for col in cols:
        if col == key:
            exprs.append(id_of(col))
        elif col.endswith("_at"):
            exprs.append(shifted(col))
        elif table == "explorer_counts" and col == "month":
            exprs.append(shifted(col, month=True))
        else:
            exprs.append(col)
    run(f"INSERT INTO {table} ({', '.join(cols)}) SELECT {', '.join(exprs)} "
        f"FROM {table} CROSS JOIN ({ks}) AS c WHERE {when} >= '{first}'")
    print(f"{table}: copied in {time.time() - t:.0f} s", flush=True)
# PostgreSQL's autovacuum would analyze the grown tables; SQLite is left
# without statistics, as the server leaves it.
run("COMMIT" if not pg else "ANALYZE")
print(f"{copies} copies of the games from {oldest_game} on, in {time.time() - began:.0f} s")
