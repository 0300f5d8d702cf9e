#!/usr/bin/env bash
# Runs each coverage-guided fuzz target of fuzz/ for a
# while, one after the other, at low priority.
#
#   scripts/fuzz.sh               # every target, 60 s each
#   scripts/fuzz.sh 300           # every target, 300 s each
#   scripts/fuzz.sh 600 position  # one target (or several), 600 s each
#
# Installs cargo-fuzz if it is missing. Only the stable toolchain is needed:
# cargo-fuzz's nightly-only flags are allowed with RUSTC_BOOTSTRAP=1.
# Each target starts from its committed seeds, fuzz/corpus/<target>/, and
# writes what it learns to fuzz/work/<target>/ (not committed); a crash is
# saved under fuzz/artifacts/<target>/ and stops that target. One line per
# target at the end: runs, runs per second, coverage, crash. The exit code is
# 1 if any target crashed.
#
# Environment: FUZZ_ARGS, more libFuzzer flags (e.g. "-max_len=65536").
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${1:-60}"
shift || true
ALL_TARGETS=(position move_notation record_text record_json cursors)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

# Release with debug assertions and overflow checks; no sanitizer (the code
# under test is safe Rust: overflow checks and panics are what there is to
# find), 16 codegen units so that the build stays minutes on two cores.
BUILD_FLAGS=(-O -a -s none --codegen-units 16)
nice cargo fuzz build "${BUILD_FLAGS[@]}"

crashed=0
summary=()
for target in "${TARGETS[@]}"; do
    mkdir -p "fuzz/work/$target" "fuzz/artifacts/$target"
    log="fuzz/work/$target.log"
    echo "== $target: ${SECONDS_EACH}s" >&2
    status=0
    nice cargo fuzz run "${BUILD_FLAGS[@]}" "$target" "fuzz/work/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$SECONDS_EACH" -timeout=10 -print_final_stats=1 \
        ${FUZZ_ARGS:-} 2>"$log" || status=$?  # FUZZ_ARGS: word-split on purpose
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    verdict="no crash"
    if [ "$status" -ne 0 ]; then
        crashed=1
        verdict="CRASH (exit $status): $(grep -m1 -o 'Test unit written to .*' "$log")"
    fi
    summary+=("$target: $runs runs, $rate/s, cov ${cov:-?}, $verdict")
done
printf '%s\n' "${summary[@]}"
exit "$crashed"
