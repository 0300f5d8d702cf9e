#!/usr/bin/env bash
# Stalled request bodies against a release build with default settings:
# `loadgen stall` (10 sockets stalled in their bodies, reads and moves
# beside them for 15 s) on a fresh SQLite file and, when
# OANQUAN_BENCH_POSTGRES_URL names a server where databases may be
# created, on a fresh PostgreSQL database. Prints one RESULT line per run.
#
#   cargo build --release --bin oanquan --example loadgen && scripts/stall.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${OANQUAN_BENCH_BIN:-target/release/oanquan}
LOADGEN=${OANQUAN_BENCH_LOADGEN:-target/release/examples/loadgen}
PORT=${OANQUAN_BENCH_PORT:-18111}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

run() {
  local label=$1 url=$2
  "$BIN" serve --bind "127.0.0.1:$PORT" --database-url "$url" >"$WORK/server.log" 2>&1 &
  local server=$!
  for _ in $(seq 300); do
    curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null && break
    sleep 0.1
  done
  for path in /v1/analysis/play /v1/players; do
    "$LOADGEN" stall --base "http://127.0.0.1:$PORT" --path "$path" --label "$label"
  done
  kill "$server"
  wait "$server" || true
}

run sqlite "sqlite://$WORK/stall.db"
if [ -n "${OANQUAN_BENCH_POSTGRES_URL:-}" ]; then
  db=oanquan_stall_$$
  psql -q "$OANQUAN_BENCH_POSTGRES_URL" -c "CREATE DATABASE $db"
  run postgres "${OANQUAN_BENCH_POSTGRES_URL%/*}/$db"
  psql -q "$OANQUAN_BENCH_POSTGRES_URL" -c "DROP DATABASE $db WITH (FORCE)"
fi
