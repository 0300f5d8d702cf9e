#!/usr/bin/env bash
# The server on Citus (docs/SCALE-OUT.md): builds and installs Citus from a
# source tree into the PostgreSQL 15 installation (skipped when that version
# is installed already), starts a coordinator and two workers as throwaway
# clusters on free ports under a temp dir, runs the PostgreSQL half of
# `cargo test --test api` on the coordinator (each test's database
# distributed over both workers), then `loadgen play` against a release
# server on the coordinator: the schema local on the coordinator (plain
# PostgreSQL), distributed over one worker, and over two, interleaved.
#
#   scripts/citus-check.sh [--keep] [--no-tests] [--no-load] CITUS_SOURCE_DIR
#
# --keep leaves the clusters up at the end (it prints how to reach and stop
# them); --no-tests / --no-load skip a part. Environment: PG_CONFIG
# (default: PostgreSQL 15's), CITUS_TEST_ARGS (libtest arguments, default
# `--skip ::sqlite`), CITUS_LOAD_RUNS (2: rounds of the three loads),
# CITUS_LOAD_DURATION (10 s), CITUS_LOAD_GAMES (64), CITUS_SHARDS (32).
# Never touches a PostgreSQL it did not start.
set -euo pipefail
SELF=$0

# The whole script is one function, read before it runs: editing the file
# while it runs changes nothing of the run.
main() {

    KEEP=0 TESTS=1 LOAD=1 SRC=""
    for arg in "$@"; do
        case "$arg" in
            --keep) KEEP=1 ;;
            --no-tests) TESTS=0 ;;
            --no-load) LOAD=0 ;;
            -h | --help) sed -n '2,18p' "$SELF" | sed 's/^# \{0,1\}//'; exit 0 ;;
            -*) echo "unknown option $arg" >&2; exit 2 ;;
            *) SRC=$arg ;;
        esac
    done
    if [ -z "$SRC" ] || [ ! -f "$SRC/configure" ]; then
        echo "usage: $0 [--keep] [--no-tests] [--no-load] CITUS_SOURCE_DIR" >&2
        exit 2
    fi
    SRC=$(cd "$SRC" && pwd)
    ROOT=$(cd "$(dirname "$0")/.." && pwd)
    PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
    [ -x "$PG_CONFIG" ] || PG_CONFIG=$(command -v pg_config)
    BIN=$("$PG_CONFIG" --bindir)
    SHARDS=${CITUS_SHARDS:-32}
    export CARGO_INCREMENTAL=0

    step() { printf '\n== %s\n' "$*"; }

    # CPU seconds (user + system) of a process, with its waited-for children.
    proc_cpu() {
        awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.1f", ($12 + $13 + $14 + $15) / hz }' \
            "/proc/$1/stat" 2>/dev/null || echo 0
    }
    # A node's CPU seconds: its postmaster (with the backends that exited)
    # and the backends still running.
    node_cpu() {
        local pm total child
        pm=$(head -1 "$WORK/$1/postmaster.pid")
        total=$(proc_cpu "$pm")
        for child in $(pgrep -P "$pm"); do
            total=$(awk -v a="$total" -v b="$(proc_cpu "$child")" 'BEGIN { printf "%.1f", a + b }')
        done
        echo "$total"
    }
    # Sessions each worker has seen in a database (connections opened).
    worker_sessions() {
        echo "worker1 $(psql_on "$W1" "$1" "SELECT sessions FROM pg_stat_database WHERE datname = current_database()")," \
            "worker2 $(psql_on "$W2" "$1" "SELECT sessions FROM pg_stat_database WHERE datname = current_database()")"
    }
    cluster_cpu() { echo "$(node_cpu coordinator) $(node_cpu worker1) $(node_cpu worker2)"; }
    cpu_delta() { # "c w1 w2" before, after
        awk -v b="$1" -v a="$2" 'BEGIN { split(b, x, " "); split(a, y, " ");
            printf "coordinator %.1f, worker1 %.1f, worker2 %.1f", y[1] - x[1], y[2] - x[2], y[3] - x[3] }'
    }

    # --- build and install -------------------------------------------------------
    VERSION=$(sed -n 's/^AC_INIT(\[Citus\], \[\([^]]*\)\].*/\1/p' "$SRC/configure.ac")
    [ -n "$VERSION" ] || { echo "no Citus version in $SRC/configure.ac" >&2; exit 1; }
    LIBDIR=$("$PG_CONFIG" --pkglibdir)
    STAMP="$("$PG_CONFIG" --sharedir)/extension/citus.built-version"
    if [ -f "$LIBDIR/citus.so" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$VERSION" ]; then
        step "Citus $VERSION is installed in $LIBDIR: build skipped"
    else
        step "building Citus $VERSION from $SRC for $("$PG_CONFIG" --version)"
        # Newer PostgreSQL 15 minors declare have_createdb_privilege() in
        # commands/dbcommands.h, which Citus's compatibility header defines as a
        # static function of its own: rename Citus's copy so that the server's
        # is used.
        compat="$SRC/src/include/pg_version_compat.h"
        if grep -q 'extern bool have_createdb_privilege' \
            "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h" 2>/dev/null \
            && grep -q '^have_createdb_privilege(void)$' "$compat"; then
            sed -i 's/^have_createdb_privilege(void)$/citus_compat_have_createdb_privilege(void)/' "$compat"
            echo "patched $compat (have_createdb_privilege is the server's)"
        fi
        (cd "$SRC" && { [ -f Makefile.global ] || ./configure PG_CONFIG="$PG_CONFIG"; } \
            && make -j"$(nproc)" && make install) >"${TMPDIR:-/tmp}/citus-build.log" 2>&1 || {
            tail -30 "${TMPDIR:-/tmp}/citus-build.log" >&2
            echo "the Citus build failed; whole log: ${TMPDIR:-/tmp}/citus-build.log" >&2
            exit 1
        }
        echo "$VERSION" >"$STAMP"
    fi

    # --- the clusters --------------------------------------------------------------
    WORK=$(mktemp -d /tmp/oanquan-citus.XXXXXX)
    chmod 755 "$WORK"
    AS_PG=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres: "$WORK"
        AS_PG=(runuser -u postgres --)
    fi
    SERVER_PID=""
    # shellcheck disable=SC2317 # run by the EXIT trap
    cleanup() {
        if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
        if [ "$KEEP" = 1 ]; then
            step "left running (--keep): coordinator 127.0.0.1:$COORD, workers 127.0.0.1:$W1 and 127.0.0.1:$W2"
            for node in coordinator worker1 worker2; do
                echo "  stop: ${AS_PG[*]} $BIN/pg_ctl -D $WORK/$node -m fast stop"
            done
            echo "  then: rm -rf $WORK"
            return
        fi
        for node in coordinator worker1 worker2; do
            if [ -d "$WORK/$node" ]; then
                "${AS_PG[@]}" "$BIN/pg_ctl" -D "$WORK/$node" -m immediate -w stop >/dev/null 2>&1 || true
            fi
        done
        rm -rf "$WORK"
    }
    trap cleanup EXIT
    trap 'exit 130' INT TERM

    free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
    COORD=$(free_port) W1=$(free_port) W2=$(free_port)
    while [ "$W1" = "$COORD" ] || [ "$W2" = "$COORD" ] || [ "$W2" = "$W1" ]; do W2=$(free_port); W1=$(free_port); done

    start_node() { # name port fsync
        "${AS_PG[@]}" "$BIN/pg_ctl" -D "$WORK/$1" -l "$WORK/$1.log" -w \
            -o "-p $2 -k $WORK -c fsync=$3" start >/dev/null
    }
    restart_nodes() { # fsync
        for node in coordinator:$COORD worker1:$W1 worker2:$W2; do
            "${AS_PG[@]}" "$BIN/pg_ctl" -D "$WORK/${node%%:*}" -m fast -w stop >/dev/null
            start_node "${node%%:*}" "${node##*:}" "$1"
        done
    }

    step "coordinator 127.0.0.1:$COORD, workers 127.0.0.1:$W1 and 127.0.0.1:$W2 ($WORK)"
    for node in coordinator:$COORD worker1:$W1 worker2:$W2; do
        name=${node%%:*}
        "${AS_PG[@]}" "$BIN/initdb" -D "$WORK/$name" -U postgres -A trust --no-sync >"$WORK/$name.initdb.log" 2>&1
        printf '%s\n' "shared_preload_libraries = 'citus'" "listen_addresses = '127.0.0.1'" \
            "max_connections = 500" "shared_buffers = 128MB" "max_prepared_transactions = 200" \
            "citus.enable_create_database_propagation = on" \
            "# the nodes speak over 127.0.0.1 without TLS (Citus requires it by default)" \
            "citus.node_conninfo = 'sslmode=disable'" >>"$WORK/$name/postgresql.conf"
        start_node "$name" "${node##*:}" off
    done
    psql_on() { # port database sql
        "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d "$2" -At -c "$3"
    }
    # The coordinator and the workers registered in the coordinator's
    # `postgres` database too, so that a CREATE DATABASE there (the tests')
    # reaches the workers; `oanquan distribute` adds the extension in them.
    for port in "$COORD" "$W1" "$W2"; do
        psql_on "$port" postgres "CREATE EXTENSION IF NOT EXISTS citus"
    done
    psql_on "$COORD" postgres "SELECT citus_set_coordinator_host('127.0.0.1', $COORD)" >/dev/null
    for port in "$W1" "$W2"; do
        psql_on "$COORD" postgres "SELECT citus_add_node('127.0.0.1', $port)" >/dev/null
    done
    psql_on "$COORD" postgres "SELECT citus_version()"
    COORD_URL="postgres://postgres@127.0.0.1:$COORD"
    WORKERS="127.0.0.1:$W1,127.0.0.1:$W2"

    # --- the tests -------------------------------------------------------------------
    if [ "$TESTS" = 1 ]; then
        step "cargo test --test api on the coordinator (${CITUS_TEST_ARGS:---skip ::sqlite})"
        cd "$ROOT"
        # shellcheck disable=SC2086
        OANQUAN_TEST_POSTGRES_URL="$COORD_URL/postgres" OANQUAN_TEST_CITUS_WORKERS="$WORKERS" \
            cargo test --test api -- ${CITUS_TEST_ARGS:---skip ::sqlite} 2>&1 | tee "$WORK/tests.log" \
            | grep -E '^test .* FAILED$|^test result:|^PostgreSQL for the tests' || true
        echo "failed tests: $(grep -cE '^test .* FAILED$' "$WORK/tests.log" || true)"
        grep -E '^test result:' "$WORK/tests.log" || echo "no test result: see $WORK/tests.log"
    fi

    # --- the load --------------------------------------------------------------------
    if [ "$LOAD" = 1 ]; then
        step "release build (server and load generator)"
        cd "$ROOT"
        cargo build --release --bin oanquan --example loadgen
        SERVER="$ROOT/target/release/oanquan" LOADGEN="$ROOT/target/release/examples/loadgen"
        restart_nodes on # durable commits for the figures
        PORT=$(free_port)
        for db in plain w1 w2; do
            psql_on "$COORD" postgres "CREATE DATABASE oanquan_$db"
        done
        "$SERVER" migrate --database-url "$COORD_URL/oanquan_plain" >/dev/null
        "$SERVER" distribute --database-url "$COORD_URL/oanquan_w1" \
            --citus-worker "127.0.0.1:$W1" --citus-shard-count "$SHARDS"
        "$SERVER" distribute --database-url "$COORD_URL/oanquan_w2" \
            --citus-worker "127.0.0.1:$W1" --citus-worker "127.0.0.1:$W2" --citus-shard-count "$SHARDS"
        RESULTS="$WORK/results.txt"
        for run in $(seq "${CITUS_LOAD_RUNS:-2}"); do
            for db in plain w1 w2; do
                url="$COORD_URL/oanquan_$db"
                RUST_LOG=warn "$SERVER" serve --bind "127.0.0.1:$PORT" --database-url "$url" \
                    --rate-limit-per-second 0 --max-registrations-per-hour 0 --max-connections 32 \
                    --max-connections-per-ip 1000 \
                    >"$WORK/server-$db.log" 2>&1 &
                SERVER_PID=$!
                for _ in $(seq 300); do
                    curl -fs "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break
                    sleep 0.1
                done
                step "run $run: $db ($(case $db in plain) echo "tables local on the coordinator" ;;
                    w1) echo "distributed over 1 worker" ;; w2) echo "distributed over 2 workers" ;; esac))"
                cpu_before=$(cluster_cpu)
                "$LOADGEN" play --base "http://127.0.0.1:$PORT" --database-url "$url" --keyed \
                    --label "citus/$db/run$run" --concurrency "${CITUS_LOAD_GAMES:-64}" \
                    --warmup 2 --duration "${CITUS_LOAD_DURATION:-10}" --server-pid "$SERVER_PID" \
                    --out "$RESULTS" || echo "loadgen failed on $db (run $run)"
                echo "uptime: $(uptime)"
                echo "CPU seconds over warm-up and run: server $(proc_cpu "$SERVER_PID")," \
                    "$(cpu_delta "$cpu_before" "$(cluster_cpu)")"
                echo "worker sessions opened so far: $(worker_sessions "oanquan_$db")"
                kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
            done
        done
        step "reads alone: pgbench -M prepared -c 4 -j 2 -T 5 on each database (games of the load)"
        printf '%s\n' "SELECT * FROM games g WHERE g.id = :game;" >"$WORK/by-id.sql"
        printf '%s\n' "SELECT g.*, s.name FROM games g LEFT JOIN players s ON s.id = g.south_id" \
            "ORDER BY g.created_at DESC, g.id DESC LIMIT 20;" >"$WORK/lobby.sql"
        printf '%s\n' "SELECT g.id FROM games g WHERE g.south_id = :player OR g.north_id = :player" \
            "ORDER BY g.created_at DESC, g.id DESC LIMIT 20;" >"$WORK/by-player.sql"
        printf '%s\n' "SELECT player_id, rating FROM player_ratings WHERE preset = 'classic'" \
            "ORDER BY rating DESC, player_id COLLATE \"C\" LIMIT 20;" >"$WORK/leaderboard.sql"
        for db in plain w1 w2; do
            game=$(psql_on "$COORD" "oanquan_$db" "SELECT id FROM games ORDER BY id LIMIT 1")
            player=$(psql_on "$COORD" "oanquan_$db" "SELECT south_id FROM games ORDER BY id LIMIT 1")
            for query in by-id lobby by-player leaderboard; do
                "$BIN/pgbench" -n -M prepared -c 4 -j 2 -T 5 -h 127.0.0.1 -p "$COORD" -U postgres \
                    -D game="$game" -D player="$player" -f "$WORK/$query.sql" "oanquan_$db" 2>/dev/null \
                    | awk -v q="$query" -v db="$db" '/latency average/ { lat = $4 } /^tps/ { tps = $3 }
                        END { printf "READ db=%s query=%s tps=%.0f latency_ms=%s\n", db, q, tps, lat }'
            done
            echo "uptime: $(uptime)"
        done
        step "results"
        cat "$RESULTS"
        if [ "$KEEP" = 1 ]; then
            echo "databases: $COORD_URL/oanquan_plain, …/oanquan_w1, …/oanquan_w2"
        fi
    fi
}

main "$@"; exit $?
