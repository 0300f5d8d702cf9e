#!/usr/bin/env bash
# Reproduces every figure in BENCHMARKS.md: the engine benches, the HTTP load
# runs and the ceilings on SQLite and PostgreSQL, start-up with 100,000 moves,
# and the ratios against the targets.
#
#   scripts/bench.sh            # everything (~10 min)
#   scripts/bench.sh --quick    # shorter runs, criterion's quick mode
#
# Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432) is a
# server where this script may create and drop a database; BENCH_CONCURRENCY
# (64), BENCH_DURATION / BENCH_WARMUP (seconds), BENCH_WORKERS (server
# --workers, default: one per core), BENCH_MAX_CONNECTIONS (pool size, 10),
# BENCH_BACKENDS ("sqlite postgres"), BENCH_SWEEP (smaller game counts also
# played, for latency against load: "8 16"; empty for none), BENCH_SKIP_ENGINE=1,
# RUST_LOG for the server (default info: the server's default, logging every
# request), BENCH_BIN_DIR (measure binaries built elsewhere, e.g. an older
# revision, instead of building target/release-lto), BENCH_RESULTS (the RESULT
# lines; default target/bench/results.txt). The report goes to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
    esac
done

PG_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}"
CONCURRENCY="${BENCH_CONCURRENCY:-64}"
MAX_CONNECTIONS="${BENCH_MAX_CONNECTIONS:-10}"
BACKENDS="${BENCH_BACKENDS:-sqlite postgres}"
if [ "$QUICK" = 1 ]; then DURATION_DEFAULT=5; WARMUP_DEFAULT=1; else DURATION_DEFAULT=15; WARMUP_DEFAULT=3; fi
DURATION="${BENCH_DURATION:-$DURATION_DEFAULT}"
WARMUP="${BENCH_WARMUP:-$WARMUP_DEFAULT}"
PORT=18080
BASE="http://127.0.0.1:$PORT"
BIN_DIR="${BENCH_BIN_DIR:-target/release-lto}"
SERVER="$BIN_DIR/oanquan"
LOADGEN="$BIN_DIR/examples/loadgen"
if [ "$QUICK" = 1 ]; then SWEEP_DEFAULT=""; else SWEEP_DEFAULT="8 16"; fi
SWEEP="${BENCH_SWEEP-$SWEEP_DEFAULT}"

RESULTS="${BENCH_RESULTS:-target/bench/results.txt}"
mkdir -p "$(dirname "$RESULTS")"
: >"$RESULTS"
WORK=$(mktemp -d -t oanquan-bench.XXXXXX)
RUN_ID="bench_$(date +%s)_$$"
SERVER_PID=""
PG_DATABASES=()

cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    for db in "${PG_DATABASES[@]+"${PG_DATABASES[@]}"}"; do
        psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

step() { printf '\n==> %s\n' "$*" >&2; }

machine() {
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
        "$(free -g | awk '/Mem:/ {print $2}') GiB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "run: concurrency $CONCURRENCY, warm-up ${WARMUP}s, measured ${DURATION}s, pool $MAX_CONNECTIONS," \
        "workers ${BENCH_WORKERS:-one per core}, RUST_LOG=${RUST_LOG:-info}"
}

# Sets DB_URL to a fresh database on the backend. Not called in a
# subshell, so that cleanup knows every database it created.
fresh_database() {
    local backend=$1 name=$2
    case "$backend" in
        sqlite) DB_URL="sqlite://$WORK/$name.db" ;;
        postgres)
            PG_DATABASES+=("${RUN_ID}_$name")
            psql "$PG_URL/postgres" -qc "CREATE DATABASE ${RUN_ID}_$name" >/dev/null
            DB_URL="$PG_URL/${RUN_ID}_$name" ;;
    esac
}

start_server() {
    local url=$1
    local args=(serve --bind "127.0.0.1:$PORT" --database-url "$url"
        --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections "$MAX_CONNECTIONS")
    if [ -n "${BENCH_WORKERS:-}" ]; then args+=(--workers "$BENCH_WORKERS"); fi
    RUST_LOG="${RUST_LOG:-info}" "$SERVER" "${args[@]}" >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 500); do
        if curl -fs "$BASE/ready" >/dev/null 2>&1; then return; fi
        sleep 0.01
    done
    echo "the server did not become ready" >&2; cat "$WORK/server.log" >&2; exit 1
}

stop_server() {
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

run_args() {
    echo --concurrency "$CONCURRENCY" --warmup "$WARMUP" --duration "$DURATION" --out "$RESULTS"
}

if [ -z "${BENCH_BIN_DIR:-}" ]; then
    step "release-lto build (server and load generator)"
    cargo build --profile release-lto --bin oanquan --example loadgen
fi

if [ "${BENCH_SKIP_ENGINE:-0}" != 1 ]; then
    step "engine benches (cargo bench --profile release-lto --bench engine)"
    if [ "$QUICK" = 1 ]; then
        cargo bench --profile release-lto --bench engine -- --quick --noplot
    else
        cargo bench --profile release-lto --bench engine -- --noplot
    fi
fi

for backend in $BACKENDS; do
    step "$backend: HTTP load (server pid in the results), then the ceilings"
    fresh_database "$backend" load; url=$DB_URL
    start_server "$url"
    # shellcheck disable=SC2046
    "$LOADGEN" play --base "$BASE" --database-url "$url" --label "$backend/play" \
        --server-pid "$SERVER_PID" $(run_args)
    # shellcheck disable=SC2046
    "$LOADGEN" get --base "$BASE" --path game --label "$backend/get-game" \
        --server-pid "$SERVER_PID" $(run_args)
    # shellcheck disable=SC2046
    "$LOADGEN" get --base "$BASE" --path health --label "$backend/health" \
        --server-pid "$SERVER_PID" $(run_args)
    for n in $SWEEP; do
        "$LOADGEN" play --base "$BASE" --database-url "$url" --label "$backend/play-c$n" \
            --server-pid "$SERVER_PID" --concurrency "$n" --warmup 1 --duration 5 --out "$RESULTS"
    done
    stop_server

    fresh_database "$backend" ceiling; url=$DB_URL
    # shellcheck disable=SC2046
    "$LOADGEN" db-ceiling --database-url "$url" --max-connections "$MAX_CONNECTIONS" \
        --label "$backend/db-ceiling" $(run_args)
    for n in $SWEEP; do
        "$LOADGEN" db-ceiling --database-url "$url" --max-connections "$MAX_CONNECTIONS" \
            --label "$backend/db-ceiling-c$n" --concurrency "$n" --warmup 1 --duration 5 --out "$RESULTS"
    done

    step "$backend: start-up to ready with 100,000 moves"
    fresh_database "$backend" seeded; url=$DB_URL
    "$LOADGEN" seed --database-url "$url" --moves 100000
    "$LOADGEN" startup --server "$SERVER" --database-url "$url" --port "$PORT" \
        --label "$backend/startup" --out "$RESULTS"
done

step "report"
machine
"$LOADGEN" report --file "$RESULTS"
