#!/usr/bin/env bash
# Mutation testing of the Games layer (src/games, issue 17), one file at a
# time, each against the test binaries that exercise it (the lib's unit
# tests and a few integration tests, SQLite only), not all 45: a mutant
# then rebuilds the lib and those binaries in seconds with incremental
# builds on. Usage: scripts/mutants-games.sh [file.rs ...] (default: all).
# Each run's mutants.out is kept in target/mutants-results/<file>/.
# Runs in place (one mutant at a time): leave src/games and these test files alone meanwhile, and
# check `git diff` for `/* ~ changed by cargo-mutants ~ */` after a
# stopped run. SQLite only: unless OANQUAN_TEST_POSTGRES_URL names a server,
# it is set empty, so that the PostgreSQL tests skip instead of starting a
# throwaway cluster for every mutant (tests/common/postgres.rs), whose
# start-up under load failed tests that the mutant did not break.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=1
export OANQUAN_TEST_POSTGRES_URL="${OANQUAN_TEST_POSTGRES_URL:-}"

# The test binaries that exercise each file. They go to every cargo
# invocation (--cargo-arg), the build as well as the test run: after
# `--` they would reach only the test run, and each mutant's build would
# link all 45 test binaries.
scope() {
    local targets
    case "$1" in
    time.rs) targets="--lib --test=clocks" ;;
    clock.rs) targets="--lib" ;; # its unit tests; survivors: --test=clocks --test=games
    sweep.rs) targets="--lib" ;; # survivors: --test=clocks
    play.rs) targets="--lib --test=moves" ;; # survivors: --test=clocks
    events.rs) targets="--lib" ;; # survivors: --test=game_stream --test=moves
    replay_events.rs) targets="--lib" ;; # survivors: --test=game_stream
    lifecycle.rs) targets="--lib --test=games" ;; # survivors: --test=clocks --test=ratings
    error.rs) targets="--lib" ;;
    mod.rs) targets="--lib --test=game_stream" ;; # survivors: --test=games --test=moves
    bots.rs) targets="--lib --test=bots" ;;
    *) echo "no scope for $1" >&2; exit 2 ;;
    esac
    for t in $targets; do printf -- '--cargo-arg=%s ' "$t"; done
}

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(time.rs clock.rs sweep.rs play.rs events.rs replay_events.rs lifecycle.rs error.rs mod.rs bots.rs)
fi
for f in "${files[@]}"; do
    out="target/mutants-results/$f"
    mkdir -p "$out"
    # shellcheck disable=SC2046
    # The bots' tests wait 30 s for each bot move: a mutant that stops the
    # bots fails them after 140-180 s at a load of 12 (timeouts at 120 s).
    timeout=120
    [ "$f" = bots.rs ] && timeout=300
    nice -n 10 cargo mutants --in-place --baseline skip --timeout "$timeout" \
        --file "src/games/$f" --output "$out" $(scope "$f") || true
    [ -f "$out/mutants.out/outcomes.json" ] || { echo "== $f: no run" >&2; continue; }
    echo "== $f: $(wc -l < "$out/mutants.out/caught.txt") caught," \
        "$(wc -l < "$out/mutants.out/missed.txt") missed," \
        "$(wc -l < "$out/mutants.out/timeout.txt") timeouts," \
        "$(wc -l < "$out/mutants.out/unviable.txt") unviable"
done
