package retain

import (
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestGoldenPreview compares the extraction preview and its comparison with candidate
// settings (side by side at 120 columns, stacked at 60). Regenerate with:
// go test ./ui/retain -run TestGoldenPreview -update
func TestGoldenPreview(t *testing.T) {
	for _, term := range uitest.Terminals {
		for _, sc := range []struct {
			name      string
			candidate bool
		}{{"preview", false}, {"side-by-side", true}} {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, r := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
				fill(r, m, previewForm)
				r.Keys("ctrl+x")
				if sc.candidate {
					openCandidate(t, r, "", "verbatim", "")
				}
				uitest.RequireGolden(t, uitest.Front[*components.ExtractDialog](r))
			})
		}
	}
}
