package entities

import (
	"fmt"
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
		for _, term := range [][2]int{{120, 40}, {60, 20}} {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, term[0], term[1]), func(t *testing.T) {
				c := uitest.NewCommon(t, uitest.DemoServer(t))
				var p common.Pane = New(c)
				if sc.tags {
					p = NewTags(c)
				}
				h := uitest.Start(t, c, p, uitest.Bank(alex), uitest.Terminal(term[0], term[1]))
				h.Keys(sc.keys...)
				w, ht := uitest.PaneSize(term[0], term[1])
				uitest.CheckBox(t, uitest.View(t, p), w, ht)
				uitest.RequireGolden(t, p)
			})
		}
	}
}
