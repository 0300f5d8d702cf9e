#!/usr/bin/env bash
# The PostgreSQL write path against its independent ceiling, on the same
# PostgreSQL, interleaved (pgbench, server, pgbench, server, …):
#
#   scripts/pg-ceiling.sh [BIN_DIR] [ROUNDS]
#
# - pgbench: scripts/pgbench/move.sql (lock a game's row, insert a move,
#   bump the version; one transaction), CLIENTS clients (16), -M prepared,
#   over GAMES (64) copies of a real game row;
# - minimal HTTP: `loadgen http-ceiling-serve` on the same database (bare
#   actix-web, two workers, a pool of the server's 10 connections), each
#   POST that same transaction on its slot's game as one statement, one
#   round trip, as the server sends a move (MINIMAL_FLAGS= for pgbench's
#   five statements), under
#   `loadgen http-ceiling-load` with GAMES closed-loop tasks: the least
#   any HTTP server in front of it costs on this machine;
# - the server: BIN_DIR/oanquan (release build; default target/release)
#   under `BIN_DIR/examples/loadgen play` with GAMES closed-loop games.
# Each run lasts DURATION seconds (10; the server's after a 2 s warm-up).
# Prints moves/s of each, the server's and the minimal server's share of
# pgbench's rate, the
# server's CPU per move, and the load average before each run; and, from
# scripts/cpu-by-command.py over the middle of each run, the CPU per move
# of each process on the machine (PostgreSQL's backends, pgbench or the
# load generator, the server): what the two cores are shared between.
# SERVER_FLAGS
# adds flags to the server (e.g. "--recent-games 0": every move a
# transaction). Results: target/bench/pg-ceiling.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release} ROUNDS=${2:-2}
PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}
DURATION=${DURATION:-10} CLIENTS=${CLIENTS:-16} GAMES=${GAMES:-64} PORT=${PORT:-18093}
OUT=target/bench/pg-ceiling.txt
mkdir -p target/bench
: >"$OUT"
DB="pgceiling_$(date +%s)_$$"
WORK=$(mktemp -d -t oanquan-pgceiling.XXXXXX)
# shellcheck source=scripts/lib/server.sh
source scripts/lib/server.sh
cleanup() {
    cleanup_server
    psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
# CPU microseconds per move of each command, from the sampler's line and
# the run's moves/s.
per_move() {
    awk -v rate="$2" '{
        for (i = 2; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "elapsed") { elapsed = kv[2]; continue }
            if (kv[1] ~ /^(postgres|pgbench|loadgen|oanquan)/) used[kv[1]] += kv[2]
        }
        line = ""
        for (name in used) line = line sprintf(" %s=%.0f", name, 1e6 * used[name] / (rate * elapsed))
        print "cpu_us_per_move" line
    }' <<<"$1"
}

psql "$PG_URL/postgres" -qc "CREATE DATABASE $DB" >/dev/null
URL="$PG_URL/$DB"
"$BIN/oanquan" migrate --database-url "$URL" >/dev/null

start_server() {
    # shellcheck disable=SC2086
    "$BIN/oanquan" serve --bind "127.0.0.1:$PORT" --database-url "$URL" \
        --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 \
        ${SERVER_FLAGS:-} >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$PORT/ready"
}

# Prints the RESULT and CPU lines of HTTP run NAME/ROUND from
# $WORK/NAME.txt and the sampler's $WORK/cpu.txt; its rate in RATE.
report_http() {
    local name=$1 round=$2 before=$3 line cpu
    line=$(grep "label=$name/$round " "$WORK/$name.txt")
    RATE=$(field "$line" rate)
    cpu=$(field "$line" cpu_us_per_op)
    echo "RESULT label=$name/$round rate=$RATE cpu_us_per_move=$cpu errors=$(field "$line" errors) load=\"$before\"" | tee -a "$OUT"
    echo "CPU label=$name/$round $(per_move "$(cat "$WORK/cpu.txt")" "$RATE")" | tee -a "$OUT"
}

server_run() {
    local round=$1 before
    before=$(load)
    start_server
    scripts/cpu-by-command.py "$((DURATION - 2))" 3 >"$WORK/cpu.txt" &
    "$BIN/examples/loadgen" play --base "http://127.0.0.1:$PORT" --database-url "$URL" \
        --concurrency "$GAMES" --warmup 2 --duration "$DURATION" --server-pid "$SERVER_PID" \
        --label "server/$round" --out "$WORK/server.txt" >/dev/null
    wait $!
    stop_server
    report_http server "$round" "$before"
    SERVER_RATE=$RATE
}

minimal_run() {
    local round=$1 before
    before=$(load)
    "$BIN/examples/loadgen" http-ceiling-serve --database-url "$URL" --games "$GAMES" \
        --bind "127.0.0.1:$PORT" ${MINIMAL_FLAGS---one-statement} >"$WORK/minimal.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$PORT/ready"
    scripts/cpu-by-command.py "$((DURATION - 2))" 3 >"$WORK/cpu.txt" &
    "$BIN/examples/loadgen" http-ceiling-load --base "http://127.0.0.1:$PORT" --database-url "$URL" \
        --concurrency "$GAMES" --warmup 2 --duration "$DURATION" --server-pid "$SERVER_PID" \
        --label "minimal/$round" --out "$WORK/minimal.txt" >/dev/null
    wait $!
    stop_server
    report_http minimal "$round" "$before"
    MINIMAL_RATE=$RATE
}

pgbench_run() {
    local round=$1 before rate
    before=$(load)
    scripts/cpu-by-command.py "$((DURATION - 2))" 1 >"$WORK/cpu.txt" &
    rate=$(pgbench -n -M prepared -c "$CLIENTS" -j 2 -T "$DURATION" -D games="$GAMES" \
        -f scripts/pgbench/move.sql "$URL" 2>/dev/null | sed -nE 's/^tps = ([0-9.]+).*/\1/p')
    wait $!
    echo "RESULT label=pgbench/$round rate=$rate clients=$CLIENTS load=\"$before\"" | tee -a "$OUT"
    echo "CPU label=pgbench/$round $(per_move "$(cat "$WORK/cpu.txt")" "$rate")" | tee -a "$OUT"
    PGBENCH_RATE=$rate
}

# A real game row to copy: one game played through the server.
start_server
"$BIN/examples/loadgen" play --base "http://127.0.0.1:$PORT" --database-url "$URL" \
    --concurrency 1 --warmup 0 --duration 1 --label seed --out "$WORK/seed.txt" >/dev/null
stop_server
psql "$URL" -qv ON_ERROR_STOP=1 >/dev/null <<SQL
INSERT INTO games
SELECT (jsonb_populate_record(NULL::games, to_jsonb(g) || jsonb_build_object(
    'id', 'pgb' || lpad(n::text, 7, '0'), 'status', 'active', 'ply', 1, 'version', 2))).*
FROM (SELECT * FROM games ORDER BY created_at LIMIT 1) g, generate_series(1, $GAMES) n;
SQL

for round in $(seq 1 "$ROUNDS"); do
    pgbench_run "$round"
    minimal_run "$round"
    server_run "$round"
    ratio=$(awk -v s="$SERVER_RATE" -v p="$PGBENCH_RATE" 'BEGIN { printf "%.0f", 100 * s / p }')
    minimal=$(awk -v s="$MINIMAL_RATE" -v p="$PGBENCH_RATE" 'BEGIN { printf "%.0f", 100 * s / p }')
    echo "RESULT label=ratio/$round server_share_of_pgbench=${ratio}% minimal_share_of_pgbench=${minimal}%" | tee -a "$OUT"
done
echo "load average at the end: $(load)"
