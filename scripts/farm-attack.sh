#!/usr/bin/env bash
# Replays the two leaderboard-farming attacks from outside, with curl,
# against a fresh server with default settings (a release build; start
# one or pass its URL):
#
#   scripts/farm-attack.sh                      # builds nothing: runs target/release/oanquan
#   scripts/farm-attack.sh http://127.0.0.1:8080
#
# 1. Puppet farm: a farmer and up to PUPPETS (30) puppets registered from
#    this one address; each puppet plays GAMES (10) rated classic games
#    against the farmer, two moves each, and resigns.
# 2. Bot pump: one more account asks for GAMES rated games against bot-2
#    and resigns each after two moves; the script reports whether the
#    games were rated, bot-2's rating and whether any bot is on the board.
#
# Prints the farmer's rating and leaderboard rank, how many puppets could
# register, and the bot's rating. Needs curl and jq.
set -euo pipefail

PUPPETS=${PUPPETS:-30}
GAMES=${GAMES:-10}
root=$(cd "$(dirname "$0")/.." && pwd)

if [ $# -ge 1 ]; then
    base=$1
else
    work=$(mktemp -d)
    trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
    RUST_LOG=warn,oanquan=info "$root/target/release/oanquan" serve --bind 127.0.0.1:0 \
        --database-url "sqlite://$work/farm.db" --log-format json >"$work/log" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 300); do
        port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/log" | head -n 1 | sed 's/.*://') || true
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "the server did not start" >&2; cat "$work/log" >&2; exit 1; }
    base="http://127.0.0.1:$port"
fi
suffix=$RANDOM

post() { # path token body
    curl -s -X POST "$base$1" -H 'Content-Type: application/json' \
        ${2:+-H "Authorization: Bearer $2"} -d "${3:-{\}}"
}

register() { # name -> "id token" or nothing
    post /v1/players "" "{\"name\":\"$1-$suffix\"}" | jq -r 'select(.token) | "\(.id) \(.token)"'
}

# Plays the first legal move for whoever is to move until each side has
# made two moves, then `loser` resigns.
two_moves_and_resign() { # game south_token north_token loser_token
    local game=$1 south=$2 north=$3 loser=$4 state to_move move
    for _ in 1 2 3 4; do
        state=$(curl -s "$base/v1/games/$game")
        [ "$(jq -r .status <<<"$state")" = active ] || break
        to_move=$(jq -r .to_move <<<"$state")
        move=$(jq -r '.legal_moves[0]' <<<"$state")
        if [ "$to_move" = south ]; then token=$south; else token=$north; fi
        [ -z "$token" ] && { sleep 0.2; continue; } # a bot's turn
        post "/v1/games/$game/moves" "$token" "{\"move\":\"$move\"}" >/dev/null
    done
    post "/v1/games/$game/resign" "$loser" >/dev/null
}

read -r farmer farmer_token < <(register farmer)
registered=0
for p in $(seq "$PUPPETS"); do
    puppet=$(register "puppet$p")
    [ -z "$puppet" ] && continue
    registered=$((registered + 1))
    read -r _ puppet_token <<<"$puppet"
    for _ in $(seq "$GAMES"); do
        game=$(post /v1/games "$farmer_token" \
            '{"rules":{"preset":"classic"},"seat":"south","first":"south","rated":true}' | jq -r .id)
        post "/v1/games/$game/join" "$puppet_token" >/dev/null
        two_moves_and_resign "$game" "$farmer_token" "$puppet_token" "$puppet_token"
    done
done
profile=$(curl -s "$base/v1/players/$farmer")
rank=$(curl -s "$base/v1/leaderboards/classic/around/$farmer" | jq -r --arg id "$farmer" \
    '[.entries[]? | select(.player.id == $id) | .rank][0] // .code')
echo "puppet farm: $registered of $PUPPETS puppets registered, $((registered * GAMES)) games;" \
    "farmer's classic rating $(jq -c '.ratings.classic | if . then .rating else null end' <<<"$profile")," \
    "default leaderboard: $rank"

# The bot pump: a puppet resigns rated games to bot-2.
pumper=$(register pumper)
if [ -n "$pumper" ]; then
    read -r _ pumper_token <<<"$pumper"
    for _ in $(seq "$GAMES"); do
        game=$(post /v1/games "$pumper_token" \
            '{"rules":{"preset":"classic"},"seat":"south","first":"south","opponent":"botLevel02","rated":true}')
        id=$(jq -r .id <<<"$game")
        rated=$(jq -r .rated <<<"$game")
        two_moves_and_resign "$id" "$pumper_token" "" "$pumper_token"
    done
    echo "bot pump: a bot game asked for as rated is rated=$rated;" \
        "bot-2's classic rating $(curl -s "$base/v1/players/botLevel02" | jq -c .ratings.classic);" \
        "leaderboard bots: $(curl -s "$base/v1/leaderboards/classic?include_provisional=true" | jq '[.entries[] | select(.player.bot)] | length')"
else
    echo "bot pump: the pumper could not register (registration limit)"
fi
