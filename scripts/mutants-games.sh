#!/usr/bin/env bash
# Mutation testing of the Games layer (src/games), one file at a
# time, each against the tests that exercise it (the lib's unit tests and
# a few areas of the API's integration tests, SQLite only), not all of
# them: a mutant then rebuilds the lib and the API's test binary, with
# incremental builds on, and runs only those tests. Usage:
# scripts/mutants-games.sh [file.rs ...] (default: all).
# Each run's mutants.out is kept in target/mutants-results/<file>/.
# Runs in place (one mutant at a time): leave src/games and these test files alone meanwhile, and
# check `git diff` for `/* ~ changed by cargo-mutants ~ */` after a
# stopped run. SQLite only: unless OANQUAN_TEST_POSTGRES_URL names a server,
# it is set empty, so that the PostgreSQL tests skip instead of starting a
# throwaway cluster for every mutant (tests/api/helpers/postgres.rs), whose
# start-up under load failed tests that the mutant did not break.
# Needs cargo-nextest: the API's tests are one binary (tests/api), and only
# nextest's filter expression picks some of its areas while keeping every
# unit test of the lib (a libtest name filter would apply to both).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=1
export OANQUAN_TEST_POSTGRES_URL="${OANQUAN_TEST_POSTGRES_URL:-}"

# The tests that exercise each file: the lib's unit tests, and the areas
# (modules) of tests/api named here, e.g. `clocks` for what was
# tests/clocks.rs. The test targets go to every cargo invocation
# (--cargo-arg), the build as well as the test run, so that a mutant's
# build links only the lib's and the API's test binaries; the filter goes
# after `--`, to the test run only. Sets `args`.
scope() {
    local areas
    case "$1" in
    time.rs) areas="clocks" ;;
    clock.rs) areas="" ;; # its unit tests; survivors: clocks games
    sweep.rs) areas="" ;; # survivors: clocks
    play.rs) areas="moves" ;; # survivors: clocks
    events.rs) areas="" ;; # survivors: streams::game_stream moves
    catch_up.rs) areas="" ;; # survivors: streams::game_stream
    lifecycle.rs) areas="games" ;; # survivors: clocks ratings
    error.rs) areas="" ;;
    mod.rs) areas="streams::game_stream" ;; # survivors: games moves
    model.rs) areas="store games" ;;
    unit.rs) areas="store moves" ;;
    import.rs) areas="records" ;;
    rating.rs) areas="ratings ratings_rebuild" ;;
    positions.rs) areas="replay" ;;
    *) echo "no scope for $1" >&2; exit 2 ;;
    esac
    args=(--cargo-arg=--lib)
    [ -n "$areas" ] || return 0
    local filter="kind(lib)" area
    for area in $areas; do filter="$filter | (binary(api) & test(/^$area::/))"; done
    args+=(--cargo-arg=--test=api -- -E "$filter")
}

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(time.rs clock.rs sweep.rs play.rs events.rs catch_up.rs lifecycle.rs error.rs mod.rs model.rs unit.rs import.rs rating.rs positions.rs)
fi
for f in "${files[@]}"; do
    out="target/mutants-results/$f"
    mkdir -p "$out"
    # The bots' tests wait 30 s for each bot move: a mutant that stops the
    # bots fails them after 140-180 s at a load of 12 (timeouts at 120 s).
    timeout=120
    [ "$f" = bots.rs ] && timeout=300
    scope "$f"
    nice -n 10 cargo mutants --in-place --baseline skip --timeout "$timeout" \
        --test-tool=nextest --file "src/games/$f" --output "$out" "${args[@]}" || true
    [ -f "$out/mutants.out/outcomes.json" ] || { echo "== $f: no run" >&2; continue; }
    echo "== $f: $(wc -l < "$out/mutants.out/caught.txt") caught," \
        "$(wc -l < "$out/mutants.out/missed.txt") missed," \
        "$(wc -l < "$out/mutants.out/timeout.txt") timeouts," \
        "$(wc -l < "$out/mutants.out/unviable.txt") unviable"
done
