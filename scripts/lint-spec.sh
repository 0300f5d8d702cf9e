#!/usr/bin/env bash
# The OpenAPI gates: the committed openapi/openapi.json and its
# 3.0 and 3.2 renditions (openapi/openapi-3.0.json, openapi/openapi-3.2.json)
# are what the binary prints, and the 3.1 and 3.0 documents pass Redocly CLI `lint` (recommended ruleset, openapi/redocly.yaml)
# and Spectral (`spectral:oas`, openapi/.spectral.yaml) with no error and
# no warning. The linters are pinned by openapi/lint/package-lock.json.
#
# Usage: scripts/lint-spec.sh   (from anywhere; needs cargo, node and npm)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf -- '-- %s\n' "$*"; }

step "the committed documents are what the binary prints"
cargo build --quiet --bin oanquan
binary=target/debug/oanquan
for version in 3.2 3.1 3.0; do
    case $version in
        3.2) committed=openapi/openapi-3.2.json ;;
        3.1) committed=openapi/openapi.json ;;
        3.0) committed=openapi/openapi-3.0.json ;;
    esac
    if ! "$binary" openapi --openapi-version "$version" | diff -u "$committed" - >/dev/null; then
        echo "$committed is out of date; regenerate it with" >&2
        echo "    cargo run -q -- openapi --openapi-version $version > $committed" >&2
        exit 1
    fi
done

step "linters (npm ci in openapi/lint)"
(cd openapi/lint && npm ci --no-audit --no-fund --loglevel=error)
redocly=openapi/lint/node_modules/.bin/redocly
spectral=openapi/lint/node_modules/.bin/spectral

failed=0
for api in oanquan oanquan-3.0; do
    step "Redocly lint: $api"
    report=$(cd openapi && "../$redocly" lint "$api" --config redocly.yaml --format=json 2>/dev/null) || true
    counts=$(node -e '
        const report = JSON.parse(process.argv[1]);
        const { errors, warnings } = report.totals;
        console.log(`${errors} ${warnings}`);
    ' "$report")
    read -r errors warnings <<<"$counts"
    echo "$errors errors, $warnings warnings"
    if [ "$errors" != 0 ] || [ "$warnings" != 0 ]; then
        (cd openapi && "../$redocly" lint "$api" --config redocly.yaml) || true
        failed=1
    fi
done

step "Spectral spectral:oas (fails on warnings)"
(cd openapi && "../$spectral" lint openapi.json openapi-3.0.json --ruleset .spectral.yaml --fail-severity warn) || failed=1

if [ "$failed" != 0 ]; then
    echo "the OpenAPI documents do not pass the linters" >&2
    exit 1
fi
echo "OpenAPI documents: up to date; Redocly and Spectral clean"
