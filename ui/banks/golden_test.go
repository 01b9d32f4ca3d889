package banks

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// goldenSizes are the terminals the goldens are drawn for; each pane gets the size
// the real layout gives it there (at 60x20 the sidebar and the overview take turns
// in one 58x15 area).
var goldenSizes = func() []struct {
	name                       string
	sideW, sideH, mainW, mainH int
	screenW, screenH           int
} {
	out := []struct {
		name                       string
		sideW, sideH, mainW, mainH int
		screenW, screenH           int
	}{{name: "120x40", screenW: 120, screenH: 40}, {name: "80x24", screenW: 80, screenH: 24}, {name: "60x20", screenW: 60, screenH: 20}}
	for i := range out {
		out[i].sideW, out[i].sideH = uitest.SidebarSize(out[i].screenW, out[i].screenH)
		out[i].mainW, out[i].mainH = uitest.PaneSize(out[i].screenW, out[i].screenH)
	}
	return out
}()

func TestGoldenPanes(t *testing.T) {
	srv := uitest.DemoServer(t)
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			h, s, o := hostBanks(t, uitest.NewCommon(t, srv), "writer-agent")
			s.SetSize(sz.sideW, sz.sideH)
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("sidebar", func(t *testing.T) { uitest.RequireGolden(t, s) })
			t.Run("overview", func(t *testing.T) { uitest.RequireGolden(t, o) })
			// The bars are glyphs first: the plain goldens show them without colour.
			t.Run("sidebar-colour", func(t *testing.T) { uitest.RequireGoldenColour(t, s) })
			t.Run("overview-colour", func(t *testing.T) { uitest.RequireGoldenColour(t, o) })
			h.Keys("/")
			h.Type("a")
			h.Fire(nil) // typing pauses: the filter goes to the server, and the quick health checks run
			t.Run("sidebar-filter", func(t *testing.T) { uitest.RequireGolden(t, s) })
			t.Run("overview-health", func(t *testing.T) { uitest.RequireGolden(t, o) })
		})
	}
}

func TestGoldenStates(t *testing.T) {
	empty := uitest.Server(t)
	locked := uitest.DemoServer(t, hindsighttest.WithAPIKey("secret"))
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			_, s, _ := hostBanks(t, uitest.NewCommon(t, empty), "")
			s.SetSize(sz.sideW, sz.sideH)
			t.Run("sidebar-empty", func(t *testing.T) { uitest.RequireGolden(t, s) })

			_, s, _ = hostBanks(t, uitest.NewCommon(t, locked), "")
			s.SetSize(sz.sideW, sz.sideH)
			t.Run("sidebar-error", func(t *testing.T) { uitest.RequireGolden(t, s) })

			c := uitest.NewCommon(t, locked)
			o := NewOverview(c)
			uitest.Start(t, c, o, uitest.ID(overviewID), uitest.Bank("scratch"))
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("overview-error", func(t *testing.T) { uitest.RequireGolden(t, o) })

			o = NewOverview(uitest.NewCommon(t, empty))
			o.SetSize(sz.mainW, sz.mainH)
			t.Run("overview-none", func(t *testing.T) { uitest.RequireGolden(t, o) })
		})
	}
}

// TestGoldenDialogs draws the dialogs as the root opens them, over a screen of the
// golden's size.
func TestGoldenDialogs(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			for _, tc := range []struct {
				name string
				open func() common.Dialog
				keys []string
			}{
				{"create", func() common.Dialog { return newCreateDialog(c) }, nil},
				{"create-invalid", func() common.Dialog { return newCreateDialog(c) }, []string{"enter"}},
				{"edit", func() common.Dialog {
					return newEditDialog(c, "writer-agent", "Marrow Point writing desk",
						"Help Isla Drummond finish and revise her novel Low Tide at Marrow Point.",
						client.Disposition{Skepticism: 2, Literalism: 4, Empathy: 4})
				}, []string{"tab", "tab", "right"}},
				{"delete", func() common.Dialog { return newDeleteDialog(c, "writer-agent") }, []string{"w", "r", "i"}},
				{"delete-ready", func() common.Dialog { return newDeleteDialog(c, "scratch") }, []string{"s", "c", "r", "a", "t", "c", "h"}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					h := uitest.NewHost(t, c)
					h.R.SetScreen(sz.screenW, sz.screenH)
					h.Open(tc.open())
					h.Keys(tc.keys...)
					uitest.RequireGolden(t, h.Front())
				})
			}
		})
	}
}
