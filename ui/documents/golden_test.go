package documents

import (
	"fmt"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/documents -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name  string
		bank  string
		setup func(r *uitest.Host, m *Model)
	}{
		{name: "list", bank: uitest.DemoBank},
		{name: "empty", bank: "scratch-empty"},
		{name: "searched", bank: uitest.DemoBank, setup: func(r *uitest.Host, m *Model) {
			r.Keys("/")
			r.Type("tokyo")
		}},
		{name: "detail", bank: uitest.DemoBank, setup: func(r *uitest.Host, m *Model) {
			m.cursor = slices.Index(ids(m), "chat-2026-11-02-tokyo-food")
			r.Keys("enter")
		}},
		{name: "detail-scrolled", bank: uitest.DemoBank, setup: func(r *uitest.Host, m *Model) {
			m.cursor = slices.Index(ids(m), "chat-2026-11-02-tokyo-food")
			r.Keys("enter", "]", "]")
		}},
		{name: "delete-confirm", bank: uitest.DemoBank, setup: func(r *uitest.Host, m *Model) { r.Keys("D") }},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s-%dx%d", sc.name, term[0], term[1]), func(t *testing.T) {
				m, r := uitest.Demo(t, New, uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				if sc.setup != nil {
					sc.setup(r, m)
				}
				r.Fire(nil) // the search's pause in typing
				view := uitest.View(t, m)
				if d := r.Front(); d != nil {
					d.SetSize(uitest.PaneSize(term[0], term[1])) // drawn in the pane's area, as recorded
					view = uitest.View(t, d)
				}
				golden.RequireEqual(t, []byte(ansi.Strip(view)))
			})
		}
	}
}
