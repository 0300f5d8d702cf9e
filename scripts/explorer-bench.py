#!/usr/bin/env python3
# The opening explorer's queries (src/store/explorer.rs) over a synthetic
# SQLite table: python3 scripts/explorer-bench.py GAMES DB-FILE \
#     migrations/sqlite/0022_explorer_and_search.sql  (BENCHMARKS.md, "Opening explorer")
# Synthetic opening tree in explorer_moves (SQLite): G games of 60 plies;
# the first 4 moves branch 10 ways each, later positions are the game's own.
import os, random, sqlite3, sys, time
G = int(sys.argv[1]); path = sys.argv[2]
if os.path.exists(path): os.remove(path)
db = sqlite3.connect(path)
db.executescript(open(sys.argv[3]).read().split("-- The same games counted")[0])
db.commit()
base = os.path.getsize(path)
rnd = random.Random(1)
moves = ["1L","1R","2L","2R","3L","3R","4L","4R","5L","5R"]
t0 = time.time()
batch = []
for g in range(G):
    gid = "g%09d" % g
    line = [rnd.randrange(10) for _ in range(60)]
    winner = rnd.choice(["south","north","draw"])
    rated = rnd.random() < 0.5
    rating = 1200 + rnd.random()*1000 if rated else None
    fin = "2026-%02d-%02dT12:00:00.000000Z" % (1 + g % 12, 1 + g % 28)
    for k in range(61):
        pos = "S" + "".join(moves[m] for m in line[:min(k,4)]) + ("" if k <= 4 else "/%s/%d" % (gid, k))
        mv = moves[line[k]] if k < 60 else ""
        batch.append((gid, k+1, "classic", pos + (" s" if k % 2 == 0 else " n"), mv, winner, rnd.randrange(-20,21), rated, rating, "rapid", fin))
    if len(batch) > 50000:
        db.executemany("INSERT INTO explorer_moves VALUES (?,?,?,?,?,?,?,?,?,?,?)", batch); batch = []
db.executemany("INSERT INTO explorer_moves VALUES (?,?,?,?,?,?,?,?,?,?,?)", batch)
db.commit()
db.execute("VACUUM"); db.execute("ANALYZE")
size = os.path.getsize(path) - base
print(f"{G} games, {G*61} rows, insert {time.time()-t0:.0f}s, {size/G:.0f} bytes per game (table + index)")
COUNTS = """COUNT(DISTINCT game_id), COUNT(DISTINCT CASE WHEN winner = 'south' THEN game_id END),
 COUNT(DISTINCT CASE WHEN winner = 'north' THEN game_id END), COUNT(DISTINCT CASE WHEN winner = 'draw' THEN game_id END),
 AVG(CAST(score_difference AS DOUBLE PRECISION)), AVG(rating)"""
OF = """FROM explorer_moves WHERE rules = ?1 AND position = ?2 AND (?3 IS NULL OR rated = ?3)
 AND (?4 IS NULL OR rating >= ?4) AND (?5 IS NULL OR finished_at >= ?5) AND (?6 IS NULL OR finished_at < ?6) AND (?7 IS NULL OR speed = ?7)"""
def run(pos, filt=(None,)*5):
    args = ("classic", pos) + filt
    t = time.perf_counter()
    db.execute(f"SELECT '' AS played, {COUNTS} {OF}", args).fetchall()
    db.execute(f"SELECT move, {COUNTS} {OF} GROUP BY move", args).fetchall()
    db.execute(f"SELECT game_id {OF} GROUP BY game_id ORDER BY MAX(finished_at) DESC, game_id DESC LIMIT 8", args).fetchall()
    return (time.perf_counter() - t) * 1000
for label, pos in [("start (every game)", "S s"), ("after 1 move (1/10)", "S3R n"), ("after 2 moves (1/100)", "S3R1L s"), ("after 4 moves (1/10,000)", "S3R1L2R5L s")]:
    times = sorted(run(pos) for _ in range(7))
    print(f"{label}: median {times[3]:.1f} ms, max {times[-1]:.1f} ms")
times = sorted(run("S s", (1, 1500.0, "2026-06-01T00:00:00Z", None, "rapid")) for _ in range(7))
print(f"start, rated+min_rating+since+speed: median {times[3]:.1f} ms, max {times[-1]:.1f} ms")

# The buckets the hook keeps, filled here from the rows in one statement.
ddl = open(sys.argv[3]).read()
db.executescript("CREATE TABLE explorer_counts" + ddl.split("CREATE TABLE explorer_counts")[1].split("-- Game search")[0])
db.execute("""INSERT INTO explorer_counts
  SELECT rules, position, mv, rated, band, month, speed, COUNT(*), SUM(winner = 'south'), SUM(winner = 'north'),
         SUM(winner = 'draw'), SUM(score_difference), COALESCE(SUM(rating), 0), COUNT(rating)
  FROM (SELECT rules, position, move AS mv, rated, COALESCE(CAST(rating / 100 AS INTEGER) * 100, -1) AS band,
               substr(finished_at, 1, 7) AS month, speed, winner, score_difference, rating FROM explorer_moves
        UNION ALL
        SELECT DISTINCT rules, position, '*', rated, COALESCE(CAST(rating / 100 AS INTEGER) * 100, -1),
               substr(finished_at, 1, 7), speed, winner, score_difference, rating FROM explorer_moves)
  GROUP BY rules, position, mv, rated, band, month, speed""")
db.commit(); db.execute("VACUUM"); db.execute("ANALYZE")
size2 = os.path.getsize(path) - base
print(f"with the buckets: {size2/G:.0f} bytes per game (rows, buckets and their indexes)")
SUMS = """SUM(games), SUM(south_wins), SUM(north_wins), SUM(draws),
 CAST(SUM(score_difference_sum) AS DOUBLE PRECISION) / SUM(games),
 CASE WHEN SUM(rating_games) > 0 THEN SUM(rating_sum) / SUM(rating_games) END
 FROM explorer_counts WHERE rules = ?1 AND position = ?2 AND (?3 IS NULL OR rated = ?3) AND (?4 IS NULL OR rating_band >= ?4)
 AND (?5 IS NULL OR month >= ?5) AND (?6 IS NULL OR month < ?6) AND (?7 IS NULL OR speed = ?7)"""
def run_buckets(pos, filt=(None,)*5):
    args = ("classic", pos) + filt
    t = time.perf_counter()
    db.execute(f"SELECT move, {SUMS} GROUP BY move", args).fetchall()
    db.execute(f"SELECT game_id {OF} ORDER BY finished_at DESC LIMIT 32", args[:7] if len(args) == 7 else args).fetchall()
    return (time.perf_counter() - t) * 1000
for label, pos in [("buckets: start (every game)", "S s"), ("buckets: after 1 move", "S3R n"), ("buckets: after 4 moves", "S3R1L2R5L s")]:
    times = sorted(run_buckets(pos) for _ in range(21))
    print(f"{label}: median {times[10]:.2f} ms, max {times[-1]:.2f} ms")
times = sorted(run_buckets("S s", (1, 1500, "2026-06", None, "rapid")) for _ in range(21))
print(f"buckets: start, rated+min_rating+since+speed: median {times[10]:.2f} ms, max {times[-1]:.2f} ms")
