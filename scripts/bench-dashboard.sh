#!/usr/bin/env bash
# Whole-dashboard load in Chromium over one company at the issue's scale:
# the base demo plus USERS app users (default 100,000) in Acme and ROWS
# ledger rows (default 1,000,000) over the past year, on SQLite. Needs the
# built binary with the web app (make build) and Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
users=${USERS:-100000}
rows=${ROWS:-1000000}
tmp=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export PORTAL_DATABASE_URL="$tmp/bench.db" PORTAL_LOG_LEVEL=warn
bin/portal seed --demo --base >/dev/null
bin/portal seed --users "$users" --ledger-rows "$rows"
PORTAL_LISTEN="127.0.0.1:$port" PORTAL_PUBLIC_URL="http://127.0.0.1:$port" bin/portal serve >"$tmp/portal.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/portal.log"; exit 1; }
  sleep 0.1
done
cd web && PORTAL_E2E_URL="http://127.0.0.1:$port" node scripts/bench-dashboard.mjs
