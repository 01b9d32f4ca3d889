package directives

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane at the size the app gives it in
// a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/directives -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
		do   func(h *uitest.Host)
	}{
		{name: "list"},
		{name: "list_last", keys: []string{"G"}},
		// The applies-to preview of a reflect without tags, and of one tagged
		// source:email with the tagged directive switched on (a tag mismatch).
		{name: "preview", keys: []string{"p", "esc"}},
		{name: "preview_tags", do: func(h *uitest.Host) {
			h.Keys("p")
			h.Type("source:email")
			h.Keys("enter", "esc", "G", "space", "M", "M")
		}},
		{name: "preview_typing", do: func(h *uitest.Host) {
			h.Keys("p")
			h.Type("source")
		}},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				if sc.do != nil {
					sc.do(h)
				}
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
