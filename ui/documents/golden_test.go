package documents

import (
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal.
var goldenSizes = []struct {
	name string
	w, h int
}{
	{"120x40", 88, 35},
	{"60x20", 58, 15},
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/documents -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name  string
		bank  string
		setup func(r *rig)
	}{
		{name: "list", bank: demoBank},
		{name: "empty", bank: "scratch-empty"},
		{name: "searched", bank: demoBank, setup: func(r *rig) {
			r.keys("/")
			r.typeText("tokyo")
		}},
		{name: "detail", bank: demoBank, setup: func(r *rig) {
			r.m.cursor = slices.Index(r.ids(), "chat-2026-11-02-tokyo-food")
			r.keys("enter")
		}},
		{name: "detail-scrolled", bank: demoBank, setup: func(r *rig) {
			r.m.cursor = slices.Index(r.ids(), "chat-2026-11-02-tokyo-food")
			r.keys("enter", "]", "]")
		}},
		{name: "delete-confirm", bank: demoBank, setup: func(r *rig) { r.keys("D") }},
	}
	for _, sz := range goldenSizes {
		for _, sc := range screens {
			t.Run(sc.name+"-"+sz.name, func(t *testing.T) {
				srv := demoServer(t)
				r := startPane(t, newCommon(t, srv), sc.bank, sz.w, sz.h)
				if sc.setup != nil {
					sc.setup(r)
				}
				view := r.m.View()
				if r.dlg != nil {
					r.dlg.SetSize(sz.w, sz.h)
					view = r.dlg.View()
				}
				golden.RequireEqual(t, []byte(ansi.Strip(view)))
			})
		}
	}
}
