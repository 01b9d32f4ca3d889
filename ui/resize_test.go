package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/uitest"
)

// TestResizeStorm renders the whole app at many sizes, in a random-looking order
// (sizes alternate between tiny and huge), with a dialog open: nothing panics, and the
// view never has more lines than the terminal or a line wider than it.
func TestResizeStorm(t *testing.T) {
	h, _ := fakeModel(t, Options{ServerURL: "http://localhost:8888", URLSource: "default"}, "Overview", "Memories")
	h.connectFake(120, 40)
	sizes := [][2]int{{0, 0}, {1, 1}, {2000, 1000}, {59, 19}, {60, 20}, {61, 21}, {79, 30}, {80, 30}, {1, 300}, {300, 1}}
	for i := 0; i < 60; i++ {
		sizes = append(sizes, [2]int{(i * 37) % 260, (i * 17) % 90})
	}
	check := func(label string) {
		for _, sz := range sizes {
			h.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			view := h.m.View().Content
			lines := strings.Split(view, "\n")
			if view != "" && len(lines) > max(sz[1], 0) {
				t.Fatalf("%s %dx%d: %d lines", label, sz[0], sz[1], len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > max(sz[0], 0) {
					t.Fatalf("%s %dx%d: line of width %d: %q", label, sz[0], sz[1], w, ansi.Strip(l))
				}
			}
		}
	}
	check("panes")
	h.press("?")
	check("help")
	h.press("esc", ":")
	check("palette")
	h.press("esc", "!")
	check("error log")
}

func TestTooSmallMessage(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(50, 15)
	mustContain(t, h.screen(), "Terminal too small: 50×15.", "at least 60×20")
	h.send(tea.WindowSizeMsg{Width: 60, Height: 20})
	mustNotContain(t, h.screen(), "Terminal too small")
}

// TestHideTheSidebar: B hides the bank list so the panes take the width (at 80x24 it
// takes a quarter of it), the bank list becomes a tab of its own, and B brings it back.
func TestHideTheSidebar(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 80, 24)
	h.run(h.m.Init(), 0)
	h.press("2")
	paneWidth := func() int {
		for _, row := range strings.Split(h.screen(), "\n") {
			if _, rest, ok := strings.Cut(row, "┏━ Memories"); ok {
				return ansi.StringWidth("┏━ Memories" + rest)
			}
		}
		return 0
	}
	before := paneWidth()
	h.press("B")
	if got := paneWidth(); got != 80 || got <= before {
		t.Fatalf("the memories pane is %d wide after B (was %d), want the whole 80", got, before)
	}
	mustContain(t, h.screen(), "Banks  1 Bank  2 Memories")
	golden.RequireEqual(t, h.screen())
	h.press("B")
	if got := paneWidth(); got != before {
		t.Errorf("after B again the pane is %d wide, want %d", got, before)
	}
}
