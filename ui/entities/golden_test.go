package entities

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/ui/common"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal.
var goldenSizes = []struct {
	name string
	w, h int
}{
	{"120x40", 88, 35},
	{"60x20", 58, 15},
}

// TestGoldenViews compares the plain text of the panes' states. Regenerate with:
// go test ./ui/entities -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name  string
		setup func(t *testing.T, c *common.Common, w, h int) common.Pane
	}{
		{name: "entities", setup: func(t *testing.T, c *common.Common, w, h int) common.Pane {
			m := New(c)
			focus(t, m, alex, w, h)
			return m
		}},
		{name: "entity_detail", setup: func(t *testing.T, c *common.Common, w, h int) common.Pane {
			m := New(c)
			focus(t, m, alex, w, h)
			keys(t, m, "j", "enter", "j")
			return m
		}},
		{name: "entities_filter", setup: func(t *testing.T, c *common.Common, w, h int) common.Pane {
			m := New(c)
			focus(t, m, alex, w, h)
			keys(t, m, "/", "t", "o")
			return m
		}},
		{name: "tags", setup: func(t *testing.T, c *common.Common, w, h int) common.Pane {
			tg := NewTags(c)
			focus(t, tg, alex, w, h)
			keys(t, tg, "j")
			return tg
		}},
		{name: "tags_search", setup: func(t *testing.T, c *common.Common, w, h int) common.Pane {
			tg := NewTags(c)
			focus(t, tg, alex, w, h)
			keys(t, tg, "/", "s", "o", "u", "r", "c", "e", ":", "*")
			return tg
		}},
	}
	for _, sc := range screens {
		for _, sz := range goldenSizes {
			t.Run(sc.name+"/"+sz.name, func(t *testing.T) {
				c := newCommon(t, demoServer(t))
				p := sc.setup(t, c, sz.w, sz.h)
				golden.RequireEqual(t, []byte(plain(p.View())))
			})
		}
	}
}
