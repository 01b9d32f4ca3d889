package health

import (
	"context"
	"fmt"
	"strings"

	"hindsight-tui/client"
)

// llmProbe asks the server to probe the LLMs the bank's operations use (retain,
// consolidation, reflect) with a real, small call each, so it runs only when asked
// (Options.ProbeLLM): it costs LLM calls. A 404 means the server has the probe off
// (feature bank_llm_health) and skips. An operation whose LLM is not configured
// (provider "none") warns, since that can be deliberate (chunks-only retain) though
// the operation cannot work; any other failure (auth_failed, unreachable, timeout)
// fails: that operation stops on this bank until the LLM is fixed.
//
// Requests: 1 (POST …/health/llm) with ProbeLLM, none without.
func llmProbe(r *run) Check {
	const id = LLMProbe
	if !r.opts.ProbeLLM {
		return Check{ID: id, Status: Skip, Summary: "not run (--probe-llm)"}
	}
	h, err := call(r, func(ctx context.Context) (*client.BankLLMHealth, error) { return r.c.BankLLMHealth(ctx, r.bank) })
	if client.IsNotFound(err) {
		return Check{ID: id, Status: Skip, Summary: "not run: the server has the bank LLM probe off (feature bank_llm_health)",
			Fix: "set HINDSIGHT_API_ENABLE_BANK_LLM_HEALTH=true on the server to allow it"}
	}
	if err != nil {
		return r.errorCheck(id, err)
	}
	var ev Evidence
	byStatus := map[string][]string{}
	var order []string
	status := OK
	for _, op := range h.Operations {
		ev.Probe = append(ev.Probe, ProbeResult{Operation: op.Operation, OK: op.OK, Status: op.Status, LatencyMS: op.LatencyMS})
		if byStatus[op.Status] == nil {
			order = append(order, op.Status)
		}
		byStatus[op.Status] = append(byStatus[op.Status], op.Operation)
		switch {
		case op.OK:
		case op.Status == client.LLMNotConfigured:
			if status == OK {
				status = Warn
			}
		default:
			status = Fail
		}
	}
	var parts []string
	for _, s := range order {
		parts = append(parts, fmt.Sprintf("%s: %s", strings.Join(byStatus[s], ", "), strings.ReplaceAll(s, "_", " ")))
	}
	c := Check{ID: id, Status: status, Evidence: ev, Summary: "LLM of " + strings.Join(parts, "; ")}
	if status != OK {
		c.Fix = "check the failing operations' LLM settings (provider, model, API key, base URL) and that the server can reach them"
	}
	return c
}
