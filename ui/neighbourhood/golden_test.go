package neighbourhood

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// terminals are the sizes the goldens show the pane at: the usual, a small laptop
// terminal and the smallest the layout supports.
var terminals = [][2]int{{120, 40}, {80, 24}, {60, 20}}

// TestGoldenViews compares the pane after a hop from the demo centre, the empty pane
// and an entity's co-occurrences, in plain text, and the neighbourhood also with its
// styling (the colour codes as drawn), so a change of colour shows in a diff too.
// The weights carry a glyph bar, so the plain text reads without colour. Regenerate
// with: go test ./ui/neighbourhood -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name  string
		setup func(t *testing.T, h *uitest.Host)
		color bool
	}{
		{name: "empty", setup: func(*testing.T, *uitest.Host) {}},
		{name: "neighbourhood", setup: hopOnce},
		{name: "neighbourhood_color", setup: hopOnce, color: true},
		{name: "cooccurring", setup: func(t *testing.T, h *uitest.Host) {
			h.Deliver(cooccurring(t, h))
		}},
	} {
		for _, term := range terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				sc.setup(t, h)
				if sc.color {
					w, ht := uitest.PaneSize(term[0], term[1])
					uitest.CheckBox(t, uitest.View(t, m), w, ht)
					uitest.RequireGoldenColour(t, m)
					return
				}
				uitest.RequireGoldenPane(t, m, term[0], term[1])
			})
		}
	}
}

// hopOnce opens the demo centre's neighbourhood and hops to its second neighbour, so
// the breadcrumb has two steps.
func hopOnce(t *testing.T, h *uitest.Host) {
	h.Deliver(show(memoryID(t, h.C.Client, centreText)))
	h.Keys("j", "enter", "j")
}
