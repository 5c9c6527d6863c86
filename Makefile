# The two commands of the README: `make run` and `make test`. Everything a
# fresh machine needs is installed by these targets themselves.
SHELL := /bin/bash
GO ?= go
BIN := bin/portal
export PORTAL_TEST_POSTGRES_URL ?=

.PHONY: run build web-deps web-build go-build test test-go test-web test-e2e gen check-gen bench bench-go bench-startup bench-web bench-dashboard vet clean

run: build
	$(BIN) serve --demo

build: web-build go-build

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are needed (apt-get install -y nodejs npm)"; exit 1; }
	cd web && npm ci --no-audit --no-fund
	@touch $@

web-build: web-deps
	cd web && npm run build

go-build:
	$(GO) build -o $(BIN) ./cmd/portal

# make test: Go tests (SQLite always; PostgreSQL where PORTAL_TEST_POSTGRES_URL
# is set and reachable), web lint and unit tests, the generated-types check, and the
# browser tests in Debian's Chromium against the real binary.
test: vet test-go test-web test-e2e

vet: web-build
	$(GO) vet ./...

test-go: web-build
	@scripts/check-postgres.sh
	$(GO) test -count=1 -timeout 30m ./...

test-web: web-deps
	cd web && npm run check:api && npm run lint && npm test && npm run check:size

test-e2e: build
	scripts/e2e.sh

# Regenerate the OpenAPI document from the Go types, and the web app's
# types from it.
gen: web-deps
	$(GO) run -tags noweb ./cmd/portal openapi > web/openapi.json.tmp && mv web/openapi.json.tmp web/openapi.json
	cd web && npm run gen:api

# Benchmarks report figures; tests assert behaviour.
bench: bench-go bench-startup bench-web bench-dashboard

bench-go:
	$(GO) test -tags noweb -run '^$$' -bench . -benchtime 20x -count 5 ./internal/... | tee bin/bench-go.txt

bench-startup: go-build
	scripts/bench-startup.sh

bench-dashboard: build
	scripts/bench-dashboard.sh

bench-web: web-build
	cd web && npm run check:size

clean:
	rm -rf bin web/dist data
