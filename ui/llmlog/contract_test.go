package llmlog

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the grouped list with
// every filter, a later page, the tokens per operation, a provenance) through the
// validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, seed(), uitest.Bank(logBank))
	h.Keys("/", "space", "tab", "space", "tab")
	h.Type("groq")
	h.Keys("tab")
	h.Type("doc-1")
	h.Keys("tab")
	h.Type("mem-1")
	h.Keys("tab")
	h.Type("trace-1")
	h.Keys("enter")
	m.total, m.offset = 45, 0 // a log with more runs than a page
	h.Keys("]", "[", "r")
	id := retainFact(t, h.C.Client, logBank, "contract-doc", "Maya's passport expires in March 2027.")
	h.Deliver(showProvenance(logBank, id))
	check()
	if len(m.runs) == 0 || len(h.Errors) != 0 {
		t.Fatalf("runs %d, errors %v", len(m.runs), h.Errors)
	}
}
