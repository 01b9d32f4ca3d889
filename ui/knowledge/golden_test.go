package knowledge

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal: the tree, a page and a search. Regenerate with:
// go test ./ui/knowledge -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
		typ  string
	}{
		{name: "tree"},
		{name: "tree_folded", keys: []string{"j", "space"}},
		{name: "page", keys: []string{"enter"}},
		{name: "page_runbook", keys: []string{"j", "j", "enter", "j"}},
		{name: "move", keys: []string{"G", "m"}},
		{name: "search", keys: []string{"/"}, typ: "certificate\n"},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				if sc.typ != "" {
					h.Type(sc.typ)
				}
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
