#!/usr/bin/env bash
# The typed clients in clients/, generated from the committed spec with pinned
# generators (clients/README.md):
#
#   scripts/gen-clients.sh           regenerate clients/typescript/src/api.d.ts
#                                    and clients/python/generated/
#   scripts/gen-clients.sh --check   fail if regenerating would change anything
#   scripts/gen-clients.sh --test    type-check each layer and run each client's
#                                    integration test against the real server
#                                    (target/debug/oanquan, or $OANQUAN_BIN;
#                                    built when missing)
#
# --check and --test combine. Generators: openapi-typescript + openapi-fetch
# (clients/typescript/package-lock.json, `npm ci`), openapi-python-client
# (clients/python/requirements.txt, in the venv clients/python/.venv, rebuilt
# when the requirements change). The Rust client (clients/rust/) is generated
# by its build script from openapi/openapi-3.0.json at every build.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
run_tests=false
for arg in "$@"; do
    case "$arg" in
        --check) check=true ;;
        --test) run_tests=true ;;
        *) echo "usage: $0 [--check] [--test]" >&2; exit 2 ;;
    esac
done

SPEC=openapi/openapi.json
TS=clients/typescript
PY=clients/python
VENV=$PY/.venv
work=$(mktemp -d -t oanquan-clients.XXXXXX)
trap 'rm -rf "$work"' EXIT

step() { printf -- '-- %s\n' "$*"; }

# Installs what package-lock.json pins, unless node_modules already has exactly that.
npm_install() {
    local stamp=$TS/node_modules/.oanquan-lock.sha256 want
    want=$(sha256sum "$TS/package-lock.json" | cut -d' ' -f1)
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        (cd "$TS" && npm ci --no-audit --no-fund --loglevel=error)
        echo "$want" >"$stamp"
    fi
}

# A venv with exactly requirements.txt, made again when the requirements change.
python_venv() {
    local stamp=$VENV/requirements.sha256 want
    want=$(sha256sum "$PY/requirements.txt" | cut -d' ' -f1)
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        rm -rf "$VENV"
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$PY/requirements.txt"
        echo "$want" >"$stamp"
    fi
}

# Generates both clients into $1 (the repository's layout under it).
generate_into() {
    local out=$1
    mkdir -p "$out/$TS/src" "$out/$PY"
    (cd "$TS" && npx --no-install openapi-typescript "../../$SPEC" --output "$out/$TS/src/api.d.ts" >/dev/null)
    # openapi-python-client runs ruff (from the venv) on what it writes.
    RUFF_NO_CACHE=true PATH="$PWD/$VENV/bin:$PATH" openapi-python-client generate --path "$SPEC" \
        --config "$PY/openapi-python-client.yml" --output-path "$out/$PY/generated" --overwrite \
        >"$work/python-generator.log" 2>&1 || { cat "$work/python-generator.log"; exit 1; }
}

step "generators: openapi-typescript, openapi-python-client (pinned)"
npm_install
python_venv
generate_into "$work/new"

if $check; then
    step "the committed clients are what the generators make of $SPEC"
    if ! diff -ru "$TS/src/api.d.ts" "$work/new/$TS/src/api.d.ts" >"$work/diff" ||
        ! diff -ru --exclude=__pycache__ "$PY/generated" "$work/new/$PY/generated" >>"$work/diff"; then
        head -n 100 "$work/diff"
        echo "clients/ is out of date with $SPEC: run scripts/gen-clients.sh and commit" >&2
        exit 1
    fi
else
    cp "$work/new/$TS/src/api.d.ts" "$TS/src/api.d.ts"
    rm -rf "$PY/generated"
    cp -r "$work/new/$PY/generated" "$PY/generated"
    step "regenerated $TS/src/api.d.ts and $PY/generated/"
fi

if $run_tests; then
    if [ -z "${OANQUAN_BIN:-}" ] && [ ! -x target/debug/oanquan ]; then
        cargo build --bin oanquan
    fi
    step "typescript: tsc (strict, noUncheckedIndexedAccess) and the integration test"
    started=$SECONDS
    (cd "$TS" && npm test --silent)
    echo "typescript: $((SECONDS - started)) s"
    step "python: mypy --strict and the integration test"
    started=$SECONDS
    (cd "$PY" && .venv/bin/mypy && .venv/bin/python -m pytest -q -p no:cacheprovider)
    echo "python: $((SECONDS - started)) s"
fi
