#!/usr/bin/env bash
# Instructions the server executes per persisted move, counted by
# callgrind: a figure that does not move with the machine's load, so two
# builds can be compared on a busy machine (user space only; the kernel's
# share of a move is not counted).
#
#   scripts/move-instructions.sh BIN_DIR [sqlite|postgres] [SECONDS] [TOP]
#
# BIN_DIR holds `oanquan` and `examples/loadgen` (release builds). The
# server runs under valgrind on a fresh database; once it is ready the
# counters are zeroed, `loadgen play` drives 16 games for SECONDS (40)
# and the counters are dumped. Prints the instructions per persisted move
# and the TOP (40) functions by inclusive instructions per move. Output
# files: target/bench/callgrind-<backend>/.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$1 BACKEND=${2:-sqlite} SECONDS_RUN=${3:-40} TOP=${4:-40}
PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18111}
OUT=target/bench/callgrind-$BACKEND
rm -rf "$OUT"; mkdir -p "$OUT"
DB="instructions_$(date +%s)_$$"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
    if [ "$BACKEND" = postgres ]; then
        psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT
case "$BACKEND" in
    sqlite) URL="sqlite://$PWD/$OUT/db.sqlite" ;;
    postgres)
        psql "$PG_URL/postgres" -qc "CREATE DATABASE $DB" >/dev/null
        URL="$PG_URL/$DB" ;;
    *) echo "backend: sqlite or postgres" >&2; exit 2 ;;
esac
moves() {
    case "$BACKEND" in
        sqlite) sqlite3 "$OUT/db.sqlite" "SELECT count(*) FROM moves" ;;
        postgres) psql -At "$URL" -c "SELECT count(*) FROM moves" ;;
    esac
}
valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.out" --dump-instr=no \
    "$BIN/oanquan" serve --bind "127.0.0.1:$PORT" --database-url "$URL" \
    --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 \
    >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 1200); do curl -fs "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1
callgrind_control -z "$SERVER_PID" >/dev/null
before=$(moves)
"$BIN/examples/loadgen" play --base "http://127.0.0.1:$PORT" --concurrency 16 --warmup 0 \
    --duration "$SECONDS_RUN" --label "callgrind/$BACKEND" | grep RESULT
sleep 1
callgrind_control -d "$SERVER_PID" >/dev/null
after=$(moves)
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
dump=$(ls "$OUT"/cg.out.* | head -1)
persisted=$((after - before))
total=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
echo "RESULT backend=$BACKEND moves=$persisted instructions=$total per_move=$((total / persisted)) load=\"$(cut -d' ' -f1-3 /proc/loadavg)\""
callgrind_annotate --inclusive=yes --threshold=100 "$dump" 2>/dev/null |
    awk -v m="$persisted" '/\?\?\?:|\.[cS]:/ {
        gsub(",", "", $1); name = $0
        sub(/^[^ ]+ +\([^)]*\) +/, "", name); sub(/ \[.*$/, "", name)
        printf "%9d  %s\n", $1 / m, name
    }' | head -n "$TOP" | tee "$OUT/per-move.txt"
