package tail

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal: a bank's timeline, every bank's, one with a kind
// hidden and paused, and an event's JSON. Regenerate with:
// go test ./ui/tail -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name, bank string
		keys       []string
	}{
		{name: "bank", bank: uitest.DemoBank},
		{name: "all-banks", bank: uitest.DemoBank, keys: []string{"b"}},
		{name: "filtered-paused", bank: "travel-concierge", keys: []string{"o", "j", "p"}},
		{name: "detail", bank: uitest.DemoBank, keys: []string{"enter"}},
		{name: "no-bank", bank: ""},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, seed(), uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
