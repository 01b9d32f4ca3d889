package neighbourhood

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the memory, each kind
// of graph scope: document, chunk, tags any_strict, entity names, the observations of
// an observation; the entity graph) through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)
	h.Deliver(show(memoryID(t, h.C.Client, centreText)))
	h.Deliver(show(memoryID(t, h.C.Client, "The Tokyo trip (November 12")))
	if m.current() == nil || m.current().h.Centre.FactType != client.FactObservation {
		t.Fatalf("no observation centre: %+v", m.current())
	}
	h.Keys("j", "enter", "r")
	h.Deliver(cooccurring(t, h))
	check()
	if len(h.Errors) != 0 || m.cooc == nil || len(m.trail) != 2 {
		t.Fatalf("errors %v, trail %d", h.Errors, len(m.trail))
	}
}
