package bankconfig

import (
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the pane, its edit preview and its
// memory defense rules at the size the app gives them in a 120x40 and a 60x20
// terminal. Regenerate with: go test ./ui/bankconfig -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name   string
		keys   []string
		text   string // typed into the editor's field, then the preview opens
		dialog bool
	}{
		{name: "list"},
		{name: "list_recall", keys: []string{"/"}, text: "recall"},
		{name: "edit_form", keys: []string{"j", "j", "j", "e"}, dialog: true},
		{name: "edit_preview", keys: []string{"j", "j", "j", "e"}, text: "1500", dialog: true},
		{name: "reset_preview", keys: []string{"j", "u"}, dialog: true},
		{name: "defense", keys: []string{"M"}},
		{name: "defense_rule_form", keys: []string{"M", "n"}, dialog: true},
		{name: "defense_unsaved", keys: []string{"M", "D", "space"}},
		{name: "defense_preview", keys: []string{"M", "space", "ctrl+s"}, dialog: true},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := demo(t, uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				switch {
				case sc.name == "list_recall":
					h.Type(sc.text)
					h.Keys("enter")
				case sc.text != "":
					setField(t, uitest.Front[*components.Form](h), sc.text)
					h.Keys("ctrl+s")
				}
				if sc.dialog {
					uitest.RequireGolden(t, h.Front())
					return
				}
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
