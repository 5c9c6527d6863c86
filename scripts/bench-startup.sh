#!/usr/bin/env bash
# Cold start of `portal serve`: from exec to the first healthy answer, over
# several runs, on an empty SQLite database (migrations included) and on a
# copy of the seeded demo database (twelve months of history).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-11}
seeded=$(mktemp -d)
trap 'rm -rf "$seeded"' EXIT
PORTAL_DATABASE_URL="$seeded/demo.db" PORTAL_LOG_LEVEL=warn bin/portal seed --demo >/dev/null

measure() { # $1: label, $2: database to copy ("" for an empty one)
  local times=()
  for i in $(seq 1 "$runs"); do
    tmp=$(mktemp -d)
    [ -n "$2" ] && cp "$2" "$tmp/p.db"
    port=$((20000 + RANDOM % 20000))
    start=$(date +%s%N)
    PORTAL_DATABASE_URL="$tmp/p.db" PORTAL_LISTEN="127.0.0.1:$port" PORTAL_LOG_LEVEL=warn bin/portal serve >/dev/null 2>&1 &
    pid=$!
    until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.005; done
    end=$(date +%s%N)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$tmp"
    times+=($(( (end - start) / 1000000 )))
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  echo "cold start, $1 (ms) over $runs runs: min ${sorted[0]} median ${sorted[$((runs / 2))]} max ${sorted[$((runs - 1))]}"
}

measure "empty SQLite" ""
measure "seeded demo SQLite" "$seeded/demo.db"
