package directives

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through what it asks the server (the list with
// active_only=false, a toggle, a reload) through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)
	h.Keys("j", "space", "r")
	check()
	if len(m.rows) == 0 {
		t.Fatal("nothing was loaded")
	}
}
