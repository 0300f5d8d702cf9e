#!/usr/bin/env python3
"""The read side of a large history, over HTTP: `GET /v1/explorer` over a
mix of positions and `GET /v1/games` with each search filter, first page and
a deep page by cursor; p50 / p99 of each, plus the database's size per game
and the index each search filter's query reads (EXPLAIN).

    python3 scripts/read-scale-bench.py --base http://127.0.0.1:8080 \
        --database sqlite:///work/r3-data/million.db [--requests 200]

`--database` is the server's own database (sqlite://FILE or postgres://…),
read with the sqlite3 or psql client for sizes and plans. Latencies are
measured by this client, one request at a time, keep-alive, so they include
HTTP and JSON; the server should be the release build."""
import argparse, base64, hashlib, http.client, json, os, random, statistics, subprocess, sys, time, urllib.parse

ap = argparse.ArgumentParser()
ap.add_argument("--base", required=True)
ap.add_argument("--database", required=True)
ap.add_argument("--requests", type=int, default=200)
ap.add_argument("--deep-pages", type=int, default=20)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--month", default="2010-01", help="a month the history covers: the date filters' bounds")
ap.add_argument("--skip", default="", help="comma list of parts to skip: explorer,search,sizes,plans")
args = ap.parse_args()
# The explorer's bound on a position's rows counted at query time.
MAX_ROWS_COUNTED = 5000
skip = set(filter(None, args.skip.split(",")))
rnd = random.Random(args.seed)
url = urllib.parse.urlparse(args.base)
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)


def get(path):
    t = time.perf_counter()
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    ms = (time.perf_counter() - t) * 1000
    if r.status != 200:
        sys.exit(f"{path}: {r.status} {body[:300]!r}")
    return ms, json.loads(body)


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def timed(label, paths):
    """Each path `requests` times in a shuffled order; p50/p99 over all."""
    order = [p for p in paths for _ in range(max(1, args.requests // len(paths)))]
    rnd.shuffle(order)
    for p in paths:  # warm
        get(p)
    ms = [get(p)[0] for p in order]
    print(f"| {label} | {len(ms)} | {pct(ms, 50):.2f} | {pct(ms, 99):.2f} | {max(ms):.2f} |", flush=True)
    return ms


def sql(query):
    if args.database.startswith("sqlite"):
        path = args.database.split("://", 1)[1]
        out = subprocess.run(["sqlite3", "-readonly", path, query], capture_output=True, text=True, check=True)
    else:
        out = subprocess.run(["psql", "-X", "-A", "-t", "-F", "|", args.database, "-c", query],
                             capture_output=True, text=True, check=True)
    return [line.split("|") for line in out.stdout.strip().splitlines()]


if "explorer" not in skip:
    print("\n#### Explorer (GET /v1/explorer)\n")
    print("| positions | requests | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |")
    allpaths = []
    for preset in ["classic", "village", "online"]:
        start = f"/v1/explorer?preset={preset}"
        _, answer = get(start)
        total = answer["games"]
        popular, rare = [], []
        line = []
        for depth in range(1, 7):
            _, a = get(start + ("&play=" + ",".join(line) if line else ""))
            if not a["moves"]:
                break
            line.append(a["moves"][0]["move"])
            popular.append(start + "&play=" + ",".join(line))
        line = []
        for depth in range(1, 7):
            _, a = get(start + ("&play=" + ",".join(line) if line else ""))
            if not a["moves"]:
                break
            line.append(a["moves"][-1]["move"])
            rare.append(start + "&play=" + ",".join(line))
        games = [get(p)[1]["games"] for p in popular]
        print(f"| {preset}: start ({total:,} games) | | | | |")
        timed(f"{preset}: start", [start])
        timed(f"{preset}: popular line, depth 1–6 ({', '.join(f'{g:,}' for g in games)} games)", popular)
        rgames = [get(p)[1]["games"] for p in rare]
        timed(f"{preset}: rarest reply, depth 1–6 ({', '.join(f'{g:,}' for g in rgames)} games)", rare)
        allpaths += [start] + popular + rare
    bucket_filters = f"&rated=true&min_rating=1500&since={args.month}-01T00:00:00Z&speed=blitz"
    timed("start, `rated`, `min_rating=1500`, `since` a month's start, `speed` (buckets)",
          [f"/v1/explorer?preset={p}{bucket_filters}" for p in ["classic", "village", "online"]])
    timed("the mix: every position above, no filter", allpaths)
    # A filter that cuts inside a bucket is counted from the rows, only at
    # positions of at most MAX_ROWS_COUNTED games (src/store/explorer.rs);
    # past that it is refused (400).
    row_filters = f"&since={args.month}-15T12:00:00Z"
    small = [p for p in allpaths if get(p)[1]["games"] <= MAX_ROWS_COUNTED]
    saved = args.requests
    args.requests = 96
    if small:
        timed(f"`since` inside a month (counted from the rows), positions of ≤ {MAX_ROWS_COUNTED:,} games ({len(small)})",
              [p + row_filters for p in small])
        timed(f"`min_rating=1550` (rows), positions of ≤ {MAX_ROWS_COUNTED:,} games ({len(small)})",
              [p + "&min_rating=1550" for p in small])
    conn.request("GET", f"/v1/explorer?preset=classic{row_filters}")
    refused = conn.getresponse()
    refused.read()
    print(f"\nStart with `since` inside a month: {refused.status} (refused past {MAX_ROWS_COUNTED:,} games)")
    args.requests = saved

year, month = map(int, args.month.split("-"))
next_month = f"{year + month // 12:04d}-{month % 12 + 1:02d}"
if "search" not in skip:
    print("\n#### Game search (GET /v1/games)\n")
    # A frequent pair of players, from the first page of all games.
    pair = sql("SELECT south_id, north_id FROM games WHERE south_id IS NOT NULL "
               "GROUP BY south_id, north_id ORDER BY COUNT(*) DESC LIMIT 1")[0]
    top = sql("SELECT south_id FROM games WHERE south_id IS NOT NULL GROUP BY south_id ORDER BY COUNT(*) DESC LIMIT 1")[0][0]
    filters = [
        ("none", ""),
        ("`player` (the most active)", f"player={top}"),
        ("`player` + `opponent` (most frequent pair)", f"player={pair[0]}&opponent={pair[1]}"),
        ("`result=north`", "result=north"),
        ("`result=draw`", "result=draw"),
        ("`reason=mandarins_captured`", "reason=mandarins_captured"),
        ("`reason=max_plies`", "reason=max_plies"),
        ("`rated=true`", "rated=true"),
        ("`rated=false`", "rated=false"),
        ("`preset=village`", "preset=village"),
        ("`since` / `until`, one month", f"since={args.month}-01T00:00:00Z&until={next_month}-01T00:00:00Z"),
        ("`min_rating=1500`", "min_rating=1500"),
        ("`min_rating=1650`", "min_rating=1650"),
        ("`player` + `result` + `reason`", f"player={top}&result=south&reason=mandarins_captured"),
    ]
    print("| filter | page | requests | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- | --- |")
    for label, q in filters:
        first = f"/v1/games?{q}&limit=20" if q else "/v1/games?limit=20"
        timed(f"{label} | first", [first])
        # The deep page: follow the cursors `deep-pages` pages of 100.
        path = (f"/v1/games?{q}&limit=100" if q else "/v1/games?limit=100")
        cursor, depth = None, 0
        for _ in range(args.deep_pages):
            _, page = get(path + (f"&cursor={cursor}" if cursor else ""))
            if not page.get("next_cursor"):
                break
            cursor, depth = page["next_cursor"], depth + len(page["games"])
        if cursor:
            timed(f"{label} | after {depth:,}", [f"{first}&cursor={cursor}"])

if "sizes" not in skip:
    print("\n#### Sizes\n")
    games = int(sql("SELECT COUNT(*) FROM games")[0][0])
    rows = int(sql("SELECT COUNT(*) FROM explorer_moves")[0][0])
    buckets = int(sql("SELECT COUNT(*) FROM explorer_counts")[0][0])
    if args.database.startswith("sqlite"):
        sizes = {name: int(size) for name, size in sql("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")}
        total = os.path.getsize(args.database.split("://", 1)[1])
        explorer = {k: v for k, v in sizes.items() if "explorer" in k}
    else:
        rel = sql("SELECT c.relname, pg_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                  "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 't')")
        sizes = {name: int(size) for name, size in rel}
        total = int(sql("SELECT pg_database_size(current_database())")[0][0])
        explorer = {k: v for k, v in sizes.items() if "explorer" in k}
    print(f"{games:,} games, {rows:,} explorer rows, {buckets:,} buckets; database {total / 2**30:.2f} GiB")
    print("| relation | bytes | bytes per game |\n| --- | --- | --- |")
    for name, size in sorted(explorer.items()):
        print(f"| {name} | {size:,} | {size / games:,.0f} |")
    ex = sum(explorer.values())
    print(f"| explorer, all | {ex:,} | {ex / games:,.0f} |")
    print(f"| whole database | {total:,} | {total / games:,.0f} |")

if "plans" not in skip:
    print("\n#### Plans of the search filters\n")
    sel = "SELECT g.id FROM games g"
    order = "ORDER BY g.created_at DESC, g.id DESC LIMIT 21"
    pair = sql("SELECT south_id, north_id FROM games WHERE south_id IS NOT NULL LIMIT 1")[0]
    pg = not args.database.startswith("sqlite")
    t = "true" if pg else "1"
    cases = [
        ("result", f"{sel} WHERE g.winner = 'north' {order}"),
        ("reason", f"{sel} WHERE g.end_reason = 'max_plies' {order}"),
        ("rated", f"{sel} WHERE g.rated = {t} {order}"),
        ("preset", f"{sel} WHERE g.preset = 'village' {order}"),
        ("since/until", f"{sel} WHERE g.created_at >= '{args.month}-01T00:00:00Z' AND g.created_at < '{next_month}-01T00:00:00Z' {order}"),
        ("min_rating", f"{sel} WHERE EXISTS (SELECT 1 FROM rating_changes rc WHERE rc.game_id = g.id) AND NOT EXISTS "
                       f"(SELECT 1 FROM rating_changes rc WHERE rc.game_id = g.id AND rc.rating_before < 1650) {order}"),
        ("opponent", f"SELECT id FROM games WHERE south_id = '{pair[0]}' AND north_id = '{pair[1]}' "
                     "ORDER BY created_at DESC, id DESC LIMIT 21"),
    ]
    for label, q in cases:
        plan = sql(("EXPLAIN " if pg else "EXPLAIN QUERY PLAN ") + q)
        text = " / ".join("|".join(r).strip() for r in plan)
        print(f"- {label}: `{text}`")
