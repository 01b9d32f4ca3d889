package bankdiff

import (
	"os"
	"path/filepath"
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the bank list, both
// templates of a comparison, an export, an import's dry run against a bank that does
// not exist yet and its apply, a copy's dry run and apply) through the validating
// transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(bankA))
	path := filepath.Join(t.TempDir(), "tpl.json")
	h.Deliver(ExportMsg{})
	field(t, uitest.Front[*components.Form](h), 0).SetValue(path)
	h.Keys("ctrl+s")
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	importFile(t, m, h, path, "contract-copy")
	apply(t, m, h)
	h.Keys("esc")
	compareWith(t, m, h, "writer-agent")
	markWhere(t, m, h, secDirective, "Freeze reminder")
	markWhere(t, m, h, secConfig, "recall_max_tokens")
	h.Keys(">")
	apply(t, m, h)
	check()
	if len(h.Errors) != 0 {
		t.Fatalf("errors %v", h.Errors)
	}
}
