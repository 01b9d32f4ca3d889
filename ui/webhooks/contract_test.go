package webhooks

import (
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through what it asks the server (the list and each
// webhook's newest delivery, a refused and an accepted create, an edit, the
// deliveries with a second page and a reload, a delete) through the validating
// transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(bank))
	m.pageSize = 2
	h.Keys("n")
	h.Type("http://10.1.2.3/hook")
	h.Keys("tab")
	h.Type("a-secret")
	h.Keys("ctrl+s")
	fieldText(t, uitest.Front[*components.Form](h), 0).SetValue("https://hooks.example.com/in")
	h.Keys("ctrl+s", "g", "j", "e", "tab", "space", "ctrl+s", "enter", "]", "r", "esc", "G", "D", "enter", "r")
	check()
	if len(m.rows) != 3 || len(h.Errors) != 1 || len(h.Toasts) != 3 {
		t.Fatalf("rows %q, errors %v, toasts %q", urls(m), h.Errors, h.Toasts)
	}
}
