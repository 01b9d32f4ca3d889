package health

import (
	"context"
	"fmt"

	"hindsight-tui/client"
)

// factSample is how many affected facts a consolidation check lists as evidence.
const factSample = 10

// strandedFacts finds facts waiting for consolidation (the stats' pending_consolidation)
// while no consolidation operation is pending or processing: nothing is going to turn
// them into observations, so observation recall and mental models do not see them.
// It fails: on a server that consolidates after every retain and reconciles every few
// minutes, this state lasts only when something stopped consolidation (auto-consolidation
// off, the worker off, a run that failed and was not replaced). A bank with
// observations switched off keeps its facts unconsolidated by design and passes.
//
// Requests: the shared stats, then, only when facts are pending, 2 operations lists of
// 1 (consolidation pending, processing), 1 config read and 1 memories page of ≤10.
func strandedFacts(r *run) Check {
	const id = StrandedFacts
	st, err := r.bankStats()
	if err != nil {
		return r.errorCheck(id, err)
	}
	if st.PendingConsolidation == 0 {
		return Check{ID: id, Status: OK, Summary: "no facts wait for consolidation"}
	}
	queued := 0
	for _, status := range []string{client.StatusPending, client.StatusProcessing} {
		ops, err := call(r, func(ctx context.Context) (*client.OperationList, error) {
			return r.c.ListOperations(ctx, r.bank, client.ListOperationsParams{Type: "consolidation", Status: status, Limit: 1})
		})
		if err != nil {
			return r.errorCheck(id, err)
		}
		queued += ops.Total
	}
	waiting := plural(st.PendingConsolidation, "fact")
	if queued > 0 {
		return Check{ID: id, Status: OK, Summary: fmt.Sprintf("%s wait for the consolidation already queued", waiting)}
	}
	observations, auto := r.consolidationConfig()
	if !observations {
		return Check{ID: id, Status: OK,
			Summary: fmt.Sprintf("%s are not consolidated, by design: observations are off for this bank", waiting)}
	}
	ev, err := r.factsIn("pending")
	if err != nil {
		return r.errorCheck(id, err)
	}
	c := Check{ID: id, Status: Fail, Evidence: ev,
		Summary: fmt.Sprintf("%s wait for consolidation and none is queued", waiting),
		Fix:     "queue one: POST " + r.bankPath("consolidate") + "; if it stays stuck, check the server's worker"}
	if !auto {
		c.Summary += " (auto-consolidation is off)"
		c.Fix = "turn enable_auto_consolidation back on (PATCH " + r.bankPath("config") + ") or POST " + r.bankPath("consolidate")
	}
	return c
}

// consolidationConfig reports whether observations and auto-consolidation are on (1
// request). When the config cannot be read (the config API may be off) both count as
// on, the server's defaults.
func (r *run) consolidationConfig() (observations, auto bool) {
	cfg, err := call(r, func(ctx context.Context) (*client.BankConfig, error) { return r.c.GetBankConfig(ctx, r.bank) })
	if err != nil {
		return true, true
	}
	on := func(key string) bool {
		return string(cfg.Config[key]) != "false"
	}
	return on("enable_observations"), on("enable_auto_consolidation")
}

// factsIn lists up to factSample facts in a consolidation state (1 request).
func (r *run) factsIn(state string) (Evidence, error) {
	list, err := call(r, func(ctx context.Context) (*client.MemoryList, error) {
		return r.c.ListMemories(ctx, r.bank, client.ListMemoriesParams{ConsolidationState: state, Limit: factSample})
	})
	if err != nil {
		return Evidence{}, err
	}
	var ev Evidence
	for _, m := range list.Items {
		ev.Facts = append(ev.Facts, factOf(m))
	}
	return ev, nil
}

// failedConsolidation finds facts whose consolidation failed for good (the stats'
// failed_consolidation). It fails: the server does not retry them, so they stay out of
// observations until someone recovers them.
//
// Requests: the shared stats, then 1 memories page of ≤10 when some failed.
func failedConsolidation(r *run) Check {
	const id = FailedConsolidation
	st, err := r.bankStats()
	if err != nil {
		return r.errorCheck(id, err)
	}
	if st.FailedConsolidation == 0 {
		return Check{ID: id, Status: OK, Summary: "no facts failed consolidation"}
	}
	ev, err := r.factsIn("failed")
	if err != nil {
		return r.errorCheck(id, err)
	}
	summary := plural(st.FailedConsolidation, "fact") + " failed consolidation"
	if len(ev.Facts) > 0 {
		summary += ", e.g. " + quote(ev.Facts[0].Text, 60)
	}
	return Check{ID: id, Status: Fail, Summary: summary, Evidence: ev,
		Fix: "find out why (the LLM request log, doctor --probe-llm), then retry them: POST " + r.bankPath("consolidation", "recover")}
}

// llmErrorSample is how many failing calls consolidation_llm_errors reads.
const llmErrorSample = 20

// consolidationLLMErrors finds consolidation calls failing in the LLM request log while
// failed_consolidation says 0: the server retries a failed batch, so rate limits and
// flaky providers never reach the failure counter, and the log is the only place they
// show. It warns rather than fails: retried facts are late, not lost (and facts that are
// lost show up in failed_consolidation or stranded_facts). When failed_consolidation is
// not 0 the errors are already reported there, and this check passes. The log keeps
// about a day of calls (the server's default retention).
//
// Requests: the shared stats and 1 LLM-log page of ≤20 (consolidation, errors only).
func consolidationLLMErrors(r *run) Check {
	const id = ConsolidationLLMErrors
	st, err := r.bankStats()
	if err != nil {
		return r.errorCheck(id, err)
	}
	list, err := call(r, func(ctx context.Context) (*client.LLMRequestList, error) {
		return r.c.ListLLMRequests(ctx, r.bank, client.ListLLMRequestsParams{Operation: "consolidation",
			Status: client.LLMStatusError, Limit: llmErrorSample})
	})
	if err != nil {
		return r.errorCheck(id, err)
	}
	if list.Total == 0 {
		return Check{ID: id, Status: OK, Summary: "no failing consolidation calls in the LLM request log"}
	}
	var ev Evidence
	for _, it := range list.Items {
		ev.LLMCalls = append(ev.LLMCalls, LLMCall{ID: it.ID, Provider: it.Provider, Model: it.Model, Error: it.Error, At: it.StartedAt.Time})
	}
	calls := plural(list.Total, "consolidation LLM call") + " failed"
	if st.FailedConsolidation > 0 {
		return Check{ID: id, Status: OK, Evidence: ev,
			Summary: calls + "; failed_consolidation already counts their facts"}
	}
	first := ev.LLMCalls[0]
	return Check{ID: id, Status: Warn, Evidence: ev,
		Summary: fmt.Sprintf("%s (%s/%s: %s) while failed_consolidation is 0", calls, first.Provider, first.Model, cut(first.Error, 60)),
		Fix:     "check the consolidation provider's rate limits and quota, or lower consolidation_llm_parallelism"}
}
