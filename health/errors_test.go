package health

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client/hindsighttest"
)

// TestRunNeverFails: a request that fails turns only the checks that needed it into
// fail (the server answered with an error) or skip (no answer); the rest still run.
func TestRunNeverFails(t *testing.T) {
	srv := ownDemo(t)
	srv.SetFault(hindsighttest.Fault{Path: "/v1/default/banks/ops-runbook/stats", Status: 500, Body: `{"detail":"stats are on fire"}`})
	srv.SetFault(hindsighttest.Fault{Path: "/v1/default/banks/ops-runbook/entities/graph", Drop: true})
	r := Run(context.Background(), newClient(t, srv.URL(), nil), "ops-runbook", Options{})
	got := map[string]Check{}
	for _, c := range r.Checks {
		got[c.ID] = c
	}
	for _, id := range []string{StrandedFacts, FailedConsolidation, ConsolidationLLMErrors} {
		want(t, got[id], Fail, "could not check: ", "HTTP 500", "stats are on fire")
	}
	if c := got[EntityMerges]; c.Status != Skip || !strings.HasPrefix(c.Summary, "not checked: ") {
		t.Errorf("dropped connection: %+v", c)
	}
	want(t, got[EmptyDocuments], Warn, "2 of 7 documents")
	want(t, got[FailedOperations], Fail, "3 operations failed")
}

// TestRunUnreachable: every check skips, each with the same sentence, and a timeout
// suggests --timeout.
func TestRunUnreachable(t *testing.T) {
	r := Run(context.Background(), newClient(t, "http://127.0.0.1:1", nil), "b", Options{ProbeLLM: true})
	for _, c := range r.Checks {
		if c.Status != Skip || !strings.Contains(c.Summary, "cannot reach the server at http://127.0.0.1:1") {
			t.Errorf("%s: %s %q", c.ID, c.Status, c.Summary)
		}
	}
	if r.Worst() != OK {
		t.Errorf("skips count for nothing: worst %s", r.Worst())
	}

	srv := ownDemo(t, hindsighttest.WithLatency(time.Second))
	r = Run(context.Background(), newClient(t, srv.URL(), nil), "garden-planner", Options{Timeout: 20 * time.Millisecond})
	if c := r.Checks[0]; c.Status != Skip || !strings.Contains(c.Summary, "did not answer in time") || !strings.Contains(c.Fix, "--timeout (now 20ms)") {
		t.Errorf("timeout: %+v", c)
	}
}

// TestRequestBounds counts the requests each check makes on the demo's banks against
// the bounds their doc comments state.
func TestRequestBounds(t *testing.T) {
	cnt := &counter{byOp: map[string]int{}, next: http.DefaultTransport}
	c := newClient(t, shared.URL(), cnt)
	worst := 0
	var per []string
	for _, bank := range []string{"ops-runbook", "chat-sessions", "family-assistant", "field-office", "user-alex-prefs"} {
		before := cnt.total()
		Run(context.Background(), c, bank, Options{ProbeLLM: true})
		n := cnt.total() - before
		worst = max(worst, n)
		per = append(per, fmt.Sprintf("%s %d", bank, n))
	}
	// stats 1, stranded 4, failed 1, llm log 1, scopes 1 + page 1, recalls ≤50,
	// documents ≤2, graph 1 + ≤10, models 1 + 10 + 250, clock 1 + ops 1(+1), probe 1.
	const bound = 1 + 4 + 1 + 1 + 2 + 50 + 2 + 11 + 261 + 3 + 1
	if worst > bound || worst == 0 {
		t.Errorf("a bank took %d requests, bound %d", worst, bound)
	}
	t.Logf("requests per bank (bound %d): %s", bound, strings.Join(per, ", "))
}
