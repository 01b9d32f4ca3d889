package health

import (
	"testing"

	hc "hindsight-tui/health"
	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal: a failing bank's list, open evidence (the duplicate
// pairs, side by side where the pane is wide; the failed consolidation's facts), and
// the healthy bank. Regenerate with: go test ./ui/health -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name, bank, check string
		keys              []string
	}{
		{name: "failing", bank: "ops-runbook"},
		{name: "pairs", bank: "family-assistant", check: hc.DuplicateObservations, keys: []string{"enter", "]"}},
		{name: "facts", bank: "ops-runbook", check: hc.FailedConsolidation, keys: []string{"enter"}},
		{name: "healthy", bank: "garden-planner"},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, seed(), uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				if sc.check != "" {
					on(t, p, sc.check)
				}
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
