package audit

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the list with every
// filter, a later page, the stats, the bank config, turning auditing on) through the
// validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(offBank))
	h.Keys("A", "enter") // the config read and the patch
	if m.state != auditOn {
		t.Fatalf("state %v, errors %v", m.state, h.Errors)
	}
	recallIn(t, h.C.Client, offBank, "deploy freeze")
	h.SelectBank(uitest.DemoBank)
	h.Keys("/", "space", "tab", "space", "tab")
	h.Type("2026-11-01")
	h.Keys("tab")
	h.Type("2026-12-31 10:00")
	h.Keys("enter")
	m.total, m.offset = 120, 0 // a log longer than a page
	h.Keys("]", "[", "r")
	check()
	if len(h.Errors) != 0 {
		t.Fatalf("errors %v", h.Errors)
	}
}
