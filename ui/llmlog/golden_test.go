package llmlog

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal: the grouped list, a failed call's detail, the filter
// bar open, and a memory's provenance. Regenerate with:
// go test ./ui/llmlog -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name       string
		keys       []string
		provenance bool
	}{
		{name: "list"},
		{name: "detail", keys: []string{"j", "j", "j", "j", "j", "enter"}},
		{name: "filters", keys: []string{"/", "tab", "space", "space"}},
		{name: "provenance", provenance: true},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				opt := seed()
				if sc.provenance {
					// No background consolidation: its run's durations hash ids made up per run.
					opt = uitest.Seed(hindsighttest.WithBankHealthSeed(), hindsighttest.WithBankLLMHealth())
				}
				p, h := uitest.Demo(t, New, opt, uitest.Bank(logBank), uitest.Terminal(term[0], term[1]))
				if sc.provenance {
					id := retainFact(t, h.C.Client, logBank, "golden-doc", "Maya prefers aisle seats on overnight flights to Lisbon.")
					h.Deliver(showProvenance(logBank, id))
				}
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, stableIDs{p}, term[0], term[1])
			})
		}
	}
}

// stableIDs draws the pane with the ids the server makes up on every run (calls,
// new runs, new memories) as hashes of the same width, so goldens compare.
type stableIDs struct{ m *Model }

func (s stableIDs) View() string {
	v := s.m.View()
	var ids []string
	for _, r := range s.m.runs {
		ids = append(ids, r.TraceID)
		for _, c := range r.Calls {
			ids = append(ids, c.ID)
			ids = append(ids, c.Metadata.MemoryIDs...)
		}
	}
	ids = append(ids, s.m.provenance)
	for _, id := range ids {
		if len(id) < 8 || strings.HasPrefix(id, "a941a02e") || strings.HasPrefix(id, "df1cc941") || strings.HasPrefix(id, "44e476a3") {
			continue // the seed's runs keep their ids
		}
		v = strings.ReplaceAll(v, id, strings.Repeat("#", len(id)))
		v = strings.ReplaceAll(v, id[:8], "########")
	}
	return v
}
