package memories

import (
	"fmt"
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane's states, at the size the app
// gives the pane in a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/memories -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, term := range uitest.Terminals {
		t.Run(uitest.TermName(term), func(t *testing.T) {
			for _, st := range []struct {
				name string
				do   func(h *uitest.Host)
			}{
				{"list", func(*uitest.Host) {}},
				{"filtered", func(h *uitest.Host) {
					h.Deliver(common.ShowMemoriesMsg{BankID: uitest.DemoBank, Tags: []string{"trip:tokyo-2026"}, TagsMatch: "any_strict"})
					h.Keys("t", "j", "space", "j")
				}},
				{"invalidated", func(h *uitest.Host) { h.Keys("v") }},
				{"expanded", func(h *uitest.Host) { h.Keys("j", "w") }},
				{"empty", func(h *uitest.Host) { h.Keys("s", "z", "z", "q", "enter") }},
			} {
				t.Run(st.name, func(t *testing.T) {
					m, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
					st.do(h)
					uitest.RequireGoldenPane(t, m, term[0], term[1])
				})
			}
		})
	}
}

// TestGoldenEdit is the edit form with a line added to the text: the text field takes
// several lines and grows with them, and the help line says ctrl+s previews.
func TestGoldenEdit(t *testing.T) {
	for _, term := range [][2]int{{120, 40}, {60, 20}} {
		t.Run(fmt.Sprintf("%dx%d", term[0], term[1]), func(t *testing.T) {
			_, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
			h.Keys("t", "E", "enter")
			h.Type("She also swims on Tuesdays.")
			uitest.RequireGolden(t, h.Front())
		})
	}
}
