package retain

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestGoldenUpload compares the file retain dialogs, drawn on the whole screen: the
// form filled in, the operation followed, and its result. Regenerate with:
// go test ./ui/retain -run TestGoldenUpload -update
func TestGoldenUpload(t *testing.T) {
	screens := []struct {
		name  string
		setup func(r *uitest.Host, srv *hindsighttest.Server)
	}{
		{name: "upload-form", setup: func(r *uitest.Host, _ *hindsighttest.Server) {
			r.Keys("ctrl+t")
			r.Type("~/reports/q3.pdf")
			r.Keys("tab")
			r.Type("q3-report")
			r.Keys("tab")
			r.Type("quarterly report")
		}},
		{name: "upload-following", setup: func(r *uitest.Host, _ *hindsighttest.Server) {
			r.Keys("enter")
		}},
		{name: "upload-result", setup: func(r *uitest.Host, srv *hindsighttest.Server) {
			r.Keys("enter")
			srv.CompleteOperations()
			r.Fire(nil)
		}},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(1e12))
				_, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Terminal(term[0], term[1]))
				if sc.name != "upload-form" {
					uploadForm(t, r, smallFile(t), "alex-note", "")
				}
				sc.setup(r, srv)
				view := uitest.View(t, r.Front())
				if d, ok := r.Front().(*components.OperationDialog); ok {
					view = strings.ReplaceAll(view, d.OperationID(), "0p3r4710-0000-0000-0000-000000000000") // random on the server
				}
				golden.RequireEqual(t, []byte(uitest.Plain(view)))
			})
		}
	}
}
