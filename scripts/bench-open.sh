#!/usr/bin/env bash
# Open-loop before/after: two servers side by side, one per build,
# on fresh databases, loaded in turn (A B A B …) so both see the same machine.
#
#   scripts/bench-open.sh BEFORE_BIN_DIR AFTER_BIN_DIR [BACKENDS]
#
# Each BIN_DIR holds `oanquan` (a release build); the load generator is this
# tree's target/release/examples/loadgen. Per backend (default: sqlite
# postgres): 64 closed-loop games on each build; capacity C is the *before*
# build's rate (CAPACITY_OF=after: the after build's own); then moves offered at 25, 50, 75, 90 and 110 % of C to each
# build (open loop, 2 s warm-up, ${DURATION:-8} s measured). BEFORE_FLAGS and
# AFTER_FLAGS add server flags to each (one build can then be compared with
# itself, e.g. BEFORE_FLAGS="--wal-checkpoint-every-ms 0 --db-max-waiting 0"
# for the write path without the admission gate); BEFORE_ENV and AFTER_ENV set its
# environment (e.g. AFTER_ENV=RUST_LOG=off). PERCENTS="" runs the closed
# loop only; GAMES sets the open loop's games in play (default 256). Results:
# target/bench/open.txt, labelled before|after/backend/play|open-PCT.
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=$1 AFTER=$2 BACKENDS=${3:-sqlite postgres}
DURATION=${DURATION:-8}
LOADGEN=${LOADGEN:-target/release/examples/loadgen}
PG_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}"
OUT=${OUT:-target/bench/open.txt}
mkdir -p "$(dirname "$OUT")"
: >"$OUT"
WORK=$(mktemp -d -t oanquan-open.XXXXXX)
STAMP="open_$(date +%s)_$$"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for name in before after; do
        psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS ${STAMP}_$name" >/dev/null 2>&1 || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

declare -A URL PORT PID FLAGS ENVS
ENVS[before]=${BEFORE_ENV:-} ENVS[after]=${AFTER_ENV:-}
FLAGS[before]=${BEFORE_FLAGS:-} FLAGS[after]=${AFTER_FLAGS:-}
start() {
    local name=$1 bin=$2 backend=$3 port=$4 url
    case "$backend" in
        sqlite) url="sqlite://$WORK/$name.db" ;;
        postgres)
            psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS ${STAMP}_$name" >/dev/null
            psql "$PG_URL/postgres" -qc "CREATE DATABASE ${STAMP}_$name" >/dev/null
            url="$PG_URL/${STAMP}_$name" ;;
    esac
    env ${ENVS[$name]} "$bin/oanquan" serve --bind "127.0.0.1:$port" --database-url "$url" \
        --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 ${FLAGS[$name]} >"$WORK/$name.log" 2>&1 &
    PID[$name]=$!
    PIDS+=("$!")
    URL[$name]=$url PORT[$name]=$port
    for _ in $(seq 1 500); do curl -fs "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break; sleep 0.01; done
}
stop() {
    kill "${PID[$1]}"; wait "${PID[$1]}" 2>/dev/null || true
}
rate_of() { grep "label=$1 " "$OUT" | sed 's/.* rate=\([0-9.]*\).*/\1/' | tail -1; }

for backend in $BACKENDS; do
    start before "$BEFORE" "$backend" 18091
    start after "$AFTER" "$backend" 18092
    for name in before after; do
        "$LOADGEN" play --base "http://127.0.0.1:${PORT[$name]}" --database-url "${URL[$name]}" \
            --warmup 2 --duration "$DURATION" --server-pid "${PID[$name]}" \
            --label "$name/$backend/play" --out "$OUT"
    done
    capacity=$(rate_of "${CAPACITY_OF:-before}/$backend/play")
    for pct in ${PERCENTS-25 50 75 90 110}; do
        rate=$(awk -v c="$capacity" -v p="$pct" 'BEGIN { printf "%.0f", c * p / 100 }')
        for name in before after; do
            "$LOADGEN" open --base "http://127.0.0.1:${PORT[$name]}" --database-url "${URL[$name]}" \
                --rate "$rate" --games "${GAMES:-256}" --warmup 2 --duration "$DURATION" \
                --label "$name/$backend/open-$pct" --out "$OUT"
        done
    done
    if [ "$backend" = sqlite ]; then
        for name in before after; do
            echo "RESULT label=$name/$backend/wal wal_bytes=$(stat -c %s "$WORK/$name.db-wal" 2>/dev/null || echo 0)" | tee -a "$OUT"
        done
    fi
    stop before; stop after
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
