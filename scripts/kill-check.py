#!/usr/bin/env python3
# kill -9 the server during a move load, restart it on the same database,
# three times: every acknowledged move (201) is stored, none twice, no gap.
# A fresh SQLite file, or the PostgreSQL database DATABASE_URL names (empty:
# its tables are read with psql).
#   python3 scripts/kill-check.py target/release/oanquan [CYCLES] [DATABASE_URL]
import http.client, json, os, signal, sqlite3, subprocess, sys, tempfile, threading, time
BIN, PORT, GAMES, CYCLES = sys.argv[1], 18194, 48, int(sys.argv[2]) if len(sys.argv) > 2 else 3
db = os.path.join(tempfile.mkdtemp(), "k.db")
URL = sys.argv[3] if len(sys.argv) > 3 else f"sqlite://{db}"
def stored_moves():
    if URL.startswith("sqlite:"):
        return set(sqlite3.connect(db).execute("SELECT game_id, ply FROM moves").fetchall())
    out = subprocess.run(["psql", URL, "-Atc", "SELECT game_id || ' ' || ply FROM moves"],
                         check=True, capture_output=True, text=True).stdout
    return {(g, int(p)) for g, p in (line.split() for line in out.splitlines())}
def start():
    p = subprocess.Popen([BIN, "serve", "--bind", f"127.0.0.1:{PORT}", "--database-url", URL,
                          "--rate-limit-per-second", "0", "--max-connections-per-ip", "0", "--db-max-waiting", "0",
                          "--max-registrations-per-hour", "0"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        try:
            c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2); c.request("GET", "/ready")
            if c.getresponse().status == 200: return p
        except OSError: pass
        time.sleep(0.01)
    raise SystemExit("server did not start")
def call(conn, method, path, body=None, token=None):
    h = {"content-type": "application/json"}
    if token: h["authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, h)
    r = conn.getresponse(); return r.status, json.loads(r.read() or b"null")
server = start()
c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
games = []
for i in range(GAMES):
    _, a = call(c, "POST", "/v1/players", {"name": f"ka{i}x"}); _, b = call(c, "POST", "/v1/players", {"name": f"kb{i}x"})
    _, g = call(c, "POST", "/v1/games", {"rules": {"preset": "classic"}, "seat": "south", "first": "south", "rated": False}, a["token"])
    call(c, "POST", f"/v1/games/{g['id']}/join", {}, b["token"])
    games.append({"id": g["id"], "tok": {"south": a["token"], "north": b["token"]}})
acked = set(); lock = threading.Lock()
def player(game, stop):
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
    try:
        _, state = call(conn, "GET", f"/v1/games/{game['id']}")
        while not stop.is_set() and state["status"] == "active":
            m = state["legal_moves"][0]
            status, body = call(conn, "POST", f"/v1/games/{game['id']}/moves", {"move": m, "ply": state["ply"]}, game["tok"][state["to_move"]])
            if status != 201: raise SystemExit(f"move refused {status} {body}")
            with lock: acked.add((game["id"], body["move"]["ply"]))
            state = body["game"]
    except (OSError, http.client.HTTPException): pass  # the server was killed
for cycle in range(CYCLES):
    stop = threading.Event()
    threads = [threading.Thread(target=player, args=(g, stop)) for g in games]
    for t in threads: t.start()
    time.sleep(1.5)
    server.send_signal(signal.SIGKILL); server.wait(); stop.set()
    for t in threads: t.join()
    server = start()  # restart on the same database
    stored = stored_moves()
    lost = acked - stored
    per_game = {}
    for g, p in stored: per_game.setdefault(g, []).append(p)
    gaps = [g for g, ps in per_game.items() if sorted(ps) != list(range(min(ps), min(ps) + len(ps)))]
    print(f"cycle {cycle + 1}: acknowledged {len(acked)}, stored {len(stored)}, lost {len(lost)}, "
          f"stored unacknowledged {len(stored - acked)} (≤ {GAMES} in flight), games with a gap {len(gaps)}")
    assert not lost and not gaps and len(stored - acked) <= GAMES
server.send_signal(signal.SIGKILL); server.wait()
print("ok")
