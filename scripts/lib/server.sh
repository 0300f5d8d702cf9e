# Sourced by the benchmark scripts: the one server process they run at a
# time (SERVER_PID) and their scratch directory (WORK), both gone when the
# script exits (`trap cleanup_server EXIT`, or a trap of the script's own
# that calls it).

SERVER_PID=""

# Stops the server if one runs and removes $WORK.
cleanup_server() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
    if [ -n "${WORK:-}" ]; then rm -rf "$WORK"; fi
}

# Waits up to 60 s for URL to answer; fails at once if the server exited.
wait_ready() {
    for _ in $(seq 1 6000); do
        curl -fs "$1" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || { echo "the server exited" >&2; return 1; }
        sleep 0.01
    done
    echo "not ready: $1" >&2
    return 1
}

# Stops the server and waits for it to end.
stop_server() { kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; }

# The value of FIELD in a RESULT line: `field "$line" rate`.
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
