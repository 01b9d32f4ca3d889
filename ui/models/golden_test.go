package models

import (
	"fmt"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/models -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	open := func(id string, keys ...string) func(r *uitest.Host, m *Model) {
		return func(r *uitest.Host, m *Model) {
			m.cursor = slices.Index(ids(m), id)
			r.Keys(append([]string{"enter"}, keys...)...)
		}
	}
	screens := []struct {
		name  string
		bank  string
		setup func(r *uitest.Host, m *Model)
	}{
		// Stale, fresh and a cron trigger with its next run.
		{name: "list-team", bank: "team-platform"},
		// Never refreshed, and fresh by the list but stale on GET (a cited memory gone).
		{name: "list-research", bank: "research-agent"},
		{name: "filtered", bank: "team-platform", setup: func(r *uitest.Host, m *Model) {
			r.Keys("/")
			r.Type("incident")
			r.Keys("esc")
		}},
		{name: "detail", bank: uitest.DemoBank, setup: open("alex-travel-profile")},
		{name: "detail-older", bank: uitest.DemoBank, setup: open("alex-travel-profile", "[", "[")},
		{name: "detail-cron", bank: "team-platform", setup: open("black-friday-readiness")},
		{name: "detail-rot", bank: "research-agent", setup: open("retrieval-findings")},
		// The current content against the one it replaced: lines and cited memories.
		{name: "detail-diff", bank: uitest.DemoBank, setup: open("alex-travel-profile", "=")},
		// What a refresh would write, before committing to one.
		{name: "dry-run", bank: "team-platform", setup: func(r *uitest.Host, m *Model) {
			m.cursor = slices.Index(ids(m), "service-ownership")
			r.Keys("d")
		}},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s-%dx%d", sc.name, term[0], term[1]), func(t *testing.T) {
				m, r := uitest.Demo(t, New, uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				if sc.setup != nil {
					sc.setup(r, m)
				}
				golden.RequireEqual(t, []byte(ansi.Strip(uitest.View(t, m))))
			})
		}
	}
}
