package tail

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the tail through every request it sends (a bank's operations,
// audit log and failed LLM requests; the bank list and every bank's lists with all
// banks on; the polls that follow) through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, seed(), uitest.Bank("travel-concierge"))
	h.Fire(isPoll)
	h.Keys("b")
	h.Fire(isPoll)
	h.SelectBank(uitest.DemoBank)
	h.Keys("b", "r")
	check()
	if len(h.Errors) != 0 || m.ring.Len() == 0 {
		t.Fatalf("errors %v, %d events", h.Errors, m.ring.Len())
	}
}
