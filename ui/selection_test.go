package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/uitest"
)

// TestSelectionShowsWithoutColour draws every list pane as plain text, which is what a
// monochrome terminal or NO_COLOR leaves of the styles (bold at most), and finds the
// cursor's row by its glyph at the start of the pane's rows. Memories and Documents
// marked it with bold alone, invisible without colour. Each screen is also a golden
// file (testdata/TestSelectionShowsWithoutColour/<pane>.golden; -update rewrites them).
func TestSelectionShowsWithoutColour(t *testing.T) {
	lists := []struct {
		name string
		keys []string
	}{
		{"banks", nil},
		{"memories", []string{"2"}},
		{"recall", []string{"3", "c", "o", "f", "f", "e", "e", "enter"}},
		{"reflect", []string{"4", "c", "o", "f", "f", "e", "e", "?", "enter", "esc"}},
		{"documents", []string{"6"}},
		{"entities", []string{"7"}},
		{"tags", []string{"7", "t"}},
		{"operations", []string{"8"}},
	}
	for _, l := range lists {
		t.Run(l.name, func(t *testing.T) {
			h := realModel(t, uitest.DemoServer(t), 120, 40)
			h.run(h.m.Init(), 0)
			h.press(l.keys...)
			screen := h.screen()
			for _, row := range strings.Split(screen, "\n") {
				_, pane, ok := strings.Cut(row, "┃")
				if ok && (strings.HasPrefix(pane, "▌") || strings.HasPrefix(pane, "▸")) {
					golden.RequireEqual(t, screen)
					return
				}
			}
			t.Errorf("no row of the %s pane starts with the cursor's glyph:\n%s", l.name, screen)
		})
	}
}
