# Targets used by the README and by .ci/run. They need only Go; what else the tests can
# use (a C compiler for -race, tmux, Hindsight's OpenAPI document) is checked by
# scripts/testenv.sh, which says what is skipped.
GO      ?= go
# The version `make build` and `make install` stamp into the binary (--version). Outside
# a git checkout it is empty and nothing is stamped: the binary then reports what the go
# command recorded, or `dev` (see version.go). `make build VERSION=v1.2.3` overrides it.
VERSION = $(shell git describe --tags --always --dirty 2>/dev/null)
LDFLAGS = $(if $(VERSION),-X main.version=$(VERSION))
STATICCHECK_VERSION := v0.8.2
# The installed staticcheck when it is the pinned version, else the pinned version through
# `go run` (the go command downloads it on first use and caches the build), so that a
# machine with only Go can run the checks. Another version may report different findings,
# or fail to load code for a newer Go.
STATICCHECK ?= $(if $(findstring ($(STATICCHECK_VERSION:v%=%)),$(shell staticcheck -version 2>/dev/null)),staticcheck,$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION))

# -race when cgo works here (the race detector needs a C compiler), else nothing; only
# `make test` expands it.
RACE = $(shell GO='$(GO)' sh scripts/testenv.sh race)

.PHONY: build install test bench lint screenshots

build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/hindsight-tui .

# go install puts the binary in $GOBIN, else in the bin directory of the first $GOPATH entry.
install:
	$(GO) install -trimpath -ldflags "$(LDFLAGS)" .
	@dir="$$($(GO) env GOBIN)"; [ -n "$$dir" ] || dir="$$($(GO) env GOPATH | cut -d: -f1)/bin"; \
	echo "installed $$dir/hindsight-tui: $$("$$dir/hindsight-tui" --version)"; \
	case ":$$PATH:" in *":$$dir:"*) ;; *) echo "$$dir is not on your PATH: add it, or run $$dir/hindsight-tui";; esac

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
