package entities

import (
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the panes' states, at the size the app
// gives the pane in a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/entities -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name string
		tags bool // the tag browser alone, rather than the entities pane
		keys []string
	}{
		{name: "entities"},
		{name: "entity_detail", keys: []string{"j", "enter", "j"}},
		{name: "entities_filter", keys: []string{"/", "t", "o"}},
		{name: "tags", tags: true, keys: []string{"j"}},
		{name: "tags_search", tags: true, keys: []string{"/", "s", "o", "u", "r", "c", "e", ":", "*"}},
	}
	for _, sc := range screens {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				pane := func(c *common.Common) common.Pane {
					if sc.tags {
						return NewTags(c)
					}
					return New(c)
				}
				p, h := uitest.Demo(t, pane, uitest.Bank(alex), uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}
