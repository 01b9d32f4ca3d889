package ui

// The screen is split by one pure function, so every size (including the absurd ones a
// resize storm produces) can be checked in a table test without a terminal.
const (
	// minWidth and minHeight are the smallest terminal the explorer draws in; below it
	// the whole screen is a "terminal too small" message.
	minWidth  = 60
	minHeight = 20
	// wideWidth is where the sidebar gets a column of its own. Narrower terminals show
	// the sidebar and the main pane one at a time, in the same place, and the tab bar
	// gains a "Banks" tab for the sidebar.
	wideWidth = 80
	// The sidebar takes a quarter of the width within these bounds: enough for a
	// bank id and its count, never so much that the main pane starves.
	sidebarMinWidth = 24
	sidebarMaxWidth = 40
)

// rect is a screen rectangle in cells; (X, Y) is its top-left corner.
type rect struct{ X, Y, W, H int }

func (r rect) contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

func (r rect) empty() bool { return r.W <= 0 || r.H <= 0 }

// screenLayout is where everything goes for one terminal size.
type screenLayout struct {
	Width, Height int
	Header        rect // one line: server, version, badges, bank
	Tabs          rect // one line above the main pane
	Sidebar       rect // the bank list, bordered
	Main          rect // the active pane, bordered
	Footer        rect // one line: short help and toasts
	// Collapsed means the terminal is too narrow for two columns: Sidebar and Main
	// are the same rectangle and only the focused one is drawn.
	Collapsed bool
	// TooSmall means nothing fits; every other rectangle is empty.
	TooSmall bool
}

// layout splits a w×h terminal. It never returns negative sizes, whatever it is given.
func layout(w, h int) screenLayout {
	l := screenLayout{Width: max(w, 0), Height: max(h, 0)}
	if w < minWidth || h < minHeight {
		l.TooSmall = true
		return l
	}
	l.Header = rect{X: 0, Y: 0, W: w, H: 1}
	l.Footer = rect{X: 0, Y: h - 1, W: w, H: 1}
	bodyY, bodyH := 2, h-3 // below the header and the tab bar, above the footer
	if w < wideWidth {
		l.Collapsed = true
		l.Tabs = rect{X: 0, Y: 1, W: w, H: 1}
		l.Sidebar = rect{X: 0, Y: bodyY, W: w, H: bodyH}
		l.Main = l.Sidebar
		return l
	}
	sw := min(max(w/4, sidebarMinWidth), sidebarMaxWidth)
	l.Sidebar = rect{X: 0, Y: bodyY, W: sw, H: bodyH}
	l.Tabs = rect{X: sw, Y: 1, W: w - sw, H: 1}
	l.Main = rect{X: sw, Y: bodyY, W: w - sw, H: bodyH}
	return l
}

// body is the area below the tab bar that the panes share; the connection screen
// uses all of it.
func (l screenLayout) body() rect {
	if l.TooSmall {
		return rect{}
	}
	return rect{X: 0, Y: l.Main.Y, W: l.Width, H: l.Main.H}
}
