package health

import (
	"testing"

	"hindsight-tui/client/hindsighttest"
)

func TestLLMProbe(t *testing.T) {
	c := check(t, nil, "ops-runbook", LLMProbe, Options{ProbeLLM: true})
	want(t, c, Fail, "LLM of retain, reflect: connected; consolidation: unreachable")
	if len(c.Evidence.Probe) != 3 {
		t.Errorf("evidence: %+v", c.Evidence.Probe)
	}
	want(t, check(t, nil, "garden-planner", LLMProbe, Options{ProbeLLM: true}), OK, "LLM of retain, consolidation, reflect: connected")
	// It costs LLM calls, so it runs only when asked.
	c = check(t, nil, "ops-runbook", LLMProbe, Options{})
	want(t, c, Skip, "not run (--probe-llm)")
	// A server with the probe off answers 404.
	srv := hindsighttest.NewServer(hindsighttest.WithBankHealthSeed())
	defer srv.Close()
	want(t, check(t, srv, "ops-runbook", LLMProbe, Options{ProbeLLM: true}), Skip, "the server has the bank LLM probe off")
}
