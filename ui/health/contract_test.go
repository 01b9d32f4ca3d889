package health

import (
	"testing"

	hc "hindsight-tui/health"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through every request it sends (the checks' reads, a
// consolidation with scopes and one without, a recovery, the observations of one
// memory cleared, a model refresh, and the operation polls of each) through the
// validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, seed(), uitest.Bank("writer-agent"))
	on(t, m, hc.StrandedFacts)
	h.Keys("f")
	h.Type("draft; newsletter, review")
	h.Keys("enter")
	h.Fire(nil)
	on(t, m, hc.StrandedFacts)
	h.Keys("f", "enter")
	h.Fire(nil)
	on(t, m, hc.FailedConsolidation)
	h.Keys("f", "enter")
	h.Fire(nil)
	on(t, m, hc.StaleModels)
	h.Keys("enter", "f", "enter")
	h.Fire(nil)
	h.SelectBank("family-assistant")
	on(t, m, hc.DuplicateObservations)
	h.Keys("f", "f", "enter")
	h.Fire(nil)
	check()
	if len(h.Errors) != 0 || len(h.Started) != 5 {
		t.Fatalf("errors %v, started %d: %+v", h.Errors, len(h.Started), h.Started)
	}
}
