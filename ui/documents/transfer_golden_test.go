package documents

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestGoldenTransfer compares the transfer dialogs, drawn on the whole screen: the
// export form, the export followed, the save that ends it, the import form and the
// import's result. Regenerate with: go test ./ui/documents -run TestGoldenTransfer -update
func TestGoldenTransfer(t *testing.T) {
	screens := []struct {
		name  string
		setup func(t *testing.T, r *uitest.Host, srv *hindsighttest.Server)
	}{
		{name: "export-form", setup: func(t *testing.T, r *uitest.Host, _ *hindsighttest.Server) { r.Keys("X") }},
		{name: "export-following", setup: func(t *testing.T, r *uitest.Host, _ *hindsighttest.Server) { r.Keys("X", "enter") }},
		{name: "export-save", setup: func(t *testing.T, r *uitest.Host, srv *hindsighttest.Server) {
			r.Keys("X", "enter")
			completeFollowed(r, srv)
		}},
		{name: "import-form", setup: func(t *testing.T, r *uitest.Host, _ *hindsighttest.Server) {
			r.Keys("I")
			r.Type("./archive.zip")
			r.Keys("tab", "tab", "right")
		}},
		{name: "import-result", setup: func(t *testing.T, r *uitest.Host, srv *hindsighttest.Server) {
			importForm(r, writeArchive(t, r.C, srv, uitest.DemoBank), uitest.DemoBank, 0)
			r.Keys("enter")
			completeFollowed(r, srv)
		}},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(1e12))
				_, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Terminal(term[0], term[1]))
				sc.setup(t, r, srv)
				view := uitest.View(t, r.Front())
				if d, ok := r.Front().(*components.OperationDialog); ok {
					view = strings.ReplaceAll(view, d.OperationID(), "0p3r4710-0000-0000-0000-000000000000") // random on the server
				}
				golden.RequireEqual(t, []byte(uitest.Plain(view)))
			})
		}
	}
}
