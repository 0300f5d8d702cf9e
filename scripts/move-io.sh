#!/usr/bin/env bash
# Bytes the server writes and reads a persisted move on SQLite, and its CPU
# a move, for server flag sets side by side (one build or several):
#
#   scripts/move-io.sh "NAME|BIN_DIR|FLAGS" …
#
# e.g. scripts/move-io.sh "default|target/release|" \
#          "held back|target/release|--explorer-index-delay-ms 3600000"
# Per entry: the server on a fresh file, `loadgen play` at 64 games for
# ${DURATION:-8} s (no warm-up), and the server's /proc/PID/io before and
# after: wchar and rchar (bytes through write/pwrite/send and
# read/pread/recv, page cache or not) and syscw / syscr, each ÷ moves
# persisted. The WAL's frames, the checkpoints' copies and the answers
# are all in wchar. `loadgen http-ceiling-serve` is measured the same way
# with NAME|BIN_DIR|ceiling.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18097}
WORK=$(mktemp -d -t oanquan-move-io.XXXXXX)
# shellcheck source=scripts/lib/server.sh
source scripts/lib/server.sh
trap cleanup_server EXIT
io() { awk '/^(rchar|wchar|syscr|syscw):/ { printf "%s ", $2 }' "/proc/$1/io"; }
for entry in "$@"; do
    IFS='|' read -r name bin flags <<<"$entry"
    rm -rf "${WORK:?}"/*
    if [ "$flags" = ceiling ]; then
        db="$WORK/ceiling.db"
        "$bin/examples/loadgen" http-ceiling-serve --dir "$WORK" --bind "127.0.0.1:$PORT" \
            >"$WORK/server.log" 2>&1 &
        SERVER_PID=$!
        load=(http-ceiling-load)
    else
        db="$WORK/server.db"
        # shellcheck disable=SC2086
        "$bin/oanquan" serve --bind "127.0.0.1:$PORT" --database-url "sqlite://$db" \
            --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections-per-ip 0 \
            $flags >"$WORK/server.log" 2>&1 &
        SERVER_PID=$!
        load=(play)
    fi
    wait_ready "http://127.0.0.1:$PORT/ready"
    before_moves=$(sqlite3 "$db" "SELECT count(*) FROM moves")
    before_io=$(io "$SERVER_PID")
    result=$("$bin/examples/loadgen" "${load[@]}" --base "http://127.0.0.1:$PORT" --warmup 0 \
        --duration "${DURATION:-8}" --server-pid "$SERVER_PID" --label "$name" | grep RESULT)
    sleep 0.3
    after_moves=$(sqlite3 "$db" "SELECT count(*) FROM moves")
    after_io=$(io "$SERVER_PID")
    stop_server
    cpu=$(field "$result" cpu_us_per_op)
    awk -v name="$name" -v moves=$((after_moves - before_moves)) -v b="$before_io" -v a="$after_io" \
        -v cpu="$cpu" -v loadavg="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
        split(b, x, " "); split(a, y, " ")
        printf "%s: %d moves, written %.1f KB a move (%.1f calls), read %.1f KB (%.2f calls), CPU %s us a move, load %s\n",
            name, moves, (y[2] - x[2]) / moves / 1000, (y[4] - x[4]) / moves,
            (y[1] - x[1]) / moves / 1000, (y[3] - x[3]) / moves, cpu, loadavg
    }'
done
