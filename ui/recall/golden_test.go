package recall

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/recall -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	recallPath := "/v1/default/banks/user-alex-prefs/memories/recall"
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, h *uitest.Host, m *Model)
	}{
		{name: "empty", bank: uitest.DemoBank},
		{name: "results", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			m.cur.filters.types = [3]bool{true, false, false}
			h.Do(m.setTags([]string{"source:chat"}))
			query(h, m, "restaurants")
		}},
		{name: "detail", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			m.cur.filters = filters{types: [3]bool{true, false, true}, sourceFacts: true, chunks: true}
			query(h, m, "coffee")
			h.Keys("d") // beside the list on a wide pane this hides it; press again
			if m.width >= sideBySide {
				h.Keys("d")
			}
		}},
		{name: "trace", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, trace: true}
			h.Do(m.bar.Sync())
			query(h, m, "restaurants")
			h.Keys("t")
		}},
		{name: "bar", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			query(h, m, "restaurants")
			h.Keys("f", "space")
			h.Fire(nil) // the pause passes: the search with world runs
			h.Keys("tab", "tab", "tab")
			h.Type("sou")
		}},
		{name: "invalid", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			query(h, m, "restaurants")
			h.Keys("f")
			for m.bar.Cursor() != int(iMaxTokens) {
				h.Keys("tab")
			}
			h.Type("4")
			h.Fire(nil) // the search with max_tokens 4 runs
			h.Type("k")
			h.Keys("esc")
		}},
		{name: "error", bank: uitest.DemoBank, faults: []hindsighttest.Fault{{Method: "POST", Path: recallPath, Status: 422,
			Body: `{"detail":[{"type":"enum","loc":["body","budget"],"msg":"Input should be 'low', 'mid' or 'high'","input":"huge","ctx":{"expected":"'low', 'mid' or 'high'"}}]}`}},
			setup: func(t *testing.T, h *uitest.Host, m *Model) { query(h, m, "coffee") }},
		{name: "none-matched", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			m.cur.filters = filters{tags: []string{"no-such-tag"}, match: "any_strict"}
			query(h, m, "coffee")
		}},
		{name: "score-breakdown", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			m.cur.filters = filters{trace: true}
			query(h, m, "coffee")
		}},
		{name: "score-columns", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			query(h, m, "coffee")
			h.Keys("s")
		}},
		{name: "untrusted-text", bank: "team-platform", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			query(h, m, "log line pasted during the payout batch postmortem")
		}},
		{name: "compare-edit", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			query(h, m, "coffee")
			h.Keys("b", "space") // B: world only
		}},
		{name: "compare", bank: uitest.DemoBank, setup: func(t *testing.T, h *uitest.Host, m *Model) {
			startB(t, h, m, "coffee", func(f *filters) {
				f.types = [3]bool{true, true, false}
				f.budget = client.BudgetLow
			})
			h.Keys("j", "j")
		}},
		{name: "no-bank"},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.Faults(sc.faults...), uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				if sc.setup != nil {
					sc.setup(t, h, m)
				}
				uitest.RequireGoldenPane(t, m, term[0], term[1])
			})
		}
	}
}

// TestGoldenDialogs compares the dialogs the pane opens.
func TestGoldenDialogs(t *testing.T) {
	for _, term := range uitest.Terminals {
		for _, sc := range []struct {
			name  string
			setup func(h *uitest.Host, m *Model)
		}{
			{"code-curl", func(h *uitest.Host, m *Model) {
				m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, match: "any_strict", budget: "high"}
				query(h, m, "restaurants")
				h.Keys("c")
			}},
			{"code-python", func(h *uitest.Host, m *Model) {
				m.cur.filters = filters{tags: []string{"source:chat"}, maxTokens: "2048"}
				query(h, m, "coffee")
				h.Keys("c", "down")
			}},
			{"prompt", func(h *uitest.Host, m *Model) {
				m.cur.filters = filters{maxTokens: "200"}
				query(h, m, "coffee")
				h.Keys("p")
			}},
			{"memory", func(h *uitest.Host, m *Model) {
				m.cur.filters = filters{types: [3]bool{false, false, true}}
				query(h, m, "tokyo trip")
				h.Keys("enter")
			}},
		} {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				sc.setup(h, m)
				d := h.Front()
				if d == nil {
					t.Fatal("no dialog")
				}
				uitest.RequireGolden(t, d)
			})
		}
	}
}
