package health

import (
	"context"
	"testing"
)

func TestStrandedFacts(t *testing.T) {
	c := check(t, nil, "sales-notes", StrandedFacts, Options{})
	want(t, c, Fail, "14 facts wait for consolidation and none is queued", "(auto-consolidation is off)")
	if len(c.Evidence.Facts) != factSample || c.Evidence.Facts[0].Text == "" {
		t.Errorf("evidence: %d facts", len(c.Evidence.Facts))
	}
	want(t, check(t, nil, "ops-runbook", StrandedFacts, Options{}), Fail, "4 facts wait for consolidation and none is queued")
	want(t, check(t, nil, "garden-planner", StrandedFacts, Options{}), OK, "no facts wait")
}

// TestStrandedFactsExcuses: facts waiting for a queued run, or in a bank that does not
// build observations, are not stranded.
func TestStrandedFactsExcuses(t *testing.T) {
	srv := ownDemo(t)
	cl := newClient(t, srv.URL(), nil)
	ctx := context.Background()
	if _, err := cl.Consolidate(ctx, "sales-notes", nil); err != nil {
		t.Fatal(err)
	}
	want(t, check(t, srv, "sales-notes", StrandedFacts, Options{}), OK, "14 facts wait for the consolidation already queued")
	if _, err := cl.PatchBankConfig(ctx, "ops-runbook", map[string]any{"enable_observations": false}); err != nil {
		t.Fatal(err)
	}
	want(t, check(t, srv, "ops-runbook", StrandedFacts, Options{}), OK, "by design: observations are off")
}

func TestFailedConsolidation(t *testing.T) {
	c := check(t, nil, "ops-runbook", FailedConsolidation, Options{})
	want(t, c, Fail, "5 facts failed consolidation, e.g. ")
	if len(c.Evidence.Facts) != 5 {
		t.Errorf("evidence: %+v", c.Evidence.Facts)
	}
	want(t, check(t, nil, "garden-planner", FailedConsolidation, Options{}), OK, "no facts failed consolidation")
}

func TestConsolidationLLMErrors(t *testing.T) {
	c := check(t, nil, "travel-concierge", ConsolidationLLMErrors, Options{})
	want(t, c, Warn, "2 consolidation LLM calls failed (groq/llama-3.3-70b-versatile: RateLimitError", "while failed_consolidation is 0")
	if len(c.Evidence.LLMCalls) != 2 || c.Evidence.LLMCalls[0].Error == "" {
		t.Errorf("evidence: %+v", c.Evidence.LLMCalls)
	}
	// The failing bank's errors are already in its failure counter.
	want(t, check(t, nil, "ops-runbook", ConsolidationLLMErrors, Options{}), OK, "6 consolidation LLM calls failed; failed_consolidation already counts")
	want(t, check(t, nil, "garden-planner", ConsolidationLLMErrors, Options{}), OK, "no failing consolidation calls")
}
