#!/bin/sh
# docs/OPENINGS.md from scratch: 100,000 games of self-play per preset,
# played by three fills side by side (one per preset, 2,000 players, half
# of the games rated), merged into one SQLite database; then the tables
# through GET /v1/explorer of a server on it.
#   scripts/openings.sh [DB-FILE [GAMES]]
# GAMES: the games per preset (100000).
set -eu
db=${1:-/work/data/openings.db}
games=${2:-100000}
port=${PORT:-18431}
cd "$(dirname "$0")/.."
cargo build --release --example explorer_fill --bin oanquan
parts=""
for preset in classic village online; do
    part="$db.$preset"
    rm -f "$part" "$part-wal" "$part-shm"
    target/release/examples/explorer_fill --database "sqlite://$part" \
        --presets $preset --games "$games" --players 2000 --nodes 300 --seed 1 \
        --threads 1 --from 2025-01-01 --days 300 &
    parts="$parts $part"
done
wait
python3 scripts/merge-fills.py "$db" $parts
OANQUAN_DATABASE_URL="sqlite://$db" OANQUAN_BIND="127.0.0.1:$port" OANQUAN_RATE_LIMIT_PER_SECOND=0 \
    target/release/oanquan serve >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.5; done
python3 scripts/openings-report.py --base "http://127.0.0.1:$port"
