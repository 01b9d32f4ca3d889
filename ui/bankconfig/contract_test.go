package bankconfig

import (
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the configuration,
// a PATCH of a value and one the server refuses, a PATCH with null that resets one
// key, the memory defense policy, the DELETE that resets them all) through the
// validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(teamBank))
	selectKey(t, m, h, "recall_max_tokens")
	h.Keys("e")
	setField(t, uitest.Front[*components.Form](h), "8192")
	h.Keys("ctrl+s", "enter")
	h.Keys("u", "enter")
	selectKey(t, m, h, "recall_budget_min")
	h.Keys("e")
	setField(t, uitest.Front[*components.Form](h), "5000")
	h.Keys("ctrl+s", "enter", "esc", "esc")
	h.Keys("esc", "M", "space", "ctrl+s", "enter", "esc")
	h.Keys("r", "U", "enter")
	check()
	if m.overrides() != 0 || len(h.Errors) != 1 || len(h.Toasts) != 4 {
		t.Fatalf("overrides %d, errors %v, toasts %q", m.overrides(), h.Errors, h.Toasts)
	}
}
