#!/usr/bin/env bash
# schemathesis 4 (pinned below, in a venv of its own) against the documents a
# fresh server serves: every operation, every phase, the response schema
# conformance check (each SSE event against the stream's event schema).
#
#   scripts/schemathesis.sh                      /openapi.json (3.1)
#   SPEC=openapi-3.2.json scripts/schemathesis.sh  the 3.2 rendition
#   scripts/schemathesis.sh --max-examples 10    extra arguments go to `schemathesis run`
#
# The server is target/debug/oanquan (or $OANQUAN_BIN; built when missing),
# on a free port with a fresh SQLite database, rate limits lifted; requests
# carry a new player's bearer token. A stream that does not end (the lobby's,
# a player's) is read until --request-timeout (2 s).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
venv=${SCHEMATHESIS_VENV:-target/schemathesis-venv}
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

bin=${OANQUAN_BIN:-target/debug/oanquan}
[ -x "$bin" ] || cargo build --bin oanquan
work=$(mktemp -d -t oanquan-schemathesis.XXXXXX)
OANQUAN_BIND=127.0.0.1:0 OANQUAN_DATABASE_URL="sqlite://$work/test.db" OANQUAN_RATE_LIMIT_PER_SECOND=0 \
    OANQUAN_MAX_REGISTRATIONS_PER_HOUR=0 OANQUAN_MAX_STREAMS_PER_IP=1000 RUST_LOG=warn,oanquan=info \
    "$bin" serve >"$work/log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
url=
for _ in $(seq 300); do
    url=$(grep -o 'listening on http://[0-9.]*:[0-9]*' "$work/log" | head -n 1 | sed 's/^listening on //') || true
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { cat "$work/log" >&2; echo "the server did not start" >&2; exit 1; }

token=$(curl -fsS -X POST -H 'Content-Type: application/json' -d '{"name": "schemathesis"}' "$url/v1/players" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

"$venv/bin/schemathesis" run "$url/${SPEC:-openapi.json}" \
    --header "Authorization: Bearer $token" \
    --checks response_schema_conformance \
    --request-timeout 2 \
    "$@"
