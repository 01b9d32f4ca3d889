# Targets used by the README and by .ci/run. They need only Go; what else the tests can
# use (a C compiler for -race, tmux, Hindsight's OpenAPI document) is checked by
# scripts/testenv.sh, which says what is skipped.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
STATICCHECK_VERSION := v0.8.2
# The installed staticcheck when it is the pinned version, else the pinned version through
# `go run` (the go command downloads it on first use and caches the build), so that a
# machine with only Go can run the checks. Another version may report different findings,
# or fail to load code for a newer Go.
STATICCHECK ?= $(if $(findstring ($(STATICCHECK_VERSION:v%=%)),$(shell staticcheck -version 2>/dev/null)),staticcheck,$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION))

# -race when cgo works here (the race detector needs a C compiler), else nothing; only
# `make test` expands it.
RACE = $(shell GO='$(GO)' sh scripts/testenv.sh race)

.PHONY: build test bench lint screenshots

build:
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o bin/hindsight-tui .

# testenv.sh check says what cannot run here and why (under CI that is an error); the
# last line repeats it, so an `ok` from every package is not mistaken for a full run.
test:
	@GO='$(GO)' sh scripts/testenv.sh check
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(strip $(GO) test $(RACE) ./...)
	@GO='$(GO)' sh scripts/testenv.sh summary

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt -l: these files need gofmt:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) mod tidy -diff

screenshots:
	@if [ -f screenshots/make.sh ]; then bash screenshots/make.sh; \
	else echo "screenshots: nothing to do yet (screenshots/make.sh does not exist)"; fi
