package directives

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through what it asks the server (the list with
// active_only=false, a toggle, a reload, a create, an edit, a delete) through the
// validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)
	h.Keys("j", "space", "r", "n")
	h.Type("Metric units")
	h.Keys("tab")
	h.Type("4")
	h.Keys("tab")
	h.Type("travel")
	h.Keys("enter", "tab") // enter makes the tag a chip, tab moves on
	h.Type("Give distances in km.")
	h.Keys("ctrl+s", "e", "ctrl+s", "D", "enter")
	check()
	if len(m.rows) != 3 || len(h.Toasts) != 4 {
		t.Fatalf("rows %d, toasts %q", len(m.rows), h.Toasts)
	}
}
