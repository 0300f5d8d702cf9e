#!/usr/bin/env bash
# Times one player's bot-1 reply while another player fills the bots'
# queue, from outside, against a server binary on a fresh SQLite file
# with the default settings:
#
#   scripts/bot-queue-bench.sh [BINARY] [ACCOUNTS] [GAMES_PER_ACCOUNT]
#
# Player A registers ACCOUNTS accounts (default 10) and tries to open
# GAMES_PER_ACCOUNT games (default 3) on each against bot-7 with the bot to
# move first: each queues a full search (--bot-move-ms, 1 s). Then player
# B opens a game against bot-1, plays a move and waits for the reply.
# Prints how many of A's games were created or refused (by code), how long
# B waited, and how many of A's bot moves were played before B's reply.
set -euo pipefail

binary=${1:-target/release/oanquan}
accounts=${2:-10}
per_account=${3:-3}
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$binary" serve --bind "127.0.0.1:$port" --database-url "sqlite://$dir/bench.db" \
    >"$dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do curl -fs "$base/ready" >/dev/null 2>&1 && break; sleep 0.1; done

register() {
    curl -fs -X POST "$base/v1/players" -H 'content-type: application/json' \
        -d "{\"name\":\"$1-$RANDOM$RANDOM\"}" | jq -r .token
}
create() { # token opponent seat
    curl -s -o "$dir/created" -w '%{http_code}' -X POST "$base/v1/games" \
        -H "authorization: Bearer $1" -H 'content-type: application/json' \
        -d "{\"opponent\":\"$2\",\"seat\":\"$3\",\"first\":\"south\"}"
}
now_ms() { date +%s%3N; }

declare -A answers=()
a_games=()
started=$(now_ms)
for account in $(seq "$accounts"); do
    token=$(register "A$account")
    for _ in $(seq "$per_account"); do
        status=$(create "$token" botLevel07 north)
        if [ "$status" = 201 ]; then
            a_games+=("$(jq -r .id "$dir/created")")
            key=201
        else
            key="$status $(jq -r .code "$dir/created")"
        fi
        answers[$key]=$(( ${answers[$key]:-0} + 1 ))
    done
done
filled=$(( $(now_ms) - started ))

token=$(register B)
status=$(create "$token" botLevel01 south)
[ "$status" = 201 ] || { echo "B's game: $status $(cat "$dir/created")"; exit 1; }
game=$(jq -r .id "$dir/created")
curl -fs -o /dev/null -X POST "$base/v1/games/$game/moves" -H "authorization: Bearer $token" \
    -H 'content-type: application/json' -d '{"move":"3R","ply":1}'
asked=$(now_ms)
until [ "$(curl -fs "$base/v1/games/$game" | jq -r .to_move)" = south ]; do sleep 0.05; done
waited=$(( $(now_ms) - asked ))

before=0
for id in "${a_games[@]}"; do
    [ "$(curl -fs "$base/v1/games/$id" | jq -r .moves_played)" -ge 1 ] && before=$((before + 1))
done
for key in "${!answers[@]}"; do echo "A's creations answered $key: ${answers[$key]}"; done
echo "A's ${#a_games[@]} games created in ${filled} ms from $accounts accounts"
echo "B's bot-1 reply after ${waited} ms; A's bot moves played by then: $before of ${#a_games[@]}"
