package layout

import (
	"testing"
)

func TestLayoutTable(t *testing.T) {
	tests := []struct {
		name          string
		w, h          int
		tooSmall      bool
		collapsed     bool
		sidebar, main Rect
		tabs          Rect
	}{
		{name: "zero", w: 0, h: 0, tooSmall: true},
		{name: "one cell", w: 1, h: 1, tooSmall: true},
		{name: "negative", w: -5, h: -5, tooSmall: true},
		{name: "one column short", w: 59, h: 20, tooSmall: true},
		{name: "one row short", w: 60, h: 19, tooSmall: true},
		{name: "minimum", w: 60, h: 20, collapsed: true,
			sidebar: Rect{0, 2, 60, 17}, main: Rect{0, 2, 60, 17}, tabs: Rect{0, 1, 60, 1}},
		{name: "just below wide", w: 79, h: 24, collapsed: true,
			sidebar: Rect{0, 2, 79, 21}, main: Rect{0, 2, 79, 21}, tabs: Rect{0, 1, 79, 1}},
		{name: "narrow wide", w: 80, h: 24,
			sidebar: Rect{0, 2, 24, 21}, main: Rect{24, 2, 56, 21}, tabs: Rect{24, 1, 56, 1}},
		{name: "standard", w: 120, h: 40,
			sidebar: Rect{0, 2, 30, 37}, main: Rect{30, 2, 90, 37}, tabs: Rect{30, 1, 90, 1}},
		{name: "wide caps the sidebar", w: 200, h: 60,
			sidebar: Rect{0, 2, 40, 57}, main: Rect{40, 2, 160, 57}, tabs: Rect{40, 1, 160, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Compute(tt.w, tt.h)
			if l.TooSmall != tt.tooSmall || l.Collapsed != tt.collapsed {
				t.Fatalf("TooSmall=%v Collapsed=%v, want %v %v", l.TooSmall, l.Collapsed, tt.tooSmall, tt.collapsed)
			}
			if tt.tooSmall {
				if !l.Sidebar.Empty() || !l.Main.Empty() || !l.Header.Empty() {
					t.Errorf("too small but rectangles are set: %+v", l)
				}
				return
			}
			if l.Sidebar != tt.sidebar || l.Main != tt.main || l.Tabs != tt.tabs {
				t.Errorf("sidebar %+v main %+v tabs %+v\nwant %+v %+v %+v", l.Sidebar, l.Main, l.Tabs, tt.sidebar, tt.main, tt.tabs)
			}
			if l.Header != (Rect{0, 0, tt.w, 1}) || l.Footer != (Rect{0, tt.h - 1, tt.w, 1}) {
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
		l := Compute(w, h)
		if l.TooSmall != (w < MinWidth || h < MinHeight) {
			t.Fatalf("%dx%d: TooSmall=%v", w, h, l.TooSmall)
		}
		if l.TooSmall {
			continue
		}
		for name, r := range map[string]Rect{"header": l.Header, "tabs": l.Tabs, "sidebar": l.Sidebar, "main": l.Main, "footer": l.Footer} {
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
