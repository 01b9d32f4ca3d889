# Targets used by the README and by .ci/run.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# staticcheck from PATH, else where `go install` puts it.
STATICCHECK ?= $(or $(shell command -v staticcheck 2>/dev/null),$(shell $(GO) env GOPATH)/bin/staticcheck)
STATICCHECK_VERSION := v0.8.2

.PHONY: build test bench lint screenshots staticcheck-present

build:
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o bin/hindsight-tui .

test: staticcheck-present
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -race ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint: staticcheck-present
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt -l: these files need gofmt:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) mod tidy -diff

screenshots:
	@if [ -f screenshots/make.sh ]; then bash screenshots/make.sh; \
	else echo "screenshots: nothing to do yet (screenshots/make.sh does not exist)"; fi

staticcheck-present:
	@command -v "$(STATICCHECK)" >/dev/null 2>&1 || { \
	  echo "staticcheck not found; install it with:"; \
	  echo "  $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)"; exit 1; }
