package webhooks

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane, and of its form, at the size
// the app gives them in a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/webhooks -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
		form bool
	}{
		{name: "list"},
		{name: "deliveries", keys: []string{"j", "enter", "j", "j"}},
		{name: "deliveries_last_page", keys: []string{"j", "enter", "]"}},
		{name: "form_create", keys: []string{"n"}, form: true},
		{name: "form_edit", keys: []string{"j", "e"}, form: true},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := demo(t, uitest.Terminal(term[0], term[1]))
				p.pageSize = 3
				h.Keys(sc.keys...)
				if sc.form {
					uitest.RequireGolden(t, h.Front())
					return
				}
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
