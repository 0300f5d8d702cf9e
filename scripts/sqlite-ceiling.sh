#!/usr/bin/env bash
# The server against the independent ceiling of SQLite, side by side and
# interleaved (ceiling, server, ceiling, server …) so that both see the
# same machine.
#
#   scripts/sqlite-ceiling.sh [BIN_DIR] [ROUNDS]
#
# BIN_DIR (default target/release) holds `oanquan` and `examples/loadgen`
# (a release build: cargo build --release --bin oanquan --example loadgen).
# Per round: `loadgen sqlite-ceiling` (the SQL of a move replayed with
# rusqlite on the bundled SQLite, one thread, a fresh file, a COMMIT per
# move; BATCH=n for n moves per transaction), then the server on a fresh
# SQLite file under `loadgen play` at 64 games (MINIMAL=1 adds --minimal:
# `Prefer: return=minimal`). SERVER_ENV sets the server's environment
# (e.g. SERVER_ENV=RUST_LOG=warn). 2 s warm-up, ${DURATION:-8} s measured.
# Prints each pair, the server's share of the ceiling's rate and its CPU
# per persisted move, with `uptime` before each step.
# Results: target/bench/sqlite-ceiling.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release} ROUNDS=${2:-2}
DURATION=${DURATION:-8}
PORT=${PORT:-18093}
OUT=target/bench/sqlite-ceiling.txt
mkdir -p target/bench
: >"$OUT"
WORK=$(mktemp -d -t oanquan-ceiling.XXXXXX)
# shellcheck source=scripts/lib/server.sh
source scripts/lib/server.sh
trap cleanup_server EXIT

for round in $(seq 1 "$ROUNDS"); do
    echo "uptime: $(uptime)" | tee -a "$OUT"
    mkdir -p "$WORK/replay-$round"
    ceiling=$("$BIN/examples/loadgen" sqlite-ceiling --dir "$WORK/replay-$round" \
        --batch "${BATCH:-1}" --warmup 2 --duration "$DURATION" \
        --label "ceiling/$round" --out "$OUT" | grep RESULT)
    echo "$ceiling"
    rm -rf "$WORK/replay-$round"

    echo "uptime: $(uptime)" | tee -a "$OUT"
    url="sqlite://$WORK/server-$round.db"
    env ${SERVER_ENV:-} "$BIN/oanquan" serve --bind "127.0.0.1:$PORT" --database-url "$url" \
        --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 \
        >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$PORT/ready"
    minimal=()
    if [ -n "${MINIMAL:-}" ]; then minimal=(--minimal); fi
    server=$("$BIN/examples/loadgen" play --base "http://127.0.0.1:$PORT" --database-url "$url" \
        "${minimal[@]}" --warmup 2 --duration "$DURATION" --server-pid "$SERVER_PID" \
        --label "server/$round" --out "$OUT" | grep RESULT)
    stop_server
    echo "$server"

    c_rate=$(field "$ceiling" rate) c_cpu=$(field "$ceiling" cpu_us_per_op)
    s_rate=$(field "$server" rate) s_cpu=$(field "$server" cpu_us_per_op)
    persisted=$(field "$server" db_moves) measured=$(field "$server" measured)
    awk -v cr="$c_rate" -v cc="$c_cpu" -v sr="$s_rate" -v sc="$s_cpu" -v round="$round" \
        -v persisted="$persisted" -v measured="$measured" 'BEGIN {
        printf "round %d: ceiling %.0f moves/s at %.1f us CPU/move; server %.0f moves/s at %.1f us CPU per persisted move (%s persisted, %s measured); server / ceiling = %.1f %% of the rate, %.1fx the CPU per move\n",
            round, cr, cc, sr, sc, persisted, measured, 100 * sr / cr, sc / cc
    }' | tee -a "$OUT"
done
echo "uptime: $(uptime)" | tee -a "$OUT"
