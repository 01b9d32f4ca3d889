package timeline

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the time series at
// every period and time field, and the graph rows a bucket's memories come from)
// through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)
	for range periods {
		h.Keys("]")
	}
	for range fields {
		h.Keys("f")
	}
	busiest(t, m)
	h.Keys("enter", "r")
	check()
	if m.series == nil || !m.list.open || len(m.list.rows) == 0 || len(h.Errors) != 0 {
		t.Fatalf("series %v, list %d rows, errors %v", m.series != nil, len(m.list.rows), h.Errors)
	}
}
