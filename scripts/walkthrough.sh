#!/usr/bin/env bash
# Runs docs/API.md's curl walk-through as written — the ```sh blocks from
# "## Playing a game" to "### Browsing games" — against a fresh server on a
# free port with a temp SQLite database, and fails if an answer differs from
# the `# …` lines the document shows under its command. Ids, cursors, times
# and the run's name suffix are masked, and whitespace ignored (the document
# wraps long answers). The walk-through runs twice on the same database: it must
# be re-runnable.
#
#   scripts/walkthrough.sh                       # builds target/debug/oanquan
#   OANQUAN_BIN=target/release/oanquan scripts/walkthrough.sh
#
# Needs curl and jq (as the walk-through does).
set -euo pipefail
cd "$(dirname "$0")/.."

DOC=docs/API.md
BIN="${OANQUAN_BIN:-target/debug/oanquan}"
if [ -z "${OANQUAN_BIN:-}" ]; then
    cargo build -q --bin oanquan
fi

work=$(mktemp -d -t oanquan-walkthrough.XXXXXX)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

RUST_LOG=warn,oanquan=info "$BIN" serve --bind 127.0.0.1:0 --database-url "sqlite://$work/oanquan.db" \
    --log-format json >"$work/server.log" 2>&1 &
server=$!
port=""
for _ in $(seq 300); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | head -n 1 | sed 's/.*://') || true
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }

# The walk-through's lines, in order.
awk '/^## Playing a game/ { on = 1 } /^### Browsing games/ { on = 0 }
     on && /^```sh$/ { block = 1; next } on && /^```$/ { block = 0; next }
     on && block' "$DOC" >"$work/walkthrough"

# Groups: command lines, then the answer lines (`# …`) shown under them.
# Step titles (`# 3. …` and their indented continuations) are neither.
awk -v port="$port" -v run="$work/run.sh" -v expected="$work/expected" '
    function close_group() { if (answered) { print "echo @@@" >> run; print "@@@" >> expected; answered = 0 } }
    /^# [0-9]+\. / { title = 1; next }
    title && /^#    / { next }
    /^#/ { title = 0; sub(/^# ?/, ""); print >> expected; answered = 1; next }
    /^[[:space:]]*$/ { title = 0; next }
    { title = 0; close_group(); gsub(/localhost:8080/, "localhost:" port); print >> run }
    END { print "echo @@@" >> run; print "@@@" >> expected }
' "$work/walkthrough"

# Whitespace out; what differs between runs replaced by a placeholder.
normalise() {
    tr -d '[:space:]' | sed -E \
        -e 's/"(id|created_by)":"[A-Za-z0-9]{10}"/"\1":"<id>"/g' \
        -e 's/player=[A-Za-z0-9]{10}/player=<id>/g' \
        -e 's/cursor=[A-Za-z0-9_-]+/cursor=<cursor>/g' \
        -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z/<time>/g' \
        -e 's/(Lan|Minh)-[0-9]+/\1-<run>/g' \
        -e 's/@@@/\n/g'
}

failed=0
for attempt in 1 2; do
    bash "$work/run.sh" >"$work/actual" 2>"$work/stderr" || true
    normalise <"$work/expected" >"$work/expected.n"
    normalise <"$work/actual" >"$work/actual.n"
    if diff -u "$work/expected.n" "$work/actual.n" >"$work/diff"; then
        echo "walk-through run $attempt: $(grep -c . "$work/expected.n") answers as $DOC shows"
    else
        echo "walk-through run $attempt differs from $DOC (- document, + server, masked):" >&2
        cat "$work/diff" >&2
        cat "$work/stderr" >&2
        failed=1
    fi
done
exit "$failed"
