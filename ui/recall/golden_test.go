package recall

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal, and the
// screens the dialogs are centred on.
var goldenSizes = []struct {
	name             string
	w, h             int
	screenW, screenH int
}{
	{"120x40", 88, 35, 120, 40},
	{"60x20", 58, 15, 60, 20},
}

func requireGolden(t *testing.T, view string) {
	t.Helper()
	golden.RequireEqual(t, []byte(plain(view)))
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/recall -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	recallPath := "/v1/default/banks/user-alex-prefs/memories/recall"
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, r *root, m *Model)
	}{
		{name: "empty", bank: "user-alex-prefs"},
		{name: "results", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			m.cur.filters.types = [3]bool{true, false, false}
			r.send(run(t, m.setTags([]string{"source:chat"}))...)
			r.query("restaurants")
		}},
		{name: "detail", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			m.cur.filters = filters{types: [3]bool{true, false, true}, sourceFacts: true, chunks: true}
			r.query("coffee")
			r.keys("d") // beside the list on a wide pane this hides it; press again
			if m.width >= sideBySide {
				r.keys("d")
			}
		}},
		{name: "trace", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, trace: true}
			m.bar.tags.SetTags(m.cur.filters.tags)
			r.query("restaurants")
			r.keys("t")
		}},
		{name: "bar", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			r.query("restaurants")
			r.keys("f", "space", "tab", "tab", "tab")
			r.typeText("sou")
		}},
		{name: "invalid", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			r.query("restaurants")
			r.keys("f")
			for m.bar.cursor != iMaxTokens {
				r.keys("tab")
			}
			r.typeText("4k")
			r.keys("esc")
		}},
		{name: "error", bank: "user-alex-prefs", faults: []hindsighttest.Fault{{Method: "POST", Path: recallPath, Status: 422,
			Body: `{"detail":[{"type":"enum","loc":["body","budget"],"msg":"Input should be 'low', 'mid' or 'high'","input":"huge","ctx":{"expected":"'low', 'mid' or 'high'"}}]}`}},
			setup: func(t *testing.T, r *root, m *Model) { r.query("coffee") }},
		{name: "none-matched", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			m.cur.filters = filters{tags: []string{"no-such-tag"}, match: "any_strict"}
			r.query("coffee")
		}},
		{name: "untrusted-text", bank: "team-platform", setup: func(t *testing.T, r *root, m *Model) {
			r.query("log line pasted during the payout batch postmortem")
		}},
		{name: "no-bank"},
	}
	for _, sz := range goldenSizes {
		for _, sc := range screens {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				var opts []hindsighttest.Option
				for _, f := range sc.faults {
					opts = append(opts, hindsighttest.WithFault(f))
				}
				r, m := startPane(t, newCommon(t, demoServer(t, opts...)), sc.bank, sz.w, sz.h)
				if sc.setup != nil {
					sc.setup(t, r, m)
				}
				view := m.View()
				checkBox(t, view, sz.w, sz.h)
				requireGolden(t, view)
			})
		}
	}
}

// TestGoldenDialogs compares the dialogs the pane opens.
func TestGoldenDialogs(t *testing.T) {
	for _, sz := range goldenSizes {
		for _, sc := range []struct {
			name  string
			setup func(t *testing.T, r *root, m *Model)
		}{
			{"code-curl", func(t *testing.T, r *root, m *Model) {
				m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, match: "any_strict", budget: "high"}
				r.query("restaurants")
				r.keys("c")
			}},
			{"code-python", func(t *testing.T, r *root, m *Model) {
				m.cur.filters = filters{tags: []string{"source:chat"}, maxTokens: "2048"}
				r.query("coffee")
				r.keys("c", "down")
			}},
			{"prompt", func(t *testing.T, r *root, m *Model) {
				m.cur.filters = filters{maxTokens: "200"}
				r.query("coffee")
				r.keys("p")
			}},
			{"memory", func(t *testing.T, r *root, m *Model) {
				m.cur.filters = filters{types: [3]bool{false, false, true}}
				r.query("tokyo trip")
				r.keys("enter")
			}},
		} {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", sz.w, sz.h)
				sc.setup(t, r, m)
				d := r.front()
				if d == nil {
					t.Fatal("no dialog")
				}
				d.SetSize(sz.screenW, sz.screenH)
				requireGolden(t, d.View())
			})
		}
	}
}
