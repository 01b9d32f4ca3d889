package reflect

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// withoutSpinner replaces the spinner's frame, which a golden must not depend on.
func withoutSpinner(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", r) {
			return '*'
		}
		return r
	}, s)
}

// TestGoldenViews compares the plain text of the pane's states, at the size the app
// gives the pane in a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/reflect -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, h *uitest.Host, m *Model, clock *uitest.Clock)
	}{
		{name: "empty", bank: alexBank},
		{name: "no-bank"},
		{name: "evidence", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			m.cur.params.tools = true
			ask(h, m, tokyoQuestion)
			h.Keys("esc", "space")
		}},
		{name: "model-open", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			ask(h, m, tokyoQuestion)
			h.Keys("esc")
			selectItem(t, h, m, func(e evItem) bool { return e.kind == evModel })
			h.Keys("enter")
		}},
		{name: "tool-open", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			m.cur.params.tools = true
			ask(h, m, tokyoQuestion)
			h.Keys("esc")
			selectItem(t, h, m, func(e evItem) bool { return e.kind == evTool && e.call == 0 })
			h.Keys("enter")
		}},
		{name: "structured", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string","description":"one sentence"},` +
				`"facts_used":{"type":"integer"},"grounded":{"type":"boolean"}},"required":["summary"]}`
			ask(h, m, "How does Alex take coffee?")
			h.Keys("esc", "G")
		}},
		{name: "no-structured", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			m.cur.params.schema = `{"type":"object","properties":{"mood":{"type":"string","enum":["ecstatic"]}},"required":["mood"]}`
			ask(h, m, "When is Alex's half marathon?")
			h.Keys("esc", "G")
		}},
		{name: "failed", bank: alexBank,
			faults: []hindsighttest.Fault{{Method: "POST", Path: reflectPath, Status: 500, Body: `{"detail":"LLM provider returned 502 Bad Gateway"}`}},
			setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
				ask(h, m, "How does Alex take coffee?")
			}},
		{name: "waiting", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, clock *uitest.Clock) {
			ask(h, m, "How does Alex take coffee?")
			h.Type(tokyoQuestion)
			h.Keys("alt+enter")
			held := askHeld(h, m, "And who is going with them?")
			clock.Advance(83 * time.Second)
			t.Cleanup(func() { h.Do(held) })
		}},
		{name: "cancelled", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, clock *uitest.Clock) {
			held := askHeld(h, m, "How does Alex take coffee?")
			clock.Advance(4 * time.Second)
			h.Keys("esc")
			h.Do(held)
		}},
		{name: "compare-setup", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			ask(h, m, tokyoQuestion)
			h.Keys("esc", "c", "space", "j")
		}},
		{name: "compare-result", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			ask(h, m, tokyoQuestion)
			h.Keys("esc", "c", "space", "enter")
		}},
		{name: "compare-evidence", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			ask(h, m, tokyoQuestion)
			h.Keys("esc", "c", "space", "enter", "left", "G")
		}},
		{name: "parameters", bank: alexBank, setup: func(t *testing.T, h *uitest.Host, m *Model, _ *uitest.Clock) {
			h.Do(m.setTags([]string{"trip:tokyo-2026"}))
			m.cur.params.budget = "mid"
			m.cur.params.schema = `{"type":"object"`
			h.Keys("tab", "tab")
			h.Type("5OO")
		}},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				clock := uitest.NewClock()
				onClock := func(c *common.Common) *Model {
					c.Now = clock.Now
					return New(c)
				}
				m, h := uitest.Demo(t, onClock, uitest.AtGoldenURL(), uitest.Faults(sc.faults...), uitest.Bank(sc.bank),
					uitest.Terminal(term[0], term[1]))
				if sc.setup != nil {
					sc.setup(t, h, m, clock)
				}
				view := uitest.View(t, m)
				w, ht := uitest.PaneSize(term[0], term[1])
				uitest.CheckBox(t, view, w, ht)
				golden.RequireEqual(t, []byte(withoutSpinner(uitest.Plain(view))))
			})
		}
	}
}
