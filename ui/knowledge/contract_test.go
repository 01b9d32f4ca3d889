package knowledge

import (
	"path/filepath"
	"slices"
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it makes (the tree, a search, a
// page, a folder and a page created, a rename, a move to a folder and back to the
// top level, a delete, the export) through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(demoBank))
	h.Keys("/")
	h.Type("certificate\n")
	h.Keys("enter", "esc", "esc", "r")
	h.Keys("N")
	h.Type("Databases")
	h.Keys("ctrl+s", "n")
	h.Type("Failover")
	h.Keys("tab")
	h.Type("How do we fail pg-ledger over?")
	h.Keys("tab")
	h.Type("type:runbook")
	h.Keys("ctrl+s", "e")
	h.Type(" v2")
	h.Keys("ctrl+s", "m", "g", "enter") // Failover v2 to the top level
	h.Keys("m", "j", "enter")           // and into Databases
	h.Keys("D", "enter")
	h.Keys("E")
	dir := filepath.Join(t.TempDir(), "kb")
	uitest.Front[*components.Form](h).Fields()[0].(*components.TextField).SetValue(dir)
	h.Keys("ctrl+s")
	check()
	if got := names(m); h.Front() != nil || len(h.Toasts) != 7 || !slices.Contains(got, "Databases") || slices.Contains(got, "Failover v2") {
		t.Fatalf("front %T, toasts %q, rows %q", h.Front(), h.Toasts, names(m))
	}
}
