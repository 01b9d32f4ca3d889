package directives

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/directives -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
	}{
		{name: "list"},
		{name: "list_last", keys: []string{"G"}},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
