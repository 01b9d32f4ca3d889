#!/bin/sh
# What `make test` can run on this machine, so that no suite is skipped silently.
#
#   testenv.sh race      prints -race when cgo works here, nothing otherwise
#   testenv.sh check     one line for each thing that is off, and why: -race (needs cgo
#                        and a C compiler), the end-to-end tests (need tmux), the contract
#                        tests (need Hindsight's OpenAPI document). Under CI (CI set, as
#                        the e2e tests read it) each of them is an error: exit status 1.
#   testenv.sh summary   one closing line: what was skipped, or that everything ran.
#
# GO names the go command (default go). The document is $HINDSIGHT_OPENAPI, else
# ../shared/hindsight/openapi.json beside the repository, as in client/contracttest.
set -u
cd "$(dirname "$0")/.." || exit 1

go=${GO:-go}
spec=${HINDSIGHT_OPENAPI:-../shared/hindsight/openapi.json}

# why_no_race prints why -race cannot be used, or nothing when cgo works: CGO_ENABLED=1
# and $(go env CC) compiles and links a program (a compiler without the C library's
# headers does not). The go command itself turns cgo off when it finds no C compiler.
why_no_race() {
	cc=$($go env CC 2>/dev/null)
	install="apt-get install gcc libc6-dev, or your system's equivalent"
	# $cc unquoted below: CC may carry flags ("gcc -m64").
	# shellcheck disable=SC2086
	if ! command -v $cc >/dev/null 2>&1; then
		echo "cgo needs a C compiler, and '$cc' is not installed ($install)"
		return
	fi
	if [ "$($go env CGO_ENABLED 2>/dev/null)" != 1 ]; then
		echo "CGO_ENABLED is 0 (-race needs cgo)"
		return
	fi
	dir=$(mktemp -d) || { echo "no temporary directory to try the C compiler in"; return; }
	printf 'int main(void) { return 0; }\n' >"$dir/t.c"
	# shellcheck disable=SC2086
	if ! $cc -o "$dir/t" "$dir/t.c" >/dev/null 2>&1; then
		echo "the C compiler '$cc' cannot build a program ($install)"
	fi
	rm -rf "$dir"
}

why_no_e2e() {
	command -v tmux >/dev/null 2>&1 || echo "tmux is not installed"
}

why_no_contract() {
	case "${HINDSIGHT_OPENAPI:-/}" in
	/*) ;;
	*) # the tests read it from each package's own directory
		echo "HINDSIGHT_OPENAPI must be an absolute path, not $spec"
		return
		;;
	esac
	[ -e "$spec" ] || echo "Hindsight's OpenAPI document is not at $spec (set HINDSIGHT_OPENAPI to its path)"
}

case "${1:-}" in
race)
	[ -n "$(why_no_race)" ] || echo -race
	;;
check)
	failed=0
	note() { # note WHAT-HAPPENS-INSTEAD WHAT-CI-NEEDS WHY
		[ -n "$3" ] || return 0
		if [ -n "${CI:-}" ]; then
			echo "make test: FAIL: under CI $2 must run, but $3" >&2
			failed=1
		else
			echo "make test: $1: $3"
		fi
	}
	note "running without -race" "-race" "$(why_no_race)"
	note "skipping the end-to-end tests (e2e/)" "the end-to-end tests" "$(why_no_e2e)"
	note "skipping the contract tests" "the contract tests" "$(why_no_contract)"
	exit $failed
	;;
summary)
	off=""
	[ -z "$(why_no_race)" ] || off="$off, -race (no cgo)"
	[ -z "$(why_no_e2e)" ] || off="$off, the end-to-end tests (no tmux)"
	[ -z "$(why_no_contract)" ] || off="$off, the contract tests (no OpenAPI document)"
	if [ -n "$off" ]; then
		echo "make test: passed; not run here:${off#,}"
	else
		echo "make test: passed, with -race, the end-to-end and the contract tests"
	fi
	;;
*)
	echo "usage: $0 race|check|summary" >&2
	exit 2
	;;
esac
