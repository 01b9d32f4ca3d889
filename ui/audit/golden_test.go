package audit

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal: the list, a recall's detail, and a bank that does
// not audit. Regenerate with: go test ./ui/audit -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name, bank string
		keys       []string
	}{
		{name: "list", bank: uitest.DemoBank},
		{name: "detail", bank: uitest.DemoBank, keys: []string{"j", "j", "j", "enter"}},
		{name: "off", bank: offBank},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
