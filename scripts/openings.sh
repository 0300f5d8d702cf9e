#!/bin/sh
# docs/OPENINGS.md from scratch: 100,000 games of self-play per preset,
# played by nine fills side by side (each preset in three ranges of game
# numbers), merged into one SQLite database; then the tables through
# GET /v1/explorer of a server on it.
#   scripts/openings.sh [DB-FILE [COUNTS]]
# COUNTS: the games of each of the nine ranges (classic, village, online,
# three ranges each), comma-separated, to play only the first games of each
# range (the dates then differ; the explorer's totals do not).
set -eu
db=${1:-/work/r3-data/openings.db}
counts=${2:-}
port=${PORT:-18431}
cd "$(dirname "$0")/.."
cargo build --release --example explorer_fill --bin oanquan
parts=""
for preset in classic village online; do
    for range in "0 33334" "33334 33334" "66668 33332"; do
        set -- $range
        if [ -n "$counts" ]; then
            n=${counts%%,*}
            counts=${counts#*,}
            set -- "$1" "$n"
        fi
        part="$db.$preset.$1"
        rm -f "$part" "$part-wal" "$part-shm"
        nice -n 10 target/release/examples/explorer_fill --database "sqlite://$part" \
            --presets $preset --first-game "$1" --games "$2" --players 0 --nodes 300 --seed 1 \
            --threads 1 --from 2025-01-01 --days 300 &
        parts="$parts $part"
    done
done
wait
python3 scripts/merge-fills.py "$db" $parts
OANQUAN_DATABASE_URL="sqlite://$db" OANQUAN_BIND="127.0.0.1:$port" OANQUAN_RATE_LIMIT_PER_SECOND=0 \
    target/release/oanquan serve >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.5; done
python3 scripts/openings-report.py --base "http://127.0.0.1:$port"
