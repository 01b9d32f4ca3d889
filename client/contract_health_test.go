package client_test

import (
	"net/http"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// bankHealth drives the consolidation, LLM-trace and LLM-probe calls against a server
// set up like the demo's bank-health banks (background consolidation, the probe on),
// through a validating transport of its own.
func (s *scenario) bankHealth(doc *openapi3.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation(),
		hindsighttest.WithBankLLMHealth(), hindsighttest.WithAsyncDelay(time.Hour))
	defer srv.Close()
	v := newValidator(s.t, doc, srv.URL())
	c, err := client.New(srv.URL(), client.WithHTTPClient(&http.Client{Transport: v}), client.WithVersion("test"))
	if err != nil {
		s.t.Fatal(err)
	}
	s.consolidationCalls(c, srv)
	s.llmTraceCalls(c)
	s.llmProbeCalls(c)
	v.report(s.t)
}

// The health banks the contract scenario uses: one whose consolidation LLM is down,
// and a healthy one.
const failingBank, healthyBank = "ops-runbook", "garden-planner"

func (s *scenario) consolidationCalls(c *client.Client, srv *hindsighttest.Server) {
	ctx, failing, healthy := s.ctx, failingBank, healthyBank
	first, err := c.Consolidate(ctx, failing, nil)
	s.ok("Consolidate", err)
	again, err := c.Consolidate(ctx, failing, nil)
	s.ok("Consolidate", err)
	if first.Deduplicated || !again.Deduplicated || again.OperationID != first.OperationID {
		s.t.Errorf("consolidate twice: %+v then %+v", first, again)
	}
	_, err = c.Consolidate(ctx, failing, [][]string{{"team:sre"}})
	s.ok("Consolidate", err)
	_, err = c.Consolidate(ctx, failing, [][]string{})
	s.ok("Consolidate", err)
	_, err = c.Consolidate(ctx, "no-such-bank", nil)
	s.wantStatus("Consolidate", err, 404)
	srv.CompleteOperations()
	op, err := c.GetOperation(ctx, failing, first.OperationID, true)
	s.ok("GetOperation", err)
	if op.Status != client.StatusFailed || op.ErrorMessage == "" {
		s.t.Errorf("consolidation with the LLM unreachable: %+v", op)
	}
	rec, err := c.RecoverConsolidation(ctx, failing)
	s.ok("RecoverConsolidation", err)
	if rec.RetriedCount == 0 {
		s.t.Error("nothing to recover in the failing bank")
	}
	_, err = c.ListObservationScopes(ctx, "chat-sessions")
	s.ok("ListObservationScopes", err)
	facts, err := c.ListMemories(ctx, healthy, client.ListMemoriesParams{Type: client.FactWorld, Limit: 1})
	s.ok("ListMemories", err)
	_, err = c.ClearMemoryObservations(ctx, healthy, facts.Items[0].ID)
	s.ok("ClearMemoryObservations", err)
	_, err = c.ClearMemoryObservations(ctx, healthy, "not-a-uuid")
	s.wantStatus("ClearMemoryObservations", err, 500)
	_, err = c.ClearObservations(ctx, "family-assistant")
	s.ok("ClearObservations", err)
}

func (s *scenario) llmTraceCalls(c *client.Client) {
	ctx, failing := s.ctx, failingBank
	list, err := c.ListLLMRequests(ctx, failing, client.ListLLMRequestsParams{Limit: 500})
	s.ok("ListLLMRequests", err)
	if len(list.Items) == 0 {
		s.t.Fatal("no LLM calls in the failing bank")
	}
	_, err = c.ListLLMRequests(ctx, failing, client.ListLLMRequestsParams{Operation: "consolidation", Scope: "consolidation",
		Provider: "openai", Status: client.LLMStatusError, TraceID: list.Items[0].TraceID, Group: true, Limit: 10, Offset: 1,
		Start: time.Now().Add(-48 * time.Hour), End: time.Now().Add(time.Hour)})
	s.ok("ListLLMRequests", err)
	_, err = c.ListLLMRequests(ctx, failing, client.ListLLMRequestsParams{DocumentID: "scan-network-diagram",
		MemoryID: "00000000-0000-4000-8000-000000000000"})
	s.ok("ListLLMRequests", err)
	_, err = c.ListLLMRequests(ctx, "no-such-bank", client.ListLLMRequestsParams{})
	s.wantStatus("ListLLMRequests", err, 404)
	_, err = c.LLMRequestStats(ctx, failing, "", "")
	s.ok("LLMRequestStats", err)
	_, err = c.LLMRequestStats(ctx, failing, "consolidation", client.PeriodMonth)
	s.ok("LLMRequestStats", err)
	_, err = c.LLMRequestStats(ctx, "no-such-bank", "", client.PeriodDay)
	s.wantStatus("LLMRequestStats", err, 404)
}

func (s *scenario) llmProbeCalls(c *client.Client) {
	ctx, failing := s.ctx, failingBank
	h, err := c.BankLLMHealth(ctx, failing)
	s.ok("BankLLMHealth", err)
	if len(h.Failing()) != 1 {
		s.t.Errorf("probe of the failing bank: %+v", h)
	}
	_, err = c.BankLLMHealth(ctx, "never-created")
	s.ok("BankLLMHealth", err)
}
