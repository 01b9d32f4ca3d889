package main

import (
	"runtime/debug"
	"strings"
)

// version is stamped by `make build` and `make install` with
// -ldflags "-X main.version=$(git describe --tags --always --dirty)". A plain
// `go build` or `go install` leaves it empty, and buildVersion falls back to what the
// Go toolchain recorded in the binary.
var version string

// buildVersion is what --version prints and what the client sends as its user agent.
func buildVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return versionFrom(version, bi)
}

// versionFrom picks the most precise version available, so that a binary someone
// reports a bug from says which source it was built from:
//   - the stamped version, when the build set one;
//   - a release version the toolchain derived from a tag (go build at a tagged commit
//     records e.g. v1.2.3);
//   - the commit the toolchain recorded (VCS stamping, on by default in a git
//     checkout): "devel 3fe714d", with " (modified)" for uncommitted changes;
//   - "dev" when none of these is known (go run, -buildvcs=false, no git).
//
// A pseudo-version such as v0.0.0-20250102150405-3fe714d1a2b3 is not shown as it is:
// its v0.0.0 reads like a release, and the commit says the same more plainly.
func versionFrom(stamped string, bi *debug.BuildInfo) string {
	if stamped != "" {
		return stamped
	}
	if bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" && !isPseudoVersion(v) {
		return v
	}
	var rev string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	if modified {
		return "devel " + rev + " (modified)"
	}
	return "devel " + rev
}

// isPseudoVersion reports whether v has the shape of a Go pseudo-version: its last
// dash-separated parts are a 14-digit UTC time and a 12-digit commit hash, optionally
// followed by build metadata (+dirty, +incompatible).
func isPseudoVersion(v string) bool {
	v, _, _ = strings.Cut(v, "+")
	parts := strings.Split(v, "-")
	if len(parts) < 3 {
		return false
	}
	hash, stamp := parts[len(parts)-1], parts[len(parts)-2]
	if i := strings.LastIndexByte(stamp, '.'); i >= 0 {
		stamp = stamp[i+1:] // v1.2.4-0.20250102150405-… and v1.2.3-pre.0.20250102150405-…
	}
	return len(hash) == 12 && onlyOf(hash, "0123456789abcdef") &&
		len(stamp) == 14 && onlyOf(stamp, "0123456789")
}

func onlyOf(s, set string) bool {
	for _, r := range s {
		if !strings.ContainsRune(set, r) {
			return false
		}
	}
	return true
}
