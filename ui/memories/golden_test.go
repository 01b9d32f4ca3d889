package memories

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/common"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal.
var goldenSizes = []struct {
	name string
	w, h int
}{
	{"120x40", 88, 35},
	{"60x20", 58, 15},
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/memories -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			for _, st := range []struct {
				name string
				do   func(r *root, m *Model)
			}{
				{"list", func(*root, *Model) {}},
				{"filtered", func(r *root, _ *Model) {
					r.send(common.ShowMemoriesMsg{BankID: demoBank, Tags: []string{"trip:tokyo-2026"}, TagsMatch: "any_strict"})
					r.keys("t", "j", "space", "j")
				}},
				{"invalidated", func(r *root, _ *Model) { r.keys("v") }},
				{"empty", func(r *root, _ *Model) { r.keys("s", "z", "z", "q", "enter") }},
			} {
				t.Run(st.name, func(t *testing.T) {
					srv := demoServer(t)
					r, m := startPane(t, newCommon(t, srv), demoBank, sz.w, sz.h)
					st.do(r, m)
					v := m.View()
					checkBox(t, v, sz.w, sz.h)
					golden.RequireEqual(t, []byte(ansi.Strip(v)))
				})
			}
		})
	}
}

// checkBox fails unless view is exactly w x h cells.
func checkBox(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := splitLines(view)
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("line %d is %d cells, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
