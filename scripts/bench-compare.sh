#!/usr/bin/env bash
# Before/after: runs the same loads against two builds, interleaved
# (A B A B …) so that both see the same machine load.
#
#   scripts/bench-compare.sh BEFORE_BIN_DIR AFTER_BIN_DIR [ROUNDS]
#
# Each BIN_DIR holds `oanquan` and `examples/loadgen` (a release build, e.g.
# target/release of a worktree at an older revision; its load generator's
# db-ceiling then runs that revision's store). Per round, backend and build:
# 64 games, GET a game, GET /health, the database ceiling; 2 s warm-up, 8 s
# measured. BEFORE_FLAGS / AFTER_FLAGS add server flags to each build (one
# build against itself: BEFORE_FLAGS="--wal-checkpoint-every-ms 0
# --db-max-waiting 0" is the write path without the admission gate).
# BACKENDS=sqlite (or postgres) runs one backend only.
# Results: target/bench/compare.txt, labelled before|after/backend/load.
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=$1 AFTER=$2 ROUNDS=${3:-2}
PG_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}"
PORT=18090
OUT=target/bench/compare.txt
mkdir -p target/bench
: >"$OUT"
WORK=$(mktemp -d -t oanquan-compare.XXXXXX)
DB="compare_$(date +%s)_$$"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
    psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

run() {
    local name=$1 bin=$2 backend=$3 round=$4 url flags
    if [ "$name" = before ]; then flags=${BEFORE_FLAGS:-}; else flags=${AFTER_FLAGS:-}; fi
    case "$backend" in
        sqlite) url="sqlite://$WORK/$name-$round.db" ;;
        postgres)
            psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null
            psql "$PG_URL/postgres" -qc "CREATE DATABASE $DB" >/dev/null
            url="$PG_URL/$DB" ;;
    esac
    "$bin/oanquan" serve --bind "127.0.0.1:$PORT" --database-url "$url" \
        --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 $flags >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 500); do curl -fs "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break; sleep 0.01; done
    local common=(--warmup 2 --duration 8 --out "$OUT" --server-pid "$SERVER_PID")
    "$bin/examples/loadgen" play --base "http://127.0.0.1:$PORT" --database-url "$url" \
        --label "$name/$backend/play" "${common[@]}"
    "$bin/examples/loadgen" get --base "http://127.0.0.1:$PORT" --path game \
        --label "$name/$backend/get-game" "${common[@]}"
    "$bin/examples/loadgen" get --base "http://127.0.0.1:$PORT" --path health \
        --label "$name/$backend/health" "${common[@]}"
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
    "$bin/examples/loadgen" db-ceiling --database-url "$url" --warmup 2 --duration 8 \
        --out "$OUT" --label "$name/$backend/db-ceiling"
}

for round in $(seq 1 "$ROUNDS"); do
    for backend in ${BACKENDS:-sqlite postgres}; do
        run before "$BEFORE" "$backend" "$round"
        run after "$AFTER" "$backend" "$round"
    done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
grep RESULT "$OUT" | sed 's/RESULT //'
