#!/usr/bin/env python3
"""What the opening explorer says about the first moves of each preset,
read through `GET /v1/explorer` of a running server: the tables of
docs/OPENINGS.md. `python3 scripts/openings-report.py --base http://127.0.0.1:8080`

Score % is South's (the first mover's) score, a win 1, a draw ½; its 95 %
interval is the normal one, ±1.96 × the standard error of one game's score
over the games. Averages of the score difference are the mover's final
score minus the other's."""
import argparse, http.client, json, math, urllib.parse

ap = argparse.ArgumentParser()
ap.add_argument("--base", required=True)
ap.add_argument("--replies-of", type=int, default=3, help="best replies listed for this many first moves")
args = ap.parse_args()
url = urllib.parse.urlparse(args.base)
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=600)


def explorer(preset, line):
    q = f"/v1/explorer?preset={preset}&first=south&recent=0"
    if line:
        q += "&play=" + ",".join(line)
    conn.request("GET", q)
    r = conn.getresponse()
    body = r.read()
    assert r.status == 200, (q, r.status, body[:200])
    return json.loads(body)


def score(m, seat):
    """The score of `seat` over the games of `m`, its standard error."""
    n = m["games"]
    wins = m["south_wins"] if seat == "south" else m["north_wins"]
    p = (wins + m["draws"] / 2) / n
    second = (wins + m["draws"] / 4) / n  # mean of the squared score
    return p, math.sqrt(max(second - p * p, 0) / n)


def row(m, seat):
    p, se = score(m, seat)
    return (f"| {m['move']} | {m['games']:,} | {m['south_wins']:,} | {m['north_wins']:,} | {m['draws']:,} "
            f"| {100 * p:.1f} ± {196 * se:.1f} | {m['average_score_difference']:+.2f} |")


HEAD = "| move | games | South wins | North wins | draws | {} score % (95 %) | avg. score difference (mover) |\n" \
       "| --- | --- | --- | --- | --- | --- | --- |"

for preset in ["classic", "village", "online"]:
    start = explorer(preset, [])
    n = start["games"]
    p, se = score(dict(start, move=""), "south")
    print(f"\n### {preset}\n")
    print(f"{n:,} games from the start; South (first to move) wins {start['south_wins']:,}, North "
          f"{start['north_wins']:,}, draws {start['draws']:,}: South scores {100 * p:.1f} % ± {196 * se:.1f}.\n")
    print("First moves, best score for South first:\n")
    print(HEAD.format("South's"))
    moves = sorted(start["moves"], key=lambda m: -score(m, "south")[0])
    for m in moves:
        print(row(m, "south"))
    if len(moves) >= 2:
        (a, sa), (b, sb) = score(moves[0], "south"), score(moves[1], "south")
        worst, sw = score(moves[-1], "south")
        gap, gse = a - b, math.sqrt(sa * sa + sb * sb)
        spread, sse = a - worst, math.sqrt(sa * sa + sw * sw)
        print(f"\nBest first move {moves[0]['move']}: {100 * a:.1f} %, ahead of the second "
              f"({moves[1]['move']}, {100 * b:.1f} %) by {100 * gap:.1f} ± {196 * gse:.1f} points "
              f"(95 %), and of the worst ({moves[-1]['move']}, {100 * worst:.1f} %) by "
              f"{100 * spread:.1f} ± {196 * sse:.1f}.")
    for m in moves[: args.replies_of]:
        after = explorer(preset, [m["move"]])
        replies = sorted(after["moves"], key=lambda r: -score(r, "north")[0])
        print(f"\nReplies to {m['move']} ({after['games']:,} games), best for North first:\n")
        print(HEAD.format("North's"))
        for r in replies:
            print(row(r, "north"))
