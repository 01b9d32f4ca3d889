package banks

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// Pane sizes at a 120x40 and a 60x20 terminal (the root's layout gives these).
var goldenSizes = []struct {
	name                       string
	sideW, sideH, mainW, mainH int
	screenW, screenH           int
}{
	{"120x40", 28, 34, 86, 34, 120, 40},
	{"60x20", 20, 14, 36, 14, 60, 20},
}

func requireGolden(t *testing.T, view string) {
	t.Helper()
	golden.RequireEqual(t, []byte(plain(view)))
}

func TestGoldenPanes(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			r, s, o := startPanes(t, newCommon(t, srv, false), "writer-agent")
			_ = r
			s.SetSize(sz.sideW, sz.sideH)
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("sidebar", func(t *testing.T) { requireGolden(t, s.View()) })
			t.Run("overview", func(t *testing.T) { requireGolden(t, o.View()) })
			r.keys("/")
			r.typeText("a")
			t.Run("sidebar-filter", func(t *testing.T) { requireGolden(t, s.View()) })
		})
	}
}

func TestGoldenStates(t *testing.T) {
	empty := newServer(t)
	locked := newServer(t, hindsighttest.WithDemoSeed(), hindsighttest.WithAPIKey("secret"))
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			_, s := startSidebar(t, newCommon(t, empty, false), "")
			s.SetSize(sz.sideW, sz.sideH)
			t.Run("sidebar-empty", func(t *testing.T) { requireGolden(t, s.View()) })

			_, s = startSidebar(t, newCommon(t, locked, false), "")
			s.SetSize(sz.sideW, sz.sideH)
			t.Run("sidebar-error", func(t *testing.T) { requireGolden(t, s.View()) })

			_, o := startOverview(t, newCommon(t, locked, false), "scratch")
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("overview-error", func(t *testing.T) { requireGolden(t, o.View()) })

			o = NewOverview(newCommon(t, empty, false))
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("overview-none", func(t *testing.T) { requireGolden(t, o.View()) })
		})
	}
}

func TestGoldenDialogs(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			for _, tc := range []struct {
				name string
				d    relayDialog
				keys []string
			}{
				{"create", newCreateDialog(c), nil},
				{"create-invalid", newCreateDialog(c), []string{"enter"}},
				{"edit", newEditDialog(c, "writer-agent", "Marrow Point writing desk",
					"Help Isla Drummond finish and revise her novel Low Tide at Marrow Point.",
					client.Disposition{Skepticism: 2, Literalism: 4, Empathy: 4}), []string{"tab", "tab", "right"}},
				{"delete", newDeleteDialog(c, "writer-agent"), []string{"w", "r", "i"}},
				{"delete-ready", newDeleteDialog(c, "scratch"), []string{"s", "c", "r", "a", "t", "c", "h"}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					tc.d.SetSize(sz.screenW, sz.screenH)
					for _, k := range tc.keys {
						var d common.Dialog = tc.d
						d.Update(press(k))
					}
					requireGolden(t, tc.d.View())
				})
			}
		})
	}
}
