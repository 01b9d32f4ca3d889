package retain

import (
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestPreviewContract: the preview's dry runs (with a context and a timestamp, then
// with every candidate override: mission, mode, custom instructions, entity labels)
// and the bank config it fills the form from, and the answers, match Hindsight's
// OpenAPI document.
func TestPreviewContract(t *testing.T) {
	m, r, check := uitest.Contract(t, New)
	fill(r, m, previewForm)
	r.Keys("ctrl+x")
	d := uitest.Front[*components.ExtractDialog](r)
	r.Keys("o")
	fields := uitest.Front[*components.Form](r).Fields()
	fields[0].(*components.EditorField).SetValue("Keep moves.")
	fields[1].(*components.TextField).SetValue("custom")
	fields[2].(*components.EditorField).SetValue("Keep dates.")
	fields[3].(*components.EditorField).SetValue(`[{"key": "city", "type": "value", "values": []}]`)
	r.Keys("ctrl+s")
	if !d.Comparing() {
		t.Fatal("no comparison")
	}
	check()
}
