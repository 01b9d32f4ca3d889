package timeline

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// goldenTerminals are the sizes the chart is checked at: the usual two and 80x24.
var goldenTerminals = [][2]int{{120, 40}, {80, 24}, {60, 20}}

// TestGoldenViews compares the pane at the size the app gives it in each terminal:
// the week's chart on its busiest day, the 90 days (buckets added up where the pane
// is narrow), and the busiest day's memories. The chart is checked twice, as plain
// text (it must read without colour) and with its styling, so a column that loses
// its fact type's colour or the selection's shows. Regenerate with:
// go test ./ui/timeline -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name   string
		keys   []string
		colour bool
	}{
		{name: "week", colour: true},
		{name: "90d", keys: []string{"]", "]"}},
		{name: "memories", keys: []string{"enter"}},
	} {
		for _, term := range goldenTerminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				busiest(t, m)
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, m, term[0], term[1])
				if sc.colour {
					t.Run("colour", func(t *testing.T) { uitest.RequireGoldenColour(t, m) })
				}
			})
		}
	}
}
