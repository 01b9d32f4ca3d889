package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionFrom(t *testing.T) {
	const rev = "3fe714d1a2b3c4d5e6f708192a3b4c5d6e7f8091"
	vcs := func(version string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "hindsight-tui", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	tests := []struct {
		name    string
		stamped string
		bi      *debug.BuildInfo
		want    string
	}{
		{"stamped wins over everything", "v1.2.3-4-g3fe714d-dirty", vcs("v1.2.3", "vcs.revision", rev), "v1.2.3-4-g3fe714d-dirty"},
		{"stamped without build info", "3fe714d", nil, "3fe714d"},
		{"no build info", "", nil, "dev"},
		{"go run: devel, no vcs", "", vcs("(devel)"), "dev"},
		{"empty main version, no vcs", "", vcs(""), "dev"},
		{"vcs off but other settings", "", vcs("(devel)", "-trimpath", "true", "CGO_ENABLED", "0"), "dev"},
		{"clean commit", "", vcs("(devel)", "vcs", "git", "vcs.revision", rev, "vcs.modified", "false"), "devel 3fe714d"},
		{"modified commit", "", vcs("(devel)", "vcs.revision", rev, "vcs.modified", "true"), "devel 3fe714d (modified)"},
		{"short revision kept whole", "", vcs("(devel)", "vcs.revision", "abc12"), "devel abc12"},
		{"modified without revision", "", vcs("(devel)", "vcs.modified", "true"), "dev"},
		{"pseudo-version gives way to the commit", "", vcs("v0.0.0-20250102150405-3fe714d1a2b3+dirty", "vcs.revision", rev, "vcs.modified", "true"), "devel 3fe714d (modified)"},
		{"pseudo-version after a tag", "", vcs("v1.2.4-0.20250102150405-3fe714d1a2b3", "vcs.revision", rev), "devel 3fe714d"},
		{"pseudo-version after a pre-release", "", vcs("v1.2.3-rc.1.0.20250102150405-3fe714d1a2b3", "vcs.revision", rev), "devel 3fe714d"},
		{"tagged commit", "", vcs("v1.2.3", "vcs.revision", rev), "v1.2.3"},
		{"tagged commit, modified", "", vcs("v1.2.3+dirty", "vcs.revision", rev, "vcs.modified", "true"), "v1.2.3+dirty"},
		{"pre-release tag", "", vcs("v1.3.0-rc.1", "vcs.revision", rev), "v1.3.0-rc.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionFrom(tt.stamped, tt.bi); got != tt.want {
				t.Errorf("versionFrom(%q, …) = %q, want %q", tt.stamped, got, tt.want)
			}
		})
	}
}
