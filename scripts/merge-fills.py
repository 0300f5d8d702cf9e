#!/usr/bin/env python3
"""Merges fills of examples/explorer_fill.rs made side by side (same --seed
and --players; each one preset, or one range of a preset's game numbers
with --players 0) into one SQLite database: the games, moves, rating
changes and explorer rows of every fill, the explorer's buckets summed
where two fills share one, each preset's ratings from the fill that played
it.

    python3 scripts/merge-fills.py OUT.db FILL.db…"""
import shutil, sqlite3, sys, time

out, first, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
for suffix in ["", "-wal", "-shm"]:
    try:
        shutil.os.remove(out + suffix)
    except FileNotFoundError:
        pass
src = sqlite3.connect(first)
dst = sqlite3.connect(out)
src.backup(dst)
src.close()
dst.close()
db = sqlite3.connect(out, isolation_level=None)
db.execute("PRAGMA cache_size = -1000000")
SUMS = ["games", "south_wins", "north_wins", "draws", "score_difference_sum", "rating_sum", "rating_games"]
for path in rest:
    t = time.time()
    db.execute("ATTACH DATABASE ? AS f", (path,))
    presets = [p for (p,) in db.execute("SELECT DISTINCT preset FROM f.games")]
    db.execute("BEGIN")
    db.execute("INSERT OR IGNORE INTO players SELECT * FROM f.players")
    for preset in presets:
        if db.execute("SELECT COUNT(*) FROM f.rating_changes WHERE preset = ?", (preset,)).fetchone()[0]:
            db.execute("DELETE FROM player_ratings WHERE preset = ?", (preset,))
            db.execute("INSERT INTO player_ratings SELECT * FROM f.player_ratings WHERE preset = ?", (preset,))
    for table in ["games", "moves", "explorer_moves"]:
        db.execute(f"INSERT INTO {table} SELECT * FROM f.{table}")
    db.execute("INSERT INTO explorer_counts SELECT * FROM f.explorer_counts WHERE true "
               "ON CONFLICT (rules, position, move, rated, rating_band, month, speed) DO UPDATE SET "
               + ", ".join(f"{c} = explorer_counts.{c} + excluded.{c}" for c in SUMS))
    cols = [r[1] for r in db.execute("PRAGMA table_info(rating_changes)") if r[1] != "id"]
    db.execute(f"INSERT INTO rating_changes ({', '.join(cols)}) SELECT {', '.join(cols)} FROM f.rating_changes "
               "ORDER BY id")
    db.execute("COMMIT")
    db.execute("DETACH DATABASE f")
    print(f"{path} ({', '.join(presets)}) merged in {time.time() - t:.0f} s", flush=True)
