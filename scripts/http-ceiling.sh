#!/usr/bin/env bash
# The server against two independent ceilings on SQLite, side by side and
# interleaved so that all see the same machine:
#
#   scripts/http-ceiling.sh [BIN_DIR] [ROUNDS]
#
# BIN_DIR (default target/release) holds `oanquan` and `examples/loadgen`
# (cargo build --release --bin oanquan --example loadgen). Per round:
#   replay  `loadgen sqlite-ceiling`: the SQL of a move replayed alone on
#           one thread, a COMMIT per move (BATCH=n: n moves a transaction);
#           its CPU is that thread's.
#   http    `loadgen http-ceiling-serve`: bare actix-web (two workers, no
#           middleware) and one writer thread running that same SQL for
#           each POST, group commit up to ${GROUP_MAX:-32} moves as the
#           server's default, answering {"ply","version"} after the COMMIT;
#           driven by `loadgen http-ceiling-load` at 64 closed-loop tasks.
#   server  `oanquan serve` on a fresh file under `loadgen play`, 64 games
#           (MINIMAL=1: moves sent with `Prefer: return=minimal`).
#   health  `GET /health` on that server, 64 tasks.
# CPU of each server process from /proc inside the window; 2 s warm-up,
# ${DURATION:-8} s measured; `uptime` before each step. Every answered
# move must be in the file (db_moves). Results: target/bench/http-ceiling.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release} ROUNDS=${2:-2}
DURATION=${DURATION:-8}
PORT=${PORT:-18093} CEILING_PORT=${CEILING_PORT:-18094}
OUT=target/bench/http-ceiling.txt
mkdir -p target/bench
: >"$OUT"
WORK=$(mktemp -d -t oanquan-http-ceiling.XXXXXX)
# shellcheck source=scripts/lib/server.sh
source scripts/lib/server.sh
trap cleanup_server EXIT

stamp() { echo "uptime: $(uptime)" | tee -a "$OUT"; }

for round in $(seq 1 "$ROUNDS"); do
    stamp
    mkdir -p "$WORK/replay-$round"
    replay=$("$BIN/examples/loadgen" sqlite-ceiling --dir "$WORK/replay-$round" \
        --batch "${BATCH:-1}" --warmup 2 --duration "$DURATION" \
        --label "replay/$round" --out "$OUT" | grep RESULT)
    echo "$replay"
    rm -rf "$WORK/replay-$round"

    mkdir -p "$WORK/http-$round"
    "$BIN/examples/loadgen" http-ceiling-serve --dir "$WORK/http-$round" \
        --bind "127.0.0.1:$CEILING_PORT" --group-max "${GROUP_MAX:-32}" \
        >"$WORK/http.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$CEILING_PORT/ready"
    stamp
    http=$("$BIN/examples/loadgen" http-ceiling-load --base "http://127.0.0.1:$CEILING_PORT" \
        --database-url "sqlite://$WORK/http-$round/ceiling.db" \
        --warmup 2 --duration "$DURATION" --server-pid "$SERVER_PID" \
        --label "http/$round" --out "$OUT" | grep RESULT)
    stop_server
    echo "$http"
    rm -rf "$WORK/http-$round"

    stamp
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
    echo "$server"
    stamp
    health=$("$BIN/examples/loadgen" get --base "http://127.0.0.1:$PORT" --path health \
        --warmup 2 --duration "$DURATION" --server-pid "$SERVER_PID" \
        --label "health/$round" --out "$OUT" | grep RESULT)
    stop_server
    echo "$health"
    rm -f "$WORK/server-$round".db*

    for run in replay http server health; do
        [ "$(field "${!run}" errors)" = 0 ] || echo "round $round: $run had errors" | tee -a "$OUT"
    done
    awk -v rr="$(field "$replay" rate)" -v rc="$(field "$replay" cpu_us_per_op)" \
        -v hr="$(field "$http" rate)" -v hc="$(field "$http" cpu_us_per_op)" \
        -v sr="$(field "$server" rate)" -v sc="$(field "$server" cpu_us_per_op)" \
        -v gr="$(field "$health" rate)" -v gc="$(field "$health" cpu_us_per_op)" \
        -v round="$round" 'BEGIN {
        printf "round %d: replay %.0f moves/s at %.1f us; http+sql %.0f moves/s at %.1f us; server %.0f moves/s at %.1f us; /health %.0f/s at %.1f us\n",
            round, rr, rc, hr, hc, sr, sc, gr, gc
        printf "round %d: server / http+sql: %.1f %% of the rate, %.2fx the CPU; server / replay: %.1f %% of the rate; http+sql / replay: %.1f %% of the rate, %.2fx the CPU\n",
            round, 100 * sr / hr, sc / hc, 100 * sr / rr, 100 * hr / rr, hc / rc
    }' | tee -a "$OUT"
done
stamp
