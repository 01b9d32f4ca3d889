# Targets used by the README and by .ci/run.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
STATICCHECK_VERSION := v0.8.2
# The installed staticcheck when it is the pinned version, else the pinned version through
# `go run` (the go command downloads it on first use and caches the build), so that a
# machine with only Go can run the checks. Another version may report different findings,
# or fail to load code for a newer Go.
STATICCHECK ?= $(if $(findstring ($(STATICCHECK_VERSION:v%=%)),$(shell staticcheck -version 2>/dev/null)),staticcheck,$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION))

.PHONY: build test bench lint screenshots

build:
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o bin/hindsight-tui .

test:
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -race ./...

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
