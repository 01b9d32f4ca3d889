package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestLayoutTable(t *testing.T) {
	tests := []struct {
		name          string
		w, h          int
		tooSmall      bool
		collapsed     bool
		sidebar, main rect
		tabs          rect
	}{
		{name: "zero", w: 0, h: 0, tooSmall: true},
		{name: "one cell", w: 1, h: 1, tooSmall: true},
		{name: "negative", w: -5, h: -5, tooSmall: true},
		{name: "one column short", w: 59, h: 20, tooSmall: true},
		{name: "one row short", w: 60, h: 19, tooSmall: true},
		{name: "minimum", w: 60, h: 20, collapsed: true,
			sidebar: rect{0, 2, 60, 17}, main: rect{0, 2, 60, 17}, tabs: rect{0, 1, 60, 1}},
		{name: "just below wide", w: 79, h: 24, collapsed: true,
			sidebar: rect{0, 2, 79, 21}, main: rect{0, 2, 79, 21}, tabs: rect{0, 1, 79, 1}},
		{name: "narrow wide", w: 80, h: 24,
			sidebar: rect{0, 2, 24, 21}, main: rect{24, 2, 56, 21}, tabs: rect{24, 1, 56, 1}},
		{name: "standard", w: 120, h: 40,
			sidebar: rect{0, 2, 30, 37}, main: rect{30, 2, 90, 37}, tabs: rect{30, 1, 90, 1}},
		{name: "wide caps the sidebar", w: 200, h: 60,
			sidebar: rect{0, 2, 40, 57}, main: rect{40, 2, 160, 57}, tabs: rect{40, 1, 160, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := layout(tt.w, tt.h)
			if l.TooSmall != tt.tooSmall || l.Collapsed != tt.collapsed {
				t.Fatalf("TooSmall=%v Collapsed=%v, want %v %v", l.TooSmall, l.Collapsed, tt.tooSmall, tt.collapsed)
			}
			if tt.tooSmall {
				if !l.Sidebar.empty() || !l.Main.empty() || !l.Header.empty() {
					t.Errorf("too small but rectangles are set: %+v", l)
				}
				return
			}
			if l.Sidebar != tt.sidebar || l.Main != tt.main || l.Tabs != tt.tabs {
				t.Errorf("sidebar %+v main %+v tabs %+v\nwant %+v %+v %+v", l.Sidebar, l.Main, l.Tabs, tt.sidebar, tt.main, tt.tabs)
			}
			if l.Header != (rect{0, 0, tt.w, 1}) || l.Footer != (rect{0, tt.h - 1, tt.w, 1}) {
				t.Errorf("header %+v footer %+v", l.Header, l.Footer)
			}
		})
	}
}

// TestLayoutInvariants checks every size up to 300×100 and some huge ones: nothing
// negative, everything on screen, header/tabs/body/footer stacked without overlap,
// the sidebar within its bounds.
func TestLayoutInvariants(t *testing.T) {
	sizes := [][2]int{{1 << 20, 1 << 20}, {100000, 3}, {3, 100000}, {-1, 50}, {50, -1}}
	for w := 0; w <= 300; w += 7 {
		for h := 0; h <= 100; h += 3 {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		l := layout(w, h)
		if l.TooSmall != (w < minWidth || h < minHeight) {
			t.Fatalf("%dx%d: TooSmall=%v", w, h, l.TooSmall)
		}
		if l.TooSmall {
			continue
		}
		for name, r := range map[string]rect{"header": l.Header, "tabs": l.Tabs, "sidebar": l.Sidebar, "main": l.Main, "footer": l.Footer} {
			if r.W <= 0 || r.H <= 0 || r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
				t.Fatalf("%dx%d: %s %+v off screen or empty", w, h, name, r)
			}
		}
		if l.Header.Y+1 != l.Tabs.Y || l.Tabs.Y+1 != l.Main.Y || l.Main.Y+l.Main.H != l.Footer.Y {
			t.Fatalf("%dx%d: rows do not stack: %+v", w, h, l)
		}
		if !l.Collapsed {
			if l.Sidebar.W < sidebarMinWidth || l.Sidebar.W > sidebarMaxWidth || l.Sidebar.X+l.Sidebar.W != l.Main.X {
				t.Fatalf("%dx%d: sidebar %+v main %+v", w, h, l.Sidebar, l.Main)
			}
		}
	}
}

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
