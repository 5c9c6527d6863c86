#!/usr/bin/env bash
# Says whether the Go tests will also run on PostgreSQL. When
# PORTAL_TEST_POSTGRES_URL is set but the server does not answer, the
# PostgreSQL subtests skip themselves with that reason (testkit) unless
# PORTAL_TEST_POSTGRES_REQUIRED=1, as in CI, where they fail.
set -u
url="${PORTAL_TEST_POSTGRES_URL:-}"
if [ -z "$url" ]; then
  echo "note: PORTAL_TEST_POSTGRES_URL is not set: Go tests run on SQLite only"
  exit 0
fi
if command -v psql >/dev/null && ! psql "$url" -Atqc 'select 1' >/dev/null 2>&1; then
  echo "note: PostgreSQL at PORTAL_TEST_POSTGRES_URL is not reachable: its tests will be skipped"
else
  echo "Go tests run on SQLite and PostgreSQL"
fi
