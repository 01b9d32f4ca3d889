// Package layout splits the terminal into the app's areas with one pure function, so
// every size (including the absurd ones a resize storm produces) can be checked in a
// table test without a terminal, and so the panes' tests size them exactly as the app
// does.
package layout

const (
	// MinWidth and MinHeight are the smallest terminal the explorer draws in; below it
	// the whole screen is a "terminal too small" message.
	MinWidth  = 60
	MinHeight = 20
	// WideWidth is where the sidebar gets a column of its own. Narrower terminals show
	// the sidebar and the main pane one at a time, in the same place, and the tab bar
	// gains a "Banks" tab for the sidebar.
	WideWidth = 80
	// The sidebar takes a quarter of the width within these bounds: enough for a
	// bank id and its count, never so much that the main pane starves.
	sidebarMinWidth = 24
	sidebarMaxWidth = 40
)

// Rect is a screen rectangle in cells; (X, Y) is its top-left corner.
type Rect struct{ X, Y, W, H int }

// Contains reports whether the cell (x, y) is inside r.
func (r Rect) Contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Empty reports whether r has no cells.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Inset is r without a frame of the given sizes (left, top and the totals of both
// sides), never negative.
func (r Rect) Inset(left, top, horizontal, vertical int) Rect {
	return Rect{X: r.X + left, Y: r.Y + top, W: max(r.W-horizontal, 0), H: max(r.H-vertical, 0)}
}

// Screen is where everything goes for one terminal size.
type Screen struct {
	Width, Height int
	Header        Rect // one line: server, version, badges, bank
	Tabs          Rect // one line above the main pane
	Sidebar       Rect // the bank list, bordered
	Main          Rect // the active pane, bordered
	Footer        Rect // one line: short help and toasts
	// Collapsed means the terminal is too narrow for two columns: Sidebar and Main
	// are the same rectangle and only the focused one is drawn.
	Collapsed bool
	// TooSmall means nothing fits; every other rectangle is empty.
	TooSmall bool
}

// Compute splits a w×h terminal. It never returns negative sizes, whatever it is given.
func Compute(w, h int) Screen {
	l := Screen{Width: max(w, 0), Height: max(h, 0)}
	if w < MinWidth || h < MinHeight {
		l.TooSmall = true
		return l
	}
	l.Header = Rect{X: 0, Y: 0, W: w, H: 1}
	l.Footer = Rect{X: 0, Y: h - 1, W: w, H: 1}
	bodyY, bodyH := 2, h-3 // below the header and the tab bar, above the footer
	if w < WideWidth {
		l.Collapsed = true
		l.Tabs = Rect{X: 0, Y: 1, W: w, H: 1}
		l.Sidebar = Rect{X: 0, Y: bodyY, W: w, H: bodyH}
		l.Main = l.Sidebar
		return l
	}
	sw := min(max(w/4, sidebarMinWidth), sidebarMaxWidth)
	l.Sidebar = Rect{X: 0, Y: bodyY, W: sw, H: bodyH}
	l.Tabs = Rect{X: sw, Y: 1, W: w - sw, H: 1}
	l.Main = Rect{X: sw, Y: bodyY, W: w - sw, H: bodyH}
	return l
}

// WithoutSidebar is the layout with the bank list hidden: as in a narrow terminal, the
// panes take the whole width and the bank list becomes a tab of its own. A layout that
// is already one column, or too small, is returned as it is.
func (l Screen) WithoutSidebar() Screen {
	if l.TooSmall || l.Collapsed {
		return l
	}
	l.Collapsed = true
	l.Tabs = Rect{X: 0, Y: l.Tabs.Y, W: l.Width, H: 1}
	l.Sidebar = Rect{X: 0, Y: l.Main.Y, W: l.Width, H: l.Main.H}
	l.Main = l.Sidebar
	return l
}

// Body is the area below the tab bar that the panes share; the connection screen
// uses all of it.
func (l Screen) Body() Rect {
	if l.TooSmall {
		return Rect{}
	}
	return Rect{X: 0, Y: l.Main.Y, W: l.Width, H: l.Main.H}
}
