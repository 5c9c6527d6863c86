#!/usr/bin/env bash
# Browser tests: start the real binary on a free port with a fresh SQLite
# database and the demo data, then drive Debian's Chromium against it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's Chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

tmp=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18123)
PORTAL_DATABASE_URL="$tmp/e2e.db" PORTAL_LISTEN="127.0.0.1:$port" PORTAL_PUBLIC_URL="http://127.0.0.1:$port" \
  PORTAL_ARGON2_MEMORY_KIB=8192 PORTAL_ARGON2_TIME=1 PORTAL_LOGIN_LIMIT_PER_ACCOUNT=1000 \
  bin/portal serve --demo >"$tmp/portal.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

# serve --demo first lives through the demo's year of history (a few
# seconds; more on a busy machine), then listens
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$tmp/portal.log"; echo "portal did not start"; exit 1; fi
  sleep 0.1
done

export PORTAL_E2E_URL="http://127.0.0.1:$port"
export PORTAL_E2E_DB="$tmp/e2e.db"
# extra arguments pick spec files: scripts/e2e.sh e2e/orders.spec.ts
# The output is kept so that, on failure, the names of the failed tests come
# last (after the portal's log): CI shows only the tail of what a run prints.
if ! (cd web && npm run e2e -- "$@") 2>&1 | tee "$tmp/e2e.out"; then
  echo "--- portal log (last 40 lines but requests and mails) ---"
  grep -v -e "level=INFO msg=request" -e 'msg="mail kept' "$tmp/portal.log" | tail -40 || true
  echo "--- failed requests (last 30) ---"
  grep "level=INFO msg=request" "$tmp/portal.log" | grep -v "status=[23]" | tail -30 || true
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$tmp/e2e.out")
  echo "--- why they failed (first 80 lines) ---"
  printf '%s\n' "$plain" | sed -n '/Failed Tests/,$p' | head -80 || true
  echo "--- failed browser tests ---"
  printf '%s\n' "$plain" | grep -E "^ *(FAIL|×)|Test Files|Tests  " | tail -40 || true
  exit 1
fi
# a test that passed only on its retry is named, so flakiness gets fixed
if grep -q "retry x" "$tmp/e2e.out"; then
  echo "--- flaky: passed on a retry ---"
  sed 's/\x1b\[[0-9;]*m//g' "$tmp/e2e.out" | grep "retry x" || true
fi
